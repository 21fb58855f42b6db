#pragma once
// Runs a plan into its results file: resumes what is already there (and what the journal
// recovered after a crash), fans the missing runs out over threads, checkpoints, and
// writes the final file.
#include <atomic>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "runners/executor.hpp"
#include "runners/plan.hpp"

namespace bobench::runners {

struct ExperimentOutcome {
    std::size_t planned = 0;    // runs the plan asks for
    std::size_t resumed = 0;    // of those, already in the results file or the journal
    std::size_t completed = 0;  // finished by this call
    std::size_t failed_evaluations = 0;
    std::size_t journal_damaged_bytes = 0;  // skipped while recovering (records around them kept)
    std::vector<RunError> errors;
    bool interrupted = false;
};

// `progress`, when not null, receives a one-line progress display ("\r..." updates);
// `provenance` (host, command line ...) goes into the results file's attributes.
// UserError, before anything is written, when the results file exists and is not a
// bobench file or holds an experiment with another seed, budget or failure policy, or
// cannot be written. std::runtime_error when writing fails while running (disk full):
// the finished runs are then in the results file and the journal.
ExperimentOutcome run_experiment(const Plan& plan, const std::atomic<bool>& stop, std::ostream* progress,
                                 const results::Provenance& provenance = {});

}  // namespace bobench::runners
