#pragma once
// Registries map names to factories, with descriptions and declared parameters, so that
// `bobench list` can print them and identifiers can be checked before anything runs.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/optimizer.hpp"
#include "core/params.hpp"
#include "core/problem.hpp"

namespace bobench {

struct ProblemFactory {
    std::string name;
    std::string description;
    std::vector<ParamSpec> params;
    std::function<std::shared_ptr<const Problem>(const ProblemSetup&, const Args&)> make;
};

// How one run's cost grows with its budget n: a loop that refits a model on its whole
// history at every step costs ~n^2 (density estimators, forests) or ~n^4 (a GP's
// Cholesky factorisation, n^3, at each of n steps). Only used to order and balance runs
// (longest first, cost-balanced shards), never to change a result.
enum class CostGrowth { Linear = 1, Quadratic = 2, Quartic = 4 };

struct OptimizerFactory {
    std::string name;
    std::string description;
    std::vector<ParamSpec> params;
    std::function<std::unique_ptr<Optimizer>(const OptimizerSetup&, const Args&)> make;
    CostGrowth cost = CostGrowth::Linear;
};

template <class Factory>
class Registry {
public:
    explicit Registry(std::string kind) : kind_(std::move(kind)) {}
    void add(Factory f);
    // Throws UserError "unknown optimizer 'x' (did you mean 'y'?); known: ..."
    const Factory& get(const std::string& name) const;
    const std::vector<Factory>& entries() const { return entries_; }
    const std::string& kind() const { return kind_; }

private:
    std::string kind_;
    std::vector<Factory> entries_;
};

using ProblemRegistry = Registry<ProblemFactory>;
using OptimizerRegistry = Registry<OptimizerFactory>;

// A problem or optimizer chosen by an identifier: the factory's parameters bound, and the
// canonical identifier text that names it in seeds and results files.
struct BoundProblem {
    std::string id;
    std::shared_ptr<const Problem> problem;
};
struct BoundOptimizer {
    std::string id;
    const OptimizerFactory* factory;
    Args args;
    std::unique_ptr<Optimizer> make(const OptimizerSetup& setup) const { return factory->make(setup, args); }
};

BoundProblem bind_problem(const ProblemRegistry& registry, const Identifier& id, const ProblemSetup& setup = {});
BoundOptimizer bind_optimizer(const OptimizerRegistry& registry, const Identifier& id);

}  // namespace bobench
