#include "results/merge.hpp"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace bobench::results {

ShardLabel parse_shard_label(const std::string& label, const std::string& path) {
    ShardLabel s;
    char tail = 0;
    if (label.empty() || std::sscanf(label.c_str(), "%d/%d of %lld%c", &s.index, &s.count, &s.runs, &tail) != 3 ||
        s.count < 1 || s.index < 1 || s.index > s.count || s.runs < 0)
        throw UserError("'" + path + "' is not the file of a shard (" +
                        (label.empty() ? std::string("it was written without --shard") : "shard = '" + label + "'") +
                        "); merge takes the files of `bobench run --shard K/N`");
    return s;
}

namespace {
std::string describe(const Results& r, const RunKey& k) {
    return "problem '" + r.problems[static_cast<std::size_t>(k.problem)].label + "', optimizer '" +
           r.optimizers[static_cast<std::size_t>(k.optimizer)].label + "', replicate " + std::to_string(k.replicate);
}

std::string build_of(const Results& r) { return r.bobench_version + " (" + r.git_revision + ")"; }

// The entries of a ", "-separated list.
std::vector<std::string> split_list(const std::string& list) {
    std::vector<std::string> items;
    for (std::size_t start = 0; start <= list.size();) {
        const std::size_t end = std::min(list.find(", ", start), list.size());
        if (end > start) items.push_back(list.substr(start, end - start));
        start = end + 2;
    }
    return items;
}

// The first way in which `b` is from another experiment than `a`, or "" (the optimizer
// tables may differ: shards of several optimizer selections join).
std::string difference(const ShardFile& first, const ShardFile& shard, bool across_builds,
                       const SettingsDifference& settings_difference) {
    const Results &a = first.results, &b = shard.results;
    auto differs = [](const std::string& what, const std::string& x, const std::string& y) {
        return x == y ? std::string() : what + " " + x + " vs " + y;
    };
    for (const std::string& d :
         {across_builds ? std::string() : differs("bobench version", build_of(a), build_of(b)),
          across_builds || same_plugin_bytes(a.provenance.plugins, b.provenance.plugins)
              ? std::string()
              : "plugins " + describe_plugins(a.provenance.plugins) + " vs " + describe_plugins(b.provenance.plugins),
          settings_difference(first, shard),
          differs("number of problems", std::to_string(a.problems.size()), std::to_string(b.problems.size()))})
        if (!d.empty()) return d;
    for (std::size_t i = 0; i < a.problems.size(); ++i)
        if (a.problems[i].id != b.problems[i].id || a.problems[i].label != b.problems[i].label)
            return "problem " + std::to_string(i + 1) + " '" + a.problems[i].label + "' = " + a.problems[i].id +
                   " vs '" + b.problems[i].label + "' = " + b.problems[i].id;
    return "";
}

// The shards of one `--shard K/N` split: one optimizer selection of the experiment. Its
// optimizers sit at `offset` onwards in the merged file's table.
struct Split {
    std::size_t first;  // index of its first shard file
    ShardLabel plan;
    std::vector<std::string> holder;  // file of each shard number
    int offset = 0, optimizers = 0;
};

// Which split each shard belongs to; UserError when shards do not belong together.
std::vector<Split> splits_of(const std::vector<ShardFile>& shards, std::vector<std::size_t>& split_of,
                             const SettingsDifference& settings_difference, bool across_builds) {
    std::vector<Split> splits;
    split_of.assign(shards.size(), 0);
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const ShardFile& s = shards[i];
        const ShardLabel l = parse_shard_label(s.results.shard, s.path);
        std::size_t g = 0;
        while (g < splits.size() && shards[splits[g].first].results.optimizers != s.results.optimizers) ++g;
        const ShardFile& first = shards[g < splits.size() ? splits[g].first : 0];
        if (g < splits.size() && (l.count != splits[g].plan.count || l.runs != splits[g].plan.runs))
            throw UserError("'" + s.path + "' is shard " + s.results.shard + ", '" + first.path + "' is shard " +
                            first.results.shard + ": they are parts of different splits of the plan");
        if (const std::string d = difference(first, s, across_builds, settings_difference); !d.empty())
            throw UserError("'" + s.path + "' comes from another experiment than '" + first.path + "' (" + d +
                            "); merge only the shards of one spec, run by one bobench build" +
                            (build_of(first.results) != build_of(s.results)
                                 ? " (--across-builds joins builds that run the same code for this spec)"
                                 : ""));
        if (g == splits.size()) {  // another optimizer selection: none of its optimizers may be in an earlier one
            for (const Split& other : splits)
                for (const OptimizerInfo& o : shards[other.first].results.optimizers)
                    for (const OptimizerInfo& mine : s.results.optimizers)
                        if (o.label == mine.label)
                            throw UserError("'" + shards[other.first].path + "' and '" + s.path +
                                            "' are shards of two optimizer selections that both run '" + o.label +
                                            "'; merge the shards of one selection, or of selections with no "
                                            "optimizer in common");
            const int offset = splits.empty() ? 0 : splits.back().offset + splits.back().optimizers;
            splits.push_back({i, l, std::vector<std::string>(static_cast<std::size_t>(l.count) + 1), offset,
                              static_cast<int>(s.results.optimizers.size())});
        }
        std::string& h = splits[g].holder[static_cast<std::size_t>(l.index)];
        if (!h.empty())
            throw UserError("'" + h + "' and '" + s.path + "' overlap: both are shard " + std::to_string(l.index) + "/" +
                            std::to_string(l.count));
        h = s.path;
        split_of[i] = g;
    }
    return splits;
}
}  // namespace

