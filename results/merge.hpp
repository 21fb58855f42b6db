#pragma once
// Joining the results files of the shards of one plan (bobench run --shard K/N) into the
// file a one-machine run of the whole plan writes. The shards must belong together:
// same bobench build and plugin bytes (unless the caller vouches that the builds run the same
// code), experiment settings (the caller compares them: runners' schema), problem and
// optimizer tables and shard count; no run may be in two of them.
// Shards of several optimizer selections of one experiment (`--methods A,B` split 30 ways,
// `--methods C` split 10 ways) join too, as long as no optimizer is in two selections: a run's
// seeds follow from its problem, optimizer and replicate, not from the selection, so the
// merged file is the one a run of every selected optimizer writes. Its optimizer table is the
// selections' tables one after the other, in the order their first shards are given. (A file
// written without --shard joins as shard "1/1 of R", R its plan's runs: cli/cmd_merge.cpp.)
#include <functional>
#include <string>
#include <vector>

#include "results/store.hpp"

namespace bobench::results {

struct ShardFile {
    std::string path;
    Results results;
};

// What a file's `shard` attribute says: part `index` of `count` of a `runs`-run plan.
struct ShardLabel {
    int index = 0, count = 0;
    long long runs = 0;
};
// UserError naming `path` when `label` is not "K/N of R".
ShardLabel parse_shard_label(const std::string& label, const std::string& path);

struct Merged {
    Results results;                 // every run of every shard, in key order
    std::vector<RunKey> missing;     // runs of the plan that no shard holds
    // Shard numbers not given ("2"); with several selections "K/N of R", naming the split.
    std::vector<std::string> absent_shards;
};

// UserError naming the files at fault when the shards do not belong together or overlap.
// `across_builds` accepts shards of different bobench builds: for a plan that runs for
// days, a later commit that leaves the code of its optimizers and problems alone gives the
// same traces, so its shards belong with the earlier ones (the merged file's version and
// revision attributes list every build, its plugins attribute every plugin file and hash).
// `settings_difference` says how two shards' experiment settings differ ("seed 1 vs 2"), ""
// when they match.
using SettingsDifference = std::function<std::string(const ShardFile&, const ShardFile&)>;
Merged merge_shards(std::vector<ShardFile> shards, const SettingsDifference& settings_difference,
                    bool across_builds = false);

// A file's bobench_version and git_revision attributes list every build that wrote its runs,
// ", "-separated. `list` with the builds of `more` added, each once, in order of appearance.
std::string join_builds(const std::string& list, const std::string& more);
// Whether `list` names `build`.
bool lists_build(const std::string& list, const std::string& build);

// A file's plugins attribute (provenance.plugins: a JSON list of {file, fnv1a64}, "" for none)
// lists every plugin file that ran its runs, with a hash of its bytes. A plugin is code like
// a build: the same bytes at another path are the same plugin, other bytes are another build.
// `list` with the entries of `more` added, each once, in order of appearance.
std::string join_plugins(const std::string& list, const std::string& more);
// Whether `a` and `b` list the same plugin bytes, wherever their files lay.
bool same_plugin_bytes(const std::string& a, const std::string& b);
// The first plugin file of `more` that `list` holds with other bytes only (rebuilt since), or "".
std::string rebuilt_plugin(const std::string& list, const std::string& more);
// "FILE (fnv1a64 HASH), ..." or "none".
std::string describe_plugins(const std::string& plugins);

}  // namespace bobench::results
