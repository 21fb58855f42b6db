#include "cli/catalog.hpp"

#include <cstdlib>
#include <map>

#include "cli/plugins.hpp"
#include "core/error.hpp"

#include "hpobench_tables/catalog.hpp"
#include "optimizers/catalog.hpp"
#include "testfunctions/external/external_problem.hpp"
#include "testfunctions/racing/racing_line.hpp"
#include "testfunctions/robot_push/robot_push.hpp"
#include "testfunctions/synthetic/synthetic.hpp"

namespace bobench::bbob {
ProblemFactory problem_factory();
}

namespace bobench::cli {

namespace {
// The catalogs, filled once with bobench's own entries; plugins add theirs (add_plugin).
ProblemRegistry& problems() {
    static ProblemRegistry registry = [] {
        ProblemRegistry r("problem");
        synthetic::register_all(r);
        r.add(bbob::problem_factory());
        r.add(robot_push::robot_push_factory());
        r.add(racing::racing_line_factory());
        tables::register_all(r);
        r.add(external_problem::factory());
        return r;
    }();
    return registry;
}

OptimizerRegistry& optimizers() {
    static OptimizerRegistry registry = [] {
        OptimizerRegistry r("optimizer");
        register_optimizers(r);
        return r;
    }();
    return registry;
}

// Which plugin added a name ("optimizer x" -> file); a name not here is bobench's own.
std::map<std::string, std::string>& plugin_names() {
    static std::map<std::string, std::string> names;
    return names;
}

template <class Factory>
void add_plugin_entry(Registry<Factory>& registry, Factory factory, const std::string& plugin) {
    const std::string what = registry.kind() + " '" + factory.name + "'";
    if (factory.name.empty()) throw UserError("it registers a " + registry.kind() + " without a name");
    if (!factory.make) throw UserError("it registers " + what + " without a make function");
    for (const Factory& existing : registry.entries())
        if (existing.name == factory.name) {
            const auto earlier = plugin_names().find(what);
            throw UserError("it registers " + what + ", which " +
                            (earlier == plugin_names().end() ? "is bobench's own (built in)"
                                                             : "plugin '" + earlier->second + "' registered first") +
                            "; rename it in the plugin");
        }
    registry.add(std::move(factory));
    plugin_names()[what] = plugin;
}
}  // namespace

const ProblemRegistry& problem_catalog() { return problems(); }
const OptimizerRegistry& optimizer_catalog() { return optimizers(); }

void add_plugin(OptimizerFactory factory, const std::string& plugin) {
    add_plugin_entry(optimizers(), std::move(factory), plugin);
}
void add_plugin(ProblemFactory factory, const std::string& plugin) {
    add_plugin_entry(problems(), std::move(factory), plugin);
}

std::string data_dir(const std::string& given) {
    if (!given.empty()) return given;
    const char* env = std::getenv("BOBENCH_DATA");
    return env ? env : "";
}

runners::Plan plan_experiment(runners::ExperimentSpec spec, const std::atomic<bool>* stop) {
    spec.data_dir = data_dir(spec.data_dir);
    runners::check_spec(spec);   // a plugin path the stored spec could not keep is refused before it loads
    load_plugins(spec.plugins);  // before any identifier is bound: they may name the plugins' entries
    return runners::make_plan(spec, problem_catalog(), optimizer_catalog(), stop);
}

}  // namespace bobench::cli
