#include "core/registry.hpp"

#include <stdexcept>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench {

template <class Factory>
void Registry<Factory>::add(Factory f) {
    for (const auto& e : entries_)
        if (e.name == f.name) throw std::logic_error(kind_ + " '" + f.name + "' registered twice");
    entries_.push_back(std::move(f));
}

template <class Factory>
const Factory& Registry<Factory>::get(const std::string& name) const {
    std::vector<std::string> names;
    for (const auto& e : entries_) {
        if (e.name == name) return e;
        names.push_back(e.name);
    }
    std::string msg = "unknown " + kind_ + " '" + name + "'";
    if (const std::string near = closest(name, names); !near.empty()) msg += " (did you mean '" + near + "'?)";
    throw UserError(msg + "; known: " + join(names, ", ") + " (see `bobench list " + kind_ + "s`)");
}

template class Registry<ProblemFactory>;
template class Registry<OptimizerFactory>;

BoundProblem bind_problem(const ProblemRegistry& registry, const Identifier& id, const ProblemSetup& setup) {
    const ProblemFactory& f = registry.get(id.name);
    const Args args = bind_args("problem '" + id.name + "'", f.params, id);
    return {canonical_id(f.name, f.params, args), f.make(setup, args)};
}

BoundOptimizer bind_optimizer(const OptimizerRegistry& registry, const Identifier& id) {
    const OptimizerFactory& f = registry.get(id.name);
    Args args = bind_args("optimizer '" + id.name + "'", f.params, id);
    return {canonical_id(f.name, f.params, args), &f, std::move(args)};
}

}  // namespace bobench
