// Evaluations per second of the simulated BORE benchmarks: robot-push (a Box2D world of
// 4 bodies, 120-3100 steps depending on the durations) and racing-line on each track
// (spline + barrier solve of the 100-point lap-time program). Points are drawn uniformly
// from each problem's space with a fixed seed and cycled. Figures in docs/PERFORMANCE.md.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "cli/catalog.hpp"
#include "core/registry.hpp"

namespace {

void evaluate_problem(benchmark::State& state, const std::string& id) {
    const auto problem = bobench::bind_problem(bobench::cli::problem_catalog(), bobench::Identifier::parse(id)).problem;
    bobench::Rng rng(17);
    std::vector<bobench::Point> points;
    for (int i = 0; i < 64; ++i) points.push_back(problem->space().sample(rng));
    std::size_t k = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(problem->evaluate(points[k], rng).value);
        k = (k + 1) % points.size();
    }
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(evaluate_problem, robot_push, std::string("robot-push"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(evaluate_problem, racing_line_ucb, std::string("racing-line:track=ucb"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(evaluate_problem, racing_line_ethz_a, std::string("racing-line:track=ethz-a"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(evaluate_problem, racing_line_ethz_b, std::string("racing-line:track=ethz-b"))
    ->Unit(benchmark::kMicrosecond);

}  // namespace
