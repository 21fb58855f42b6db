// The README's "Adding an optimizer" example as the README shows it: CMake copies its C++
// block into the test binary (cmake/readme_example.cmake), this test registers it the way
// the README says and runs it through the real run loop, so README and code cannot drift.
#include <catch2/catch.hpp>

#include <atomic>

#include "cli/catalog.hpp"
#include "optimizers/catalog.hpp"
#include "results/trace.hpp"
#include "runners/executor.hpp"

namespace bobench {
OptimizerFactory my_optimizer();  // the README's declaration
}

using namespace bobench;

TEST_CASE("readme: the 'Adding an optimizer' example compiles, registers and runs", "[readme]") {
    OptimizerRegistry optimizers("optimizer");
    register_optimizers(optimizers);
    optimizers.add(my_optimizer());  // the README's registration line

    runners::ExperimentSpec spec;
    spec.budget = 60;
    spec.replicates = 3;
    spec.problems.push_back({"", Identifier::parse("branin")});
    spec.optimizers.push_back({"", Identifier::parse("my-optimizer")});
    const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), optimizers);
    REQUIRE(plan.runs.size() == 3);
    std::atomic<bool> stop{false};
    for (const results::RunKey& run : plan.runs) {
        const results::Trace t = runners::run_one(plan, run, stop);
        REQUIRE(t.size() == 60);
        CHECK(t.failures() == 0);
        CHECK(runners::run_one(plan, run, stop).same_record(t));  // all randomness from the run's Rng
        // the local steps around the incumbent improve on the 10 uniform points
        const auto curve = results::incumbent_curve(t);
        CHECK(curve.best_true.back() < curve.best_true[9]);
    }
}
