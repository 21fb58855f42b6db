#include "cli/catalog.hpp"

#include "hpobench_tables/catalog.hpp"
#include "optimizers/catalog.hpp"
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

}  // namespace bobench::cli
