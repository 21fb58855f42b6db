#pragma once
// The registries of every problem and optimizer this build knows, built once.
#include "core/registry.hpp"

namespace bobench::cli {
const ProblemRegistry& problem_catalog();
const OptimizerRegistry& optimizer_catalog();
}  // namespace bobench::cli
