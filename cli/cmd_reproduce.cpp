// bobench reproduce list | show NAME | NAME | --spec FILE [--experiments DIR] [--replicates R] [--budget B]
//                   [--threads T]
//                   [--quick] [--methods A,B] [--readings [A,B]] [--data-dir D] [--output F]
//                   [--format md|latex|csv] [--report F]
//                   [--shard K/N | --report-only]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <thread>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "analysis/ranking.hpp"
#include "reproductions/claims.hpp"
#include "analysis/reports/html_report.hpp"
#include "analysis/reports/curves.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/reports/rank_report.hpp"
#include "reproductions/comparison.hpp"
#include "analysis/reports/score_histograms.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/plugins.hpp"
#include "reproductions/cost.hpp"
#include "cli/reproduce_readings.hpp"
#include "reproductions/protocol.hpp"
#include "reproductions/entry.hpp"
#include "reproductions/html_section.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "reproductions/bore_toy.hpp"
#include "runners/restart.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

using namespace reproductions;  // a command of the reproductions layer

namespace {
using reproductions::PublishedCell;
using reproductions::bore_toy;
using reproductions::BoreToy;
using reproductions::plot_bore_toy;
using reproductions::render_bore_toy;

runners::ExperimentSpec spec_of(const ReproductionEntry& e) { return read_spec_file(e.file); }

// Refuses a published number for a problem the reproduction does not have (a typo, a
// problem of another table): it would never be compared, and nothing would say so.
void check_published_problems(const ReproductionEntry& e, const runners::ExperimentSpec& spec,
                              const std::vector<PublishedCell>& theirs) {
    std::set<std::string> labels;
    for (const runners::SpecEntry& p : spec.problems) {
        if (p.label.empty()) return;  // named by its canonical id, known once bound: not checked here
        std::vector<std::string> suffix;
        expand_lists(p.id, problem_catalog().get(p.id.name).params, &suffix);
        for (const std::string& s : suffix) labels.insert(runners::problem_label(p, s, ""));
    }
    for (const PublishedCell& c : theirs)
        if (!labels.count(c.problem))
            throw UserError("reference table '" + e.reference + "' line " + std::to_string(c.line) + ": problem '" +
                            c.problem + "' is not a problem of this reproduction (" +
                            join(std::vector<std::string>(labels.begin(), labels.end()), ", ") + ")");
}

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
ProtocolCost full_cost(const std::vector<MethodCost>& figures, const runners::ExperimentSpec& spec) {
    std::vector<std::string> methods;
    for (const auto& o : spec.optimizers) methods.push_back(o.label);
    return protocol_cost(figures, methods, problem_count(spec) * static_cast<std::size_t>(spec.replicates));
}

std::optional<ProtocolCost> full_cost(const ReproductionEntry& e, const runners::ExperimentSpec& spec) {
    if (e.costs.empty()) return std::nullopt;
    return full_cost(read_method_costs(e.costs, e.name), spec);
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

std::string arg_or(const Identifier& id, const std::string& key, const std::string& fallback) {
    for (const auto& [k, v] : id.args)
        if (k == key) return v;
    return fallback;
}

// The benchmark table a tabular problem reads from the data folder (FCNet, NAS-Bench-201);
// "" for a problem that reads none.
std::string table_file(const Identifier& id) {
    const bool fcnet = id.name == "fcnet";
    if (!fcnet && id.name != "nasbench201") return "";
    const std::string dataset = arg_or(id, "dataset", fcnet ? "protein" : "cifar10");
    return fcnet ? tables::fcnet::dataset(dataset).file : tables::nasbench201::file_name(dataset);
}

std::string label_of(const runners::SpecEntry& e) { return e.label.empty() ? e.id.str() : e.label; }

// The problems that read a benchmark table, each with its table's file name.
std::vector<std::pair<std::string, std::string>> needed_tables(const runners::ExperimentSpec& spec) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const runners::SpecEntry& p : spec.problems)
        if (const std::string file = table_file(p.id); !file.empty()) out.emplace_back(label_of(p), file);
    return out;
}

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
int list_reproductions(const std::string& folder) {
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

// The reproduction the command line names: NAME in the experiments folder, or --spec FILE.
ReproductionEntry chosen_reproduction(const po::variables_map& vm) {
    if (vm.count("spec")) return load_reproduction(vm["spec"].as<std::string>());
    return find_reproduction(vm.count("experiments") ? vm["experiments"].as<std::string>() : experiments_dir(),
                             vm["name"].as<std::string>());
}

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
    std::string out = "\n" + wrap("full cost: " + describe_cost(full_cost(figures, spec))) +
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

// The data folder of the spec's tabular problems (fcnet, nasbench201): `data_dir` when given
// (every table must be there), else a folder of SYNTHETIC fixtures written once beside the
// results file (1,000 FCNet configurations with --quick, else all; the FCNet fixture formula
// does not depend on the dataset, so one table serves the four datasets' names). The problems
// keep their identifiers, so their seeds do not depend on where the tables lie. Returns the
// folder, or "" when the spec has no tabular problem; `fixture` tells which kind it is.
// `write` false checks and writes nothing (a report on results that exist).
std::string prepare_tables(const runners::ExperimentSpec& spec, const ReproductionEntry& entry,
                           const std::optional<std::string>& data_dir, bool quick, bool& fixture, bool write) {
    const fs::path folder = data_dir ? fs::path(*data_dir)
                                     : fs::path(spec.output).parent_path() / (quick ? "fixtures-quick" : "fixtures");
    fixture = !data_dir;
    fs::path fcnet_table;  // the one FCNet fixture written, the others link to it
    bool any = false;
    for (const runners::SpecEntry& p : spec.problems) {
        const std::string file = table_file(p.id);
        if (file.empty()) continue;
        any = true;
        const bool fcnet = p.id.name == "fcnet";
        const std::string dataset = arg_or(p.id, "dataset", fcnet ? "protein" : "cifar10");
        const fs::path path = folder / file;
        if (!write) continue;  // --report-only: only where the tables are is needed
        if (data_dir) {
            if (!fs::is_regular_file(path))
                throw UserError("reproduction '" + entry.name + "' needs the table '" + path.filename().string() +
                                "' (problem '" + p.label + "'), which is not in --data-dir '" + *data_dir +
                                "'; put it there (hpobench_tables/README.md says where to get it), or leave out "
                                "--data-dir to run on a SYNTHETIC fixture");
            continue;
        }
        if (fs::exists(path)) continue;
        fs::create_directories(folder);
        if (!fcnet) {
            tables::nasbench201::write_fixture(path.string(), dataset, 0);
        } else if (fcnet_table.empty()) {
            tables::fcnet::write_fixture(path.string(), quick ? 1000 : 0);
            fcnet_table = path;
        } else {
            fs::create_symlink(fcnet_table.filename(), path);
        }
    }
    return any ? folder.string() : "";
}

// A figure's path as the report names it: relative to the report's folder, where the
// figures folder `dir` lies, so that the report and its figures can move together.
std::string linked(const std::string& file, const std::string& dir) {
    return (fs::path(dir).filename() / fs::path(file).filename()).string();
}

std::vector<std::string> linked(const std::vector<std::string>& files, const std::string& dir) {
    std::vector<std::string> out;
    for (const std::string& f : files) out.push_back(linked(f, dir));
    return out;
}

// The paper's figure redrawn from our traces (regret: median and quartiles per evaluation).
std::string draw_figure(const ReproductionEntry& e, const results::Results& results, const std::string& dir) {
    analysis::reports::PlotOptions o;
    o.out_dir = dir;
    try {
        const auto plotted = analysis::reports::plot_curves(analysis::reports::summary_curves(results), o);
        std::string out = "\n## Figure: " + e.figure + ", redrawn from our traces\n\n";
        for (const auto& f : plotted.files) out += "- " + f.problem + ": `" + linked(f.png, dir) + "` (and `.svg`)\n";
        return out;
    } catch (const UserError& error) {  // no gnuplot: the report goes on without its figure
        return "\n## Figure: not drawn (" + std::string(error.what()) + ")\n";
    }
}

// Borda and first places by each breakdown key, as tables and histograms (PNG/SVG).
std::string breakdown_sections(const ReproductionEntry& e, const analysis::reports::RankReport& ranking,
                               const results::Results& results, const std::string& dir) {
    std::string out;
    for (const std::string& key : e.breakdowns) {
        const auto by = analysis::scores_by(ranking.rankings, key);
        auto* names = key == "group" ? &analysis::reports::coco_group_name : nullptr;
        const std::string title = key == "group" ? "COCO function group" : key;
        out += "\n## Borda and first places by " + title + "\n" +
               analysis::reports::render_score_breakdown(by, title, names);
        analysis::reports::PlotOptions o;
        o.out_dir = dir;
        for (const auto& optimizer : results.optimizers) o.optimizers.push_back(optimizer.label);  // the spec's order
        try {
            const auto files = analysis::reports::plot_score_histograms(by, title, "scores-by-" + key, o, names);
            out += "\nHistograms: `" + join(linked(files, dir), "`, `") + "`\n";
        } catch (const UserError& error) {
            out += "\nHistograms not drawn: " + std::string(error.what()) + "\n";
        }
    }
    return out;
}

std::string machine() {
    char host[256] = "?";
    ::gethostname(host, sizeof host - 1);
    std::string cpu = "unknown CPU";
    std::ifstream info("/proc/cpuinfo");
    for (std::string line; std::getline(info, line);)
        if (line.rfind("model name", 0) == 0) {
            cpu = trim(line.substr(line.find(':') + 1));
            break;
        }
    return fmt::format("{} ({}, {} hardware threads)", host, cpu, std::thread::hardware_concurrency());
}
}  // namespace

