// The external protocols' overhead. Optimizers: one ask/tell round trip per iteration with a
// trivial Python optimizer (tests/python/optimizers/fixed_point.py under bobench.serve: it
// answers every ask with the same point), so what is timed is the protocol: JSON encoding
// on both sides, the socket, two context switches, Python's serve loop. The process start
// and the hello are outside the timed loop. Arg: the batch parameter (points per ask).
#include <benchmark/benchmark.h>

#ifdef BOBENCH_PYTHON
#include <cstdlib>

#include "cli/catalog.hpp"

using namespace bobench;

static void BM_ExternalRoundTrip(benchmark::State& state) {
    ::setenv("PYTHONPATH", BOBENCH_PYTHON_PATH, 1);
    const auto problem = bind_problem(cli::problem_catalog(), Identifier::parse("branin"));
    const std::string command = std::string(BOBENCH_PYTHON) + " " + BOBENCH_SOURCE_DIR +
                                "/tests/python/optimizers/fixed_point.py 1 2";
    const BoundOptimizer bound = bind_optimizer(
        cli::optimizer_catalog(),
        Identifier::parse("external:command=" + command + ",batch=" + std::to_string(state.range(0))));
    auto optimizer = bound.make({problem.problem->space(), 1L << 40});
    Rng rng(1);
    optimizer->tell(optimizer->ask(rng), 1.0);  // starts the process
    for (auto _ : state) {
        const Point x = optimizer->ask(rng);
        optimizer->tell(x, 1.0);
        benchmark::DoNotOptimize(x.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ExternalRoundTrip)->Arg(1)->Arg(16)->ArgName("batch")->UseRealTime();

// The external-problem protocol's overhead (#62): one evaluate round trip with Branin in
// Python (tests/python/problems/branin.py under bobench.serve_problem: a few arithmetic
// operations), so what is timed is the protocol as above, seen from the problem's side.
// The process start and the description are outside the timed loop (at planning).
static void BM_ExternalProblemRoundTrip(benchmark::State& state) {
    ::setenv("PYTHONPATH", BOBENCH_PYTHON_PATH, 1);
    const std::string command = std::string(BOBENCH_PYTHON) + " " + BOBENCH_SOURCE_DIR + "/tests/python/problems/branin.py";
    const auto bound = bind_problem(cli::problem_catalog(), Identifier::parse("external:command=" + command));
    const Problem& problem = *bound.problem;
    Rng rng(1);
    const Point x{1.0, 2.0};
    for (auto _ : state) benchmark::DoNotOptimize(problem.evaluate(x, rng).value);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ExternalProblemRoundTrip)->UseRealTime();
#endif
