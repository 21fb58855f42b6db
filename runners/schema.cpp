#include "runners/schema.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/text.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;

namespace bobench::runners {

namespace {
// An integer member of the spec, range-checked before it is narrowed.
template <auto Field>
constexpr Setting integer_setting(std::string_view key, std::string_view flag, long min, long max,
                                  std::string_view help, bool must_match) {
    Setting s{key, flag, min, max, help, must_match};
    s.text = [](const ExperimentSpec& spec) { return std::to_string(spec.*Field); };
    s.read = [](const Setting& self, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        using T = std::remove_reference_t<decltype(spec.*Field)>;
        spec.*Field = static_cast<T>(parse_integer(origin.where(), value, self.min, self.max));
    };
    s.number = [](const ExperimentSpec& spec) { return static_cast<std::uint64_t>(spec.*Field); };
    return s;
}

// A text member of the spec, taken as given; `stored_when_empty`: the stored spec writes it even empty.
template <std::string ExperimentSpec::*Field>
constexpr Setting text_setting(std::string_view key, std::string_view flag, std::string_view help,
                               bool stored_when_empty) {
    Setting s{key, flag, 0, 0, help, false};
    s.text = [](const ExperimentSpec& spec) { return spec.*Field; };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin&) { spec.*Field = value; };
    if (!stored_when_empty) s.stored = [](const ExperimentSpec& spec) { return !(spec.*Field).empty(); };
    return s;
}

// "a.so, b.so": comma-separated paths; an empty item is a typo.
std::vector<std::string> parse_plugins(const std::string& value, const std::string& where) {
    std::vector<std::string> plugins;
    for (const std::string& item : split(value, ',')) {
        const std::string path = trim(item);
        if (path.empty()) throw UserError(where + ": '" + value + "' has an empty plugin path (plugins = a.so, b.so)");
        plugins.push_back(path);
    }
    return plugins;
}

Setting on_failure_setting() {
    Setting s{"on_failure", "on-failure", 0, 0, "NaN/inf objective values: penalty or skip (default {default})", true};
    s.text = [](const ExperimentSpec& spec) { return results::policy_name(spec.on_failure); };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        spec.on_failure = results::parse_policy(value, origin.source.empty() ? origin.name : origin.source);
    };
    return s;
}

Setting trace_setting() {
    Setting s{"trace", "trace", 0, 0,
              "which evaluations are stored: all, improvements (those that improve the best value, the first and "
              "the last) or targets (what COCO's logger keeps) (default {default})",
              true};
    s.text = [](const ExperimentSpec& spec) { return results::trace_policy_name(spec.trace); };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        spec.trace = results::parse_trace_policy(value, origin.source.empty() ? origin.name : origin.source);
    };
    s.stored = [](const ExperimentSpec& spec) { return spec.trace != results::TracePolicy::all; };  // older specs unchanged
    return s;
}

Setting trace_points_setting() {
    Setting s{"trace_points", "trace-points", 0, 0, "store the evaluated points: yes or no (default {default})", true};
    s.text = [](const ExperimentSpec& spec) { return std::string(spec.trace_points ? "yes" : "no"); };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        const std::string& where = origin.source.empty() ? origin.name : origin.source;
        if (value != "yes" && value != "no")
            throw UserError(where + ": trace_points = '" + value + "' is not valid; expected yes or no");
        spec.trace_points = value == "yes";
    };
    s.stored = [](const ExperimentSpec& spec) { return !spec.trace_points; };
    return s;
}

Setting plugins_setting() {  // `run --plugin` adds to the list and loads: cli/plugins.cpp, not a setting flag
    Setting s{"plugins", "", 0, 0, "", false};
    s.text = [](const ExperimentSpec& spec) { return join(spec.plugins, ", "); };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        spec.plugins = parse_plugins(value, origin.where());
    };
    s.stored = [](const ExperimentSpec& spec) { return !spec.plugins.empty(); };
    return s;
}

// restart_on and restart_target are written only when restarts are on: specs without restarts read as before.
bool restarts(const ExperimentSpec& spec) { return spec.restart.active(); }

Setting restart_on_setting() {
    Setting s{"restart_on", "restart-on", 0, 0,
              "restart the optimizer within a run on: none, target, revisit, target,revisit (default {default})", true};
    s.text = [](const ExperimentSpec& spec) { return restart_on_name(spec.restart); };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        const double target = spec.restart.target;  // given before or after restart_on
        spec.restart = parse_restart_on(value, origin.where());
        spec.restart.target = target;
    };
    s.stored = restarts;
    // the target is compared with the rule it belongs to
    s.compared = [](const ExperimentSpec& spec) {
        return spec.restart.active() ? restart_on_name(spec.restart) + fmt::format(" (target {})", spec.restart.target)
                                     : "none";
    };
    return s;
}

