#include "tests/optimizers/optimizer_quality_support.hpp"

#include <atomic>

#include <omp.h>

#include "cli/catalog.hpp"
#include "runners/executor.hpp"

namespace bobench::testing {

std::vector<results::Trace> run_traces(const std::string& problem, const std::string& optimizer, long budget, int seeds,
                                       const std::string& data_dir) {
    runners::ExperimentSpec spec;
    spec.budget = budget;
    spec.replicates = seeds;
    spec.data_dir = data_dir;
    spec.problems.push_back({"", Identifier::parse(problem)});
    spec.optimizers.push_back({"", Identifier::parse(optimizer)});
    const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    std::vector<results::Trace> traces(plan.runs.size());
    std::atomic<bool> stop{false};
#pragma omp parallel for schedule(dynamic, 1)
    for (long i = 0; i < static_cast<long>(plan.runs.size()); ++i)
        traces[static_cast<std::size_t>(i)] = runners::run_one(plan, plan.runs[static_cast<std::size_t>(i)], stop);
    return traces;
}

std::vector<double> final_regrets(const std::string& problem, const std::string& optimizer, long budget, int seeds) {
    const double fopt = *bind_problem(cli::problem_catalog(), Identifier::parse(problem)).problem->optimum();
    std::vector<double> regrets;
    for (const results::Trace& t : run_traces(problem, optimizer, budget, seeds))
        regrets.push_back(results::incumbent_curve(t).best_true.back() - fopt);
    return regrets;
}

results::Trace run_single(std::shared_ptr<const Problem> problem, const std::string& optimizer, long budget,
                          int replicate, results::FailurePolicy on_failure) {
    return run_planned({"problem", "problem", std::move(problem)},
                       {"optimizer", bind_optimizer(cli::optimizer_catalog(), Identifier::parse(optimizer))}, budget,
                       replicate, on_failure);
}

results::Trace run_planned(runners::PlannedProblem problem, runners::PlannedOptimizer optimizer, long budget,
                           int replicate, results::FailurePolicy on_failure) {
    runners::Plan plan;
    plan.spec.budget = budget;
    plan.spec.on_failure = on_failure;
    plan.problems.push_back(std::move(problem));
    plan.optimizers.push_back(std::move(optimizer));
    plan.runs.push_back({0, 0, replicate});
    std::atomic<bool> stop{false};
    return runners::run_one(plan, plan.runs[0], stop);
}

}  // namespace bobench::testing
