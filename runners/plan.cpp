#include "runners/plan.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <unistd.h>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::runners {

const Problem& problem_of(const PlannedProblem& p, int replicate) {
    if (p.trials.empty()) return *p.problem;
    return *p.trials[static_cast<std::size_t>(replicate) % p.trials.size()];
}

results::ProblemInfo describe(const PlannedProblem& p) {
    results::ProblemInfo info{p.label, p.id, {}, p.problem->optimum(), p.problem->test_optimum(),
                              p.problem->metadata(), p.problem->fidelity()};
    if (!p.trials.empty()) {
        std::vector<std::string> instances;
        for (const auto& trial : p.trials) {
            const Metadata m = trial->metadata();
            const auto it = m.find("instance");
            instances.push_back(it == m.end() ? "?" : it->second);
        }
        info.metadata["instance"] = "per replicate: " + join(instances, ",");
    }
    for (const Param& param : p.problem->space().params()) info.params.push_back(param.name);
    return info;
}


std::string problem_label(const SpecEntry& entry, const std::string& suffix, const std::string& canonical_id) {
    return entry.label.empty() ? canonical_id : suffix.empty() ? entry.label : entry.label + "-" + suffix;
}

namespace {
// One trial's instance of a problem, its values moved by `shift` so that its optimum is the
// first trial's.
class ShiftedTrial final : public Problem {
public:
    ShiftedTrial(std::shared_ptr<const Problem> inner, double shift) : inner_(std::move(inner)), shift_(shift) {}
    const Space& space() const override { return inner_->space(); }
    Evaluation evaluate(const Point& x, Rng& rng) const override {
        Evaluation e = inner_->evaluate(x, rng);
        e.value += shift_;
        e.true_value += shift_;
        return e;
    }
    std::optional<double> optimum() const override { return *inner_->optimum() + shift_; }
    Metadata metadata() const override { return inner_->metadata(); }

private:
    std::shared_ptr<const Problem> inner_;
    double shift_;
};

// The problem of `id` at each of `instances` (replicate_instances), each moved onto the first
// one's optimum; UserError when the problem has no instance parameter i.
std::vector<std::shared_ptr<const Problem>> trials_of(const ProblemRegistry& problems, const Identifier& id,
                                                      const std::vector<int>& instances, const ProblemSetup& setup,
                                                      const std::string& label) {
    const auto& params = problems.get(id.name).params;
    if (std::none_of(params.begin(), params.end(), [](const ParamSpec& p) { return p.key == "i"; }))
        throw UserError("replicate_instances: problem '" + label + "' (" + id.name +
                        ") has no instance parameter i; give it only with problems that have one, as bbob");
    std::map<int, std::shared_ptr<const Problem>> built;
    std::vector<std::shared_ptr<const Problem>> out;
    std::optional<double> first_optimum;
    for (const int instance : instances) {
        auto& problem = built[instance];
        if (!problem) {
            Identifier at = id;
            std::erase_if(at.args, [](const auto& a) { return a.first == "i"; });
            at.args.emplace_back("i", std::to_string(instance));
            problem = bind_problem(problems, at, setup).problem;
            if (out.empty()) first_optimum = problem->optimum();
            if (problem->optimum().has_value() != first_optimum.has_value())
                throw UserError("replicate_instances: problem '" + label + "' knows its optimum at some instances "
                                "and not at others");
            if (first_optimum && *problem->optimum() != *first_optimum)
                problem = std::make_shared<ShiftedTrial>(problem, *first_optimum - *problem->optimum());
        }
        out.push_back(problem);
    }
    return out;
}

// A [problems] / [optimizers] line that names no known entry but is labelled with an
// [experiment] key ("threads = 2") was most likely meant for [experiment]: say so.
template <class Registry>
void check_misplaced_key(const SpecEntry& e, const Registry& registry) {
    if (e.line.empty() || !is_experiment_key(e.label)) return;
    for (const auto& f : registry.entries())
        if (f.name == e.id.name) return;
    throw UserError(e.line + ": '" + e.label + "' is an [experiment] key; move it there (or: unknown " +
                    registry.kind() + " '" + e.id.name + "')");
}
}  // namespace