Setting restart_target_setting() {
    Setting s{"restart_target", "restart-target", 0, 0, "restart-on target: f - f* at or below this (default 1e-8)",
              false};
    s.text = [](const ExperimentSpec& spec) { return fmt::format("{}", spec.restart.target); };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        spec.restart.target = parse_nonnegative(value, origin.where(), "a target precision", "1e-8");
    };
    s.stored = restarts;
    return s;
}

Setting replicate_instances_setting() {
    Setting s{"replicate_instances", "replicate-instances", 0, 0,
              "instances as trials: replicate r runs every problem at instance r mod n of this list in place of its "
              "own i, e.g. 1-5,41-50 or year:2015 (COCO's bbob suite of that year); default: each problem's own",
              true};
    s.text = [](const ExperimentSpec& spec) {
        std::vector<std::string> items;
        for (const int i : spec.replicate_instances) items.push_back(std::to_string(i));
        return join(items, ",");
    };
    s.read = [](const Setting&, ExperimentSpec& spec, const std::string& value, const Origin& origin) {
        spec.replicate_instances = parse_instance_list(value, origin.where());
    };
    s.stored = [](const ExperimentSpec& spec) { return !spec.replicate_instances.empty(); };
    return s;
}

}  // namespace

Schema experiment_schema() {
    // The settings, in the order the stored spec writes them. A seed is at most 2^63 - 1,
    // so that the stored spec reads back.
    static const Setting settings[] = {
        integer_setting<&ExperimentSpec::seed>("seed", "seed", 0, std::numeric_limits<long>::max(),
                                               "master seed, in [0, 2^63 - 1] (default {default})", true),
        integer_setting<&ExperimentSpec::budget>("budget", "budget", 1, max_budget, "evaluations per run (default {default})",
                                                 true),
        integer_setting<&ExperimentSpec::replicates>("replicates", "replicates", 1, max_replicates,
                                                     "runs per problem and optimizer (default {default})", false),
        text_setting<&ExperimentSpec::output>("output", "output", "results file (HDF5; default {default})", true),
        integer_setting<&ExperimentSpec::threads>("threads", "threads", 0, max_threads,
                                                  "worker threads (0: all cores; at most {max}; default {default})", false),
        on_failure_setting(),
        trace_setting(),
        trace_points_setting(),
        text_setting<&ExperimentSpec::data_dir>("data_dir", "data-dir",
                                                "folder of tabular benchmark data (default: $BOBENCH_DATA, else ./data)",
                                                false),
        plugins_setting(),
        restart_on_setting(),
        restart_target_setting(),
        replicate_instances_setting(),
    };
    return settings;
}

const Setting* find_setting(Schema schema, std::string_view key) {
    const auto it = std::find_if(schema.begin(), schema.end(), [&](const Setting& s) { return s.key == key; });
    return it == schema.end() ? nullptr : &*it;
}

const Setting& setting(Schema schema, std::string_view key) {
    const Setting* s = find_setting(schema, key);
    if (!s) throw std::logic_error("no experiment setting '" + std::string(key) + "'");
    return *s;
}

const Setting* first_mismatch(const ExperimentSpec& a, const ExperimentSpec& b, Schema schema) {
    for (const Setting& s : schema)
        if (s.must_match && s.compared_text(a) != s.compared_text(b)) return &s;
    return nullptr;
}

std::string must_match_keys(Schema schema) {
    std::vector<std::string> keys;
    for (const Setting& s : schema)
        if (s.must_match) keys.emplace_back(s.key);
    if (keys.size() < 2) return join(keys, "");
    const std::string last = keys.back();
    keys.pop_back();
    return join(keys, ", ") + " and " + last;
}

std::string Setting::help_text() const {
    return fmt::format(fmt::runtime(help), fmt::arg("default", text(ExperimentSpec{})), fmt::arg("min", min),
                       fmt::arg("max", max));
}

void add_setting_flag(po::options_description& opts, const Setting& setting, const std::string& help) {
    opts.add_options()(std::string(setting.flag).c_str(), po::value<std::string>(), help.c_str());
}

void add_setting_flags(po::options_description& opts, Schema schema) {
    for (const Setting& s : schema)
        if (!s.flag.empty()) add_setting_flag(opts, s, s.help_text());
}

bool apply_setting_flag(const po::variables_map& vm, const Setting& setting, ExperimentSpec& spec) {
    const std::string flag(setting.flag);
    if (!vm.count(flag)) return false;
    setting.read(setting, spec, vm[flag].as<std::string>(), {"", "--" + flag});
    return true;
}

void apply_setting_flags(const po::variables_map& vm, Schema schema, ExperimentSpec& spec) {
    for (const Setting& s : schema)
        if (!s.flag.empty()) apply_setting_flag(vm, s, spec);
}

}  // namespace bobench::runners
