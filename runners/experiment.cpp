#include "runners/experiment.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include <omp.h>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "hdf5/hdf5.hpp"
#include "results/journal.hpp"
#include "results/lock.hpp"
#include "results/merge.hpp"
#include "results/spill.hpp"
#include "results/store.hpp"

namespace bobench::runners {

namespace {

// What a journal belongs to: every setting a resumed run must match (the schema's must_match),
// and the build, since the file its runs are recovered into names the build that ran them.
std::uint64_t experiment_hash(const ExperimentSpec& spec) {
    std::uint64_t h = 0x6b6f6a6f;
    for (const Setting& s : experiment_schema())
        if (s.must_match) h = derive_seed(h, hash_string(std::string(s.key) + " = " + s.compared_text(spec)));
    return derive_seed(h, hash_string(git_revision));
}

// Refuses to add runs to a file whose stored spec differs from ours in a setting that must
// match (the schema's must_match: seed, budget, ...), naming the first that differs.
void check_settings_match(const ExperimentSpec& ours, const ExperimentSpec& stored, const std::string& path) {
    const Setting* s = first_mismatch(stored, ours);
    if (!s) return;
    const std::string key(s->key);
    throw UserError("output '" + path + "' holds an experiment with " + key + " = " + s->compared_text(stored) +
                    ", this one has " + key + " = " + s->compared_text(ours) +
                    "; runs can only be added to an experiment with the same " + must_match_keys() +
                    " (choose another --output)");
}

ExperimentSpec stored_spec(const results::Results& r, const std::string& path) {
    return parse_spec(r.spec, "the spec stored in '" + path + "'");
}

// Loads the existing results file, or starts an empty one; checks it may be extended and
// that the output can be written, before any run.
results::Results load_or_start(const Plan& plan, const results::Provenance& provenance) {
    const ExperimentSpec& spec = plan.spec;
    const std::string& path = spec.output;
    results::check_output(path);
    results::Results r;
    if (std::filesystem::exists(path)) {
        if (!h5::is_hdf5(path))
            throw UserError("output '" + path + "' exists and is not a bobench results file; refusing to touch it "
                            "(choose another --output)");
        r = results::read_results(path);  // refuses another program's HDF5 file, and a damaged one, by name
        check_settings_match(spec, stored_spec(r, path), path);
        const std::string ours = shard_label(plan);
        if (r.shard != ours)
            throw UserError("output '" + path + "' holds " + (r.shard.empty() ? "a whole experiment" : "shard " + r.shard + " runs") +
                            ", this run is " + (ours.empty() ? "the whole experiment" : "shard " + ours + " runs") +
                            " (choose another --output, or `bobench merge` the shards)");
    }
    results::remove_stale_temporaries(path);
    // an existing file keeps the builds and plugins that ran its runs (add_this_build)
    const std::string plugins = r.runs.empty() ? provenance.plugins : r.provenance.plugins;
    if (r.runs.empty()) {
        r.bobench_version = version;
        r.git_revision = git_revision;
    }
    r.provenance = provenance;
    r.provenance.plugins = plugins;
    r.spec = to_ini(spec);
    r.seed = spec.seed;
    r.budget = spec.budget;
    r.on_failure = spec.on_failure;
    r.trace = spec.trace;
    r.trace_points = spec.trace_points;
    r.shard = shard_label(plan);
    return r;
}

// This build and its plugins join those the file lists, before it adds runs. A file with runs
// of other builds, or of another build of a plugin loaded now, takes them only with --across-builds.
void add_this_build(results::Results& r, const ExperimentSpec& spec, const std::string& plugins) {
    const std::string rebuilt = results::rebuilt_plugin(r.provenance.plugins, plugins);
    if (results::lists_build(r.bobench_version, version) && results::lists_build(r.git_revision, git_revision) &&
        rebuilt.empty()) {
        r.provenance.plugins = results::join_plugins(r.provenance.plugins, plugins);  // a plugin new to the file
        return;
    }
    const std::string why = rebuilt.empty()
                                ? "holds runs of bobench " + r.bobench_version + " (" + r.git_revision +
                                      "), this is bobench " + version + " (" + git_revision + ")"
                                : "holds runs of plugins " + results::describe_plugins(r.provenance.plugins) +
                                      ", this run loads " + results::describe_plugins(plugins);
    if (!spec.across_builds)
        throw UserError("output '" + spec.output + "' " + why +
                        "; add runs of another build with --across-builds only where both builds give the same "
                        "traces for this spec (compare a few runs first), or choose another --output");
    r.bobench_version = results::join_builds(r.bobench_version, version);
    r.git_revision = results::join_builds(r.git_revision, git_revision);
    r.provenance.plugins = results::join_plugins(r.provenance.plugins, plugins);
}

// Adds the plan's problems and optimizers to the file's tables (matched by canonical id)
// and returns where each plan entry sits in them.
template <class Info, class Entry, class IdOf>
std::vector<int> merge_table(std::vector<Info>& table, const std::vector<Entry>& entries, IdOf id_of,
                             const std::function<Info(const Entry&)>& describe_entry, const char* kind) {
    std::map<std::string, int> by_id;
    for (std::size_t k = 0; k < table.size(); ++k) by_id.emplace(table[k].id, static_cast<int>(k));
    std::vector<int> index;
    for (const Entry& e : entries) {
        const auto [it, added] = by_id.emplace(id_of(e), static_cast<int>(table.size()));
        if (added) table.push_back(describe_entry(e));
        table[static_cast<std::size_t>(it->second)].label = e.label;
        index.push_back(it->second);
    }
    std::map<std::string, const Info*> by_label;
    for (const Info& info : table)
        if (const auto [it, added] = by_label.emplace(info.label, &info); !added)
            throw UserError(std::string("label '") + info.label + "' would name two " + kind + "s in the " +
                            "results file: '" + it->second->id + "' and '" + info.id + "'; rename one");
    return index;
}

// A journal record that passed its checksum but cannot be a run of this experiment (a
// bug or a hand-edited journal) is refused rather than merged.
void check_record(const results::Trace& t, const results::ProblemInfo& problem, const ExperimentSpec& spec,
                  const std::string& journal) {
    std::string why;
    const std::size_t rows = t.rows(), dimension = spec.trace_points ? problem.dimension() : 0;
    const bool every_row = spec.trace == results::TracePolicy::all;
    if (t.key.replicate < 0 || t.key.replicate >= max_replicates)
        why = "replicate " + std::to_string(t.key.replicate) + " is out of range";
    else if (t.size() != static_cast<std::size_t>(spec.budget))
        why = std::to_string(t.size()) + " evaluations, the budget is " + std::to_string(spec.budget);
    else if (t.x.size() != rows * dimension || t.true_value.size() != rows || t.cost.size() != rows ||
             t.test_value.size() != rows || t.failed.size() != rows || (!t.fidelity.empty() && t.fidelity.size() != rows) ||
             (!every_row && t.evaluation_index.size() != rows) || (every_row && !t.keeps_every_evaluation()))
        why = "columns of different lengths";
    else if (!every_row && !t.rows_in_order())
        why = "rows that are not evaluations in order";
    else if (std::any_of(t.failed.begin(), t.failed.end(), [](std::uint8_t f) { return f > 1; }))
        why = "failure flags other than 0 and 1";
    if (!why.empty())
        throw UserError("journal '" + journal + "' is damaged: a record of problem '" + problem.id + "' has " + why +
                        "; move the journal away and run again");
}

// The plan's runs whose stored key is not `done`; counts the done ones in `outcome` (resumed,
// and of those recovered: the last `recovered` runs of `results`, which came from the journal).
template <class StoredKey>
std::vector<results::RunKey> runs_to_do(const Plan& plan, const results::Results& results, std::size_t recovered,
                                        const std::set<results::RunKey>& done, StoredKey stored_key,
                                        ExperimentOutcome& outcome) {
    std::set<results::RunKey> from_journal;
    for (std::size_t i = results.runs.size() - recovered; i < results.runs.size(); ++i)
        from_journal.insert(results.runs[i].key);
    std::vector<results::RunKey> pending;
    for (const results::RunKey& k : plan.runs) {
        if (!done.count(stored_key(k))) {
            pending.push_back(k);
            continue;
        }
        ++outcome.resumed;
        if (from_journal.count(stored_key(k))) ++outcome.recovered;
    }
    return pending;
}

// A plan key (indices of plan.problems / plan.optimizers, as the executor runs it) as the
// results file's key: the one translation, used for resuming and for storing.
struct StoredKey {
    std::vector<int> problem, optimizer;  // plan index -> index in the results file's tables
    results::RunKey operator()(const results::RunKey& k) const {
        return {problem[static_cast<std::size_t>(k.problem)], optimizer[static_cast<std::size_t>(k.optimizer)],
                k.replicate};
    }
};

// The plan's problems and optimizers found in (or added to) the results file's tables.
StoredKey merge_tables(results::Results& results, const Plan& plan) {
    StoredKey key;
    key.problem = merge_table<results::ProblemInfo, PlannedProblem>(
        results.problems, plan.problems, [](const PlannedProblem& p) -> const std::string& { return p.id; },
        [](const PlannedProblem& p) { return describe(p); }, "problem");
    key.optimizer = merge_table<results::OptimizerInfo, PlannedOptimizer>(
        results.optimizers, plan.optimizers, [](const PlannedOptimizer& o) -> const std::string& { return o.bound.id; },
        [](const PlannedOptimizer& o) { return results::OptimizerInfo{o.label, o.bound.id}; }, "optimizer");
    // a file written before problems had fidelities learns them (its runs read as full fidelity)
    for (std::size_t i = 0; i < plan.problems.size(); ++i)
        results.problems[static_cast<std::size_t>(key.problem[i])].fidelity = plan.problems[i].problem->fidelity();
    return key;
}

// The results file's finished runs of the plan's problems and optimizers, timed (every
// replicate, in the plan or not: each is a sample of how long such a run takes).
RunTimes finished_times(const Plan& plan, const results::Results& results, const StoredKey& stored_key) {
    std::vector<int> problem(results.problems.size(), -1), optimizer(results.optimizers.size(), -1);
    for (std::size_t i = 0; i < stored_key.problem.size(); ++i)
        problem[static_cast<std::size_t>(stored_key.problem[i])] = static_cast<int>(i);
    for (std::size_t i = 0; i < stored_key.optimizer.size(); ++i)
        optimizer[static_cast<std::size_t>(stored_key.optimizer[i])] = static_cast<int>(i);
    RunTimes times(plan.optimizers.size());
    for (const results::Trace& t : results.runs) {
        const int p = problem[static_cast<std::size_t>(t.key.problem)];
        const int o = optimizer[static_cast<std::size_t>(t.key.optimizer)];
        if (p >= 0 && o >= 0) times.add(o, expected_cost(plan, {p, o, t.key.replicate}), t.seconds);
    }
    return times;
}

Workload workload(const Plan& plan, const std::vector<results::RunKey>& runs) {
    Workload w(plan.optimizers.size());
    for (const results::RunKey& k : runs) w.add(k.optimizer, expected_cost(plan, k));
    return w;
}

// "plan: 12 runs (2 problems x 2 optimizers x 3 replicates), 4 already in 'out.h5'; 8 to run
// on 2 threads", and what the 8 will take ("cost: ..."): told before the long part, so that a
// plan too large for the time at hand is seen at once.
std::string plan_text(const Plan& plan, const ExperimentOutcome& outcome, const RunTimes& times, const Workload& todo,
                      int workers, const ProgressOptions& options) {
    const int ranks = options.ranks;
    const ExperimentSpec& spec = plan.spec;
    const std::size_t pending = todo.total_runs();
    std::string text = "plan: " + count_noun(outcome.planned, "run");
    if (spec.shard) text += fmt::format(", shard {} of {}", spec.shard.str(), count_noun(plan.whole_plan_runs, "run"));
    text += fmt::format(" ({} x {} x {})", count_noun(plan.problems.size(), "problem"),
                        count_noun(plan.optimizers.size(), "optimizer"),
                        count_noun(static_cast<std::size_t>(spec.replicates), "replicate"));
    if (outcome.resumed > 0)
        text += fmt::format(", {} already in '{}'", outcome.resumed, spec.output);  // the journal's too, by now
    if (pending == 0) return text + "; nothing to run\n";
    const std::size_t threads = std::min(pending, static_cast<std::size_t>(std::max(workers, 1)));
    const std::string on = count_noun(threads, "thread") + (ranks > 1 ? fmt::format(" ({} MPI ranks)", ranks) : "");
    text += fmt::format("; {} to run on {}\n", pending, on);
    const Estimate cost = estimate(times, todo, workers);
    if (!cost.known)
        return text + "cost: estimated once the first runs finish" +
               (options.cost_note.empty() ? "" : " (" + options.cost_note + ")") + "\n";
    text += fmt::format("cost: about {} in all, {} on {} (from the times of {})", Progress::duration(cost.run_seconds),
                        Progress::duration(cost.wall_seconds), on, count_noun(times.runs(), "finished run"));
    std::vector<std::string> guessed;
    for (const int o : cost.guessed) guessed.push_back("'" + plan.optimizers[static_cast<std::size_t>(o)].label + "'");
    if (!guessed.empty())
        text += fmt::format("; {} {} none yet: guessed at the others' rate", join(guessed, ", "),
                            guessed.size() == 1 ? "has" : "have");
    return text + "\n";
}

// The output's folder, made first: the lock file goes beside the output.
void make_output_folder(const std::string& path) {
    const auto dir = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    if (ec) throw UserError("cannot create the folder of output '" + path + "': " + ec.message());
}

// The journal's runs that the results file lacks, each checked, added to `results` and to
// `done`; returns how many.
std::size_t recover_journal(const results::Journal& journal, const std::string& journal_path, const Plan& plan,
                            results::Results& results, std::set<results::RunKey>& done) {
    std::size_t recovered = 0;
    for (const results::JournalRecord& rec : journal.recovered()) {
        const int p = results.find_problem(rec.problem_id), o = results.find_optimizer(rec.optimizer_id);
        if (p < 0 || o < 0)  // never drop finished work silently
            throw UserError("journal '" + journal_path + "' holds runs of " +
                            (p < 0 ? "problem '" + rec.problem_id : "optimizer '" + rec.optimizer_id) +
                            "', which this spec does not have; run the spec that wrote it to recover them, "
                            "or delete the journal");
        results::Trace t = rec.trace;
        t.key = {p, o, rec.trace.key.replicate};
        check_record(t, results.problems[static_cast<std::size_t>(p)], plan.spec, journal_path);
        if (done.insert(t.key).second) {
            results.runs.push_back(std::move(t));
            ++recovered;
        }
    }
    return recovered;
}

// What becomes of each finished run while the runs go on: into `results`, the journal and,
// now and then, a checkpoint of the results file.
//
// The journal starts journal_after seconds into the running phase. A job that ends sooner
// never writes it: for cheap runs it is as large as the results file, written and deleted
// again, which costs more than running them. A job killed before then loses at most that
// much work (its runs are run again on resume); a job that is stopped by a signal or fails
// keeps them in the results file as before. The runs that finished before journalling
// began are journalled by the first commit after.
class Committer {
public:
    Committer(const Plan& plan, results::Results& results, results::Journal& journal, results::Spill& spill,
              const StoredKey& stored_key, Progress& progress, ExperimentOutcome& outcome)
        : plan_(plan), results_(results), journal_(journal), spill_(spill), stored_key_(stored_key),
          progress_(progress), outcome_(outcome) {}

