// Scale of the cluster path (docs/SCALING.md):
//   Merge_1000Shards  `bobench merge` of 1000 shard files of 100 runs each (10^5 runs of
//                     50 evaluations in 2 dimensions): read every file, check, join, write.
//                     The shard files are generated once (outside the timing) under
//                     $BOBENCH_MERGE_BENCH_DIR (default /tmp/bobench-merge-bench), so the
//                     CLI can be timed on them too:
//                       time build/bobench merge /tmp/m.h5 /tmp/bobench-merge-bench/*.h5
//   Store_1e6Runs     writing a results file of 10^6 runs x 20 evaluations (no points)
//                     and reading it back without points, as `rank` does; the file is kept at
//                     $BOBENCH_STORE_BENCH_FILE (default /tmp/bobench-1e6.h5) for
//                       time build/bobench rank /tmp/bobench-1e6.h5
#include <benchmark/benchmark.h>

#include <boost/random/uniform_real_distribution.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/rng.hpp"
#include "results/merge.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"

using namespace bobench;

namespace {
std::string env_or(const char* name, const char* fallback) {
    const char* v = std::getenv(name);
    return v && *v ? v : fallback;
}

// The tables of a synthetic experiment; runs are added by the callers.
results::Results synthetic_tables(int problems, int optimizers, long budget, int dimension) {
    results::Results r;
    r.bobench_version = "bench";
    r.git_revision = "bench";
    r.budget = budget;
    r.spec = "[experiment]\nbudget = " + std::to_string(budget) + "\n";
    for (int p = 0; p < problems; ++p) {
        results::ProblemInfo info;
        info.label = info.id = "problem-" + std::to_string(p);
        info.optimum = 0.0;
        for (int d = 0; d < dimension; ++d) info.params.push_back("x" + std::to_string(d));
        r.problems.push_back(info);
    }
    for (int o = 0; o < optimizers; ++o) r.optimizers.push_back({"optimizer-" + std::to_string(o), "opt" + std::to_string(o)});
    return r;
}

results::Trace synthetic_trace(const results::RunKey& key, long budget, int dimension, Rng& rng) {
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    results::Trace t;
    t.key = key;
    t.value.resize(static_cast<std::size_t>(budget));
    for (double& v : t.value) v = u(rng);
    t.true_value = t.value;
    t.cost.assign(t.value.size(), 0.0);
    t.test_value.assign(t.value.size(), 0.0);
    t.failed.assign(t.value.size(), 0);
    t.x.resize(t.value.size() * static_cast<std::size_t>(dimension));
    for (double& v : t.x) v = u(rng);
    return t;
}

constexpr int kShards = 1000, kMergeProblems = 10, kMergeOptimizers = 10, kMergeReplicates = 1000;
constexpr long kMergeBudget = 50;

std::vector<std::string> ensure_shards() {
    const std::string dir = env_or("BOBENCH_MERGE_BENCH_DIR", "/tmp/bobench-merge-bench");
    std::vector<std::string> files;
    for (int k = 1; k <= kShards; ++k) files.push_back(dir + "/s.shard-" + std::to_string(k) + "-of-1000.h5");
    if (std::filesystem::exists(files.back())) return files;
    std::filesystem::create_directories(dir);
    const long total = static_cast<long>(kMergeProblems) * kMergeOptimizers * kMergeReplicates;
    Rng rng(7);
    for (int k = 1; k <= kShards; ++k) {
        results::Results r = synthetic_tables(kMergeProblems, kMergeOptimizers, kMergeBudget, 2);
        r.shard = std::to_string(k) + "/" + std::to_string(kShards) + " of " + std::to_string(total);
        // shard k: replicate k-1 of every (problem, optimizer): 100 runs
        for (int p = 0; p < kMergeProblems; ++p)
            for (int o = 0; o < kMergeOptimizers; ++o) r.runs.push_back(synthetic_trace({p, o, k - 1}, kMergeBudget, 2, rng));
        results::write_results(files[static_cast<std::size_t>(k - 1)], r);
    }
    return files;
}
}  // namespace

static void BM_Merge_1000Shards(benchmark::State& state) {
    const std::vector<std::string> files = ensure_shards();
    const std::string out = env_or("BOBENCH_MERGE_BENCH_DIR", "/tmp/bobench-merge-bench") + std::string("-merged.h5");
    std::size_t runs = 0;
    for (auto _ : state) {
        std::vector<results::ShardFile> shards;
        for (const std::string& f : files) shards.push_back({f, results::read_results(f)});
        const results::Merged m = results::merge_shards(std::move(shards), runners::settings_difference);
        results::write_results(out, m.results);
        runs = m.results.runs.size();
        if (!m.missing.empty()) state.SkipWithError("runs missing");
    }
    state.counters["runs"] = static_cast<double>(runs);
    state.counters["file_MB"] = static_cast<double>(std::filesystem::file_size(out)) / 1e6;
    std::filesystem::remove(out);
}
BENCHMARK(BM_Merge_1000Shards)->Unit(benchmark::kSecond)->Iterations(1);

static void BM_Store_1e6Runs(benchmark::State& state) {
    const std::string path = env_or("BOBENCH_STORE_BENCH_FILE", "/tmp/bobench-1e6.h5");
    constexpr int problems = 100, optimizers = 10, replicates = 1000;
    constexpr long budget = 20;
    double write_seconds = 0;
    {
        results::Results r = synthetic_tables(problems, optimizers, budget, 0);
        r.runs.reserve(static_cast<std::size_t>(problems) * optimizers * replicates);
        Rng rng(11);
        for (int p = 0; p < problems; ++p)
            for (int o = 0; o < optimizers; ++o)
                for (int rep = 0; rep < replicates; ++rep) r.runs.push_back(synthetic_trace({p, o, rep}, budget, 0, rng));
        const auto t0 = std::chrono::steady_clock::now();
        results::write_results(path, r);
        write_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    std::size_t runs = 0;
    for (auto _ : state) runs = results::read_results(path, /*with_points=*/false).runs.size();
    state.counters["runs"] = static_cast<double>(runs);
    state.counters["write_s"] = write_seconds;
    state.counters["file_MB"] = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
}
BENCHMARK(BM_Store_1e6Runs)->Unit(benchmark::kSecond)->Iterations(1);
