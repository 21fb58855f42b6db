// Cost of one suggestion (ask after N observations) of the RVFL optimizers and of the
// conditional-MAP criterion on Hartmann6, through the registry exactly as runs use them.
#include <benchmark/benchmark.h>

#include "core/registry.hpp"
#include "cli/catalog.hpp"

using namespace bobench;

static void rvfl_suggestion(benchmark::State& state, const std::string& optimizer_id) {
    const BoundProblem problem = bind_problem(cli::problem_catalog(), Identifier::parse("hartmann6"));
    const BoundOptimizer bound = bind_optimizer(cli::optimizer_catalog(), Identifier::parse(optimizer_id));
    const Space& space = problem.problem->space();
    auto optimizer = bound.make({space, 1000});
    Rng rng(1);
    const long n = state.range(0);
    for (long i = 0; i < n; ++i) {  // the initial design, then uniform points
        const Point x = i < 2 ? optimizer->ask(rng) : space.sample(rng);
        optimizer->tell(x, problem.problem->evaluate(x, rng).value);
    }
    for (auto _ : state) {
        const Point x = optimizer->ask(rng);
        benchmark::DoNotOptimize(x.data());
    }
}

#define RVFL_SUGGESTION(name, optimizer) \
    BENCHMARK_CAPTURE(rvfl_suggestion, name, optimizer)->Arg(20)->Arg(100)->Arg(200)->Unit(benchmark::kMillisecond)

RVFL_SUGGESTION(brvfl1_fixed, "brvfl1");
RVFL_SUGGESTION(brvfl4_evidence, "brvfl4:alpha=evidence");
RVFL_SUGGESTION(ervfl1_fixed, "ervfl1");
RVFL_SUGGESTION(ervfl4_evidence, "ervfl4:alpha=evidence");
RVFL_SUGGESTION(gp_ei_cl, "gp-ei:criterion=cl");
RVFL_SUGGESTION(gp_ei_cl_inverse, "gp-ei:criterion=cl-inverse");