namespace {
std::string report_extension(analysis::reports::TableFormat format) {
    return format == analysis::reports::TableFormat::latex ? ".tex"
           : format == analysis::reports::TableFormat::csv ? ".csv"
                                                           : ".md";
}

// A --quick report is titled a smoke test, so that no reader takes it for the reproduction.
std::string header(const ReproductionEntry& e, bool quick = false) {
    if (!quick) return fmt::format("# Reproduction: {}\n\nSource: {}.\n", e.name, e.source);
    return fmt::format("# Reproduction: {}, smoke test (--quick), not a reproduction\n\nSource: {}.\n\nA smoke test "
                       "checks that the whole way runs end to end; its few, short runs cannot support a verdict, so "
                       "this report gives none.\n",
                       e.name, e.source);
}

std::string deviation_list(const std::vector<std::string>& deviations) {
    return "\nDeviations from the paper's protocol:\n\n- " + join(deviations, "\n- ") + "\n";
}

// Refuses a report that would replace the results, the spec or a file of the paper's numbers.
void check_report_path(const std::string& report, const ReproductionEntry& e, const std::string& results_file) {
    std::vector<InputFile> inputs{{"spec", e.file}};
    if (!results_file.empty()) inputs.push_back({"results file", results_file});
    for (const InputFile& f : {InputFile{"reference table", e.reference}, InputFile{"causes file", e.causes},
                               InputFile{"claims file", e.claims}})
        if (!f.path.empty()) inputs.push_back(f);
    check_output_file("--report", report, inputs);
}

int write_report(const std::string& report, const std::string& path) {
    write_text_file(path, report);
    std::cout << report << "\nreport: " << path << "\n" << std::flush;
    return 0;
}

// bore-toy: computed in place, no runs.
int reproduce_toy(const ReproductionEntry& e, const po::variables_map& vm) {
    std::vector<std::string> ignored;  // flags about runs, results files or formats: refused, not ignored
    for (const char* flag : {"replicates", "budget", "threads", "quick", "methods", "data-dir", "output", "format",
                             "report-only", "shard", "html"})
        if (vm.count(flag) && !vm[flag].defaulted()) ignored.push_back(std::string("--") + flag);
    if (!ignored.empty())
        throw UserError("reproduction '" + e.name + "' is computed in place, with no runs, into a Markdown report: " +
                        join(ignored, ", ") + (ignored.size() == 1 ? " does" : " do") +
                        " not apply to it (--report FILE does)");
    const auto start = std::chrono::steady_clock::now();
    const BoreToy toy = bore_toy(/*seed=*/2021);
    const std::string path = vm.count("report") ? vm["report"].as<std::string>() : "output/" + e.name + ".md";
    check_report_path(path, e, "");
    const fs::path figures = fs::path(path).parent_path() / (fs::path(path).stem().string() + "-figures");
    std::string figure;
    try {
        figure = "\n## Figure: " + e.figure + "\n\n`" +
                 join(linked(plot_bore_toy(toy, figures.string()), figures.string()), "`, `") + "`\n";
    } catch (const UserError& error) {
        figure = "\n## Figure: not drawn (" + std::string(error.what()) + ")\n";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return write_report(header(e) + fmt::format("\nComputed in {:.1f} s on {}.\n", seconds, machine()) +
                            deviation_list(stated_deviations(e)) + "\n" + render_bore_toy(toy) + figure +
                            "\nThe paper shows this illustration as a figure only: the figure above is ours.\n",
                        path);
}
}  // namespace

namespace {
po::options_description reproduce_options() {
    po::options_description opts("bobench reproduce list | show NAME | NAME | --spec FILE [options]   run a paper's "
                                 "experiment, compare with its published numbers");
    opts.add_options()("help,h", "show this help")(
        "name", po::value<std::string>(), "reproduction, `list` (one row each), or `show NAME` (the details)")(
        "spec", po::value<std::string>(),
        "run the reproduction of this spec file (its [reproduction] section; its reference file is read relative to "
        "the file's folder) instead of a NAME")(
        "experiments", po::value<std::string>(), "folder of the reproductions' spec files (default: bobench's experiments/)");
    const runners::Schema schema = runners::experiment_schema();
    runners::add_setting_flag(opts, runners::setting(schema, "replicates"), "runs per cell instead of the paper's");
    runners::add_setting_flag(opts, runners::setting(schema, "budget"), "evaluations per run instead of the paper's");
    runners::add_setting_flag(opts, runners::setting(schema, "threads"), "worker threads (0: all cores)");
    opts.add_options()(
        "quick", "a small version (few replicates, short runs) that checks the whole way end to end")(
        "preset", po::value<std::string>(),
        "subset: the paper's cheaper methods on some of its problems at its full replicates and budget, a real "
        "reproduction of those cells (named before the runs and in the report)")(
        "methods", po::value<std::string>(),
        "run only these methods (labels, comma-separated); with --report-only, report on these alone")(
        "readings", po::value<std::string>()->implicit_value(""),
        "run each of the reproduction's readings (its `reading` lines: where the paper is silent or contradicts "
        "itself), or those named (--readings A,B), in place of ours, on its subset unless --preset, --quick or "
        "--methods say otherwise, and report the agreement and tau per reading (OUTPUT-readings/readings.md)")(
        "data-dir", po::value<std::string>(),
        "folder of the benchmark tables (FCNet, NAS-Bench-201); without it, tabular reproductions run on SYNTHETIC "
        "fixtures")(
        "output", po::value<std::string>(), "results file (default: the spec's, or output/NAME-quick.h5 with --quick)")(
        "format", po::value<std::string>()->default_value("md"), "report format: md, latex or csv")(
        "report", po::value<std::string>(), "write the report here (default: beside the results file, .md/.tex/.csv)")(
        "report-only", "run nothing: write the report from the results file as it is (kept results, merged shards)")(
        "shard", po::value<std::string>(),
        "run only part K of N of the protocol (K/N) into OUTPUT.shard-K-of-N.h5, no report; `bobench merge` joins "
        "the shards, `--report-only --output MERGED` reports on them")(
        "html", po::value<std::string>(),
        "also write the report as one HTML page, DIR/index.html: the deviations, the agreement and the paper's "
        "claims first, then what `bobench report --html` shows")(
        "across-builds", "add runs to a results file that runs of another bobench build are in (it then lists both builds); "
        "only where both builds give the same traces for this spec, checked on a few runs first")(
        "quiet,q", "no progress line");
    add_plugin_option(opts);
    return opts;
}

// The deviation of `--methods LIST`: the other methods were not run, or, when a report on a
// file that holds them leaves them out, which ones.
std::string methods_deviation(const std::string& list, const std::vector<std::string>& left_out) {
    return "--methods " + list + ": " +
           (left_out.empty() ? std::string("the other methods were not run")
                             : "the report leaves out the file's other methods (" + join(left_out, ", ") + ")");
}

// Applies --quick, --methods, --replicates, --budget, --threads and --output to the spec;
// returns the deviations: the entry's, and one per flag that departs from the protocol.
std::vector<std::string> apply_flags(runners::ExperimentSpec& spec, const ReproductionEntry& entry,
                                     const po::variables_map& vm) {
    std::vector<std::string> deviations = stated_deviations(entry);
    // --readings runs on the subset unless other flags choose (its own report names the size)
    if (vm.count("readings") && !entry.subset_methods.empty() && !vm.count("preset") && !vm.count("quick") &&
        !vm.count("methods"))
        apply_subset(spec, entry);
    if (vm.count("preset")) {
        if (vm["preset"].as<std::string>() != "subset")
            throw UserError("--preset '" + vm["preset"].as<std::string>() + "' is not known; the one preset is subset");
        if (vm.count("quick") || vm.count("methods"))
            throw UserError("--preset subset chooses the methods and the size itself: give it without --quick and --methods");
        deviations.push_back(apply_subset(spec, entry));
        std::cerr << "bobench reproduce: " << deviations.back() << "\n";  // what is left out, before the runs
    }
    if (vm.count("quick")) {
        spec.replicates = entry.quick_replicates;
        spec.budget = entry.quick_budget;
        spec.output = "output/" + entry.name + "-quick.h5";
        if (!entry.quick_methods.empty()) keep_methods(spec, entry.quick_methods, "--quick");
        deviations.push_back(fmt::format("--quick: {} of {}{}, a smoke test, not a reproduction",
                                         count_noun(static_cast<std::size_t>(spec.replicates), "replicate"),
                                         count_noun(static_cast<std::size_t>(spec.budget), "evaluation"),
                                         entry.quick_methods.empty() ? "" : " with " + join(entry.quick_methods, ", ")));
    }
    if (vm.count("methods")) {
        std::vector<std::string> keep;
        for (const std::string& m : split(vm["methods"].as<std::string>(), ',')) keep.push_back(trim(m));
        keep_methods(spec, keep, "--methods");
        deviations.push_back(methods_deviation(vm["methods"].as<std::string>(), {}));
    }
    const runners::Schema schema = runners::experiment_schema();
    for (const char* key : {"replicates", "budget"}) {
        const runners::Setting& setting = runners::setting(schema, key);
        if (runners::apply_setting_flag(vm, setting, spec))
            deviations.push_back(fmt::format("--{} {}", setting.flag, setting.text(spec)));
    }
    runners::apply_setting_flag(vm, runners::setting(schema, "threads"), spec);
    if (vm.count("output")) spec.output = vm["output"].as<std::string>();
    return deviations;
}

// What ran, read from the results file alone (so a report regenerated from kept results is
// the same byte for byte): the plan's size, who wrote the file, the runs' own time, restarts.
std::string protocol_paragraph(const runners::ExperimentSpec& spec, const results::Results& results) {
    double run_seconds = 0;  // each run's own wall time, also of runs resumed from the file
    std::size_t restarted_runs = 0, restarts = 0;
    for (const results::Trace& t : results.runs) {
        run_seconds += t.seconds;
        const std::size_t n = runners::restart_indices(t).size();
        restarts += n;
        restarted_runs += n > 0;
    }
    std::string out = fmt::format(
        "\nProtocol run: {} × {} × {}, {} each{}; results "
        "in `{}`, written by `{}` on {} at {} (bobench {}, build {}). The runs' own wall times sum to {:.0f} s.\n",
        count_noun(results.problems.size(), "problem"), count_noun(spec.optimizers.size(), "optimizer"),
        count_noun(static_cast<std::size_t>(spec.replicates), "replicate"),
        count_noun(static_cast<std::size_t>(spec.budget), "evaluation"),
        spec.restart.active() ? ", restart_on = " + runners::restart_on_name(spec.restart) : "", spec.output,
        results.provenance.command_line, results.provenance.host, results.provenance.timestamp,
        results.bobench_version, results.git_revision, run_seconds);
    if (spec.restart.active())
        out += fmt::format("{} of {} runs restarted their optimizer ({} in all; the indices are in each "
                           "run's notes).\n",
                           restarted_runs, results.runs.size(), count_noun(restarts, "restart"));
    return out;
}

std::string fixture_warning(const std::string& tables, bool quick) {
    return "\n**SYNTHETIC FIXTURE: these results are not the benchmark's.** No --data-dir was given, so the "
           "tabular problems read synthetic tables in the benchmark's layout (`" + tables +
           "`; formula in hpobench_tables/README.md)" +
           (quick ? "; the --quick FCNet fixture holds 1,000 of 62,208 configurations and the others "
                    "evaluate as failed" : "") + ". Run with --data-dir DIR on the real tables.\n";
}

// The paper's claims, each checked on our runs (nothing when it has none listed); the
// verdicts go to `verdicts` too, for the HTML page.
std::string claim_section(const std::vector<reproductions::Claim>& claims, const ReproductionEntry& entry,
                          const analysis::reports::RankReport& ranking, const results::Results& results, bool quick,
                          std::vector<reproductions::ClaimVerdict>& verdicts) {
    if (claims.empty()) return "";
    const auto curves = analysis::reports::summary_curves(results);
    // a smoke test shows every check's figure, whatever ran
    const std::vector<std::string> not_run = quick ? std::vector<std::string>{} : paper_methods_not_run(entry, results);
    verdicts.clear();
    for (const auto& c : claims)
        verdicts.push_back(reproductions::evaluate_claim(c, ranking, curves, entry.claims_statistic(), not_run));
    return reproductions::render_claims(claims, verdicts, /*judge=*/!quick);
}

// With one method there is no ranking to check a claim on: every claim is listed, "not run",
// saying why (the HTML page reads a verdict for each claim).
std::string unchecked_claims(const std::vector<reproductions::Claim>& claims, bool quick,
                             std::vector<reproductions::ClaimVerdict>& verdicts) {
    if (claims.empty()) return "";
    verdicts.assign(claims.size(), {reproductions::ClaimStatus::not_run, "cannot be checked with one method"});
    return reproductions::render_claims(claims, verdicts, /*judge=*/!quick);
}

// The ranking's Markdown under the report's H1: its own H1 becomes the H2 `title`, its
// sections one level deeper, so the report keeps one H1 and skips no level.
std::string ranking_markdown(const analysis::reports::RankReport& ranking, const std::string& title) {
    const std::string md = analysis::reports::shift_headings(analysis::reports::render_rank_markdown(ranking), 1);
    return "\n## " + title + md.substr(md.find('\n'));
}

// The per-pair level of our ranking: the section's alpha, else rank's family-wise default.
analysis::PairwiseAlpha ranking_alpha(const ReproductionEntry& entry) {
    if (entry.alpha > 0) return {analysis::AlphaCorrection::direct, entry.alpha};
    return {};
}

// Our ranking (beside the comparison when the paper has numbers, alone when it has none)
// and the paper's figure redrawn.
std::string ranking_sections(const ReproductionEntry& entry, const runners::ExperimentSpec& spec,
                             const results::Results& results, bool published, const std::string& figures,
                             const std::vector<reproductions::Claim>& claims, bool quick,
                             std::vector<reproductions::ClaimVerdict>& verdicts) {
    std::string report;
    analysis::reports::RankReportOptions rank;
    rank.source = spec.output;
    rank.alpha = ranking_alpha(entry);
    if (published && spec.optimizers.size() >= 2 && (entry.friedman || !claims.empty())) {
        // chapter 4's ranking: Friedman over replicates per function, Borda over functions
        rank.metrics = {analysis::reports::RunMetric::best};
        rank.friedman = true;
        const auto ranking = analysis::reports::build_rank_report(results, rank);
        if (entry.friedman)
            report += ranking_markdown(ranking, "Our ranking (Friedman + Borda, as the thesis' chapter 4)");
        report += claim_section(claims, entry, ranking, results, quick, verdicts);
    } else if (!published && spec.optimizers.size() >= 2) {
        rank.friedman = entry.friedman;
        const auto ranking = analysis::reports::build_rank_report(results, rank);
        report += ranking_markdown(ranking, "Our ranking") + breakdown_sections(entry, ranking, results, figures) +
                  claim_section(claims, entry, ranking, results, quick, verdicts);
    } else if (spec.optimizers.size() < 2) {
        report += unchecked_claims(claims, quick, verdicts);
    }
    if (!entry.figure.empty()) {
        report += draw_figure(entry, results, figures);
        if (!published)
            report += "\nThe paper publishes this figure only (no numbers): compare the shapes by eye; there are "
                      "no cells to test.\n";
    }
    return report;
}

// The tests that the replicates asked for are too few to bring to their level, said before
// anything runs (the report says it again, from the runs themselves): the ranking's pairwise
// Mann-Whitney tests, and the agreement test, which needs two runs of ours per cell.
std::vector<std::string> underpowered_tests(const ReproductionEntry& entry, const runners::ExperimentSpec& spec,
                                            bool published, bool quick) {
    std::vector<std::string> out;
    const std::size_t k = spec.optimizers.size(), n = static_cast<std::size_t>(spec.replicates);
    if (k >= 2 && (!published || entry.friedman)) {  // when ranking_sections renders the pairwise ranking
        const analysis::AlphaReach reach = analysis::alpha_reach(ranking_alpha(entry), k, n, n);
        if (!reach.reachable())
            out.push_back("the ranking's pairwise tests cannot reach their level: " +
                          analysis::unreachable_alpha_message(reach, n, n));
    }
    if (published && !quick && n < 2)  // a --quick report gives no verdicts anyway
        out.push_back("the agreement test cannot be computed with 1 replicate (Welch's t-test needs two runs a "
                      "side, and the bootstrap of one run has no spread): no cell gets a verdict; at least 2 "
                      "replicates are needed");
    return out;
}

// A file that a `--methods` run wrote holds fewer methods than the protocol: its report takes
// the same --methods (so that it says the others were not run; one method has nothing to rank).
void require_methods_of_file(const runners::ExperimentSpec& spec, const results::Results& results) {
    std::set<int> ran;
    for (const results::Trace& t : results.runs) ran.insert(t.key.optimizer);
    if (ran.empty() || ran.size() >= spec.optimizers.size()) return;
    std::vector<std::string> labels;
    for (const int o : ran) labels.push_back(results.optimizers[static_cast<std::size_t>(o)].label);
    throw UserError("--report-only: '" + spec.output + "' holds runs of " + join(labels, ", ") + " only, of the " +
                    "protocol's " + count_noun(spec.optimizers.size(), "method") + "; report on it with --methods " +
                    join(labels, ",") + ", as the run that wrote it was given");
}

// Whether `label` names one of the spec's methods.
bool is_method(const runners::ExperimentSpec& spec, const std::string& label) {
    return std::any_of(spec.optimizers.begin(), spec.optimizers.end(),
                       [&](const runners::SpecEntry& e) { return e.label == label; });
}

// --report-only --methods on a file that holds more methods: the report is on the named ones
// alone (the others' runs and entries leave `results`), and its deviation says the file's
// other methods were left out rather than not run.
void report_on_methods(results::Results& results, const runners::ExperimentSpec& spec, const std::string& methods_flag,
                       std::vector<std::string>& deviations) {
    std::vector<int> new_index(results.optimizers.size(), -1);
    std::vector<results::OptimizerInfo> kept;
    std::vector<std::string> left_out;
    for (std::size_t o = 0; o < results.optimizers.size(); ++o) {
        const std::string& label = results.optimizers[o].label;
        if (!is_method(spec, label)) {
            left_out.push_back(label);
            continue;
        }
        new_index[o] = static_cast<int>(kept.size());
        kept.push_back(results.optimizers[o]);
    }
    if (left_out.empty()) return;
    auto index_of = [&](const results::Trace& t) { return new_index[static_cast<std::size_t>(t.key.optimizer)]; };
    std::erase_if(results.runs, [&](const results::Trace& t) { return index_of(t) < 0; });
    for (results::Trace& t : results.runs) t.key.optimizer = index_of(t);
    results.optimizers = std::move(kept);
    const std::string given = methods_deviation(methods_flag, {});
    std::replace(deviations.begin(), deviations.end(), given, methods_deviation(methods_flag, left_out));
}

// A results file of another experiment would be reported as "0 of 0 cells agree": refused,
// naming its methods. (Problems are not compared: a spec's list entries, bbob:f=1-24 say,
// expand to labels only the plan knows.)
void require_runs_of_protocol(const runners::ExperimentSpec& spec, const results::Results& results) {
    for (const results::Trace& t : results.runs) {
        const std::string& label = results.optimizers[static_cast<std::size_t>(t.key.optimizer)].label;
        if (is_method(spec, label)) return;
    }
    std::vector<std::string> methods;
    for (const auto& o : results.optimizers) methods.push_back(o.label);
    throw UserError("--report-only: '" + spec.output + "' holds no run of this reproduction's methods (it holds " +
                    (results.runs.empty() ? std::string("no runs at all") : "runs of " + join(methods, ", ")) +
                    "); is it another experiment's file?");
}

// --report-only: the file's runs as the report takes them (the --methods named, or all the
// protocol's), and a deviation for each method whose runs are of other settings than the spec's.
void take_kept_runs(results::Results& results, const runners::ExperimentSpec& spec, const po::variables_map& vm,
                    std::vector<std::string>& deviations) {
    if (vm.count("methods")) report_on_methods(results, spec, vm["methods"].as<std::string>(), deviations);
    else require_methods_of_file(spec, results);
    require_runs_of_protocol(spec, results);
    std::ranges::copy(runs_of_other_settings(spec, results, optimizer_catalog()), std::back_inserter(deviations));
}

std::optional<std::string> data_dir_flag(const po::variables_map& vm) {
    return vm.count("data-dir") ? std::optional(vm["data-dir"].as<std::string>()) : std::nullopt;
}

// --readings: the readings run and reported on their own (the tables prepared as for a run).
int run_readings(const ReproductionEntry& entry, runners::ExperimentSpec spec, const po::variables_map& vm,
                 const Args& args, const std::vector<PublishedCell>& theirs,
                 const std::vector<reproductions::DisagreementCause>& causes) {
    if (vm.count("report-only") || spec.shard || vm.count("html"))
        throw UserError("--readings runs and reports the readings itself: give it without --report-only, --shard and --html");
    const bool quick = vm.count("quick") > 0;
    const std::optional<std::string> data_dir = data_dir_flag(vm);
    bool fixture = false;
    if (const std::string tables = prepare_tables(spec, entry, data_dir, quick, fixture, true); !tables.empty())
        spec.data_dir = tables;
    std::vector<std::string> only;
    for (const std::string& name : split(vm["readings"].as<std::string>(), ','))
        if (!trim(name).empty()) only.push_back(trim(name));
    return reproduce_readings(entry, spec, theirs, causes,
                              {vm.count("quiet") > 0, quick, command_line("reproduce", args), only});
}
}  // namespace

int reproduce(const Args& args) {
    if (!args.empty() && args.front() == "show") return show_command(Args(args.begin() + 1, args.end()));
    const po::options_description opts = reproduce_options();
    const auto parsed = parse_words(args, opts, "name", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (vm.count("spec") && vm.count("name")) throw UserError("give a reproduction's NAME or --spec FILE, not both");
    if (!vm.count("name") && !vm.count("spec"))
        throw UserError(
            "no reproduction given; usage: bobench reproduce list | show NAME | NAME | --spec FILE [options]");
    if (vm.count("name") && vm["name"].as<std::string>() == "list")
        return list_reproductions(vm.count("experiments") ? vm["experiments"].as<std::string>() : experiments_dir());

    const ReproductionEntry entry = chosen_reproduction(vm);
    const auto format = analysis::reports::parse_table_format(vm["format"].as<std::string>());
    if (entry.toy) return reproduce_toy(entry, vm);
    runners::ExperimentSpec spec = spec_of(entry);
    add_plugin_flags(vm, spec.plugins);
    std::vector<std::string> deviations = apply_flags(spec, entry, vm);
    const bool report_only = vm.count("report-only") > 0;
    if (vm.count("shard")) {
        if (report_only) throw UserError("--shard runs part of the protocol and --report-only runs nothing: give one");
        spec.shard = runners::parse_shard(vm["shard"].as<std::string>());
        spec.output = runners::shard_output(spec.output, spec.shard);
    }
    spec.across_builds = vm.count("across-builds") > 0;
    const bool quick = vm.count("quick") > 0;
    runners::check_spec(spec);
    const std::vector<PublishedCell> theirs = published(entry, true);  // a malformed table stops us before any run
    check_published_problems(entry, spec_of(entry), theirs);  // the paper's problems, also those a subset leaves out
    const auto causes = entry.causes.empty() ? std::vector<reproductions::DisagreementCause>{}
                                             : reproductions::read_causes(entry.causes);
    const std::vector<reproductions::Claim> claims = read_checked_claims(entry);
    const std::optional<std::string> data_dir = data_dir_flag(vm);
    if (vm.count("readings")) return run_readings(entry, spec, vm, args, theirs, causes);
    bool fixture = false;
    const std::string tables = prepare_tables(spec, entry, data_dir, quick, fixture, /*write=*/!report_only);
    if (!tables.empty()) spec.data_dir = tables;  // passed to the tabular problems by the plan

    const std::string report_path = vm.count("report") ? vm["report"].as<std::string>()
                                                       : fs::path(spec.output).replace_extension(report_extension(format)).string();
    if (!spec.shard) check_report_path(report_path, entry, spec.output);  // before the runs it would destroy
    if (vm.count("html") && spec.shard) throw UserError("--shard writes no report; give --html with --report-only on the merged file");
    const std::optional<fs::path> html = vm.count("html") ? std::optional(html_page(vm["html"].as<std::string>(), spec.output))
                                                          : std::nullopt;

    for (const std::string& warning : underpowered_tests(entry, spec, !theirs.empty(), quick))
        std::cerr << "bobench reproduce: warning: " << warning << "\n";

    const auto start = std::chrono::steady_clock::now();
    if (!report_only) {
        RunOptions options;
        const bool protocol = !vm.count("quick") && !vm.count("methods") && !vm.count("replicates") && !vm.count("budget");
        if (protocol && !spec.shard) {  // the whole protocol or its subset, whose costs the table gives
            const std::optional<ProtocolCost> cost = full_cost(entry, spec);
            options.cost_note = cost ? "the cost table: " + describe_cost(*cost) : "the reproduction's note: " + entry.cost;
        }
        const int status = run_spec(spec, vm.count("quiet") > 0, command_line("reproduce", args), {}, options);
        if (status != 0) return status;
        if (spec.shard) {
            std::cout << "shard " << spec.shard.str() << ": " << spec.output << "\njoin the shards with `bobench merge`, "
                      << "then report with `bobench reproduce " << entry.name << " --report-only --output MERGED`\n";
            return 0;
        }
    } else if (!fs::exists(spec.output)) {
        throw UserError("--report-only: no results file '" + spec.output +
                        "'; run the reproduction (or merge its shards) first, or name the file with --output");
    }
    const std::string figures =
        (fs::path(report_path).parent_path() / (fs::path(report_path).stem().string() + "-figures")).string();
    results::Results results = results::read_results(spec.output, /*with_points=*/false);
    if (report_only) take_kept_runs(results, spec, vm, deviations);
    if (const std::string joined = quick ? "" : join_baselines(entry, results); !joined.empty())
        deviations.push_back(joined);
    std::optional<reproductions::Comparison> agreement;
    if (!theirs.empty()) agreement = comparison(entry, results, theirs, causes, quick);
    const std::string table = agreement ? reproductions::render_reproduction(*agreement, format) : "";
    const bool table_only = agreement && format == analysis::reports::TableFormat::csv;  // CSV: the table alone
    if (table_only && !html) return write_report(table, report_path);
    std::string report = header(entry, quick) + protocol_paragraph(spec, results);
    if (!tables.empty() && fixture) report += fixture_warning(tables, quick);
    std::vector<reproductions::ClaimVerdict> verdicts;
    report += deviation_list(deviations) + table +
              ranking_sections(entry, spec, results, !theirs.empty(), figures, claims, quick, verdicts);
    const int written = write_report(table_only ? table : report, report_path);
    if (html) {
        analysis::reports::HtmlReportOptions o;
        o.source = fs::path(spec.output).filename().string();
        o.lead_section = reproductions::reproduction_section(
            reproductions::HtmlReproduction{entry.source, agreement, claims, verdicts, !quick, deviations});
        write_text_file(html->string(), analysis::reports::render_html_report(results, o));
        std::cout << "page: " << html->string() << "\n";
    }
    if (!report_only)
        std::cout << fmt::format("wall time {:.1f} s on {}\n",
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                                 machine());
    return written;
}

}  // namespace bobench::cli
