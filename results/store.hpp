#pragma once
// The results file: one HDF5 file holding every run's trace of an experiment.
//
// Layout (format_version 1), readable from h5py without bobench:
//   /             attributes: format = "bobench-traces", format_version, bobench_version,
//                 git_revision, spec (INI text), seed, budget, on_failure,
//                 problems (JSON list: label, id, dimension, params, optimum, metadata),
//                 optimizers (JSON list: label, id); shard ("K/N of R") only in the
//                 file of one shard of a plan (bobench run --shard)
//   /runs/*       one row per run: problem, optimizer, replicate (indices / number),
//                 problem_seed, optimizer_seed, seconds, eval_offset, eval_count,
//                 failed_evals, x_offset, notes (the optimizer's diagnostics, JSON or "")
//   /evals/*      one row per evaluation, runs back to back: value, true_value, cost,
//                 test_value, failed; /evals/x holds the points, flat, run by run
// Runs are sorted by (problem, optimizer, replicate), so the file does not depend on the
// order in which threads finished. Files are written whole to a temporary name and
// renamed, so a results file is never seen half-written.
#include <optional>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "results/trace.hpp"

namespace bobench::results {

inline constexpr const char* store_format = "bobench-traces";
inline constexpr int store_format_version = 1;

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
    std::size_t dimension() const { return params.size(); }
};

struct OptimizerInfo {
    std::string label, id;
};

struct Results {
    std::string bobench_version, git_revision, spec;
    std::uint64_t seed = 0;
    long budget = 0;
    FailurePolicy on_failure = FailurePolicy::Penalty;
    std::string shard;  // "K/N of R" for part K of N of an R-run plan (bobench run --shard), else ""
    std::vector<ProblemInfo> problems;
    std::vector<OptimizerInfo> optimizers;
    std::vector<Trace> runs;

    void sort_runs();
    int find_problem(const std::string& id) const;  // -1 when absent
    int find_optimizer(const std::string& id) const;
};

// True when `path` is an HDF5 file with bobench's format attribute.
bool is_results_file(const std::string& path);
// Reads a results file; UserError when it is missing or not a bobench results file.
Results read_results(const std::string& path, bool with_points = true);
// Writes `path` via a temporary file in the same folder and an atomic rename.
void write_results(const std::string& path, const Results& results);

}  // namespace bobench::results
