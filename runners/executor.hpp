#pragma once
// Runs a plan's runs across OpenMP threads. A run is single-threaded and owns its two
// random streams, so its trace depends on its seeds only, never on the thread count.
#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/cpu_time.hpp"  // thread_cpu_seconds
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

// An optimizer whose runs keep failing the same way is broken (a module it cannot import,
// a wrong path): once this many of its runs failed with the same first line of error, its
// runs not yet started are skipped. They are not run, so not stored: a resume (the same
// command again) runs them, as it runs the failed ones. The runs of other optimizers are
// not touched (each run has its own seeds), so their traces do not depend on it.
inline constexpr int fail_fast_runs = 3;

struct RunError {
    results::RunKey key;
    std::string message;   // describe_failure(key, what went wrong)
    std::string reason;    // what went wrong (the exception's text); of a skipped run, the
                           // first line of the failures that stopped its optimizer
    bool skipped = false;  // not run: its optimizer was stopped (fail_fast_runs)
};
// "problem 'x', optimizer 'y', replicate r: <what>"
std::string describe_failure(const Plan& plan, const results::RunKey& key, const std::string& what);

// What becomes of a finished trace. `save` runs on the worker that ran it, in parallel
// with the other workers: it journals the trace (encoding, checksumming and writing it at
// its own place in the journal), or not yet (see run_experiment), and says which.
// `save_record` does the same for a record encoded elsewhere (an MPI rank's). `commit`
// runs one call at a time (the writer's serial part), so it should do little: keep the
// trace, told whether it was journalled.
struct Sink {
    std::function<bool(const results::Trace&)> save;
    std::function<bool(std::string_view record)> save_record;
    // the finished run's columns put away (to disk), leaving its stub: in parallel, before commit
    std::function<void(results::Trace&)> park;
    std::function<void(results::Trace&&, bool journalled)> commit;
};

// Where the time went: thread CPU seconds inside runs (including encode) and inside
// commit, the serial part that bounds the speed-up (Amdahl).
struct ExecutionStats {
    double run_cpu = 0, commit_cpu = 0;
};

// What the worker threads of an executor share: one run's work, journal and commit, and
// the failures. Thread-safe. When saving or committing throws (e.g. the disk is full),
// the runs in flight are abandoned (halted()) and rethrow_failure() rethrows it once the
// threads have stopped.
class Workers {
public:
    Workers(const Plan& plan, const std::atomic<bool>& stop, const Sink& sink) : plan_(plan), stop_(stop), sink_(sink) {}
    // Runs `key` on the calling thread, journals it (in parallel with other threads) and
    // commits it (one at a time); a run that throws is recorded as failed. Adds the
    // thread CPU time spent to `run_cpu` and `commit_cpu`.
    void run(const results::RunKey& key, double& run_cpu, double& commit_cpu);
    void commit(results::Trace&& trace, bool journalled);  // one at a time
    // Records a failed run; the fail_fast_runs-th failure of an optimizer with the same
    // first line stops it.
    void fail(const results::RunKey& key, const std::string& what);
    // True, and records `key` as skipped, when its optimizer was stopped.
    bool skip(const results::RunKey& key);
    std::vector<RunError> errors();  // in key order
    bool halted() const { return halt_.load(std::memory_order_relaxed); }
    void halt_with(std::exception_ptr failure);  // keeps the first failure
    void rethrow_failure();

private:
    const Plan& plan_;
    const std::atomic<bool>& stop_;
    const Sink& sink_;
    std::mutex commit_mutex_, errors_mutex_;
    std::vector<RunError> errors_;
    // per optimizer: its failures counted by their first line; the first line that stopped it
    using FailureCounts = std::map<std::string, int>;  // by first line
    std::vector<FailureCounts> same_failures_ = std::vector<FailureCounts>(plan_.optimizers.size());
    std::vector<std::string> stopped_by_ = std::vector<std::string>(plan_.optimizers.size());
    std::vector<std::atomic<bool>> stopped_ = std::vector<std::atomic<bool>>(plan_.optimizers.size());
    std::atomic<bool> halt_{false};
    std::exception_ptr failure_;
};

// Runs `pending` in the given order (longest_first puts the longest expected runs
// first, to cut the tail), `threads` at a time (0: all cores). Stops starting runs, and
// abandons those in flight, once `stop` is true. Returns the runs that threw, and those
// skipped because their optimizer was stopped (fail_fast_runs), in key order.
// When saving or committing a trace throws, the runs in flight are abandoned and its
// exception is rethrown here, after the threads have stopped.
std::vector<RunError> execute(const Plan& plan, const std::vector<results::RunKey>& pending, int threads,
                              const std::atomic<bool>& stop, const Sink& sink, ExecutionStats* stats = nullptr);

}  // namespace bobench::runners
