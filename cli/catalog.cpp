#include "cli/catalog.hpp"

#include <cstdlib>

#include "hpobench_tables/catalog.hpp"
#include "optimizers/catalog.hpp"
#include "testfunctions/racing/racing_line.hpp"
#include "testfunctions/robot_push/robot_push.hpp"
#include "testfunctions/synthetic/synthetic.hpp"

namespace bobench::bbob {
ProblemFactory problem_factory();
}

namespace bobench::cli {

const ProblemRegistry& problem_catalog() {
    static const ProblemRegistry registry = [] {
        ProblemRegistry r("problem");
        synthetic::register_all(r);
        r.add(bbob::problem_factory());
        r.add(robot_push::robot_push_factory());
        r.add(racing::racing_line_factory());
        tables::register_all(r);
        return r;
    }();
    return registry;
}

const OptimizerRegistry& optimizer_catalog() {
    static const OptimizerRegistry registry = [] {
        OptimizerRegistry r("optimizer");
        register_optimizers(r);
        return r;
    }();
    return registry;
}

std::string data_dir(const std::string& given) {
    if (!given.empty()) return given;
    const char* env = std::getenv("BOBENCH_DATA");
    return env ? env : "";
}

runners::Plan plan_experiment(runners::ExperimentSpec spec, const std::atomic<bool>* stop) {
    spec.data_dir = data_dir(spec.data_dir);
    return runners::make_plan(spec, problem_catalog(), optimizer_catalog(), stop);
}

}  // namespace bobench::cli
