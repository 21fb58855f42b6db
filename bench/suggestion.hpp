#pragma once
// One suggestion (ask after N observations) of an optimizer, through the registry exactly
// as runs use it: shared by suggestion_bench.cpp and roofline_bench.cpp. The observations
// are the optimizer's initial design (up to 10 points), then uniform points; epsilon-greedy
// steps must be switched off by the identifier so every timed ask() fits the model and
// searches the candidates.
#include <string>

#include <benchmark/benchmark.h>

#include "cli/catalog.hpp"
#include "core/registry.hpp"

namespace bobench::bench {

inline void suggestion(benchmark::State& state, const std::string& problem_id, const std::string& optimizer_id) {
    const BoundProblem problem = bind_problem(cli::problem_catalog(), Identifier::parse(problem_id));
    const BoundOptimizer bound = bind_optimizer(cli::optimizer_catalog(), Identifier::parse(optimizer_id));
    const Space& space = problem.problem->space();
    auto optimizer = bound.make({space, 1000});
    Rng rng(1);
    const long n = state.range(0);
    for (long i = 0; i < n; ++i) {  // the initial design first, then whatever the optimizer asks
        const Point x = i < 10 ? optimizer->ask(rng) : space.sample(rng);
        optimizer->tell(x, problem.problem->evaluate(x, rng).value);
    }
    for (auto _ : state) {
        const Point x = optimizer->ask(rng);
        benchmark::DoNotOptimize(x.data());
    }
}

}  // namespace bobench::bench
