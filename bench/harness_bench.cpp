// Harness overhead: random search on Branin through the real run loop (ask, bounds
// check, evaluate, tell, trace recording), one thread. Items = evaluations.
#include <benchmark/benchmark.h>

#include <atomic>
#include <string>

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

// Planning a spec with many problems (the label check, the expansion): bbob f1-f24 in
// d=2 over range(0)/24 instances. Google Benchmark fits the growth; it must stay about
// linear in the number of problems (it was quadratic: 24 000 problems took 2.8 s).
static void BM_Plan_ManyProblems(benchmark::State& state) {
    runners::ExperimentSpec spec;
    spec.budget = 10;
    spec.replicates = 1;
    spec.problems.push_back({"bbob", Identifier::parse("bbob:f=1-24,i=1-" + std::to_string(state.range(0) / 24) + ",d=2")});
    spec.optimizers.push_back({"rs", Identifier::parse("random-search")});
    for (auto _ : state) {
        const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
        benchmark::DoNotOptimize(plan.runs.data());
    }
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_Plan_ManyProblems)->RangeMultiplier(4)->Range(1536, 24576)->Unit(benchmark::kMillisecond)->Complexity();
