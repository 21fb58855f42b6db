#include "runners/executor.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <cmath>
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
    const Problem& problem = *pp.problem;
    const Space& space = problem.space();
    const long budget = plan.spec.budget;

    results::Trace t;
    t.key = key;
    t.problem_seed = problem_seed(plan.spec.seed, pp.id, key.replicate);
    t.optimizer_seed = optimizer_seed(plan.spec.seed, pp.id, key.replicate, po.bound.id);
    t.reserve(static_cast<std::size_t>(budget), space.size());
    Rng problem_rng(t.problem_seed), optimizer_rng(t.optimizer_seed);

    auto optimizer = po.bound.make({space, budget});
    RestartMonitor monitor(plan.spec.restart, problem.optimum());
    auto restart = [&](long i) {  // a fresh optimizer for the rest of the budget, same stream
        optimizer = po.bound.make({space, budget - i});
        monitor.restarted(i);
    };
    double worst = -std::numeric_limits<double>::infinity();
    for (long i = 0; i < budget; ++i) {
        if (stop.load(std::memory_order_relaxed) || (abandon && abandon->load(std::memory_order_relaxed)))
            throw Interrupted{};
        Point x = optimizer->ask(optimizer_rng);
        if (monitor.revisits(x)) {  // not evaluated: a fresh instance's first point never revisits
            restart(i);
            x = optimizer->ask(optimizer_rng);
        }
        if (!space.contains(x))
            throw std::runtime_error("optimizer '" + po.label + "' suggested a point outside the space of problem '" +
                                     pp.label + "' at evaluation " + std::to_string(i + 1) + ": " +
                                     space.why_not_contains(x));
        const Evaluation e = problem.evaluate(x, problem_rng);
        const bool failed = !std::isfinite(e.value);
        t.value.push_back(e.value);
        t.true_value.push_back(e.true_value);
        t.cost.push_back(e.cost);
        t.test_value.push_back(e.test_value);
        t.failed.push_back(failed ? 1 : 0);
        t.x.insert(t.x.end(), x.begin(), x.end());
        if (!failed) {
            worst = std::max(worst, e.value);
            optimizer->tell(x, e.value);
        } else {
            const bool penalise = plan.spec.on_failure == results::FailurePolicy::Penalty && std::isfinite(worst);
            optimizer->tell_failure(x, penalise ? std::optional<double>(worst) : std::nullopt);
        }
        if (monitor.evaluated(x, e.true_value) && i + 1 < budget) restart(i + 1);
    }
    nlohmann::json notes = nlohmann::json::object();
    for (const auto& [key, value] : optimizer->diagnostics()) notes[key] = value;
    if (!monitor.restarts().empty()) notes["restarts"] = monitor.restarts();
    if (!notes.empty()) t.notes = notes.dump();
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
}

std::vector<RunError> execute(const Plan& plan, const std::vector<results::RunKey>& pending, int threads,
                              const std::atomic<bool>& stop, const std::function<void(results::Trace&&)>& finished) {
    std::vector<RunError> errors;
    const long n = static_cast<long>(pending.size());
    if (threads <= 0) threads = omp_get_max_threads();
    threads = static_cast<int>(std::clamp<long>(n, 1, threads));  // no idle threads
    // an exception must not leave an OpenMP region (std::terminate): the first failure of
    // `finished` is kept, stops the other runs, and is rethrown after the region
    std::exception_ptr failure;
    std::atomic<bool> halt{false};
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (long i = 0; i < n; ++i) {
        if (stop.load(std::memory_order_relaxed) || halt.load(std::memory_order_relaxed)) continue;
        const results::RunKey& key = pending[static_cast<std::size_t>(i)];
        try {
            results::Trace t = run_one(plan, key, stop, &halt);
#pragma omp critical(bobench_finished)
            {
                if (!failure) try {
                        finished(std::move(t));
                    } catch (...) {
                        failure = std::current_exception();
                        halt = true;
                    }
            }
        } catch (const Interrupted&) {
        } catch (const std::exception& e) {
            const std::string where = "problem '" + plan.problems[static_cast<std::size_t>(key.problem)].label +
                                      "', optimizer '" + plan.optimizers[static_cast<std::size_t>(key.optimizer)].label +
                                      "', replicate " + std::to_string(key.replicate) + ": ";
#pragma omp critical(bobench_errors)
            errors.push_back({key, where + e.what()});
        }
    }
    if (failure) std::rethrow_exception(failure);
    std::sort(errors.begin(), errors.end(), [](const RunError& a, const RunError& b) { return a.key < b.key; });
    return errors;
}

}  // namespace bobench::runners
