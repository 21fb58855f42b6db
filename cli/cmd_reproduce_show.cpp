// bobench reproduce list: one short row per reproduction; bobench reproduce show NAME: the rest.
#include <algorithm>
#include <array>
#include <iostream>
#include <optional>
#include <set>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/reproduce.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "reproductions/cost.hpp"
#include "reproductions/fixtures.hpp"
#include "reproductions/protocol.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

using namespace reproductions;  // a command of the reproductions layer

namespace {
runners::ExperimentSpec spec_of(const ReproductionEntry& e) { return read_spec_file(e.file); }

// Methods the paper reports that the shipped spec does not run (bobench lacks them, or
// another reproduction runs them).
std::vector<std::string> missing_methods(const ReproductionEntry& e, const runners::ExperimentSpec& spec) {
    std::set<std::string> ours, missing;
    for (const auto& o : spec.optimizers) ours.insert(o.label);
    for (const PublishedCell& c : published(e))
        if (!ours.count(c.method)) missing.insert(c.method);
    return {missing.begin(), missing.end()};
}

std::size_t problem_count(const runners::ExperimentSpec& spec) {
    std::size_t problems = 0;  // after lists and ranges are expanded (bbob:f=1-24 is 24)
    for (const runners::SpecEntry& p : spec.problems)
        problems += expand_lists(p.id, problem_catalog().get(p.id.name).params).size();
    return problems;
}

// The full protocol's cost by the reproduction's cost table; std::nullopt without one.
ProtocolCost cost_by_figures(const std::vector<MethodCost>& figures, const runners::ExperimentSpec& spec) {
    std::vector<std::string> methods;
    for (const auto& o : spec.optimizers) methods.push_back(o.label);
    return protocol_cost(figures, methods, problem_count(spec) * static_cast<std::size_t>(spec.replicates));
}

// Display columns of UTF-8 text: "×" is one column of two bytes.
std::size_t columns(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad(const std::string& text, std::size_t width) {
    return text + std::string(width - std::min(width, columns(text)), ' ');
}

// A space wrap() does not break at.
constexpr char unbroken_space = '\x1f';

// `text` broken at spaces into lines of at most `width` columns (a longer word stands
// alone), each line after the first indented by `indent` spaces.
std::string wrap(const std::string& text, std::size_t width = 100, std::size_t indent = 2) {
    std::string out, line;
    bool fresh = true;  // nothing on `line` but its indent
    for (const std::string& word : split(text, ' ')) {
        if (!fresh && columns(line) + 1 + columns(word) > width) {
            out += line + "\n";
            line = std::string(indent, ' ');
            fresh = true;
        }
        line += (fresh ? "" : " ") + word;
        fresh = false;
    }
    std::replace(out.begin(), out.end(), unbroken_space, ' ');
    std::replace(line.begin(), line.end(), unbroken_space, ' ');
    return out + line + "\n";
}

std::string label_of(const runners::SpecEntry& e) { return e.label.empty() ? e.id.str() : e.label; }

// What a reproduction needs that bobench does not ship, in a word for the list.
std::string short_needs(const runners::ExperimentSpec& spec) {
    return needed_tables(spec).empty() ? "nothing" : "tables or SYNTHETIC fixture";
}

// name, p × m × r, budget, needs, full cost
using ListRow = std::array<std::string, 5>;

// `text` cut to `width` columns, "..." marking the cut (`reproduce show` has it whole).
std::string clip(const std::string& text, std::size_t width) {
    if (columns(text) <= width || width < 3) return text;
    std::string out;
    for (const char c : text) {
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && columns(out) + 3 >= width) break;
        out += c;
    }
    return out + "...";
}

// One row of `reproduce list`; adds the protocol's cost to `all` (or its name to `without_table`)
// and its methods without a figure to `unmeasured`.
ListRow list_row(const ReproductionEntry& e, ProtocolCost& all, std::vector<std::string>& without_table,
                 std::vector<std::string>& unmeasured) {
    if (e.toy) return {e.name, "no runs", "-", "nothing", e.cost};
    const runners::ExperimentSpec spec = spec_of(e);
    const std::optional<ProtocolCost> cost = full_cost(e, spec);
    std::string short_form = e.cost;  // without a cost table, the section's note
    if (!cost) {
        without_table.push_back(e.name);
    } else {
        all.measured_cpu += cost->measured_cpu;
        all.extrapolated_cpu += cost->extrapolated_cpu;
        short_form = short_cost(*cost);
        if (!cost->unmeasured.empty()) {
            std::string part = fmt::format("{} ({} of {})", e.name, cost->unmeasured.size(),
                                           count_noun(spec.optimizers.size(), "method"));
            std::replace(part.begin(), part.end(), ' ', unbroken_space);
            unmeasured.push_back(part);
            if (cost->cpu() > 0) short_form += "*";
        }
    }
    return {e.name, fmt::format("{} × {} × {}", problem_count(spec), spec.optimizers.size(), spec.replicates),
            std::to_string(spec.budget), short_needs(spec), short_form};
}

// One short row per reproduction, in at most 100 columns; `reproduce show NAME` has the rest.
}  // namespace