    Sink sink() {
        return Sink{[this](const results::Trace& t) { return save_trace(t); },
                    [this](std::string_view record) { return save_record(record); },
                    [this](results::Trace& t) { spill_.park(stored_key_(t.key), t); },
                    [this](results::Trace&& t, bool journalled) { commit(std::move(t), journalled); }};
    }

    // The runs committed before journalling began, journalled now.
    void journal_unjournalled() {
        std::size_t done = 0;
        try {
            for (const std::size_t i : unjournalled_) {
                const results::Trace t = spill_.restore(results_.runs[i]);
                journal_.append(results_.problems[static_cast<std::size_t>(t.key.problem)].id,
                                results_.optimizers[static_cast<std::size_t>(t.key.optimizer)].id, t);
                ++done;
            }
        } catch (...) {  // those journalled before the disk filled are saved: only the rest is lost
            unjournalled_.erase(unjournalled_.begin(), unjournalled_.begin() + static_cast<std::ptrdiff_t>(done));
            throw;
        }
        unjournalled_.clear();
    }
    std::size_t unjournalled() const { return unjournalled_.size(); }

private:
    using Clock = std::chrono::steady_clock;

    bool journalling() const {
        if (plan_.spec.journal_after_runs) return finished_.load() >= *plan_.spec.journal_after_runs;
        return std::chrono::duration<double>(Clock::now() - running_start_).count() >= plan_.spec.journal_after;
    }

