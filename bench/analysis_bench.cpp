// Scale of the report commands: `bobench rank` on a synthetic results file of 10^5 runs x
// 200 evaluations (50 problems x 10 optimizers x 200 replicates), the size the design asks
// the store to handle. The file is generated once (outside the timing) at
// $BOBENCH_ANALYSIS_BENCH_STORE, default /tmp/bobench-analysis-bench.h5, and kept, so the
// CLI can be timed on it too (docs/perf/analysis.md):
//   build/bobench_bench --benchmark_filter=Rank
//   time build/bobench rank /tmp/bobench-analysis-bench.h5 >/dev/null
#include <benchmark/benchmark.h>

#include <boost/random/uniform_real_distribution.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "analysis/reports/rank_report.hpp"
#include "core/rng.hpp"
#include "results/store.hpp"

using namespace bobench;

namespace {

constexpr int kProblems = 50, kOptimizers = 10, kReplicates = 200, kEvaluations = 200;

std::string store_path() {
    const char* env = std::getenv("BOBENCH_ANALYSIS_BENCH_STORE");
    return env && *env ? env : "/tmp/bobench-analysis-bench.h5";
}

// Random traces: optimizer o draws values uniformly in [0, 1 + 0.02 o), so neighbours are
// close (many ties in the significance matrix) and distant ones differ. f* = 0 on even
// problems, unknown on odd ones; no points are stored (the problems have no parameters).
void write_synthetic_store(const std::string& path) {
    results::Results r;
    r.bobench_version = "bench";
    r.git_revision = "bench";
    r.budget = kEvaluations;
    for (int p = 0; p < kProblems; ++p) {
        results::ProblemInfo info;
        info.label = info.id = "problem-" + std::to_string(p);
        if (p % 2 == 0) info.optimum = 0.0;
        info.metadata = {{"suite", "bench"}, {"dimension", std::to_string(2 + p % 5)}};
        r.problems.push_back(info);
    }
    for (int o = 0; o < kOptimizers; ++o) r.optimizers.push_back({"optimizer-" + std::to_string(o), "opt" + std::to_string(o)});
    Rng rng(20240601);
    r.runs.reserve(static_cast<std::size_t>(kProblems) * kOptimizers * kReplicates);
    for (int p = 0; p < kProblems; ++p) {
        for (int o = 0; o < kOptimizers; ++o) {
            boost::random::uniform_real_distribution<double> value(0.0, 1.0 + 0.02 * o);
            for (int rep = 0; rep < kReplicates; ++rep) {
                results::Trace t;
                t.key = {p, o, rep};
                t.value.resize(kEvaluations);
                for (double& v : t.value) v = value(rng);
                t.true_value = t.value;
                t.cost.assign(kEvaluations, 0.0);
                t.test_value.assign(kEvaluations, 0.0);
                t.failed.assign(kEvaluations, 0);
                r.runs.push_back(std::move(t));
            }
        }
    }
    results::write_results(path, r);
}

const std::string& ensure_store() {
    static const std::string path = [] {
        const std::string p = store_path();
        if (!std::filesystem::exists(p)) write_synthetic_store(p);
        return p;
    }();
    return path;
}

}  // namespace

// What `bobench rank FILE` does: read (no points), metrics, pairwise ranking, Markdown.
static void BM_RankCommand_1e5Runs(benchmark::State& state) {
    const std::string& path = ensure_store();
    for (auto _ : state) {
        const results::Results results = results::read_results(path, /*with_points=*/false);
        const auto report = analysis::reports::build_rank_report(results, {});
        const std::string text = analysis::reports::render_rank_markdown(report);
        benchmark::DoNotOptimize(text.data());
    }
    state.counters["runs"] = kProblems * kOptimizers * kReplicates;
}
BENCHMARK(BM_RankCommand_1e5Runs)->Unit(benchmark::kSecond)->Iterations(1);

// The parts: reading alone, and metrics + ranking on results already in memory.
static void BM_ReadResults_1e5Runs(benchmark::State& state) {
    const std::string& path = ensure_store();
    for (auto _ : state) {
        const results::Results results = results::read_results(path, /*with_points=*/false);
        benchmark::DoNotOptimize(results.runs.data());
    }
}
BENCHMARK(BM_ReadResults_1e5Runs)->Unit(benchmark::kSecond)->Iterations(1);

static void BM_RankInMemory_1e5Runs(benchmark::State& state) {
    const results::Results results = results::read_results(ensure_store(), /*with_points=*/false);
    for (auto _ : state) {
        const auto report = analysis::reports::build_rank_report(results, {});
        benchmark::DoNotOptimize(report.total.borda.data());
    }
}
BENCHMARK(BM_RankInMemory_1e5Runs)->Unit(benchmark::kSecond)->Iterations(1);
