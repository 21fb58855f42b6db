#pragma once
// The results file: one HDF5 file holding every run's trace of an experiment.
//
// Layout (format_version 2), readable from h5py without bobench:
//   /             attributes: format = "bobench-traces", format_version, bobench_version,
//                 git_revision, spec (INI text), seed, budget, on_failure, the provenance
//                 of the last run that wrote it (timestamp, host, compiler, dependencies
//                 as a JSON object, command_line; plugins: a JSON list of the plugin files
//                 loaded, {file, fnv1a64}, only when there were any),
//                 problems (JSON list: label, id, dimension, params, optimum, metadata,
//                 and for multi-fidelity problems fidelity: {name, lowest, full, integer}),
//                 optimizers (JSON list: label, id); shard ("K/N of R") only in the
//                 file of one shard of a plan (bobench run --shard)
//   /runs/*       one row per run: problem, optimizer, replicate (indices / number),
//                 problem_seed, optimizer_seed, seconds, eval_offset, eval_count,
//                 failed_evals, x_offset, notes (the optimizer's diagnostics, JSON or "")
//   /evals/*      one row per evaluation, runs back to back: value, true_value, cost,
//                 test_value, failed; /evals/x holds the points, flat, run by run;
//                 /evals/fidelity (only in files with a multi-fidelity problem; NaN for
//                 the evaluations of single-fidelity problems) the fidelity of each
//                 evaluation. Files without it read as single-fidelity. value,
//                 true_value and x are contiguous datasets (files written before were
//                 chunked; readers do not care), the others chunked and compressed.
// A trace policy but `all` (trace_policy.hpp: the experiment's `trace`, and `trace_points`)
// keeps some evaluations of each run as its rows: the root attributes trace = "improvements"
// or "targets" (absent: all) and trace_points = "no" (absent: yes; then no /evals/x and
// x_offset all 0), /evals/evaluation (int64, chunked and compressed) the evaluation each row
// is (0-based, ascending within a run), and /runs/evaluations the run's evaluations, of which
// /runs/failed_evals failed; /runs/eval_count counts its rows. Such files are format_version
// 3, which builds from before it refuse by its number; a file of trace = all with points is
// written as version 2, byte for byte as before.
// A values-only copy (`bobench keep`, for keeping results in a repository) is the same file
// without the points: the root attribute points = "dropped" (absent from a full file, and no
// other value is valid), no /evals/x, /runs/x_offset all 0, and every /evals column chunked
// and compressed; where every evaluation's true_value equals its value bit for bit (noise-free
// problems), /evals/true_value is left out too and the root attribute true_value = "value"
// says so (in no other file, with no other value). read_results(path, with_points = false),
// i.e. every analysis, reads it as it reads the file it was copied from; with_points = true
// (resume, merge, the COCO and IOHprofiler logs) refuses it, naming the file and saying its
// points were dropped. The format version stays 1: builds from before these attributes look
// for /evals/x (and /evals/true_value) whether they read points or not, and refuse the copy
// as damaged, so none misreads it.
// Runs are sorted by (problem, optimizer, replicate), so the file does not depend on the
// order in which threads finished, nor on their number (HDF5's object modification times
// are left out: only the provenance attributes tell two writes apart). Files are written
// whole to a temporary name and renamed, so a results file is never seen half-written.
// Readers check every dataset's length and every offset before using them: a damaged
// file is refused by name.
// Damage (a flipped bit on disk or in a copy) is refused, never read as other numbers
// (format_version 2): the file is in HDF5 1.10's format, whose metadata (headers, chunk
// indexes, attribute storage) HDF5 checks by checksums as it reads it; the root attribute
// checksums = {"name": CRC-32, ...} holds one of every dataset's values ("/evals/value":
// the native bytes, front to back; "/runs/notes": each text's length and bytes) and of
// every text attribute ("spec"), which read_results checks after HDF5 decoded them
// ("'F' is damaged: /evals/value does not match its checksum ..."). value, true_value and x
// stay contiguous (their bytes are copied into place by all threads; HDF5's Fletcher-32
// filter needs chunks that HDF5 writes itself); every text is of fixed length, kept out of
// HDF5's global heap, which has no checksum and whose damage makes HDF5 1.10 crash or hang;
// /runs/notes also has Fletcher-32. Version 1 files (variable-length texts, no checksums)
// are read as before, unchecked; a version 1 reader refuses version 2 by its number.
#include <optional>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "results/trace.hpp"
#include "results/trace_policy.hpp"

