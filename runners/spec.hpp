#pragma once
// Experiment specs: an INI file (read with Boost.Program_options) and/or command-line
// flags, reduced to one ExperimentSpec. The [experiment] keys are the settings declared in
// runners/schema.cpp (key, range, flag, help); their defaults are ExperimentSpec's.
//
//   [experiment]                 # every key optional; for example
//   seed = 1                     # master seed: all run seeds derive from it
//   budget = 100                 # evaluations per run
//   replicates = 10              # runs per (problem, optimizer)
//   output = output/bobench.h5
//   threads = 0                  # 0: all cores
//   on_failure = penalty         # NaN/inf objective: tell the optimizer the worst value seen (penalty) or nothing (skip)
//   data_dir = data              # tabular benchmarks' data folder; default: $BOBENCH_DATA, else ./data
//   trace = all                  # which evaluations are stored: all, improvements or targets (results/trace_policy.hpp)
//   trace_points = yes           # store the points (no: values only)
//   restart_on = none            # target and/or revisit: a fresh optimizer takes over within the run (runners/restart.hpp)
//   restart_target = 1e-8        # restart_on = target: f - f* at or below this
//   replicate_instances = 1-5,41-50  # replicate r runs instance r mod n of the list (or year:2015, COCO's bbob)
//   plugins = mine.so, b.so      # plugins to load first (core/plugin.hpp), relative to the working folder
//   [problems]                   # label = identifier
//   levy5 = levy:d=5
//   [optimizers]
//   random = random-search
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "results/store.hpp"
#include "results/trace_policy.hpp"
#include "runners/restart.hpp"
#include "runners/schema.hpp"

namespace bobench::runners {

// Sane bounds, checked before anything is allocated or narrowed: beyond them a value is a
// typo (or an attack), not an experiment.
inline constexpr long max_threads = 1024;
inline constexpr long max_budget = 10'000'000;
inline constexpr long max_replicates = 100'000;
// A spec is a few kB; the bound keeps a wrong path (a device, a huge file) from filling memory.
inline constexpr std::uintmax_t max_spec_bytes = 16u << 20;
inline constexpr long max_runs = 10'000'000;  // problems x optimizers x replicates

struct SpecEntry {
    std::string label;  // the name reports use
    Identifier id;
    std::string line = {};  // "spec 'F': [problems] line 'threads = 2'", for messages; "" from a flag
};

// Whether `name` is a key of the INI's [experiment] section (seed, budget, ...).
bool is_experiment_key(const std::string& name);

// Part `index` of `count` of a plan (bobench run --shard K/N); count 0: the whole plan.
struct Shard {
    int index = 0, count = 0;
    explicit operator bool() const { return count > 0; }
    std::string str() const { return std::to_string(index) + "/" + std::to_string(count); }
};
// "K/N" with 1 <= K <= N; UserError naming the text otherwise.
Shard parse_shard(const std::string& text);
// Where shard K/N of `output` goes: "out/x.h5" -> "out/x.shard-2-of-4.h5".
std::string shard_output(const std::string& output, const Shard& shard);

struct ExperimentSpec {
    // The settings' defaults (runners/schema.cpp reads and writes these members).
    std::uint64_t seed = 1;
    long budget = 100;
    long replicates = 10;
    std::string output = "output/bobench.h5";
    long threads = 0;
    results::FailurePolicy on_failure = results::FailurePolicy::Penalty;
    results::TracePolicy trace = results::TracePolicy::all;  // which evaluations are stored (trace_policy.hpp)
    bool trace_points = true;
    std::string data_dir;  // passed to every problem (ProblemSetup); empty: ./data
    RestartRule restart;   // default: never restart
    // COCO's instances as trials: replicate r runs every problem at instance
    // replicate_instances[r mod n] in place of its own `i` (runners/plan.hpp); empty: its own.
    std::vector<int> replicate_instances;
    // Plugin files whose optimizers and problems the spec may name; the cli loads them.
    std::vector<std::string> plugins;
    std::vector<SpecEntry> problems;
    std::vector<SpecEntry> optimizers;
    // Not part of the INI text, properties of one invocation:
    Shard shard;
    // Seconds into the running phase after which finished runs are journalled (0: from
    // the first); a job killed earlier starts again. See run_experiment.
    double journal_after = 10;
    // When set, journalling starts once this many runs have finished instead, whatever the
    // time: a test hook (`run --journal-after-runs`, not in --help) that makes the moment
    // journalling begins the same on a fast and a slow machine.
    std::optional<std::size_t> journal_after_runs;
    // Runs may join a results file that runs of another bobench build are in (`--across-builds`;
    // the file then lists both builds). Off: refused, since only builds that run the same code
    // for this spec give the same traces.
    bool across_builds = false;
};

// A word of --problem / --optimizer: "LABEL=IDENTIFIER" labels the entry as a line of the
// INI's [problems] / [optimizers] does (h6=hartmann6); an identifier alone is labelled by its
// canonical id. An identifier holds '=' only after its ':' (external:command=x,
// bbob:d=2,f=1), so the word is labelled exactly when what precedes its first '=' has no
// ':' and no ','. UserError naming `option` for an empty label or one with '#' or ';'
// (which the stored spec could not read back).
SpecEntry parse_entry(const std::string& word, const std::string& option);

// Reads a spec file; UserError names the file, the line's key and what is accepted.
// `caller_sections`: sections a layer above reads itself (cli's [reproduction]); their
// entries are skipped here, every other unknown section is still an error.
ExperimentSpec read_spec(const std::string& path, const std::vector<std::string>& caller_sections = {});
// Parses spec text; `origin` names it in messages. [experiment] holds the settings of `schema`.
ExperimentSpec parse_spec(const std::string& text, const std::string& origin,
                          const std::vector<std::string>& caller_sections = {}, Schema schema = experiment_schema());
// A master seed as the seed setting reads it (`bobench eval --seed`).
std::uint64_t parse_seed(const std::string& text, const std::string& where);
// A finite number >= 0 (restart_target, --journal-after); UserError "<where>: '<text>' is
// not <what>; give a finite number >= 0 (e.g. <example>)" otherwise.
double parse_nonnegative(const std::string& text, const std::string& where, const std::string& what,
                         const std::string& example);
// Checks values that do not depend on the registries (every integer setting of `schema` in
// its range, labels unique and UTF-8, plugin paths the stored spec can read back ...).
void check_spec(const ExperimentSpec& spec, Schema schema = experiment_schema());
// "1-5,41-50" (instances and ranges of them) or "year:YYYY" (the instances of COCO's bbob suite
// that year, suite_bbob_get_instances_by_year) as a list; UserError naming `where` otherwise.
std::vector<int> parse_instance_list(const std::string& text, const std::string& where);
// The spec as INI text that parse_spec reads back (stored in every results file).
std::string to_ini(const ExperimentSpec& spec, Schema schema = experiment_schema());

}  // namespace bobench::runners
