#pragma once
// Test support: final regrets of an optimizer on a problem over many seeds, through the
// real run loop (the same code `bobench run` uses).
#include <memory>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "results/store.hpp"
#include "results/trace.hpp"
#include "runners/plan.hpp"

namespace bobench::testing {

// One final regret (true value of the last incumbent minus f*) per seed 1..seeds.
std::vector<double> final_regrets(const std::string& problem, const std::string& optimizer, long budget, int seeds);
// The traces of those runs, in replicate order; `data_dir` is the tabular benchmarks' data
// folder. Seeds derive from the problem's identifier: name a temporary file through
// data_dir, not file=PATH, or every test run draws other seeds.
std::vector<results::Trace> run_traces(const std::string& problem, const std::string& optimizer, long budget, int seeds,
                                       const std::string& data_dir = "");

// One run of `optimizer` on a problem object (a test input), replicate `replicate`, failed
// evaluations handled by `on_failure`; throws if a suggestion leaves the space.
results::Trace run_single(std::shared_ptr<const Problem> problem, const std::string& optimizer, long budget,
                          int replicate = 0, results::FailurePolicy on_failure = results::FailurePolicy::Penalty);
// The same with the problem and the optimizer as a plan holds them: their labels and the
// canonical ids the run's seeds derive from.
results::Trace run_planned(runners::PlannedProblem problem, runners::PlannedOptimizer optimizer, long budget,
                           int replicate = 0, results::FailurePolicy on_failure = results::FailurePolicy::Penalty);

}  // namespace bobench::testing
