// Harness overhead: random search on Branin through the real run loop (ask, bounds
// check, evaluate, tell, trace recording), one thread. Items = evaluations.
#include <benchmark/benchmark.h>

#include <atomic>

#include "cli/catalog.hpp"
#include "runners/executor.hpp"

using namespace bobench;

static void BM_RunLoop_RandomSearch_Branin(benchmark::State& state) {
    runners::ExperimentSpec spec;
    spec.budget = state.range(0);
    spec.replicates = 1;
    spec.problems.push_back({"branin", Identifier::parse("branin")});
    spec.optimizers.push_back({"rs", Identifier::parse("random-search")});
    const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    std::atomic<bool> stop{false};
    for (auto _ : state) {
        results::Trace t = runners::run_one(plan, plan.runs[0], stop);
        benchmark::DoNotOptimize(t.value.data());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_RunLoop_RandomSearch_Branin)->Arg(200)->Arg(10000);
