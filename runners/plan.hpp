#pragma once
// A Plan is the flat list of runs a spec asks for, with every problem built once (shared
// read-only by all threads) and every run's seeds derived from the canonical ids.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "results/store.hpp"
#include "runners/spec.hpp"

namespace bobench::runners {

struct PlannedProblem {
    std::string label;
    std::string id;  // canonical identifier
    std::shared_ptr<const Problem> problem;
};

struct PlannedOptimizer {
    std::string label;
    BoundOptimizer bound;  // bound.id is the canonical identifier
};

struct Plan {
    ExperimentSpec spec;
    std::vector<PlannedProblem> problems;
    std::vector<PlannedOptimizer> optimizers;
    std::vector<results::RunKey> runs;  // problem-major, then optimizer, then replicate
};

// What the results file records of a planned problem.
results::ProblemInfo describe(const PlannedProblem& p);

struct Interrupted {};  // thrown while planning or inside a run once the stop flag is raised

// Binds every identifier, builds every problem once, and builds every optimizer once per
// problem to check that it can run there (a parameter that does not fit the problem's
// space, e.g. too few MCMC walkers for its dimension, is refused here and not after the
// whole experiment). Throws Interrupted when `stop` becomes true (Ctrl-C while planning).
Plan make_plan(const ExperimentSpec& spec, const ProblemRegistry& problems, const OptimizerRegistry& optimizers,
               const std::atomic<bool>* stop = nullptr);

// The problem stream depends on (seed, problem, replicate) only, so every optimizer
// meets the same noise and table repeats in a replicate (common random numbers); the
// optimizer stream adds the optimizer's id.
std::uint64_t problem_seed(std::uint64_t master, const std::string& problem_id, int replicate);
std::uint64_t optimizer_seed(std::uint64_t master, const std::string& problem_id, int replicate,
                             const std::string& optimizer_id);

}  // namespace bobench::runners
