#pragma once
// A Plan is the flat list of runs a spec asks for, with every problem built once (shared
// read-only by all threads) and every run's seeds derived from the canonical ids.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/interrupt.hpp"
#include "core/registry.hpp"
#include "results/store.hpp"
#include "runners/spec.hpp"

namespace bobench::runners {

struct PlannedProblem {
    std::string label;
    std::string id;  // canonical identifier
    std::shared_ptr<const Problem> problem;
    // With replicate_instances: replicate r's problem is trials[r mod n], the problem at that
    // instance, its values moved by a constant so that its optimum is `problem`'s (the store
    // keeps one f* per problem; COCO's f - f* is unchanged up to rounding). Empty: `problem`.
    std::vector<std::shared_ptr<const Problem>> trials;
};

// The problem replicate `replicate` runs.
const Problem& problem_of(const PlannedProblem& p, int replicate);

struct PlannedOptimizer {
    std::string label;
    BoundOptimizer bound;  // bound.id is the canonical identifier
};

struct Plan {
    ExperimentSpec spec;
    std::vector<PlannedProblem> problems;
    std::vector<PlannedOptimizer> optimizers;
    std::vector<results::RunKey> runs;  // problem-major, then optimizer, then replicate; only
                                        // the shard's runs when spec.shard is set
    std::size_t whole_plan_runs = 0;    // runs of all shards together
};

// What the results file records of a planned problem.
results::ProblemInfo describe(const PlannedProblem& p);

using Interrupted = bobench::Interrupted;  // thrown while planning or inside a run once the stop flag is raised

// A problem's label in a plan: the entry's label, followed by the expanded values of a list
// ("LABEL-f1-d2", `suffix` from expand_lists); the canonical id when the entry has no label.
std::string problem_label(const SpecEntry& entry, const std::string& suffix, const std::string& canonical_id);

// Binds every identifier, builds every problem once, and builds every optimizer once per
// problem to check that it can run there (a parameter that does not fit the problem's
// space, e.g. too few MCMC walkers for its dimension, is refused here and not after the
// whole experiment). Throws Interrupted when `stop` becomes true (Ctrl-C while planning).
Plan make_plan(const ExperimentSpec& spec, const ProblemRegistry& problems, const OptimizerRegistry& optimizers,
               const std::atomic<bool>* stop = nullptr);

// A run's expected cost in arbitrary units, budget^growth x (dimension + 1), from the
// optimizer's declared CostGrowth: a deterministic guess, used only for ordering.
double expected_cost(const Plan& plan, const results::RunKey& key);
// `runs` in the order to start them: longest expected first (so no long run starts last
// and leaves the other threads idle), ties in key order.
std::vector<results::RunKey> longest_first(const Plan& plan, std::vector<results::RunKey> runs);
// The runs of shard `shard` of `all`: dealt longest first, each to the shard with the
// least expected cost so far (ties: the lowest shard), so the parts are balanced and
// the same on every machine.
std::vector<results::RunKey> shard_runs(const Plan& plan, const std::vector<results::RunKey>& all, const Shard& shard);

// The problem stream depends on (seed, problem, replicate) only, so every optimizer
// meets the same noise and table repeats in a replicate (common random numbers); the
// optimizer stream adds the optimizer's id.
std::uint64_t problem_seed(std::uint64_t master, const std::string& problem_id, int replicate);
std::uint64_t optimizer_seed(std::uint64_t master, const std::string& problem_id, int replicate,
                             const std::string& optimizer_id);

}  // namespace bobench::runners