Merged merge_shards(std::vector<ShardFile> shards, const SettingsDifference& settings_difference, bool across_builds) {
    if (shards.empty()) throw UserError("no shard files given");
    std::vector<std::size_t> split_of;
    const std::vector<Split> splits = splits_of(shards, split_of, settings_difference, across_builds);

    Merged m;
    Results& out = m.results;
    std::vector<OptimizerInfo> optimizers;  // every split's, in the order the splits came
    for (const Split& g : splits)
        for (const OptimizerInfo& o : shards[g.first].results.optimizers) optimizers.push_back(o);
    out = std::move(shards.front().results);
    out.optimizers = std::move(optimizers);
    for (std::size_t i = 1; i < shards.size(); ++i) {  // every build that ran a part, so the file says so
        out.bobench_version = join_builds(out.bobench_version, shards[i].results.bobench_version);
        out.git_revision = join_builds(out.git_revision, shards[i].results.git_revision);
        out.provenance.plugins = join_plugins(out.provenance.plugins, shards[i].results.provenance.plugins);
    }
    out.shard.clear();
    std::size_t total = out.runs.size();
    for (std::size_t i = 1; i < shards.size(); ++i) total += shards[i].results.runs.size();
    out.runs.reserve(total);
    std::vector<std::size_t> origin(out.runs.size(), 0);  // which shard each run came from
    for (std::size_t i = 1; i < shards.size(); ++i) {
        for (Trace& t : shards[i].results.runs) {
            t.key.optimizer += splits[split_of[i]].offset;
            out.runs.push_back(std::move(t));
        }
        origin.resize(out.runs.size(), i);
        shards[i].results.runs.clear();
    }
    std::vector<std::size_t> order(out.runs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return out.runs[a].key < out.runs[b].key; });
    for (std::size_t i = 1; i < order.size(); ++i)
        if (out.runs[order[i]].key == out.runs[order[i - 1]].key)
            throw UserError("'" + shards[origin[order[i - 1]]].path + "' and '" + shards[origin[order[i]]].path +
                            "' overlap: both hold " + describe(out, out.runs[order[i]].key));
    out.sort_runs();

    // each split's plan is every (problem, optimizer, replicate) of its tables
    std::vector<long long> replicates(out.optimizers.size());  // of each optimizer, by its split's plan
    for (const Split& g : splits) {
        const long long cells = static_cast<long long>(out.problems.size()) * g.optimizers;
        const long long r = cells > 0 ? g.plan.runs / cells : 0;
        if (cells * r != g.plan.runs)
            throw UserError("'" + shards[g.first].path + "' says the plan has " + std::to_string(g.plan.runs) +
                            " runs, which is not a multiple of its " + std::to_string(cells) +
                            " problem x optimizer pairs; it is damaged");
        for (int o = 0; o < g.optimizers; ++o) replicates[static_cast<std::size_t>(g.offset + o)] = r;
    }
    std::size_t next = 0;
    for (int p = 0; p < static_cast<int>(out.problems.size()); ++p)
        for (int o = 0; o < static_cast<int>(out.optimizers.size()); ++o)
            for (int r = 0; r < replicates[static_cast<std::size_t>(o)]; ++r) {
                const RunKey k{p, o, r};
                if (next < out.runs.size() && out.runs[next].key == k) ++next;
                else m.missing.push_back(k);
            }
    if (next != out.runs.size())
        throw UserError("the shards hold runs outside their plan (e.g. " + describe(out, out.runs[next].key) +
                        "): a shard file was extended by another run; merge the files of one `--shard` split only");
    for (const Split& g : splits)
        for (int k = 1; k <= g.plan.count; ++k)
            if (g.holder[static_cast<std::size_t>(k)].empty())
                m.absent_shards.push_back(splits.size() == 1 ? std::to_string(k)
                                                             : std::to_string(k) + "/" + std::to_string(g.plan.count) +
                                                                   " of " + std::to_string(g.plan.runs));
    return m;
}

