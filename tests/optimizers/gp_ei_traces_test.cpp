// The GP-EI speed work (issue #39, item 3) must change no result where the arithmetic is
// unchanged: the traces below were recorded with the build before it (main at 2fd56de) and
// are compared bit for bit. They cover the type-II ML refit (warm start + restarts, ARD and
// isotropic, learned and fixed noise), refit_every (O(N^2) appends) and robo-gp's MAP fit.
//
// To record them again (only when a change of results is intended):
//   BOBENCH_RECORD_GP_TRACES=1 build/bobench_tests "gp-ei traces equal the ones recorded before the speed work"
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cli/catalog.hpp"
#include "core/registry.hpp"
#include "results/trace.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/recorded_traces.hpp"

using namespace bobench;

namespace {

struct TraceCase {
    std::string name, problem, optimizer;
    long budget;
    int replicate;
};

std::vector<TraceCase> trace_cases() {
    return {
        {"branin", "branin", "gp-ei", 30, 0},
        {"hartmann6", "hartmann6", "gp-ei", 30, 1},
        {"hartmann3-matern32-isotropic", "hartmann3", "gp-ei:kernel=matern32,lengthscales=isotropic", 25, 0},
        {"branin-fixed-noise-refit3", "branin", "gp-ei:learn_noise=false,refit_every=3", 30, 2},
        {"hartmann6-robo-gp", "hartmann6", "robo-gp", 25, 0},
    };
}

// One run through the run loop `bobench run` uses.
results::Trace run(const TraceCase& c) {
    const BoundProblem problem = bind_problem(cli::problem_catalog(), Identifier::parse(c.problem));
    return testing::run_planned({c.problem, problem.id, problem.problem},
                                {"optimizer", bind_optimizer(cli::optimizer_catalog(), Identifier::parse(c.optimizer))},
                                c.budget, c.replicate);
}

}  // namespace

TEST_CASE("gp-ei traces equal the ones recorded before the speed work", "[optimizers][gp][traces]") {
    for (const TraceCase& c : trace_cases()) {
        INFO(c.name << ": " << c.optimizer);
        testing::check_recorded(testing::describe_trace(run(c)), testing::recorded_trace_path("gp_ei_traces", c.name),
                                "BOBENCH_RECORD_GP_TRACES");
    }
}