namespace bobench::results {

class Spill;

inline constexpr const char* store_format = "bobench-traces";
inline constexpr int store_format_version = 3;  // the newest this build reads

// What a run does when the objective returns NaN/inf: tell the optimizer the worst value
// seen so far (penalty) or nothing (skip). Stored with the experiment.
enum class FailurePolicy { Penalty, Skip };
std::string policy_name(FailurePolicy p);
FailurePolicy parse_policy(const std::string& name, const std::string& origin);

struct ProblemInfo {
    std::string label, id;
    std::vector<std::string> params;  // parameter names, the columns of x
    std::optional<double> optimum, test_optimum;
    Metadata metadata;
    std::optional<Fidelity> fidelity;  // multi-fidelity problems
    std::size_t dimension() const { return params.size(); }
};

struct OptimizerInfo {
    std::string label, id;
    bool operator==(const OptimizerInfo&) const = default;
};

// Where and how the file was last written; informative, never compared. Empty in files
// written before format_version 1 gained it.
struct Provenance {
    std::string timestamp;     // when the writing command started, ISO 8601 UTC
    std::string host;          // gethostname()
    std::string compiler;      // e.g. "GCC 12.2.0"
    std::string dependencies;  // JSON object: library -> version ("eigen": "3.4.0", ...)
    std::string command_line;  // the bobench command, shell-quoted
    std::string plugins;       // JSON array of the plugins loaded: {file, fnv1a64}; "" when none
};

struct Results {
    std::string bobench_version, git_revision, spec;
    Provenance provenance;
    std::uint64_t seed = 0;
    long budget = 0;
    FailurePolicy on_failure = FailurePolicy::Penalty;
    std::string shard;  // "K/N of R" for part K of N of an R-run plan (bobench run --shard), else ""
    // Which evaluations the traces keep, and whether with their points (trace_policy.hpp).
    TracePolicy trace = TracePolicy::all;
    bool trace_points = true;
    std::vector<ProblemInfo> problems;
    std::vector<OptimizerInfo> optimizers;
    std::vector<Trace> runs;
    // A values-only copy: no trace holds points (x), and write_results writes the file
    // without /evals/x, marked points = "dropped" (read_results sets it from that mark).
    bool points_dropped = false;

    void sort_runs();
    int find_problem(const std::string& id) const;  // -1 when absent
    int find_optimizer(const std::string& id) const;
};

// True when `path` is an HDF5 file with bobench's format attribute.
bool is_results_file(const std::string& path);
// True when the results file `path` is a values-only copy (bobench keep: points = "dropped").
bool is_values_only(const std::string& path);
// Reads a results file; UserError when it is missing, not a bobench results file, or
// damaged ("'F' is damaged: ..."), and with `with_points` when it is a values-only copy
// ("'F' holds no points: they were dropped ...").
Results read_results(const std::string& path, bool with_points = true);
// The cost of writing a results file: thread CPU seconds of the calling thread (the
// serial part) and of every thread inside the parallel copying and compressing (work that
// more threads share), and the wall seconds spent waiting for fsync (the disk's time, no
// CPU's). Added to, so one WriteCost can sum several writes.
struct WriteCost {
    double serial = 0, parallel = 0, sync_wall = 0;
};
// Writes `path` whole: HDF5 builds the file's metadata and compressed columns in memory,
// a temporary file in the same folder is given its full size at once (a full disk fails
// there), up to `threads` threads (0: OpenMP's default) copy the image and the traces'
// uncompressed columns into it (a window of the file at a time), then it is synced and
// renamed over `path`. The bytes do
// not depend on the thread count. When `path` is a symbolic link, the file it points to
// is replaced and the link kept. std::runtime_error naming the file and the system's
// reason (e.g. no space left).
// With results.points_dropped, the values-only copy (std::logic_error if a trace holds
// points).
// The columns of the runs in `parked` are read from there (a running job's finished runs,
// results/spill.hpp), the others from the traces; the file is the same either way.
void write_results(const std::string& path, const Results& results, int threads = 0, WriteCost* cost = nullptr,
                   const Spill* parked = nullptr);

// UserError unless write_results(path) can be expected to work: refuses a folder (or a
// path ending in '/') and a read-only file, before any run.
void check_output(const std::string& path);
// Removes `<path>.tmp-PID` files left by writers that were killed (PID no longer alive).
void remove_stale_temporaries(const std::string& path);

}  // namespace bobench::results