std::string join_builds(const std::string& list, const std::string& more) {
    std::vector<std::string> items = split_list(list);
    for (const std::string& b : split_list(more))
        if (std::find(items.begin(), items.end(), b) == items.end()) items.push_back(b);
    std::string joined;
    for (const std::string& b : items) joined += (joined.empty() ? "" : ", ") + b;
    return joined;
}

bool lists_build(const std::string& list, const std::string& build) {
    const std::vector<std::string> items = split_list(list);
    return std::find(items.begin(), items.end(), build) != items.end();
}

namespace {
// The entries of a plugins attribute; read_results has checked its form.
nlohmann::ordered_json plugin_list(const std::string& plugins) {
    return plugins.empty() ? nlohmann::ordered_json::array() : nlohmann::ordered_json::parse(plugins);
}
}  // namespace

std::string join_plugins(const std::string& list, const std::string& more) {
    nlohmann::ordered_json joined = plugin_list(list);
    for (const auto& p : plugin_list(more))
        if (std::find(joined.begin(), joined.end(), p) == joined.end()) joined.push_back(p);
    return joined.empty() ? std::string() : joined.dump();
}

bool same_plugin_bytes(const std::string& a, const std::string& b) {
    std::set<std::string> hashes_a, hashes_b;
    for (const auto& p : plugin_list(a)) hashes_a.insert(p["fnv1a64"].get<std::string>());
    for (const auto& p : plugin_list(b)) hashes_b.insert(p["fnv1a64"].get<std::string>());
    return hashes_a == hashes_b;
}

std::string rebuilt_plugin(const std::string& list, const std::string& more) {
    const nlohmann::ordered_json earlier = plugin_list(list);
    for (const auto& p : plugin_list(more)) {
        const auto same_file = [&](const auto& e) { return e["file"] == p["file"]; };
        const auto same_bytes = [&](const auto& e) { return e["fnv1a64"] == p["fnv1a64"]; };
        if (std::any_of(earlier.begin(), earlier.end(), same_file) &&
            std::none_of(earlier.begin(), earlier.end(), same_bytes))
            return p["file"].get<std::string>();
    }
    return "";
}

std::string describe_plugins(const std::string& plugins) {
    std::string text;
    for (const auto& p : plugin_list(plugins))
        text += (text.empty() ? "" : ", ") + p["file"].get<std::string>() + " (fnv1a64 " +
                p["fnv1a64"].get<std::string>() + ")";
    return text.empty() ? "none" : text;
}

}  // namespace bobench::results