std::optional<ProtocolCost> full_cost(const ReproductionEntry& e, const runners::ExperimentSpec& spec) {
    if (e.costs.empty()) return std::nullopt;
    return cost_by_figures(read_method_costs(e.costs, e.name), spec);
}

ReproductionEntry chosen_reproduction(const po::variables_map& vm) {
    if (vm.count("spec")) return load_reproduction(vm["spec"].as<std::string>());
    return find_reproduction(vm.count("experiments") ? vm["experiments"].as<std::string>() : experiments_dir(),
                             vm["name"].as<std::string>());
}

int list_command(const std::string& folder) {
    std::vector<ListRow> rows{ListRow{"reproduction", "p × m × r", "budget", "needs", "full cost"}};
    ProtocolCost all;
    std::vector<std::string> without_table, unmeasured;
    for (const ReproductionEntry& e : reproduction_entries(folder))
        rows.push_back(list_row(e, all, without_table, unmeasured));
    std::array<std::size_t, 4> width{};  // of each column but the last, with two spaces after it
    for (const ListRow& r : rows)
        for (std::size_t i = 0; i < width.size(); ++i) width[i] = std::max(width[i], columns(r[i]) + 2);
    const std::size_t cost_width = 100 - std::min<std::size_t>(100, width[0] + width[1] + width[2] + width[3]);
    std::string out;
    for (const ListRow& r : rows)
        out += pad(r[0], width[0]) + pad(r[1], width[1]) + pad(r[2], width[2]) + pad(r[3], width[3]) +
               clip(r[4], cost_width) + "\n";
    out += "\n" + wrap("p × m × r: problems (lists expanded) × methods × replicates; budget: evaluations a run; "
                       "full cost: the whole protocol's time on 2 cores by the cost table" +
                       std::string(unmeasured.empty() ? "" : ", * without its methods not measured")) +
           "details (source, protocol, tables, each method's cost, deviations): bobench reproduce show NAME\n";
    out += "\nAll full protocols together, by the cost tables:\n  " + wrap(describe_cost(all), 98);
    if (!unmeasured.empty()) out += wrap("not measured: " + join(unmeasured, ", "));
    if (!without_table.empty()) out += wrap("without a cost table: " + join(without_table, ", "));
    std::cout << out << std::flush;
    return 0;
}

