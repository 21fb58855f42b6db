#include "reproductions/entry.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include <boost/program_options.hpp>

#include "core/error.hpp"
#include "core/ini.hpp"
#include "core/io.hpp"
#include "core/params.hpp"
#include "core/text.hpp"

namespace bobench::reproductions {

namespace fs = std::filesystem;
namespace po = boost::program_options;
using analysis::reports::TableStat;

namespace {

// The [reproduction] entries of the spec text, in file order, keys without the section.
std::vector<std::pair<std::string, std::string>> section_entries(const std::string& text, const std::string& origin) {
    const po::options_description none;
    const po::parsed_options parsed = parse_ini(text, none, origin);
    std::vector<std::pair<std::string, std::string>> entries;
    const std::string prefix = cli_spec_sections.front() + ".";
    for (const po::option& opt : parsed.options)
        if (opt.string_key.rfind(prefix, 0) == 0)
            entries.emplace_back(opt.string_key.substr(prefix.size()), opt.value.empty() ? "" : trim(opt.value.front()));
    return entries;
}

[[noreturn]] void refuse(const std::string& where, const std::string& value, const std::string& accepted) {
    throw UserError(where + " = '" + value + "' is not accepted; expected " + accepted);
}

// reading = NAME | TARGET | OURS | OTHERS | PLACE (experiments/README.md, "Citing the paper").
Reading parse_reading(const std::string& value, const std::string& where) {
    const std::string form = "NAME | TARGET | OURS | OTHERS | PLACE: five fields separated by '|' (TARGET: "
                             "optimizer labels, * or problems; OURS and each of the ';'-separated OTHERS: options "
                             "k=v,... or text: words)";
    std::vector<std::string> fields;
    for (const std::string& f : split(value, '|')) fields.push_back(trim(f));
    if (fields.size() != 5 || std::any_of(fields.begin(), fields.end(), [](const auto& f) { return f.empty(); }))
        refuse(where, value, form);
    Reading r;
    r.name = fields[0];
    if (!std::all_of(r.name.begin(), r.name.end(), [](char c) {
            return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
                   c == '-' || c == '_';
        }))
        refuse(where, value, "a NAME of a-z, 0-9, - and _ first; then " + form);
    for (const std::string& t : split(fields[1], ',')) r.target.push_back(trim(t));
    r.ours = fields[2];
    for (const std::string& piece : split(fields[3], ';')) {
        const std::string o = trim(piece);
        // a piece that is neither options nor "text:" continues the words before it
        if (!r.others.empty() && r.others.back().rfind("text:", 0) == 0 && o.rfind("text:", 0) != 0 && !runnable_choice(o))
            r.others.back() += "; " + o;
        else
            r.others.push_back(o);
    }
    r.place = fields[4];
    auto check_choice = [&](const std::string& choice) {
        const bool text = choice.rfind("text:", 0) == 0;
        if (text ? trim(choice.substr(5)).empty() : !runnable_choice(choice))
            refuse(where, value, "each choice either options k=v,... or text: words; " + form);
    };
    check_choice(r.ours);
    for (const std::string& choice : r.others) check_choice(choice);
    return r;
}

// A file the spec names, inside the spec file's folder: a spec from elsewhere must not make
// bobench read (and quote in its errors) a file anywhere on the machine.
std::string spec_file(const ReproductionEntry& e, const std::string& value, const std::string& where) {
    const fs::path folder = fs::path(e.file).parent_path();
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(folder.empty() ? fs::path(".") : folder, ec);
    const fs::path inside = fs::weakly_canonical(folder / value, ec).lexically_relative(base);
    if (fs::path(value).is_absolute() || inside.empty() || *inside.begin() == "..")
        refuse(where, value, "a path inside the spec file's folder (relative to it, without leaving it)");
    return (folder / value).string();
}

// One key of [reproduction]: whether it may repeat (one value per line, in order) and how its
// value sets the entry (`where` names the file and key for an error).
struct Key {
    const char* name;
    bool repeated;
    std::function<void(ReproductionEntry&, const std::string& value, const std::string& where)> set;
};

void set_select(ReproductionEntry& e, const std::string& value, const std::string& where) {
    const auto eq = value.find('=');
    const std::string column = eq == std::string::npos ? "" : trim(value.substr(0, eq));
    const std::string wanted = eq == std::string::npos ? "" : trim(value.substr(eq + 1));
    if (column.empty() || wanted.empty())
        refuse(where, value, "COLUMN=VALUE, a column of the reference file and the value its rows must have "
                             "(e.g. setting=fixed_alpha)");
    e.columns.keep.emplace_back(column, wanted);
}

void add_reading(ReproductionEntry& e, const std::string& value, const std::string& where) {
    Reading r = parse_reading(value, where);
    if (std::any_of(e.readings.begin(), e.readings.end(), [&](const Reading& x) { return x.name == r.name; }))
        throw UserError(where + ": the reading '" + r.name + "' is declared twice");
    e.readings.push_back(std::move(r));
}

void set_statistic(ReproductionEntry& e, const std::string& value, const std::string& where) {
    if (value != "mean" && value != "median") refuse(where, value, "mean or median");
    e.statistic = value == "mean" ? TableStat::mean : TableStat::median;
    e.statistic_stated = true;
}

// A key whose value is copied into a text field, or appended to a list.
Key text(const char* name, std::string ReproductionEntry::*field) {
    return {name, false, [field](ReproductionEntry& e, const std::string& v, const std::string&) { e.*field = v; }};
}
Key list(const char* name, std::vector<std::string> ReproductionEntry::*field) {
    return {name, true, [field](ReproductionEntry& e, const std::string& v, const std::string&) { (e.*field).push_back(v); }};
}
// A path inside the spec file's folder (spec_file).
Key path(const char* name, std::string ReproductionEntry::*field) {
    return {name, false, [field](ReproductionEntry& e, const std::string& v, const std::string& where) {
                e.*field = spec_file(e, v, where);
            }};
}
// A whole number in [1, most].
Key integer(const char* name, long ReproductionEntry::*field, long most) {
    return {name, false, [field, most](ReproductionEntry& e, const std::string& v, const std::string& where) {
                e.*field = parse_integer(where, v, 1, most);
            }};
}
Key column(const char* name, std::string ReferenceColumns::*field) {
    return {name, false, [field](ReproductionEntry& e, const std::string& v, const std::string&) { e.columns.*field = v; }};
}

// Every key of [reproduction] (experiments/README.md describes them), in the order the
// message of an unknown key lists them.
const std::vector<Key>& keys() {
    static const std::vector<Key> table = {
        text("source", &ReproductionEntry::source),
        path("reference", &ReproductionEntry::reference),
        column("problem_column", &ReferenceColumns::problem),
        column("method_column", &ReferenceColumns::method),
        column("value_column", &ReferenceColumns::value),
        column("sd_column", &ReferenceColumns::sd),
        {"statistic", false, set_statistic},
        {"alpha", false, [](ReproductionEntry& e, const std::string& v, const std::string& where) {
             if (!parse_double(v, e.alpha) || !(e.alpha > 0 && e.alpha < 1))
                 refuse(where, v, "a number in (0, 1), the per-pair test level (e.g. 0.0005)");
         }},
        {"friedman", false, [](ReproductionEntry& e, const std::string& v, const std::string& where) {
             if (v != "true" && v != "false") refuse(where, v, "true or false");
             e.friedman = v == "true";
         }},
        text("figure", &ReproductionEntry::figure),
        {"illustration", false, [](ReproductionEntry& e, const std::string& v, const std::string& where) {
             if (v != "bore-toy") refuse(where, v, "bore-toy (the one illustration bobench computes)");
             e.toy = true;
         }},
        integer("quick_replicates", &ReproductionEntry::quick_replicates, runners::max_replicates),
        integer("quick_budget", &ReproductionEntry::quick_budget, runners::max_budget),
        text("cost", &ReproductionEntry::cost),
        path("causes", &ReproductionEntry::causes),
        path("claims", &ReproductionEntry::claims),
        path("costs", &ReproductionEntry::costs),
        {"baselines_from", false, [](ReproductionEntry& e, const std::string& v, const std::string& where) {
             if (v.find('/') != std::string::npos) refuse(where, v, "a reproduction's name (its spec file's name without .ini)");
             e.baselines_from = v;
         }},
        {"select", true, set_select},
        list("breakdown", &ReproductionEntry::breakdowns),
        list("quick_method", &ReproductionEntry::quick_methods),
        list("subset_method", &ReproductionEntry::subset_methods),
        list("subset_problem", &ReproductionEntry::subset_problems),
        list("deviation", &ReproductionEntry::deviations),
        {"reading", true, add_reading},
    };
    return table;
}

[[noreturn]] void unknown_key(const std::string& key, const std::string& origin) {
    std::vector<std::string> names, once, repeated;
    for (const Key& k : keys()) {
        names.push_back(k.name);
        (k.repeated ? repeated : once).push_back(k.name);
    }
    const std::string near = closest(key, names);
    throw UserError(origin + ": unknown key 'reproduction." + key + "'" +
                    (near.empty() ? "" : " (did you mean '" + near + "'?)") + "; [reproduction] accepts " +
                    join(once, ", ") + " (once each) and " + join(repeated, ", ") +
                    " (one line per value); experiments/README.md describes them");
}

// What the keys do not check one by one: the required source, the files, the reference's columns.
void check_entry(const ReproductionEntry& e, const std::set<std::string>& given, const std::string& origin) {
    if (e.source.empty())
        throw UserError(origin + ": [reproduction] has no source; add source = the paper and its table or figure");
    std::error_code ec;
    if (!e.claims.empty() && !fs::is_regular_file(e.claims, ec))
        throw UserError(origin + ": reproduction.claims: no file '" + e.claims +
                        "'; expected a CSV of id, place, quote, check, its path relative to the spec file's folder");
    if (e.subset_methods.empty() && !e.subset_problems.empty())
        throw UserError(origin + ": reproduction.subset_problem needs reproduction.subset_method, the methods of "
                        "`--preset subset`");
    if (!e.costs.empty() && !fs::is_regular_file(e.costs, ec))
        throw UserError(origin + ": reproduction.costs: no file '" + e.costs + "'; expected the cost table (a CSV of " +
                        "reproduction, method, seconds, basis, from), its path relative to the spec file's folder");
    if (e.reference.empty()) {
        for (const char* key : {"problem_column", "method_column", "value_column", "sd_column", "causes"})
            if (given.count(key))
                throw UserError(origin + ": reproduction." + key + " needs reproduction.reference, the published "
                                "numbers' CSV file");
        if (!e.columns.keep.empty())
            throw UserError(origin + ": reproduction.select needs reproduction.reference, the published numbers' CSV file");
        return;
    }
    if (!fs::is_regular_file(e.reference, ec))
        throw UserError(origin + ": reproduction.reference: no file '" + e.reference +
                        "'; expected the published numbers' CSV, its path relative to the spec file's folder");
    if (!e.causes.empty() && !fs::is_regular_file(e.causes, ec))
        throw UserError(origin + ": reproduction.causes: no file '" + e.causes +
                        "'; expected a CSV of problem, method, cause, evidence, its path relative to the spec file's folder");
}

ReproductionEntry parse_reproduction(const std::vector<std::pair<std::string, std::string>>& entries,
                                     const std::string& path, const std::string& origin) {
    ReproductionEntry e;
    e.name = fs::path(path).stem().string();
    e.file = path;
    e.columns = {"problem", "method", "value", "", {}};
    std::set<std::string> given;
    for (const auto& entry : entries) {  // not a structured binding: Clang 14 cannot capture one
        const std::string &key = entry.first, &value = entry.second;
        const std::string where = origin + ": reproduction." + key;
        const auto k = std::find_if(keys().begin(), keys().end(), [&](const Key& x) { return key == x.name; });
        if (k == keys().end()) unknown_key(key, origin);
        if (!k->repeated && !given.insert(key).second) throw UserError(where + " is set twice");
        if (value.empty()) throw UserError(where + " is empty; give it a value or leave the key out");
        k->set(e, value, where);
    }
    check_entry(e, given, origin);
    return e;
}

}  // namespace

bool runnable_choice(const std::string& choice) { return !choice_options(choice).empty(); }

std::vector<std::pair<std::string, std::string>> choice_options(const std::string& choice) {
    if (choice.rfind("text:", 0) == 0) return {};
    std::vector<std::pair<std::string, std::string>> options;
    for (const std::string& piece : split(choice, ',')) {
        const auto eq = piece.find('=');
        if (eq == std::string::npos || trim(piece.substr(0, eq)).empty() || trim(piece.substr(eq + 1)).empty())
            return {};
        options.emplace_back(trim(piece.substr(0, eq)), trim(piece.substr(eq + 1)));
    }
    return options;
}

std::string describe_reading(const Reading& r) {
    auto shown = [](const std::string& choice) {
        return choice.rfind("text:", 0) == 0 ? trim(choice.substr(5)) : "`" + choice + "`";
    };
    std::vector<std::string> others;
    for (const std::string& o : r.others) others.push_back(shown(o));
    const std::string target = r.on_every_method() ? "every method" : r.on_problems() ? "every problem" : join(r.target, ", ");
    return "our reading `" + r.name + "` on " + target + " (" + r.place + "): " + shown(r.ours) + "; the others: " +
           join(others, "; ");
}

std::vector<std::string> stated_deviations(const ReproductionEntry& e) {
    std::vector<std::string> out = e.deviations;
    for (const Reading& r : e.readings) out.push_back(describe_reading(r));
    return out;
}

runners::ExperimentSpec read_spec_file(const std::string& path) { return runners::read_spec(path, cli_spec_sections); }

std::optional<ReproductionEntry> read_reproduction(const std::string& path) {
    const std::string origin = "spec '" + path + "'";
    const auto entries = section_entries(read_text_file(path, "spec file", runners::max_spec_bytes), origin);
    if (entries.empty()) return std::nullopt;
    return parse_reproduction(entries, path, origin);
}

ReproductionEntry load_reproduction(const std::string& path) {
    std::optional<ReproductionEntry> e = read_reproduction(path);
    if (!e) {
        read_spec_file(path);  // a misspelt [reproduction] is an unknown section there, with a "did you mean"
        throw UserError("spec '" + path + "' has no [reproduction] section: a reproduction's spec file names at "
                        "least its source there (experiments/README.md lists the keys)");
    }
    return *e;
}

std::vector<ReproductionEntry> reproduction_entries(const std::string& folder) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const fs::directory_entry& f : fs::directory_iterator(folder, ec))
        if (f.path().extension() == ".ini" && f.is_regular_file(ec)) files.push_back(f.path());
    if (ec) throw UserError("cannot list the experiments folder '" + folder + "': " + ec.message());
    std::vector<ReproductionEntry> list;
    for (const fs::path& f : files)
        if (std::optional<ReproductionEntry> e = read_reproduction(f.string())) list.push_back(std::move(*e));
    // by name (not by file name: "x-y.ini" sorts before "x.ini"), whatever the file system's order
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return list;
}

