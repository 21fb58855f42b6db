#pragma once
// Runs a plan's runs across OpenMP threads. A run is single-threaded and owns its two
// random streams, so its trace depends on its seeds only, never on the thread count.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "runners/plan.hpp"
#include "results/trace.hpp"

namespace bobench::runners {

// One run, evaluation by evaluation: ask -> evaluate -> tell, recording the trace.
// Objective values that are NaN/inf are recorded as failed and go to tell_failure with the
// worst finite value seen so far (policy penalty) or none (skip). Under the spec's
// restart rule a fresh optimizer takes over (runners/restart.hpp); the evaluation indices
// where one started are the notes' "restarts" list. Throws Interrupted
// once `stop` (or `abandon`, when given) is true.
results::Trace run_one(const Plan& plan, const results::RunKey& key, const std::atomic<bool>& stop,
                       const std::atomic<bool>* abandon = nullptr);

struct RunError {
    results::RunKey key;
    std::string message;
};

// Runs `pending`, calling `finished` (never concurrently) for each completed trace.
// Stops starting runs, and abandons those in flight, once `stop` is true. Returns the
// runs that threw (their message names the problem and optimizer). When `finished`
// throws (e.g. the disk is full), the runs in flight are abandoned and its exception is
// rethrown here, after the threads have stopped; the traces it took before are its own.
std::vector<RunError> execute(const Plan& plan, const std::vector<results::RunKey>& pending, int threads,
                              const std::atomic<bool>& stop, const std::function<void(results::Trace&&)>& finished);

}  // namespace bobench::runners
