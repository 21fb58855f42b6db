#include "runners/experiment.hpp"

#include <chrono>
#include <filesystem>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/version.hpp"
#include "results/journal.hpp"
#include "results/store.hpp"

namespace bobench::runners {

namespace {
using Clock = std::chrono::steady_clock;

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
    } else {
        const auto dir = std::filesystem::path(path).parent_path();
        std::error_code ec;
        if (!dir.empty()) std::filesystem::create_directories(dir, ec);
        if (ec) throw UserError("cannot create the folder of output '" + path + "': " + ec.message());
    }
    r.bobench_version = version;
    r.git_revision = git_revision;
    r.spec = to_ini(spec);
    r.seed = spec.seed;
    r.budget = spec.budget;
    r.on_failure = spec.on_failure;
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

std::string duration(double s) {
    if (s < 120) return fmt::format("{:.1f} s", s);
    if (s < 7200) return fmt::format("{:.1f} min", s / 60);
    return fmt::format("{:.1f} h", s / 3600);
}
}  // namespace

ExperimentOutcome run_experiment(const Plan& plan, const std::atomic<bool>& stop, std::ostream* progress) {
    const std::string& path = plan.spec.output;
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

    ExperimentOutcome outcome;
    outcome.planned = plan.runs.size();
    std::vector<results::RunKey> pending;
    for (const results::RunKey& k : plan.runs) {
        const results::RunKey stored{pmap[static_cast<std::size_t>(k.problem)], omap[static_cast<std::size_t>(k.optimizer)],
                            k.replicate};
        if (done.count(stored)) ++outcome.resumed;
        else pending.push_back(k);
    }

    const auto start = Clock::now();
    auto last_checkpoint = start;
    double checkpoint_every = 60;  // seconds; grows if writing the file gets slow
    auto show = [&](bool final_line) {
        if (!progress) return;
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        const std::size_t n = outcome.completed, total = pending.size();
        const std::string eta = n ? duration(elapsed / static_cast<double>(n) * static_cast<double>(total - n)) : "?";
        *progress << fmt::format("\r  runs {}/{} done, {} elapsed, ETA {}   ", n, total, duration(elapsed), eta)
                  << (final_line ? "\n" : "") << std::flush;
    };

    outcome.errors = execute(plan, pending, plan.spec.threads, stop, [&](results::Trace&& t) {
        journal.append(plan.problems[static_cast<std::size_t>(t.key.problem)].id,
                       plan.optimizers[static_cast<std::size_t>(t.key.optimizer)].bound.id, t);
        outcome.failed_evaluations += t.failures();
        t.key = {pmap[static_cast<std::size_t>(t.key.problem)], omap[static_cast<std::size_t>(t.key.optimizer)],
                 t.key.replicate};
        results.runs.push_back(std::move(t));
        ++outcome.completed;
        show(false);
        if (std::chrono::duration<double>(Clock::now() - last_checkpoint).count() > checkpoint_every) {
            const auto w0 = Clock::now();
            results::write_results(path, results);
            journal.clear();
            last_checkpoint = Clock::now();
            checkpoint_every = std::max(checkpoint_every, 20 * std::chrono::duration<double>(last_checkpoint - w0).count());
        }
    });
    if (!pending.empty()) show(true);
    outcome.interrupted = stop.load();
    results::write_results(path, results);
    journal.remove();
    return outcome;
}

}  // namespace bobench::runners