namespace {
// A job keeps every evaluation of its runs in memory until it ends (8 bytes a coordinate,
// 16 for the value and its companions): a plan that cannot fit in this machine's memory
// is refused now, not by std::bad_alloc hours in. Other trace policies keep a few rows a
// run (targets: the ladders' hundreds; improvements: no bound known before the runs, and
// few on any budget where memory matters), so only trace = all is checked.
void check_memory(const Plan& plan) {
    if (plan.spec.trace != results::TracePolicy::all) return;
    double bytes = 0;
    for (const results::RunKey& k : plan.runs) {
        const double d = static_cast<double>(plan.problems[static_cast<std::size_t>(k.problem)].problem->space().size());
        bytes += static_cast<double>(plan.spec.budget) * ((plan.spec.trace_points ? 8 * d : 0) + 16);
    }
    const double memory = static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGESIZE));
    if (memory > 0 && bytes > memory)
        throw UserError(fmt::format("the planned {} would hold about {:.3g} GB of evaluations in memory (a budget of {} "
                                    "evaluations a run, 8 bytes a coordinate), more than this machine's {:.3g} GB; "
                                    "lower the budget or split the experiment (--shard K/N)",
                                    count_noun(plan.runs.size(), "run"), bytes / 1e9, plan.spec.budget, memory / 1e9));
}
}  // namespace

Plan make_plan(const ExperimentSpec& spec, const ProblemRegistry& problems, const OptimizerRegistry& optimizers,
               const std::atomic<bool>* stop) {
    check_spec(spec);
    auto check_stop = [&] {
        if (stop && stop->load(std::memory_order_relaxed)) throw Interrupted{};
    };
    Plan plan;
    plan.spec = spec;
    std::set<std::string> labels;
    // A results file tells runs apart by identifier: one identifier under two labels would be
    // stored as one (the runs of both under the last label).
    std::map<std::string, std::string> label_of_id;
    const auto refuse_same_id = [&label_of_id](const char* kind, const std::string& label, const std::string& id) {
        const auto [it, fresh] = label_of_id.emplace(id, label);
        if (!fresh)
            throw UserError(fmt::format("{}s '{}' and '{}' are the same {} ({}): give it once", kind, it->second, label,
                                        kind, id));
    };
    for (const SpecEntry& e : spec.problems) {
        std::vector<std::string> suffix;
        check_misplaced_key(e, problems);
        const auto ids = expand_lists(e.id, problems.get(e.id.name).params, &suffix);
        if (!spec.replicate_instances.empty())
            for (const auto& [key, value] : e.id.args)
                if (key == "i" && value.find_first_of(",-") != std::string::npos)
                    throw UserError("replicate_instances replaces each problem's own instance, so problem '" +
                                    (e.label.empty() ? e.id.str() : e.label) + "' lists i = " + value +
                                    " for nothing: give one i");
        for (std::size_t i = 0; i < ids.size(); ++i) {
            check_stop();
            BoundProblem b = bind_problem(problems, ids[i], {spec.data_dir});
            const std::string label = problem_label(e, suffix[i], b.id);
            if (!labels.insert(label).second) throw UserError("problem label '" + label + "' is used twice");
            refuse_same_id("problem", label, b.id);
            if (spec.restart.on_target && !b.problem->optimum())
                throw UserError("restart_on = target needs the optimum f* of every problem; problem '" + label +
                                "' has none (restart on revisit only, or leave that problem out)");
            if (spec.trace == results::TracePolicy::targets && !b.problem->optimum())
                throw UserError("trace = targets needs the optimum f* of every problem (its targets are regrets); "
                                "problem '" + label + "' has none (use trace = improvements)");
            if (spec.trace != results::TracePolicy::all && b.problem->fidelity())
                throw UserError("trace = " + results::trace_policy_name(spec.trace) + " keeps single-fidelity runs "
                                "only; problem '" + label + "' is multi-fidelity (use trace = all)");
            if (spec.replicate_instances.empty()) {
                plan.problems.push_back({label, std::move(b.id), std::move(b.problem), {}});
                continue;
            }
            auto trials = trials_of(problems, ids[i], spec.replicate_instances, {spec.data_dir}, label);
            plan.problems.push_back({label, std::move(b.id), trials.front(), std::move(trials)});
        }
    }
    labels.clear();
    label_of_id.clear();
    for (const SpecEntry& e : spec.optimizers) {
        check_misplaced_key(e, optimizers);
        BoundOptimizer b = bind_optimizer(optimizers, e.id);
        const std::string label = e.label.empty() ? b.id : e.label;
        if (!labels.insert(label).second) throw UserError("optimizer label '" + label + "' is used twice");
        refuse_same_id("optimizer", label, b.id);
        plan.optimizers.push_back({label, std::move(b)});
    }
    const double runs = static_cast<double>(plan.problems.size()) * static_cast<double>(plan.optimizers.size()) *
                        static_cast<double>(spec.replicates);
    if (runs > static_cast<double>(max_runs))
        throw UserError(count_noun(plan.problems.size(), "problem") + " x " +
                        count_noun(plan.optimizers.size(), "optimizer") + " x " +
                        count_noun(static_cast<std::size_t>(spec.replicates), "replicate") + " is more than " +
                        std::to_string(max_runs) + " runs; split the experiment");
    for (const PlannedOptimizer& o : plan.optimizers)
        for (const PlannedProblem& p : plan.problems) {
            check_stop();
            try {
                o.bound.make({p.problem->space(), spec.budget, p.problem->fidelity()});
            } catch (const std::exception& e) {
                throw UserError("optimizer '" + o.label + "' cannot run on problem '" + p.label + "': " + e.what());
            }
        }
    for (int p = 0; p < static_cast<int>(plan.problems.size()); ++p)
        for (int o = 0; o < static_cast<int>(plan.optimizers.size()); ++o)
            for (int r = 0; r < spec.replicates; ++r) plan.runs.push_back({p, o, r});
    plan.whole_plan_runs = plan.runs.size();
    if (spec.shard) plan.runs = shard_runs(plan, plan.runs, spec.shard);
    check_memory(plan);
    return plan;
}