    bool save_trace(const results::Trace& t) {
        if (!journalling()) return false;
        thread_local std::string record;  // reused: a run's record is as large as its trace
        results::Journal::encode(plan_.problems[static_cast<std::size_t>(t.key.problem)].id,
                                 plan_.optimizers[static_cast<std::size_t>(t.key.optimizer)].bound.id, t, record);
        journal_.append_record(record);
        return true;
    }

    bool save_record(std::string_view record) {
        if (!journalling()) return false;
        journal_.append_record(record);
        return true;
    }

    // `t` is parked (its columns in the spill file): the stub of the run
    void commit(results::Trace&& t, bool journalled) {
        outcome_.failed_evaluations += spill_.find(stored_key_(t.key)).value().failures;
        const results::RunKey key = t.key;  // the plan's, before it becomes the file's
        const double seconds = t.seconds;
        t.key = stored_key_(t.key);
        results_.runs.push_back(std::move(t));
        if (!journalled) unjournalled_.push_back(results_.runs.size() - 1);
        ++outcome_.completed;
        progress_.finished(key.optimizer, expected_cost(plan_, key), seconds);
        progress_.update(outcome_.completed);
        const auto now = Clock::now();
        // a checkpoint is written by the committing thread under the commit lock (its CPU
        // time counts in the commit's; inside the workers' parallel region, alone)
        if (std::chrono::duration<double>(now - last_checkpoint_).count() > checkpoint_every_) {
            results::write_results(plan_.spec.output, results_, static_cast<int>(plan_.spec.threads), nullptr, &spill_);
            journal_.clear();
            unjournalled_.clear();
            last_checkpoint_ = Clock::now();
            checkpoint_every_ =
                std::max(checkpoint_every_, 20 * std::chrono::duration<double>(last_checkpoint_ - now).count());
        } else if (!unjournalled_.empty() && journalling()) {
            journal_unjournalled();
        }
        // counted last, so that with journal_after_runs = N the (N+1)-th run is the first
        // journalled and its commit brings the N before it (as when the time passes while a
        // run is running)
        ++finished_;
    }

