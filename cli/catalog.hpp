#pragma once
// The registries of every problem and optimizer this build knows, built once, and the
// context problems are built in.
#include <atomic>
#include <string>

#include "core/registry.hpp"
#include "runners/plan.hpp"

namespace bobench::cli {
const ProblemRegistry& problem_catalog();
const OptimizerRegistry& optimizer_catalog();

// The data folder of tabular problems: `given` (--data-dir, a spec's data_dir) when not
// empty, else $BOBENCH_DATA (the one place bobench reads it), else "" (./data).
std::string data_dir(const std::string& given);
// A spec's plan over these catalogs, its data folder resolved by data_dir() first (so the
// results file records the folder that was used).
runners::Plan plan_experiment(runners::ExperimentSpec spec, const std::atomic<bool>* stop = nullptr);
}  // namespace bobench::cli
