// Scaling of `bobench run` with threads, measured on a small machine: one thread runs a
// workload through the real experiment (runs, journal, results file) and reports the
// serial part's share of the CPU time (the `commit` of each finished run and the serial
// part of the results-file write; its copying and compressing, which the threads share,
// counts as parallel work). From that:
//   amdahl_eff16  efficiency at 16 threads by Amdahl's law, 1 / (s + (1 - s) / 16) / 16
//   amdahl_eff16_journal_serial  the same with the journal's writes counted as serial
//                 (the kernel makes them one at a time; they overlap the runs, so this
//                 is a bound, not an estimate)
//   sim_eff16     efficiency at 16 threads by simulating the executor: the measured
//                 run times, started longest expected first by 16 workers, each run's
//                 commit and journal write serialised behind one lock, then the final
//                 write (its serial part, and its parallel part over 16 threads). It
//                 adds the tail (a long run started last) that Amdahl's law ignores.
// Both are extrapolations, labelled so in docs/PERFORMANCE.md; they are not 16-core
// measurements. Workloads (the scaling targets' in docs/PERFORMANCE.md):
//   Cheap: bbob f1-f24, d=10, instance 1, de + random-search, 2000 evaluations,
//          16 replicates = 768 runs.
//   GpEi:  branin + hartmann6, gp-ei, 60 evaluations (128 runs in the target; here fewer
//          replicates, the fraction is per run).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <queue>
#include <string>

#include "cli/catalog.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"

using namespace bobench;

namespace {
runners::ExperimentSpec workload(const std::string& name, long replicates) {
    runners::ExperimentSpec spec;
    spec.replicates = replicates;
    spec.threads = 1;
    if (name == "cheap") {
        spec.budget = 2000;
        spec.problems.push_back({"bbob", Identifier::parse("bbob:f=1-24,i=1,d=10")});
        spec.optimizers.push_back({"de", Identifier::parse("de")});
        spec.optimizers.push_back({"random-search", Identifier::parse("random-search")});
    } else {
        spec.budget = 60;
        spec.problems.push_back({"branin", Identifier::parse("branin")});
        spec.problems.push_back({"hartmann6", Identifier::parse("hartmann6")});
        spec.optimizers.push_back({"gp-ei", Identifier::parse("gp-ei")});
    }
    spec.output = (std::filesystem::temp_directory_path() / ("bobench-scale-" + name + ".h5")).string();
    return spec;
}

// Makespan of `threads` workers taking runs in order, each run followed by a commit of
// `commit` seconds under one lock (taken in the order the runs finish), then
// `final_write` seconds.
double simulate(const std::vector<double>& run_seconds, double commit, double final_write, int threads) {
    std::priority_queue<double, std::vector<double>, std::greater<double>> finishing;  // when running runs end
    std::size_t next = 0;
    for (int t = 0; t < threads && next < run_seconds.size(); ++t) finishing.push(run_seconds[next++]);
    double lock_free = 0;
    while (!finishing.empty()) {
        const double done = finishing.top();
        finishing.pop();
        lock_free = std::max(done, lock_free) + commit;  // its worker takes the next run once committed
        if (next < run_seconds.size()) finishing.push(lock_free + run_seconds[next++]);
    }
    return lock_free + final_write;
}

void scale(benchmark::State& state, const std::string& name) {
    const runners::ExperimentSpec spec = workload(name, state.range(0));
    const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    runners::ExperimentOutcome outcome;
    for (auto _ : state) {
        std::filesystem::remove(spec.output);
        std::atomic<bool> stop{false};
        outcome = runners::run_experiment(plan, stop);
    }
    const double runs = outcome.stats.run_cpu, s = outcome.serial_fraction();
    state.counters["runs"] = static_cast<double>(outcome.completed);
    state.counters["run_cpu_s"] = runs;
    state.counters["commit_cpu_s"] = outcome.stats.commit_cpu;
    state.counters["store_cpu_s"] = outcome.store_cpu;
    state.counters["store_parallel_cpu_s"] = outcome.store_parallel_cpu;
    state.counters["serial_fraction"] = s;
    state.counters["amdahl_eff16"] = 1 / (s + (1 - s) / 16) / 16;
    // the journal's writes are made one at a time by the kernel (each holds the file's lock):
    // counted as serial too, the most they could cost (they overlap the runs)
    state.counters["journal_write_cpu_s"] = outcome.journal_write_cpu;
    const double sj = s + outcome.journal_write_cpu / (runs + outcome.store_parallel_cpu + outcome.serial_cpu());
    state.counters["amdahl_eff16_journal_serial"] = 1 / (sj + (1 - sj) / 16) / 16;

    // the simulation, with the measured per-run times in the order the executor starts them
    const results::Results r = results::read_results(spec.output, /*with_points=*/false);
    std::vector<double> seconds;
    for (const results::RunKey& k : runners::longest_first(plan, plan.runs))
        for (const results::Trace& t : r.runs)
            if (t.key == k) seconds.push_back(t.seconds);
    // run times are wall seconds (inflated on a busy machine): rescale them to the CPU total
    // (less the journal writes, simulated under the lock)
    double wall = 0;
    for (double x : seconds) wall += x;
    for (double& x : seconds) x *= (runs - outcome.journal_write_cpu) / wall;
    // per run, under one lock: its commit and its journal write
    const double commit = (outcome.stats.commit_cpu + outcome.journal_write_cpu) / static_cast<double>(seconds.size());
    // the final write: its serial part, and its parallel part shared by the threads
    const auto final_write = [&](int threads) { return outcome.store_cpu + outcome.store_parallel_cpu / threads; };
    const double one = simulate(seconds, commit, final_write(1), 1);
    state.counters["sim_eff16"] = one / simulate(seconds, commit, final_write(16), 16) / 16;
    std::filesystem::remove(spec.output);
}
}  // namespace

BENCHMARK_CAPTURE(scale, Cheap, std::string("cheap"))->Arg(16)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(scale, GpEi, std::string("gp-ei"))->Arg(64)->Iterations(1)->Unit(benchmark::kSecond);