    const Plan& plan_;
    results::Results& results_;
    results::Journal& journal_;
    results::Spill& spill_;
    const StoredKey& stored_key_;
    Progress& progress_;
    ExperimentOutcome& outcome_;
    const Clock::time_point running_start_ = Clock::now();
    Clock::time_point last_checkpoint_ = Clock::now();
    double checkpoint_every_ = 60;            // seconds; grows if writing the file gets slow
    std::atomic<std::size_t> finished_{0};    // runs committed in this phase (read by the workers' save)
    std::vector<std::size_t> unjournalled_;  // in results.runs
};

}  // namespace

std::string settings_difference(const results::ShardFile& a, const results::ShardFile& b) {
    const ExperimentSpec first = stored_spec(a.results, a.path), second = stored_spec(b.results, b.path);
    const Setting* s = first_mismatch(first, second);
    return s ? std::string(s->key) + " " + s->compared_text(first) + " vs " + s->compared_text(second) : "";
}

std::string shard_label(const Plan& plan) {
    return plan.spec.shard ? plan.spec.shard.str() + " of " + std::to_string(plan.whole_plan_runs) : "";
}

ExperimentOutcome run_experiment(const Plan& plan, const std::atomic<bool>& stop, const ProgressOptions& progress_options,
                                 const results::Provenance& provenance, const Executor& executor) {
    const std::string& path = plan.spec.output;
    results::check_output(path);  // before the folder is made: `--output newdir/` must leave nothing behind
    make_output_folder(path);
    const results::OutputLock lock(path);
    ExperimentOutcome outcome;
    using Clock = std::chrono::steady_clock;
    const auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    auto phase_start = Clock::now();
    double load_start = thread_cpu_seconds();
    const int threads = static_cast<int>(plan.spec.threads);
    results::WriteCost write_cost;  // of the writes outside runs: the recovered runs', the final one
    results::Results results = load_or_start(plan, provenance);
    const StoredKey stored_key = merge_tables(results, plan);

    std::set<results::RunKey> done;
    for (const results::Trace& t : results.runs) done.insert(t.key);
    if (std::any_of(plan.runs.begin(), plan.runs.end(), [&](const results::RunKey& k) { return !done.count(stored_key(k)); }))
        add_this_build(results, plan.spec, provenance.plugins);  // before the journal: a refusal leaves nothing behind
    const std::string journal_path = results::resolved_output(path) + ".journal";  // one per file, as its lock
    results::Journal journal(journal_path, experiment_hash(plan.spec), must_match_keys());
    const std::size_t recovered = recover_journal(journal, journal_path, plan, results, done);
    if (recovered > 0) {
        const double before = thread_cpu_seconds();
        results::write_results(path, results, threads, &write_cost);
        load_start += thread_cpu_seconds() - before;  // counted in write_cost
        journal.clear();
    }

    outcome.planned = plan.runs.size();
    outcome.journal_damaged_bytes = journal.damaged_bytes();
    std::vector<results::RunKey> pending = runs_to_do(plan, results, recovered, done, stored_key, outcome);
    pending = longest_first(plan, std::move(pending));
    results.runs.reserve(results.runs.size() + pending.size());
    outcome.store_cpu += thread_cpu_seconds() - load_start;
    outcome.wall.load = seconds_since(phase_start);

    const int workers = progress_options.ranks * (threads > 0 ? threads : omp_get_max_threads());
    RunTimes times = finished_times(plan, results, stored_key);
    Workload todo = workload(plan, pending);
    if (progress_options.out)
        *progress_options.out << plan_text(plan, outcome, times, todo, workers, progress_options) << std::flush;
    Progress progress(progress_options.out, progress_options.style, std::move(times), std::move(todo), workers,
                      progress_options.pace);
    // the finished runs' columns wait on disk: memory bounded by the runs in flight
    results::Spill spill(path);
    Committer committer(plan, results, journal, spill, stored_key, progress, outcome);
    const Sink sink = committer.sink();  // the workers keep a reference to it
    try {
        phase_start = Clock::now();
        outcome.errors = executor ? executor(plan, pending, stop, sink, &outcome.stats)
                                  : execute(plan, pending, threads, stop, sink, &outcome.stats);
        outcome.wall.runs = seconds_since(phase_start);
        if (!pending.empty()) progress.finish(outcome.completed);
        outcome.interrupted = stop.load();
        phase_start = Clock::now();
        results::write_results(path, results, threads, &write_cost, &spill);
        outcome.wall.write = seconds_since(phase_start);
    } catch (const std::exception& e) {  // the journal or the results file could not be written
        if (progress_options.out) *progress_options.out << "\n";
        std::string except;
        try {  // the workers have stopped: nothing else commits now
            committer.journal_unjournalled();
        } catch (const std::exception& j) {
            except = fmt::format(", except {} that finished in the first {} s, which could not be journalled either ({})",
                                 committer.unjournalled(), plan.spec.journal_after, j.what());
        }
        throw std::runtime_error(std::string(e.what()) + "; the finished runs are saved (results file and journal)" +
                                 except + ": free space and run the same command again to resume");
    }
    outcome.journal_write_cpu = journal.write_cpu();
    const double removing = thread_cpu_seconds();
    phase_start = Clock::now();
    journal.remove();
    outcome.wall.remove = seconds_since(phase_start);
    outcome.store_cpu += thread_cpu_seconds() - removing + write_cost.serial;
    outcome.store_parallel_cpu = write_cost.parallel;
    outcome.wall.write_sync = write_cost.sync_wall;
    return outcome;
}

}  // namespace bobench::runners
