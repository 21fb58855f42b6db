#include "runners/experiment.hpp"

#include <chrono>
#include <filesystem>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/version.hpp"
#include "results/journal.hpp"
#include "results/lock.hpp"
#include "results/store.hpp"

namespace bobench::runners {

namespace {

std::uint64_t experiment_hash(const ExperimentSpec& s) {
    return derive_seed(derive_seed(derive_seed(0x6b6f6a6f, s.seed), static_cast<std::uint64_t>(s.budget)),
                       static_cast<std::uint64_t>(s.on_failure));
}

// Loads the existing results file, or starts an empty one; checks it may be extended.
results::Results load_or_start(const Plan& plan) {
    const ExperimentSpec& spec = plan.spec;
    const std::string& path = spec.output;
    results::Results r;
    if (std::filesystem::exists(path)) {
        if (!results::is_results_file(path))
            throw UserError("output '" + path + "' exists and is not a bobench results file; refusing to touch it "
                            "(choose another --output)");
        r = results::read_results(path);
        auto differs = [&](const std::string& what, const std::string& theirs, const std::string& ours) {
            if (theirs != ours)
                throw UserError("output '" + path + "' holds an experiment with " + what + " = " + theirs +
                                ", this one has " + what + " = " + ours +
                                "; runs can only be added to an experiment with the same seed, budget and "
                                "on_failure (choose another --output)");
        };
        differs("seed", std::to_string(r.seed), std::to_string(spec.seed));
        differs("budget", std::to_string(r.budget), std::to_string(spec.budget));
        differs("on_failure", results::policy_name(r.on_failure), results::policy_name(spec.on_failure));
        const std::string ours = shard_label(plan);
        if (r.shard != ours)
            throw UserError("output '" + path + "' holds " + (r.shard.empty() ? "a whole experiment" : "shard " + r.shard + " runs") +
                            ", this run is " + (ours.empty() ? "the whole experiment" : "shard " + ours + " runs") +
                            " (choose another --output, or `bobench merge` the shards)");
    }
    r.bobench_version = version;
    r.git_revision = git_revision;
    r.spec = to_ini(spec);
    r.seed = spec.seed;
    r.budget = spec.budget;
    r.on_failure = spec.on_failure;
    r.shard = shard_label(plan);
    return r;
}

// Adds the plan's problems and optimizers to the file's tables (matched by canonical id)
// and returns where each plan entry sits in them.
template <class Info, class Entry, class IdOf>
std::vector<int> merge_table(std::vector<Info>& table, const std::vector<Entry>& entries, IdOf id_of,
                             const std::function<Info(const Entry&)>& describe_entry, const char* kind) {
    std::vector<int> index;
    for (const Entry& e : entries) {
        const std::string& id = id_of(e);
        int i = -1;
        for (std::size_t k = 0; k < table.size(); ++k)
            if (table[k].id == id) i = static_cast<int>(k);
        if (i < 0) {
            i = static_cast<int>(table.size());
            table.push_back(describe_entry(e));
        }
        table[static_cast<std::size_t>(i)].label = e.label;
        index.push_back(i);
    }
    for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b)
            if (table[a].label == table[b].label)
                throw UserError(std::string("label '") + table[a].label + "' would name two " + kind + "s in the " +
                                "results file: '" + table[a].id + "' and '" + table[b].id + "'; rename one");
    return index;
}

}  // namespace

std::string shard_label(const Plan& plan) {
    return plan.spec.shard ? plan.spec.shard.str() + " of " + std::to_string(plan.whole_plan_runs) : "";
}

