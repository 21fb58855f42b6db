// bore-xgb (and bore-rf) score DE's population (and the samples of discrete spaces) in one classifier
// call per generation. That must change no result: the traces below were recorded with the
// build before batch scoring existed (one XGBoost call per point, commit 51ecb9f) and are
// compared bit for bit.
//
// To record them again (only when a change of results is intended):
//   BOBENCH_RECORD_BORE_TRACES=1 build/bobench_tests "bore-xgb traces equal the ones recorded before batch scoring"
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "core/space.hpp"
#include "results/trace.hpp"
#include "cli/catalog.hpp"
#include "core/registry.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/function_problem.hpp"
#include "tests/support/recorded_traces.hpp"

using namespace bobench;

namespace {

// Real, integer, ordinal and categorical parameters: DE searches the cube, each vector
// scored as the point it decodes to.
std::shared_ptr<const Problem> mixed_quadratic() {
    return testing::function_problem(
        Space({Param::real("r", -1, 1), Param::integer("i", 0, 6), Param::ordinal("o", {0.125, 0.25, 0.5, 1}),
               Param::categorical("c", {"a", "b", "c"}), Param::real("s", 0, 4)}),
        [](const Point& x) {
            return (x[0] - 0.3) * (x[0] - 0.3) + (x[1] - 2) * (x[1] - 2) + (x[2] == 0.5 ? 0 : 1) +
                   (x[3] == 1 ? 0 : 0.5) + std::abs(x[4] - 1.5);
        },
        0.0);
}

// Integers and a categorical only: bore samples the space (random_evals points).
std::shared_ptr<const Problem> discrete_grid() {
    return testing::function_problem(
        Space({Param::integer("a", 0, 20), Param::integer("b", 0, 9), Param::categorical("c", {"x", "y", "z"})}),
        [](const Point& x) { return std::abs(x[0] - 7) + std::abs(x[1] - 3) + (x[2] == 2 ? 0 : 1); }, 0.0);
}

struct Case {
    std::string name;
    std::shared_ptr<const Problem> problem;
    std::string problem_id;  // its canonical id: the seeds derive from it
    std::string optimizer;   // without the batch switch
    long budget;
    int replicate;
};

std::shared_ptr<const Problem> registered(const std::string& id) {
    return bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
}

std::vector<Case> cases() {
    const auto mixed = mixed_quadratic();
    const auto grid = discrete_grid();
    return {
        {"branin", registered("branin"), "branin", "bore-xgb:epsilon=0.2", 24, 0},
        {"mixed", mixed, "problem", "bore-xgb:rounds=30,n_init=6", 22, 1},
        {"discrete", grid, "problem", "bore-xgb:rounds=30,n_init=6", 22, 2},
        {"hartmann6-calibrated", registered("hartmann6"), "hartmann6", "bore-xgb:rounds=20,calibration=platt", 20, 0},
        // bore-rf's forest scores a batch with the same arithmetic per point as well
        {"branin-rf", registered("branin"), "branin", "bore-rf:epsilon=0.2", 24, 0},
        {"discrete-rf", grid, "problem", "bore-rf:n_init=6", 22, 2},
    };
}

// One run through the run loop `bobench run` uses. batch = false appends batch=false to the
// optimizer but keeps the seeds of the identifier without it (a non-default parameter is
// part of the canonical id the seeds derive from), so both runs draw the same numbers.
results::Trace run(const Case& c, bool batch) {
    const OptimizerRegistry& catalog = cli::optimizer_catalog();
    BoundOptimizer bound = bind_optimizer(catalog, Identifier::parse(c.optimizer + (batch ? "" : ",batch=false")));
    if (!batch) bound.id = bind_optimizer(catalog, Identifier::parse(c.optimizer)).id;
    return testing::run_planned({c.problem_id, c.problem_id, c.problem}, {"optimizer", std::move(bound)}, c.budget,
                                c.replicate);
}

}  // namespace

TEST_CASE("bore-xgb traces equal the ones recorded before batch scoring", "[optimizers][bore][batch]") {
    for (const Case& c : cases()) {
        INFO(c.name << ": " << c.optimizer);
        testing::check_recorded(testing::describe_trace(run(c, true)), testing::recorded_trace_path("bore_xgb_traces", c.name),
                                "BOBENCH_RECORD_BORE_TRACES");
    }
}

TEST_CASE("bore-xgb traces with batch=false (one classifier call per point) equal the batch ones",
          "[optimizers][bore][batch]") {
    for (const Case& c : cases()) {
        INFO(c.name << ": " << c.optimizer);
        const std::string single = testing::describe_trace(run(c, false));
        CHECK(single == testing::describe_trace(run(c, true)));
        CHECK(single.size() > 0);
    }
}