double expected_cost(const Plan& plan, const results::RunKey& key) {
    const double growth = static_cast<double>(plan.optimizers[static_cast<std::size_t>(key.optimizer)].bound.factory->cost);
    const double dimension = static_cast<double>(plan.problems[static_cast<std::size_t>(key.problem)].problem->space().size());
    return std::pow(static_cast<double>(plan.spec.budget), growth) * (dimension + 1);
}

std::vector<results::RunKey> longest_first(const Plan& plan, std::vector<results::RunKey> runs) {
    std::vector<std::pair<double, results::RunKey>> costed;
    costed.reserve(runs.size());
    for (const results::RunKey& k : runs) costed.emplace_back(expected_cost(plan, k), k);
    std::stable_sort(costed.begin(), costed.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t i = 0; i < runs.size(); ++i) runs[i] = costed[i].second;
    return runs;
}

std::vector<results::RunKey> shard_runs(const Plan& plan, const std::vector<results::RunKey>& all, const Shard& shard) {
    // least loaded shard first; ties to the lowest index, so the deal is reproducible
    using Load = std::pair<double, int>;
    std::priority_queue<Load, std::vector<Load>, std::greater<Load>> loads;
    for (int s = 1; s <= shard.count; ++s) loads.push({0.0, s});
    std::vector<results::RunKey> mine;
    for (const results::RunKey& k : longest_first(plan, all)) {
        auto [load, s] = loads.top();
        loads.pop();
        if (s == shard.index) mine.push_back(k);
        loads.push({load + expected_cost(plan, k), s});
    }
    std::sort(mine.begin(), mine.end());
    return mine;
}

std::uint64_t problem_seed(std::uint64_t master, const std::string& problem_id, int replicate) {
    return derive_seed(derive_seed(master, hash_string(problem_id)), static_cast<std::uint64_t>(replicate));
}

std::uint64_t optimizer_seed(std::uint64_t master, const std::string& problem_id, int replicate,
                             const std::string& optimizer_id) {
    return derive_seed(problem_seed(master, problem_id, replicate), hash_string(optimizer_id));
}

}  // namespace bobench::runners
