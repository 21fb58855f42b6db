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
// An entry of the plugin file `plugin` (cli/plugins.hpp loads them, before any plan binds an
// identifier: a bound entry points into its catalog). UserError "it registers optimizer
// 'x', which is bobench's own" (or "which plugin 'a.so' registered first"), or for an entry
// without a name or make function; the loader puts the plugin's name before it.
void add_plugin(OptimizerFactory factory, const std::string& plugin);
void add_plugin(ProblemFactory factory, const std::string& plugin);

// The data folder of tabular problems: `given` (--data-dir, a spec's data_dir) when not
// empty, else $BOBENCH_DATA (the one place bobench reads it), else "" (./data).
std::string data_dir(const std::string& given);
// A spec's plan over these catalogs, its plugins loaded and its data folder resolved by
// data_dir() first (so the results file records the folder that was used).
runners::Plan plan_experiment(runners::ExperimentSpec spec, const std::atomic<bool>* stop = nullptr);
}  // namespace bobench::cli