ExperimentOutcome run_experiment(const Plan& plan, const std::atomic<bool>& stop, const ProgressOptions& progress_options,
                                 const Executor& executor) {
    const std::string& path = plan.spec.output;
    {  // the folder first: the lock file goes beside the output
        const auto dir = std::filesystem::path(path).parent_path();
        std::error_code ec;
        if (!dir.empty()) std::filesystem::create_directories(dir, ec);
        if (ec) throw UserError("cannot create the folder of output '" + path + "': " + ec.message());
    }
    const results::OutputLock lock(path);
    ExperimentOutcome outcome;
    const double load_start = thread_cpu_seconds();
    results::Results results = load_or_start(plan);
    const std::vector<int> pmap = merge_table<results::ProblemInfo, PlannedProblem>(
        results.problems, plan.problems, [](const PlannedProblem& p) -> const std::string& { return p.id; },
        [](const PlannedProblem& p) { return describe(p); }, "problem");
    const std::vector<int> omap = merge_table<results::OptimizerInfo, PlannedOptimizer>(
        results.optimizers, plan.optimizers, [](const PlannedOptimizer& o) -> const std::string& { return o.bound.id; },
        [](const PlannedOptimizer& o) { return results::OptimizerInfo{o.label, o.bound.id}; }, "optimizer");

    std::set<results::RunKey> done;
    for (const results::Trace& t : results.runs) done.insert(t.key);

    results::Journal journal(path + ".journal", experiment_hash(plan.spec));
    std::size_t recovered = 0;
    for (const results::JournalRecord& rec : journal.recovered()) {
        const int p = results.find_problem(rec.problem_id), o = results.find_optimizer(rec.optimizer_id);
        if (p < 0 || o < 0)  // never drop finished work silently
            throw UserError("journal '" + path + ".journal' holds runs of " +
                            (p < 0 ? "problem '" + rec.problem_id : "optimizer '" + rec.optimizer_id) +
                            "', which this spec does not have; run the spec that wrote it to recover them, "
                            "or delete the journal");
        results::Trace t = rec.trace;
        t.key = {p, o, rec.trace.key.replicate};
        if (done.insert(t.key).second) {
            results.runs.push_back(std::move(t));
            ++recovered;
        }
    }
    if (recovered > 0) {
        results::write_results(path, results);
        journal.clear();
    }

    outcome.planned = plan.runs.size();
    std::vector<results::RunKey> pending;
    for (const results::RunKey& k : plan.runs) {
        const results::RunKey stored{pmap[static_cast<std::size_t>(k.problem)], omap[static_cast<std::size_t>(k.optimizer)],
                                     k.replicate};
        if (done.count(stored)) ++outcome.resumed;
        else pending.push_back(k);
    }
    pending = longest_first(plan, std::move(pending));
    results.runs.reserve(results.runs.size() + pending.size());
    outcome.store_cpu += thread_cpu_seconds() - load_start;

    Progress progress(progress_options.out, progress_options.style, pending.size());
    auto last_checkpoint = std::chrono::steady_clock::now();
    double checkpoint_every = 60;  // seconds; grows if writing the file gets slow
    const Sink sink{
        [&](const results::Trace& t) {
            thread_local std::string record;  // reused: a run's record is as large as its trace
            results::Journal::encode(plan.problems[static_cast<std::size_t>(t.key.problem)].id,
                                     plan.optimizers[static_cast<std::size_t>(t.key.optimizer)].bound.id, t, record);
            journal.append_record(record);
        },
        [&](const std::string& record) { journal.append_record(record); },
        [&](results::Trace&& t) {
            outcome.failed_evaluations += t.failures();
            t.key = {pmap[static_cast<std::size_t>(t.key.problem)], omap[static_cast<std::size_t>(t.key.optimizer)],
                     t.key.replicate};
            results.runs.push_back(std::move(t));
            ++outcome.completed;
            progress.update(outcome.completed);
            const auto now = std::chrono::steady_clock::now();
            if (std::chrono::duration<double>(now - last_checkpoint).count() > checkpoint_every) {
                const double w0 = thread_cpu_seconds();
                results::write_results(path, results);
                journal.clear();
                last_checkpoint = std::chrono::steady_clock::now();
                outcome.store_cpu += thread_cpu_seconds() - w0;
                checkpoint_every =
                    std::max(checkpoint_every, 20 * std::chrono::duration<double>(last_checkpoint - now).count());
            }
        }};
    outcome.errors = executor ? executor(plan, pending, stop, sink, &outcome.stats)
                              : execute(plan, pending, plan.spec.threads, stop, sink, &outcome.stats);
    if (!pending.empty()) progress.finish(outcome.completed);
    outcome.interrupted = stop.load();
    const double w0 = thread_cpu_seconds();
    results::write_results(path, results);
    journal.remove();
    outcome.store_cpu += thread_cpu_seconds() - w0;
    return outcome;
}

}  // namespace bobench::runners
