#pragma once
// A Plan is the flat list of runs a spec asks for, with every problem built once (shared
// read-only by all threads) and every run's seeds derived from the canonical ids.
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

Plan make_plan(const ExperimentSpec& spec, const ProblemRegistry& problems, const OptimizerRegistry& optimizers);

// The problem stream depends on (seed, problem, replicate) only, so every optimizer
// meets the same noise and table repeats in a replicate (common random numbers); the
// optimizer stream adds the optimizer's id.
std::uint64_t problem_seed(std::uint64_t master, const std::string& problem_id, int replicate);
std::uint64_t optimizer_seed(std::uint64_t master, const std::string& problem_id, int replicate,
                             const std::string& optimizer_id);

}  // namespace bobench::runners
