#pragma once
// Runs a plan into its results file: locks it, resumes what is already there (and what
// the journal recovered after a crash), fans the missing runs out (longest expected
// first), checkpoints, and writes the final file.
#include <atomic>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "results/merge.hpp"
#include "runners/executor.hpp"
#include "runners/plan.hpp"
#include "runners/progress.hpp"

namespace bobench::runners {

struct ExperimentOutcome {
    std::size_t planned = 0;    // runs the plan asks for
    std::size_t resumed = 0;    // of those, already in the results file or the journal
    std::size_t recovered = 0;  // of those, from the journal (a run stopped before writing them to the file)
    std::size_t completed = 0;  // finished by this call
    std::size_t failed_evaluations = 0;
    std::size_t journal_damaged_bytes = 0;  // skipped while recovering (records around them kept)
    std::vector<RunError> errors;
    bool interrupted = false;
    ExecutionStats stats;    // CPU seconds in runs and in the serial commit of each run
    double store_cpu = 0;    // CPU seconds reading and writing the results file, serial part
                             // (checkpoints count in stats.commit_cpu: they are written by a commit)
    double store_parallel_cpu = 0;  // CPU seconds of all threads copying and compressing its columns
    // CPU seconds of the kernel's copies of journal records (within stats.run_cpu, and
    // commit_cpu for MPI ranks' records): made one at a time, as the runs go on
    double journal_write_cpu = 0;
    // Wall seconds of the phases: loading/resuming, running (first start to last finish),
    // writing the final results file, removing the journal. With CPU seconds above they
    // show what a figure of CPU time alone hides: waiting (the disk's fsync, idle threads
    // at the tail, memory shared by many threads).
    struct Wall {
        double load = 0, runs = 0, write = 0, write_sync = 0, remove = 0;  // write_sync: within write
    } wall;

    double serial_cpu() const { return stats.commit_cpu + store_cpu; }
    // Amdahl's s: the serial part's share of all CPU time (runs, parallel writing, serial)
    double serial_fraction() const {
        const double all = stats.run_cpu + store_parallel_cpu + serial_cpu();
        return all > 0 ? serial_cpu() / all : 0.0;
    }
};

// How the pending runs are executed: this process's OpenMP threads (execute(), the
// default) or, in bobench-mpi, every MPI rank's threads with this process as the writer.
using Executor = std::function<std::vector<RunError>(const Plan&, const std::vector<results::RunKey>& pending,
                                                     const std::atomic<bool>& stop, const Sink&, ExecutionStats*)>;

// Before the runs, `out` is told the plan (its runs, those already done, the threads) and
// what the runs to do will take, estimated from the file's finished runs; then progress.
struct ProgressOptions {
    std::ostream* out = nullptr;  // null: silent
    Progress::Style style = Progress::Style::Terminal;
    int ranks = 1;  // processes running runs on spec.threads threads each (bobench-mpi: the MPI ranks)
    std::string cost_note;  // told while no run has finished, e.g. a reproduction's own figure ("" none)
    ProgressPace pace;      // when lines may come (progress.hpp)
};

// `provenance` (host, command line ...) goes into the results file's attributes.
// UserError, before anything is written, when the results file exists and is not a
// bobench file, holds an experiment that differs in a setting a resumed run must match (the
// schema's must_match: seed, budget, ...), holds another shard, is being written by another process (its lock), or cannot be written.
// std::runtime_error when writing fails while running (disk full): the finished runs are
// then in the results file and the journal.
ExperimentOutcome run_experiment(const Plan& plan, const std::atomic<bool>& stop, const ProgressOptions& progress = {},
                                 const results::Provenance& provenance = {}, const Executor& executor = {});

// How the settings that must match (the schema's must_match) differ between two results
// files' stored specs, "seed 1 vs 2"; "" when they match. What `merge` compares.
std::string settings_difference(const results::ShardFile& a, const results::ShardFile& b);

// The value of the results file's `shard` attribute for a plan: "K/N of <runs>", or "".
std::string shard_label(const Plan& plan);

}  // namespace bobench::runners