ReproductionEntry find_reproduction(const std::string& folder, const std::string& name) {
    const fs::path file = fs::path(folder) / (name + ".ini");
    std::error_code ec;
    // a name is a file's stem, never a path: "../x" must not reach outside the folder
    if (name.find('/') == std::string::npos && fs::is_regular_file(file, ec))
        if (std::optional<ReproductionEntry> e = read_reproduction(file.string())) return *e;
    std::vector<std::string> names;
    for (const ReproductionEntry& e : reproduction_entries(folder)) names.push_back(e.name);
    throw UserError("unknown reproduction '" + name + "'; known: " + join(names, ", ") +
                    " (bobench reproduce list describes them; --spec FILE runs one from any folder)");
}

std::string experiments_dir() {
    if (const char* env = std::getenv("BOBENCH_EXPERIMENTS"); env && *env) return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (const fs::path& candidate : {exe.parent_path().parent_path() / "experiments",
                                          exe.parent_path().parent_path() / "share" / "bobench" / "experiments"})
            if (fs::is_directory(candidate, ec)) return candidate.string();
    }
    throw UserError("cannot find the experiments folder (looked beside the bobench binary); set BOBENCH_EXPERIMENTS "
                    "to the experiments/ folder of the bobench sources");
}

}  // namespace bobench::reproductions
