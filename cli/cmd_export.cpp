// bobench export FILE [--format csv] [--curves [--log-regret] | --runs] [--output OUT]
// bobench export FILE --format coco|iohprofiler DIR
#include <filesystem>
#include <fstream>
#include <iostream>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "analysis/reports/benchmark_exports.hpp"
#include "analysis/reports/curves.hpp"
#include "core/error.hpp"
#include "cli/cli.hpp"
#include "analysis/reports/tidy_csv.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

namespace {
// export FILE --format coco|iohprofiler DIR: the benchmark logs of every evaluation, points
// included (a values-only copy is refused by read_results, naming it)
int export_logs(const po::variables_map& vm, const std::vector<std::string>& words, const std::string& format) {
    for (const std::string table : {"curves", "runs", "log-regret"})
        if (vm.count(table))
            throw UserError(fmt::format("--{} is an option of --format csv; --format {} writes the benchmark logs "
                                        "of every evaluation",
                                        table, format));
    if (words.size() > 2 || (words.size() == 2 && vm.count("output")))
        throw UserError("--format " + format + " writes into one folder: give it once (bobench export FILE "
                        "--format " + format + " DIR)");
    if (words.size() < 2 && !vm.count("output"))
        throw UserError("--format " + format + " needs an output folder: bobench export FILE --format " + format +
                        " DIR");
    const std::string dir = words.size() == 2 ? words[1] : vm["output"].as<std::string>();
    check_output_file("output folder", dir, {{"results file", words[0]}});
    if (std::error_code ec; std::filesystem::is_directory(dir, ec) && !std::filesystem::is_empty(dir, ec))
        throw UserError("output folder '" + dir + "' is not empty: these logs would mix with what is there (" +
                        (format == "coco" ? "cocopp reads every .info file of a folder" : "IOHanalyzer reads every "
                                                                                           ".json file of a folder") +
                        "); give a new or empty folder");
    const results::Results results = read_results_file(words[0], /*with_points=*/true, "export");
    const auto written = analysis::reports::export_benchmark_logs(
        results, format == "coco" ? analysis::reports::ExportFormat::coco : analysis::reports::ExportFormat::iohprofiler,
        dir);
    for (const std::string& note : written.notes) std::cerr << "bobench export: note: " << note << "\n";
    std::cout << "wrote " << written.files.size() << " files into '" << dir << "'\n";
    return 0;
}
}  // namespace

int export_traces(const Args& args) {
    po::options_description opts("bobench export FILE [options]   or   bobench export FILE --format coco|iohprofiler DIR");
    opts.add_options()("help,h", "show this help")(
        "format", po::value<std::string>()->default_value("csv"),
        "csv (tidy long table), coco (the .info/.dat/.tdat files cocopp reads) or iohprofiler (IOHexperimenter's "
        "JSON + .dat files IOHanalyzer reads)")(
        "curves", "per-iteration summaries over replicates instead of every evaluation: problem, optimizer, "
                  "iteration, n, mean, std, median, q1, q3, se of the regret (best value when f* is unknown)")(
        "log-regret", "with --curves: summarise log10(max(regret, 1e-12)) instead of the regret")(
        "runs", "one row per run instead of every evaluation: problem, optimizer, replicate, evaluations, failed, "
                "best_value, regret, test_regret, seconds (the run's wall time), problem_seed, optimizer_seed")(
        "output,o", po::value<std::string>(), "write here instead of standard output (coco/iohprofiler: the folder)");
    po::options_description positional;  // the words FILE [DIR] of the usage line, not shown as an option
    positional.add_options()("words", po::value<std::vector<std::string>>());
    const auto parsed = parse_words(args, opts, "words", -1, positional);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    const std::vector<std::string> words =
        vm.count("words") ? vm["words"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (words.empty()) throw UserError("no results file given; usage: bobench export FILE [--format csv]");
    const std::string format = vm["format"].as<std::string>();
    if (format == "coco" || format == "iohprofiler") return export_logs(vm, words, format);
    if (format != "csv")
        throw UserError("--format '" + format + "' is not supported; accepted: csv, coco, iohprofiler");
    if (words.size() > 1) throw UserError("unexpected argument '" + words[1] + "'; --format csv writes one table");
    const bool curves = vm.count("curves") > 0, runs = vm.count("runs") > 0;
    if (vm.count("log-regret") && !curves) throw UserError("--log-regret goes with --curves");
    if (curves && runs) throw UserError("--curves and --runs are two different tables: give one");
    // no table of csv shows the points: a values-only copy (bobench keep) exports as its original
    const results::Results results = read_results_file(words[0], /*with_points=*/false, "export");
    write_output(vm, {{"results file", words[0]}}, [&](std::ostream& out) {
        if (curves) analysis::reports::write_curves_csv(analysis::reports::summary_curves(results, vm.count("log-regret") > 0), out);
        else if (runs) analysis::reports::export_runs_csv(results, out);
        else analysis::reports::export_csv(results, out);
    });
    return 0;
}

}  // namespace bobench::cli
