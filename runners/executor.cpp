#include "runners/executor.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <cmath>
#include <mutex>
#include <omp.h>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "runners/restart.hpp"

namespace bobench::runners {

results::Trace run_one(const Plan& plan, const results::RunKey& key, const std::atomic<bool>& stop,
                       const std::atomic<bool>* abandon) {
    const auto start = std::chrono::steady_clock::now();
    const PlannedProblem& pp = plan.problems[static_cast<std::size_t>(key.problem)];
    const PlannedOptimizer& po = plan.optimizers[static_cast<std::size_t>(key.optimizer)];
    const Problem& problem = problem_of(pp, key.replicate);
    const Space& space = problem.space();
    const long budget = plan.spec.budget;

    results::Trace t;
    t.key = key;
    t.problem_seed = problem_seed(plan.spec.seed, pp.id, key.replicate);
    t.optimizer_seed = optimizer_seed(plan.spec.seed, pp.id, key.replicate, po.bound.id);
    if (plan.spec.trace == results::TracePolicy::all)
        t.reserve(static_cast<std::size_t>(budget), plan.spec.trace_points ? space.size() : 0);
    results::RowKeeper keeper(plan.spec.trace, plan.spec.trace_points, space.size(), problem.optimum(), budget);
    Rng problem_rng(t.problem_seed), optimizer_rng(t.optimizer_seed);

    // multi-fidelity problems: optimizers are asked for (point, fidelity) pairs, and the
    // trace records each evaluation's fidelity (a single-fidelity optimizer asks for full)
    const std::optional<Fidelity> fidelity = problem.fidelity();
    if (fidelity) {
        t.full_fidelity = fidelity->full;
        t.fidelity.reserve(static_cast<std::size_t>(budget));
    }
    // the initial designs' shared stream: the problem's and replicate's, a fresh one per restart
    // (a restarted optimizer drawing the first design again would revisit its points)
    const std::uint64_t design_seed = derive_seed(t.problem_seed, hash_string("initial design"));
    auto optimizer = po.bound.make({space, budget, fidelity, design_seed});
    RestartMonitor monitor(plan.spec.restart, problem.optimum());
    auto restart = [&](long i) {  // a fresh optimizer for the rest of the budget, same stream
        monitor.restarted(i);
        const auto restarts = static_cast<std::uint64_t>(monitor.restarts().size());
        optimizer = po.bound.make({space, budget - i, fidelity, derive_seed(design_seed, restarts)});
    };
    auto ask = [&] {
        return fidelity ? optimizer->ask_query(optimizer_rng) : Query{optimizer->ask(optimizer_rng), std::nullopt};
    };
    // restarts watch full-fidelity evaluations only: re-evaluating a point at a higher fidelity
    // is how multi-fidelity optimizers work, and a partial value is not the objective
    auto is_partial = [&](const Query& q) { return q.fidelity && *q.fidelity != fidelity->full; };
    double worst = -std::numeric_limits<double>::infinity();
    for (long i = 0; i < budget; ++i) {
        if (stop.load(std::memory_order_relaxed) || (abandon && abandon->load(std::memory_order_relaxed)))
            throw Interrupted{};
        Query q = ask();
        if (!is_partial(q) && monitor.revisits(q.x)) {  // not evaluated: a fresh instance's first point never revisits
            restart(i);
            q = ask();
        }
        const Point& x = q.x;
        if (!space.contains(x))
            throw std::runtime_error("optimizer '" + po.label + "' suggested a point outside the space of problem '" +
                                     pp.label + "' at evaluation " + std::to_string(i + 1) + ": " +
                                     space.why_not_contains(x));
        const bool partial = is_partial(q);
        if (partial) check_fidelity(fidelity, *q.fidelity, "optimizer '" + po.label + "' on problem '" + pp.label + "'");
        const Evaluation e = partial ? problem.evaluate_at(x, *q.fidelity, problem_rng) : problem.evaluate(x, problem_rng);
        if (fidelity) t.fidelity.push_back(partial ? *q.fidelity : fidelity->full);
        const bool failed = !std::isfinite(e.value);
        keeper.add(t, i, {e.value, e.true_value, e.cost, e.test_value, failed, x});
        if (!failed) {
            worst = std::max(worst, e.value);
            if (fidelity) optimizer->tell_query(q, e.value);
            else optimizer->tell(x, e.value);
        } else {
            const bool penalise = plan.spec.on_failure == results::FailurePolicy::Penalty && std::isfinite(worst);
            const std::optional<double> penalty = penalise ? std::optional<double>(worst) : std::nullopt;
            if (fidelity) optimizer->tell_query_failure(q, penalty);
            else optimizer->tell_failure(x, penalty);
        }
        if (!partial && monitor.evaluated(x, e.true_value) && i + 1 < budget) restart(i + 1);
    }
    nlohmann::json notes = nlohmann::json::object();
    for (const auto& [key, value] : optimizer->diagnostics()) notes[key] = value;
    if (!monitor.restarts().empty()) notes["restarts"] = monitor.restarts();
    if (!notes.empty()) t.notes = notes.dump();
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
}

std::string describe_failure(const Plan& plan, const results::RunKey& key, const std::string& what) {
    return "problem '" + plan.problems[static_cast<std::size_t>(key.problem)].label + "', optimizer '" +
           plan.optimizers[static_cast<std::size_t>(key.optimizer)].label + "', replicate " +
           std::to_string(key.replicate) + ": " + what;
}

void Workers::run(const results::RunKey& key, double& run_cpu, double& commit_cpu) {
    if (skip(key)) return;
    const double t0 = thread_cpu_seconds();
    results::Trace t;
    try {
        t = run_one(plan_, key, stop_, &halt_);
    } catch (const Interrupted&) {
        return;
    } catch (const std::exception& e) {
        fail(key, e.what());
        return;
    } catch (...) {  // `throw 42` must not leave the OpenMP region (std::terminate); plugins' are named earlier
        fail(key, "the run threw an exception that is not a std::exception");
        return;
    }
    // an exception must not leave an OpenMP region (std::terminate): the first failure to
    // save is kept, stops the other runs, and is rethrown after the region
    try {
        const bool journalled = sink_.save(t);
        const double t1 = thread_cpu_seconds();
        run_cpu += t1 - t0;
        commit(std::move(t), journalled);
        commit_cpu += thread_cpu_seconds() - t1;
    } catch (...) {
        halt_with(std::current_exception());
    }
}

void Workers::halt_with(std::exception_ptr failure) {
    std::lock_guard<std::mutex> lock(errors_mutex_);
    if (!failure_) failure_ = failure;
    halt_ = true;
}

void Workers::commit(results::Trace&& trace, bool journalled) {
    if (halted()) return;
    sink_.park(trace);
    std::lock_guard<std::mutex> lock(commit_mutex_);
    if (!halted()) sink_.commit(std::move(trace), journalled);
}

void Workers::rethrow_failure() {
    if (failure_) std::rethrow_exception(failure_);
}

void Workers::fail(const results::RunKey& key, const std::string& what) {
    std::lock_guard<std::mutex> lock(errors_mutex_);
    errors_.push_back({key, describe_failure(plan_, key, what), what});
    const auto o = static_cast<std::size_t>(key.optimizer);
    const std::string first_line = what.substr(0, what.find('\n'));
    if (++same_failures_[o][first_line] == fail_fast_runs && !stopped_[o]) {
        stopped_by_[o] = first_line;
        stopped_[o] = true;
    }
}

bool Workers::skip(const results::RunKey& key) {
    const auto o = static_cast<std::size_t>(key.optimizer);
    if (!stopped_[o].load()) return false;
    std::lock_guard<std::mutex> lock(errors_mutex_);
    const std::string why = "skipped: optimizer '" + plan_.optimizers[o].label + "' was stopped after " +
                            std::to_string(fail_fast_runs) + " of its runs failed with: " + stopped_by_[o];
    errors_.push_back({key, describe_failure(plan_, key, why), stopped_by_[o], true});
    return true;
}

std::vector<RunError> Workers::errors() {
    std::lock_guard<std::mutex> lock(errors_mutex_);
    std::vector<RunError> sorted = errors_;
    std::sort(sorted.begin(), sorted.end(), [](const RunError& a, const RunError& b) { return a.key < b.key; });
    return sorted;
}

std::vector<RunError> execute(const Plan& plan, const std::vector<results::RunKey>& pending, int threads,
                              const std::atomic<bool>& stop, const Sink& sink, ExecutionStats* stats) {
    Workers workers(plan, stop, sink);
    double run_cpu = 0, commit_cpu = 0;
    const long n = static_cast<long>(pending.size());
    if (threads <= 0) threads = omp_get_max_threads();
    threads = static_cast<int>(std::clamp<long>(n, 1, threads));  // no idle threads
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) reduction(+ : run_cpu, commit_cpu)
    for (long i = 0; i < n; ++i)
        if (!stop.load(std::memory_order_relaxed) && !workers.halted())
            workers.run(pending[static_cast<std::size_t>(i)], run_cpu, commit_cpu);
    workers.rethrow_failure();
    if (stats) {
        stats->run_cpu += run_cpu;
        stats->commit_cpu += commit_cpu;
    }
    return workers.errors();
}

}  // namespace bobench::runners
