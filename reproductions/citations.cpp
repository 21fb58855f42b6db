#include "reproductions/citations.hpp"

#include <algorithm>
#include <regex>
#include <sstream>

#include "core/io.hpp"
#include "core/params.hpp"
#include "core/text.hpp"
#include "runners/spec.hpp"

namespace bobench::reproductions {

namespace {

const std::vector<std::string> cited_sections = {"experiment", "problems", "optimizers"};
const std::vector<std::string> harness_keys = {"seed", "output"};

// The readings a comment names ("reading NAME").
std::vector<std::string> named_readings(const std::string& comment) {
    static const std::regex named(R"(\breading\s+([a-z0-9_-]+))");
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(comment.begin(), comment.end(), named); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1].str());
    return out;
}

// One setting's verdict: "" when it cites, else why not.
std::string setting_fault(const std::string& citation, const ReproductionEntry& e) {
    const std::vector<std::string> names = named_readings(citation);
    for (const std::string& n : names)
        if (std::none_of(e.readings.begin(), e.readings.end(), [&](const Reading& r) { return r.name == n; }))
            return "names the reading '" + n + "', which [reproduction] does not declare";
    if (names.empty() && !cites_place(citation))
        return "cites no place in the paper (§, Table, Fig., Eq., App., Algorithm, Section) and names no reading";
    return "";
}

// The lines of [experiment], [problems] and [optimizers] that cite nothing.
std::vector<std::string> uncited_lines(const ReproductionEntry& e) {
    std::istringstream in(std::string(without_utf8_bom(read_text_file(e.file, "spec file", runners::max_spec_bytes))));
    std::vector<std::string> faults;
    std::string line, section, above;  // `above`: the comment lines directly above this one
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string text = trim(line);
        const auto hash = line.find('#');
        if (text.empty()) {
            above.clear();
        } else if (text.front() == '#') {
            above += text + "\n";
        } else if (text.front() == '[') {
            section = text.substr(1, text.find(']') - 1);
            above.clear();
        } else {
            const std::string key = trim(text.substr(0, text.find('=')));
            const std::string comment = hash == std::string::npos ? "" : line.substr(hash);
            if (contains(cited_sections, section) && !(section == "experiment" && contains(harness_keys, key)))
                if (const std::string why = setting_fault(above + comment, e); !why.empty())
                    faults.push_back(e.file + " line " + std::to_string(number) + " (" + section + "." + key + "): " + why);
            above.clear();
        }
    }
    return faults;
}

// The options a reading says its target runs, checked on each target line.
std::vector<std::string> reading_faults(const Reading& r, const runners::ExperimentSpec& spec, const std::string& file) {
    const std::vector<runners::SpecEntry>& lines = r.on_problems() ? spec.problems : spec.optimizers;
    std::vector<std::string> faults;
    if (!r.on_problems() && !r.on_every_method())
        for (const std::string& label : r.target)
            if (std::none_of(lines.begin(), lines.end(), [&](const auto& l) { return l.label == label; }))
                faults.push_back(file + ": the reading '" + r.name + "' names '" + label + "', which is not an optimizer of the spec");
    const auto ours = choice_options(r.ours);
    for (const runners::SpecEntry& l : lines) {
        if (!r.on_problems() && !r.on_every_method() && !contains(r.target, l.label)) continue;
        for (const auto& option : ours) {  // not a structured binding: Clang 14 cannot capture one
            const auto it = std::find_if(l.id.args.begin(), l.id.args.end(),
                                         [&](const auto& a) { return a.first == option.first; });
            if (it == l.id.args.end() || it->second != option.second)
                faults.push_back(file + ": the reading '" + r.name + "' says " + l.label + " runs " + option.first + "=" +
                                 option.second + ", but its line is '" + l.id.str() + "'");
        }
    }
    return faults;
}

}  // namespace

bool cites_place(const std::string& comment) {
    static const std::regex place(
        R"((§\s?\d)|\bTables?\s+[A-Z]?\d|\b[Ff]ig(ure|s?\.)\s*[A-Z]?\d|\b[Ee]qs?(uation|\.)\s*\(?\d|\(\d+\.\d+\)|)"
        R"(\bApp(endix|\.)\s*[A-Z]|\bAlgorithm\s+\d|\bSections?\s+[A-Z]?\d)");
    return std::regex_search(comment, place);
}

std::vector<std::string> citation_faults(const ReproductionEntry& e) {
    std::vector<std::string> faults = uncited_lines(e);
    const runners::ExperimentSpec spec = read_spec_file(e.file);
    for (const Reading& r : e.readings) {
        const std::vector<std::string> more = reading_faults(r, spec, e.file);
        faults.insert(faults.end(), more.begin(), more.end());
    }
    return faults;
}

}  // namespace bobench::reproductions