namespace {
// `reproduce show`'s protocol: every problem and method with its identifier.
// `lead` then an identifier, broken after its commas to stay within 100 columns, the
// continuation lines indented under its start.
std::string wrap_identifier(const std::string& lead, const std::string& id) {
    std::string out = lead, line;
    for (const std::string& piece : split(id, ',')) {
        const std::string next = line.empty() ? piece : line + "," + piece;
        if (!line.empty() && columns(out.substr(out.rfind('\n') + 1)) + columns(next) > 100) {
            out += line + ",\n" + std::string(columns(lead), ' ');
            line = piece;
        } else {
            line = next;
        }
    }
    return out + line + "\n";
}

std::string show_protocol(const runners::ExperimentSpec& spec) {
    std::size_t width = 0;
    for (const auto* list : {&spec.problems, &spec.optimizers})
        for (const runners::SpecEntry& x : *list) width = std::max(width, columns(label_of(x)));
    std::string out = fmt::format("\nprotocol: {} × {} × {}, {} evaluations a run\nproblems:\n",
                                  count_noun(problem_count(spec), "problem"),
                                  count_noun(spec.optimizers.size(), "method"),
                                  count_noun(static_cast<std::size_t>(spec.replicates), "replicate"), spec.budget);
    for (const runners::SpecEntry& p : spec.problems) {
        const std::size_t n = expand_lists(p.id, problem_catalog().get(p.id.name).params).size();
        out += "  " + pad(label_of(p), width + 2) + p.id.str() + (n > 1 ? fmt::format(" ({} problems)", n) : "") + "\n";
    }
    out += "methods:\n";
    for (const runners::SpecEntry& o : spec.optimizers) out += wrap_identifier("  " + pad(label_of(o), width + 2), o.id.str());
    return out;
}

// `reproduce show`'s needs: the benchmark tables, or the SYNTHETIC fixture that runs without them.
std::string show_needs(const ReproductionEntry& e, const runners::ExperimentSpec& spec) {
    const auto tables = needed_tables(spec);
    std::string out = "\nneeds: ";
    if (tables.empty()) return out + "nothing (every problem is computed)\n";
    out += wrap("the benchmark tables in --data-dir DIR (hpobench_tables/README.md says where to get them):");
    for (const auto& [problem, file] : tables) out += "  " + problem + ": " + file + "\n";
    return out + wrap("  without --data-dir, `bobench reproduce " + e.name + "` runs these problems on a " +
                      std::string("SYNTHETIC") + unbroken_space +
                      "fixture in the tables' layout: not the benchmark's numbers, and its report says so");
}

// `reproduce show`'s cost: the whole protocol's, then each method's figure from the cost table.
std::string show_cost(const ReproductionEntry& e, const runners::ExperimentSpec& spec) {
    if (e.costs.empty()) return "\n" + wrap("full cost: " + e.cost + " (the reproduction's note; it has no cost table)");
    const std::vector<MethodCost> figures = read_method_costs(e.costs, e.name);
    std::string out = "\n" + wrap("full cost: " + describe_cost(cost_by_figures(figures, spec))) +
                      wrap(fmt::format("each method's CPU seconds for one run of {} evaluations, from the cost "
                                       "table {}:", spec.budget, e.costs));
    for (const runners::SpecEntry& o : spec.optimizers) {
        if (const MethodCost* c = find_cost(figures, o.label))
            out += wrap(fmt::format("  {}: {} s, {}, from {}", o.label, format_double(c->seconds),
                                    c->measured ? "measured" : "extrapolated", c->from), 100, 4);
        else
            out += "  " + o.label + ": not measured\n";
    }
    return out;
}

// Everything `reproduce list` leaves out of its row.
int show_reproduction(const ReproductionEntry& e) {
    std::string out = wrap(e.name + ": " + e.source) + "spec: " + e.file + "\n";
    if (e.toy) {
        out += "\nan illustration computed in place, no runs; needs nothing\n\n" + wrap("cost: " + e.cost);
    } else {
        const runners::ExperimentSpec spec = spec_of(e);
        out += show_protocol(spec) + show_needs(e, spec);
        if (const std::vector<std::string> missing = missing_methods(e, spec); !missing.empty())
            out += "\n" + wrap("the paper's methods not run: " + join(missing, ", "));
        out += show_cost(e, spec) +
               "\n" + wrap(fmt::format("--quick: {} of {} evaluations{}",
                                       count_noun(static_cast<std::size_t>(e.quick_replicates), "replicate"),
                                       e.quick_budget,
                                       e.quick_methods.empty() ? "" : ", only " + join(e.quick_methods, ", ")));
        if (!e.subset_methods.empty())
            out += wrap("--preset subset: " + join(e.subset_methods, ", ") + " on " +
                        (e.subset_problems.empty() ? "every problem" : join(e.subset_problems, ", ")) +
                        ", at the protocol's replicates and budget");
    }
    if (const std::vector<std::string> deviations = stated_deviations(e); !deviations.empty()) {
        out += "\ndeviations from the paper's protocol:\n";
        for (const std::string& d : deviations) out += wrap("  - " + d, 100, 4);
    }
    out += "\n";
    for (const auto& [what, file] : {std::pair{"the paper's numbers", e.reference}, {"why cells disagree", e.causes},
                                     {"the paper's claims", e.claims}})
        out += wrap(std::string(what) + ": " + (file.empty() ? "none" : file));
    std::cout << out << std::flush;
    return 0;
}

}  // namespace

// bobench reproduce show NAME | --spec FILE [--experiments DIR]
int show_command(const Args& args) {
    po::options_description opts("bobench reproduce show NAME | --spec FILE   a reproduction's details: source, "
                                 "protocol, needs, each method's cost, deviations");
    opts.add_options()("help,h", "show this help")("name", po::value<std::string>(), "reproduction")(
        "spec", po::value<std::string>(), "the reproduction of this spec file instead of a NAME")(
        "experiments", po::value<std::string>(),
        "folder of the reproductions' spec files (default: bobench's experiments/)");
    const auto parsed = parse_words(args, opts, "name", 1);
    if (!parsed) return 0;  // --help was printed
    if (parsed->count("spec") == parsed->count("name"))
        throw UserError("usage: bobench reproduce show NAME | --spec FILE (one of them)");
    return show_reproduction(chosen_reproduction(*parsed));
}

}  // namespace bobench::cli
