#include "runners/plan.hpp"

#include <set>

#include "core/error.hpp"

namespace bobench::runners {

results::ProblemInfo describe(const PlannedProblem& p) {
    results::ProblemInfo info{p.label, p.id, {}, p.problem->optimum(), p.problem->test_optimum(), p.problem->metadata()};
    for (const Param& param : p.problem->space().params()) info.params.push_back(param.name);
    return info;
}


Plan make_plan(const ExperimentSpec& spec, const ProblemRegistry& problems, const OptimizerRegistry& optimizers,
               const std::atomic<bool>* stop) {
    check_spec(spec);
    auto check_stop = [&] {
        if (stop && stop->load(std::memory_order_relaxed)) throw Interrupted{};
    };
    Plan plan;
    plan.spec = spec;
    std::set<std::string> labels;
    for (const SpecEntry& e : spec.problems) {
        std::vector<std::string> suffix;
        const auto ids = expand_lists(e.id, problems.get(e.id.name).params, &suffix);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            check_stop();
            BoundProblem b = bind_problem(problems, ids[i]);
            const std::string label = e.label.empty() ? b.id : suffix[i].empty() ? e.label : e.label + "-" + suffix[i];
            if (!labels.insert(label).second) throw UserError("problem label '" + label + "' is used twice");
            if (spec.restart.on_target && !b.problem->optimum())
                throw UserError("restart_on = target needs the optimum f* of every problem; problem '" + label +
                                "' has none (restart on revisit only, or leave that problem out)");
            plan.problems.push_back({label, std::move(b.id), std::move(b.problem)});
        }
    }
    labels.clear();
    for (const SpecEntry& e : spec.optimizers) {
        BoundOptimizer b = bind_optimizer(optimizers, e.id);
        const std::string label = e.label.empty() ? b.id : e.label;
        if (!labels.insert(label).second) throw UserError("optimizer label '" + label + "' is used twice");
        plan.optimizers.push_back({label, std::move(b)});
    }
    const double runs = static_cast<double>(plan.problems.size()) * static_cast<double>(plan.optimizers.size()) *
                        static_cast<double>(spec.replicates);
    if (runs > static_cast<double>(max_runs))
        throw UserError(std::to_string(plan.problems.size()) + " problems x " + std::to_string(plan.optimizers.size()) +
                        " optimizers x " + std::to_string(spec.replicates) + " replicates is more than " +
                        std::to_string(max_runs) + " runs; split the experiment");
    for (const PlannedOptimizer& o : plan.optimizers)
        for (const PlannedProblem& p : plan.problems) {
            check_stop();
            try {
                o.bound.make({p.problem->space(), spec.budget});
            } catch (const std::exception& e) {
                throw UserError("optimizer '" + o.label + "' cannot run on problem '" + p.label + "': " + e.what());
            }
        }
    for (int p = 0; p < static_cast<int>(plan.problems.size()); ++p)
        for (int o = 0; o < static_cast<int>(plan.optimizers.size()); ++o)
            for (int r = 0; r < spec.replicates; ++r) plan.runs.push_back({p, o, r});
    return plan;
}

std::uint64_t problem_seed(std::uint64_t master, const std::string& problem_id, int replicate) {
    return derive_seed(derive_seed(master, hash_string(problem_id)), static_cast<std::uint64_t>(replicate));
}

std::uint64_t optimizer_seed(std::uint64_t master, const std::string& problem_id, int replicate,
                             const std::string& optimizer_id) {
    return derive_seed(problem_seed(master, problem_id, replicate), hash_string(optimizer_id));
}

}  // namespace bobench::runners
