#include "runners/spec.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "core/error.hpp"
#include "core/ini.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace po = boost::program_options;

namespace bobench::runners {

namespace {
// " (did you mean ...?)" for an unknown INI entry "section.name" (or a key outside any
// section), as for a misspelt identifier; "" when nothing is close.
std::string nearest_entry(const std::string& key, const std::vector<std::string>& keys,
                          const std::vector<std::string>& caller_sections) {
    const auto dot = key.find('.');
    if (dot == std::string::npos) {  // before any section header
        const std::string near = closest(key, keys);
        return near.empty() ? "" : " (did you mean '" + near + "' under [experiment]?)";
    }
    const std::string section = key.substr(0, dot), name = key.substr(dot + 1);
    if (section == "experiment") {
        const std::string near = closest(name, keys);
        return near.empty() ? "" : " (did you mean '" + near + "'?)";
    }
    std::vector<std::string> sections = {"experiment", "problems", "optimizers"};
    sections.insert(sections.end(), caller_sections.begin(), caller_sections.end());
    const std::string near = closest(section, sections);
    return near.empty() ? "" : " (did you mean section [" + near + "]?)";
}
}  // namespace

bool is_experiment_key(const std::string& name) { return find_setting(experiment_schema(), name) != nullptr; }

ExperimentSpec parse_spec(const std::string& text, const std::string& origin,
                          const std::vector<std::string>& caller_sections, Schema schema) {
    std::vector<std::string> keys;
    po::options_description known;
    for (const Setting& setting : schema) {
        keys.emplace_back(setting.key);
        known.add_options()(("experiment." + keys.back()).c_str(), po::value<std::string>());
    }
    const po::parsed_options parsed = parse_ini(text, known, origin);
    ExperimentSpec spec;
    std::set<std::string> seen;
    for (const po::option& opt : parsed.options) {
        const std::string& key = opt.string_key;
        const std::string value = opt.value.empty() ? std::string() : trim(opt.value.front());
        const auto dot = key.find('.');
        const std::string section = key.substr(0, dot), name = dot == std::string::npos ? "" : key.substr(dot + 1);
        if (dot != std::string::npos &&
            std::find(caller_sections.begin(), caller_sections.end(), section) != caller_sections.end())
            continue;  // the caller's to read
        if (section == "problems" || section == "optimizers") {
            auto& list = section == "problems" ? spec.problems : spec.optimizers;
            // a bare identifier line ("branin =") labels itself
            list.push_back({name, Identifier::parse(value.empty() ? name : value),
                            origin + ": [" + section + "] line '" + name + " = " + value + "'"});
            continue;
        }
        const Setting* setting = section == "experiment" ? find_setting(schema, name) : nullptr;
        if (!setting)
            throw UserError(origin + ": unknown entry '" + key + "'" + nearest_entry(key, keys, caller_sections) +
                            "; sections are [experiment] (keys " + join(keys, ", ") +
                            "), [problems] and [optimizers] (label = identifier)");
        if (!seen.insert(name).second) throw UserError(origin + ": experiment." + name + " is set twice");
        setting->read(*setting, spec, value, {origin, key});
    }
    return spec;
}

SpecEntry parse_entry(const std::string& word, const std::string& option) {
    const auto equals = word.find('=');
    const std::string before = equals == std::string::npos ? "" : word.substr(0, equals);
    if (equals == std::string::npos || before.find_first_of(":,") != std::string::npos)
        return {"", Identifier::parse(word)};  // labelled by its canonical id
    const std::string label = trim(before);
    if (label.empty() || label.find_first_of("#;") != std::string::npos)
        throw UserError(option + " '" + word + "': '" + before + "' is not a label (LABEL=IDENTIFIER; a label is "
                        "not empty and has no ':', ',', '#' or ';')");
    return {label, Identifier::parse(word.substr(equals + 1))};
}

ExperimentSpec read_spec(const std::string& path, const std::vector<std::string>& caller_sections) {
    return parse_spec(read_text_file(path, "spec file", max_spec_bytes), "spec '" + path + "'", caller_sections);
}

namespace {
// COCO's bbob instances by workshop year (code-experiments/src/suite_bbob.c,
// suite_bbob_get_instances_by_year): the year's list, empty before 2009.
std::string coco_bbob_instances(long year) {
    if (year >= 2023) return "1-5,101-110";
    if (year >= 2021) return "1-5,91-100";
    if (year >= 2018) return "1-5,71-80";
    if (year == 2017) return "1-5,61-70";
    if (year == 2016) return "1-5,51-60";
    if (year == 2015) return "1-5,41-50";
    if (year >= 2013) return "1-5,31-40";
    if (year == 2012) return "1-5,21-30";
    if (year >= 2010) return "1-15";
    if (year == 2009) return "1-5,1-5,1-5";
    return "";
}
}  // namespace

std::vector<int> parse_instance_list(const std::string& text, const std::string& where) {
    constexpr long max_instance = 200000;  // bbob's i
    const std::string form = "give instances and ranges (1-5,41-50) or year:YYYY (COCO's bbob instances of that year)";
    std::string list = trim(text);
    if (list.rfind("year:", 0) == 0) {
        list = coco_bbob_instances(parse_integer(where, trim(list.substr(5)), 0, 9999));
        if (list.empty()) throw UserError(where + ": '" + text + "': COCO's bbob suite has no instances before 2009");
    }
    std::vector<int> out;
    for (const std::string& piece : split(list, ',')) {
        const std::string item = trim(piece);
        const auto dash = item.find('-', 1);
        const long lo = parse_integer(where, trim(item.substr(0, dash)), 1, max_instance);
        const long hi =
            dash == std::string::npos ? lo : parse_integer(where, trim(item.substr(dash + 1)), lo, max_instance);
        if (static_cast<long>(out.size()) + (hi - lo + 1) > max_replicates)
            throw UserError(where + ": '" + text + "' lists more than " + std::to_string(max_replicates) + " instances");
        for (long i = lo; i <= hi; ++i) out.push_back(static_cast<int>(i));
    }
    if (out.empty()) throw UserError(where + ": '" + text + "' lists no instance; " + form);
    return out;
}

double parse_nonnegative(const std::string& text, const std::string& where, const std::string& what,
                         const std::string& example) {
    std::size_t used = 0;
    double v = std::numeric_limits<double>::quiet_NaN();
    try {
        v = std::stod(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || !(v >= 0) || !std::isfinite(v))
        throw UserError(where + ": '" + text + "' is not " + what + "; give a finite number >= 0 (e.g. " + example + ")");
    return v;
}

std::uint64_t parse_seed(const std::string& text, const std::string& where) {
    ExperimentSpec spec;
    const Setting& seed = setting(experiment_schema(), "seed");
    seed.read(seed, spec, text, {"", where});
    return spec.seed;
}

void check_spec(const ExperimentSpec& spec, Schema schema) {
    for (const Setting& s : schema)
        if (s.integer() && (s.number(spec) < static_cast<std::uint64_t>(s.min) ||
                            s.number(spec) > static_cast<std::uint64_t>(s.max)))
            refuse_integer(std::string(s.key), s.text(spec), s.min, s.max);
    if (spec.output.empty()) throw UserError("no output file given (experiment.output or --output)");
    if (spec.problems.empty()) throw UserError("no problems: add a [problems] section or --problem ID");
    if (spec.optimizers.empty()) throw UserError("no optimizers: add an [optimizers] section or --optimizer ID");
    for (const std::string& path : spec.plugins)
        if (path.empty() || path.find_first_of(",#\n\r") != std::string::npos || trim(path) != path)
            throw UserError("plugin path '" + path + "' cannot be stored in a spec's plugins list (it is empty, holds ',', "
                            "'#' or a line break, or starts or ends with a space); rename the file");
    for (const auto* list : {&spec.problems, &spec.optimizers}) {
        std::set<std::string> labels;
        for (const SpecEntry& e : *list) {
            // checked here, before any run: a results file holds only UTF-8 text
            if (!is_utf8(e.label)) throw UserError("label '" + e.label + "' is not valid UTF-8 text");
            // a control character (a NUL, say) would go raw into exports
            const auto control = std::find_if(e.label.begin(), e.label.end(),
                                              [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
            if (control != e.label.end())
                throw UserError(fmt::format("label '{}' holds the control character 0x{:02x}; labels are printable text",
                                            e.label, static_cast<unsigned char>(*control)));
            if (!e.label.empty() && !labels.insert(e.label).second) throw UserError("label '" + e.label + "' is used twice");
        }
    }
}

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    long k = 0, n = 0;
    const bool parsed = slash != std::string::npos && parse_long(text.substr(0, slash), k) &&
                        parse_long(text.substr(slash + 1), n);
    if (!parsed || n < 1 || k < 1 || k > n || n > 1'000'000)
        throw UserError("--shard '" + text + "' is not valid; expected K/N with 1 <= K <= N (part K of N), "
                        "e.g. --shard 1/4");
    return {static_cast<int>(k), static_cast<int>(n)};
}

std::string shard_output(const std::string& output, const Shard& shard) {
    const std::filesystem::path p(output);
    const std::string stem = p.stem().string(), ext = p.extension().string();
    return (p.parent_path() / (stem + ".shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count) +
                               (ext.empty() ? ".h5" : ext)))
        .string();
}

std::string to_ini(const ExperimentSpec& spec, Schema schema) {
    std::ostringstream s;
    s << "[experiment]\n";
    for (const Setting& setting : schema)
        if (!setting.stored || setting.stored(spec)) s << setting.key << " = " << setting.text(spec) << "\n";
    s << "\n[problems]\n";
    // entries given on the command line have no label: name them after their identifier
    auto label = [](const SpecEntry& e) {
        if (!e.label.empty()) return e.label;
        std::string l = e.id.str();
        for (char& c : l)
            if (std::string_view(":=,#; ").find(c) != std::string_view::npos) c = '_';
        return l;
    };
    for (const auto& e : spec.problems) s << label(e) << " = " << e.id.str() << "\n";
    s << "\n[optimizers]\n";
    for (const auto& e : spec.optimizers) s << label(e) << " = " << e.id.str() << "\n";
    return s.str();
}

}  // namespace bobench::runners
