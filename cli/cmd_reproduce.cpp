// bobench reproduce list | NAME [--replicates R] [--budget B] [--threads T] [--quick]
//                               [--output F] [--format md|latex|csv] [--report F]
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <thread>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "analysis/reports/rank_report.hpp"
#include "analysis/reports/reproduction.hpp"
#include "cli/cli.hpp"
#include "cli/reproductions.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

namespace {
using analysis::reports::PublishedCell;

std::vector<PublishedCell> published(const ReproductionEntry& e) {
    if (e.reference.empty()) return {};
    return analysis::reports::read_published((fs::path(experiments_dir()) / "reference" / e.reference).string(),
                                             e.columns);
}

runners::ExperimentSpec spec_of(const ReproductionEntry& e) {
    return runners::read_spec((fs::path(experiments_dir()) / e.spec).string());
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

int list_reproductions() {
    std::string out = "| reproduction | source | runs (problems × optimizers × replicates, budget) | needs | full cost |\n"
                      "|---|---|---|---|---|\n";
    for (const ReproductionEntry& e : reproductions()) {
        const runners::ExperimentSpec spec = spec_of(e);
        const std::vector<std::string> missing = missing_methods(e, spec);
        out += fmt::format("| {} | {} | {} × {} × {}, {} evaluations | {} | {} |\n", e.name, e.source,
                           spec.problems.size(), spec.optimizers.size(), spec.replicates, spec.budget,
                           missing.empty() ? "nothing" : "paper's methods not run: " + join(missing, ", "), e.cost);
    }
    std::cout << out << std::flush;
    return 0;
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

int reproduce(const Args& args) {
    po::options_description opts("bobench reproduce list | NAME [options]   run a paper's experiment, compare with "
                                 "its published numbers");
    opts.add_options()("help,h", "show this help")("name", po::value<std::string>(), "reproduction, or `list`")(
        "replicates", po::value<long>(), "runs per cell instead of the paper's")(
        "budget", po::value<long>(), "evaluations per run instead of the paper's")(
        "threads", po::value<int>(), "worker threads (0: all cores)")(
        "quick", "a small version (few replicates, short runs) that checks the whole way end to end")(
        "output", po::value<std::string>(), "results file (default: the spec's, or output/NAME-quick.h5 with --quick)")(
        "format", po::value<std::string>()->default_value("md"), "report format: md, latex or csv")(
        "report", po::value<std::string>(), "write the report here (default: beside the results file, .md/.tex/.csv)")(
        "quiet,q", "no progress line");
    const auto parsed = parse_words(args, opts, "name", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("name")) throw UserError("no reproduction given; usage: bobench reproduce list | NAME [options]");
    const std::string name = vm["name"].as<std::string>();
    if (name == "list") return list_reproductions();

    const ReproductionEntry& entry = find_reproduction(name);
    const auto format = analysis::reports::parse_table_format(vm["format"].as<std::string>());
    runners::ExperimentSpec spec = spec_of(entry);
    std::vector<std::string> deviations = entry.deviations;
    if (vm.count("quick")) {
        spec.replicates = entry.quick_replicates;
        spec.budget = entry.quick_budget;
        spec.output = "output/" + entry.name + "-quick.h5";
        deviations.push_back(fmt::format("--quick: {} replicates of {} evaluations, a smoke test, not a reproduction",
                                         spec.replicates, spec.budget));
    }
    if (vm.count("replicates")) {
        spec.replicates = vm["replicates"].as<long>();
        deviations.push_back(fmt::format("--replicates {}", spec.replicates));
    }
    if (vm.count("budget")) {
        spec.budget = vm["budget"].as<long>();
        deviations.push_back(fmt::format("--budget {}", spec.budget));
    }
    if (vm.count("threads")) spec.threads = vm["threads"].as<int>();
    if (vm.count("output")) spec.output = vm["output"].as<std::string>();
    runners::check_spec(spec);
    const std::vector<PublishedCell> theirs = published(entry);  // a malformed table stops us before any run
    const std::vector<std::string> missing = missing_methods(entry, spec);

    const auto start = std::chrono::steady_clock::now();
    const int status = run_spec(spec, vm.count("quiet") > 0, command_line("reproduce", args), {});
    if (status != 0) return status;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    const results::Results results = results::read_results(spec.output, /*with_points=*/false);
    std::string report = fmt::format("# Reproduction: {}\n\nSource: {}.\n\n", entry.name, entry.source);
    report += fmt::format("Protocol run: {} problems × {} optimizers × {} replicates, {} evaluations each; results in "
                          "`{}`.\nWall time {:.1f} s with {} threads on {}.\n",
                          spec.problems.size(), spec.optimizers.size(), spec.replicates, spec.budget, spec.output,
                          seconds, spec.threads > 0 ? std::to_string(spec.threads) : "all", machine());
    if (!missing.empty()) report += "\nThe paper's methods this reproduction does not run: " + join(missing, ", ") + ".\n";
    report += "\nDeviations from the paper's protocol:\n\n- " + join(deviations, "\n- ") + "\n\n";

    if (!theirs.empty()) {
        const auto metrics = analysis::reports::compute_metrics(results, {/*with_auc=*/false, 1});
        analysis::reports::ReproductionOptions o;
        o.statistic = entry.statistic;
        const std::string table = analysis::reports::render_reproduction(
            analysis::reports::compare_with_published(metrics, theirs, o), format);
        report = format == analysis::reports::TableFormat::csv ? table : report + table;  // CSV: the table alone
    } else {
        analysis::reports::RankReportOptions o;
        o.source = spec.output;
        if (entry.alpha > 0) o.alpha = {analysis::AlphaCorrection::direct, entry.alpha};
        if (!entry.by.empty()) o.by = entry.by;
        o.friedman = true;
        report += analysis::reports::render_rank_markdown(analysis::reports::build_rank_report(results, o));
    }
    const std::string extension = format == analysis::reports::TableFormat::latex ? ".tex"
                                  : format == analysis::reports::TableFormat::csv ? ".csv"
                                                                                  : ".md";
    const std::string report_path =
        vm.count("report") ? vm["report"].as<std::string>() : fs::path(spec.output).replace_extension(extension).string();
    write_text_file(report_path, report);
    std::cout << report << "\nreport: " << report_path << "\n" << std::flush;
    return 0;
}

}  // namespace bobench::cli
