// bobench reproduce list | show NAME | NAME | --spec FILE [--experiments DIR] [--replicates R] [--budget B]
//                   [--threads T] [--quick] [--methods A,B] [--readings [A,B] | --reading A=K] [--data-dir D] [--output F]
//                   [--format md|latex|csv|json] [--report F] [--html DIR] [--shard K/N | --report-only]
// The command alone: what a reproduction is, how it is compared and reported lives in reproductions/.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "analysis/reports/html_report.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/plugins.hpp"
#include "cli/provenance.hpp"
#include "cli/reproduce.hpp"
#include "cli/reproduce_readings.hpp"
#include "core/error.hpp"
#include "core/folder_output.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "reproductions/bore_toy.hpp"
#include "reproductions/fixtures.hpp"
#include "reproductions/protocol.hpp"
#include "reproductions/render.hpp"
#include "reproductions/report.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

using namespace reproductions;  // a command of the reproductions layer

namespace {
// Refuses a report that would replace the results, the spec or a file of the paper's numbers.
void check_report_path(const std::string& report, const ReproductionEntry& e, const std::string& results_file) {
    std::vector<InputFile> inputs{{"spec", e.file}};
    if (!results_file.empty()) inputs.push_back({"results file", results_file});
    for (const InputFile& f : {InputFile{"reference table", e.reference}, InputFile{"causes file", e.causes},
                               InputFile{"claims file", e.claims}})
        if (!f.path.empty()) inputs.push_back(f);
    check_output_file("--report", report, inputs);
}

void write_report(const std::string& report, const std::string& path) {
    write_text_file(path, report);
    std::cout << report << "\nreport: " << path << "\n" << std::flush;
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
    const std::string path = vm.count("report") ? vm["report"].as<std::string>() : "output/" + e.name + ".md";
    check_report_path(path, e, "");
    const fs::path figures = fs::path(path).parent_path() / (fs::path(path).stem().string() + "-figures");
    write_report(bore_toy_report(e, figures.string(), host_description()), path);
    return 0;
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
    if (const TableFolder tables = prepare_tables(spec, entry, data_dir, quick, true); !tables.path.empty())
        spec.data_dir = tables.path;
    std::vector<std::string> only;
    for (const std::string& name : split(vm["readings"].as<std::string>(), ','))
        if (!trim(name).empty()) only.push_back(trim(name));
    return reproduce_readings(entry, spec, theirs, causes,
                              {vm.count("quiet") > 0, quick, command_line("reproduce", args), only});
}

std::optional<std::string> methods_flag(const po::variables_map& vm) {
    return vm.count("methods") ? std::optional(vm["methods"].as<std::string>()) : std::nullopt;
}

// Runs the protocol (or its shard) into spec.output; returns the exit status.
int run_protocol(const ReproductionEntry& entry, const runners::ExperimentSpec& spec, const po::variables_map& vm,
                 const Args& args) {
    RunOptions options;
    const bool protocol = !vm.count("quick") && !vm.count("methods") && !vm.count("replicates") && !vm.count("budget");
    if (protocol && !spec.shard) {  // the whole protocol or its subset, whose costs the table gives
        const std::optional<ProtocolCost> cost = full_cost(entry, spec);
        options.cost_note = cost ? "the cost table: " + describe_cost(*cost) : "the reproduction's note: " + entry.cost;
    }
    const int status = run_spec(spec, vm.count("quiet") > 0, command_line("reproduce", args), {}, options);
    if (status == 0 && spec.shard)
        std::cout << "shard " << spec.shard.str() << ": " << spec.output << "\njoin the shards with `bobench merge`, "
                  << "then report with `bobench reproduce " << entry.name << " --report-only --output MERGED`\n";
    return status;
}

// The report on spec.output, in the chosen format (and as a page with --html).
void write_reports(ReportInputs& in, const po::variables_map& vm, const std::string& report_path,
                   const std::optional<fs::path>& html) {
    results::Results results = results::read_results(in.spec->output, /*with_points=*/false);
    if (vm.count("report-only")) take_kept_runs(results, *in.spec, methods_flag(vm), optimizer_catalog(), in.deviations);
    in.results = &results;
    in.figures_dir = (fs::path(report_path).parent_path() / (fs::path(report_path).stem().string() + "-figures")).string();
    const ReproductionReport report = build_reproduction_report(in);
    // a kept file of other problems (or a shard of none of the paper's) would read "0 of 0 cells agree"
    const bool no_cell = report.comparison && !results.runs.empty() &&
                         std::ranges::none_of(report.comparison->cells, [](const auto& c) { return c.runs > 0; });
    if (vm.count("report-only") && no_cell)
        throw UserError("--report-only: the runs in '" + in.spec->output + "' are on none of the paper's problems for " +
                        "its methods; is it another experiment's file?");
    write_report(render_report(report, parse_report_format(vm["format"].as<std::string>())), report_path);
    if (!html) return;
    analysis::reports::HtmlReportOptions o;
    o.source = fs::path(in.spec->output).filename().string();
    o.lead_section = render_html_section(report);
    write_text_file(html->string(), analysis::reports::render_html_report(results, o));
    std::cout << "page: " << html->string() << "\n";
}

// Reads and checks everything the report needs before anything runs: a malformed table or a
// report path that would replace an input stops us first.
ReportInputs report_inputs(const ReproductionEntry& entry, const runners::ExperimentSpec& spec, const po::variables_map& vm) {
    ReportInputs in;
    in.entry = &entry;
    in.spec = &spec;
    in.theirs = published(entry, true);
    // the paper's problems, also those a subset leaves out
    check_published_problems(entry, read_spec_file(entry.file), in.theirs, problem_catalog());
    if (!entry.causes.empty()) in.causes = read_causes(entry.causes);
    in.claims = read_checked_claims(entry);
    in.quick = vm.count("quick") > 0;
    return in;
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
        throw UserError("no reproduction given; usage: bobench reproduce list | show NAME | NAME | --spec FILE [options]");
    if (vm.count("name") && vm["name"].as<std::string>() == "list")
        return list_command(vm.count("experiments") ? vm["experiments"].as<std::string>() : experiments_dir());

    const ReproductionEntry entry = chosen_reproduction(vm);
    const ReportFormat format = parse_report_format(vm["format"].as<std::string>());
    if (entry.toy) return reproduce_toy(entry, vm);
    runners::ExperimentSpec spec = read_spec_file(entry.file);
    add_plugin_flags(vm, spec.plugins);
    std::vector<std::string> deviations = apply_flags(spec, entry, vm);
    const bool report_only = vm.count("report-only") > 0;
    if (vm.count("shard")) {
        if (report_only) throw UserError("--shard runs part of the protocol and --report-only runs nothing: give one");
        spec.shard = runners::parse_shard(vm["shard"].as<std::string>());
        spec.output = runners::shard_output(spec.output, spec.shard);
    }
    spec.across_builds = vm.count("across-builds") > 0;
    runners::check_spec(spec);
    ReportInputs in = report_inputs(entry, spec, vm);
    in.deviations = std::move(deviations);
    if (vm.count("readings")) return run_readings(entry, spec, vm, args, in.theirs, in.causes);
    if (format == ReportFormat::csv && in.theirs.empty())  // before the runs, not after
        throw UserError("--format csv is the table of cells, and '" + entry.name + "' has no published numbers to "
                        "set ours beside; use md, latex or json");
    const TableFolder tables = prepare_tables(spec, entry, data_dir_flag(vm), in.quick, /*write=*/!report_only);
    spec.data_dir = tables.path.empty() ? spec.data_dir : tables.path;  // passed to the tabular problems by the plan
    if (tables.fixture) in.fixture_tables = tables.path;

    const std::string report_path = vm.count("report") ? vm["report"].as<std::string>()
                                                       : fs::path(spec.output).replace_extension(report_extension(format)).string();
    if (!spec.shard) check_report_path(report_path, entry, spec.output);  // before the runs it would destroy
    if (vm.count("html") && spec.shard) throw UserError("--shard writes no report; give --html with --report-only on the merged file");
    // a failed run or report leaves no --html folder it made
    std::optional<FolderOutput> html_folder;
    if (vm.count("html")) html_folder.emplace(vm["html"].as<std::string>());
    const std::optional<fs::path> html = vm.count("html") ? std::optional(html_page(vm["html"].as<std::string>(), spec.output))
                                                          : std::nullopt;
    for (const std::string& warning : underpowered_tests(entry, spec, !in.theirs.empty(), in.quick))
        std::cerr << "bobench reproduce: warning: " << warning << "\n";

    const auto start = std::chrono::steady_clock::now();
    if (!report_only) {
        if (const int status = run_protocol(entry, spec, vm, args); status != 0 || spec.shard) return status;
    } else if (!fs::exists(spec.output)) {
        throw UserError("--report-only: no results file '" + spec.output +
                        "'; run the reproduction (or merge its shards) first, or name the file with --output");
    }
    write_reports(in, vm, report_path, html);
    if (html_folder) html_folder->keep();
    if (!report_only)
        std::cout << fmt::format("wall time {:.1f} s on {}\n",
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                                 host_description());
    return 0;
}

}  // namespace bobench::cli
