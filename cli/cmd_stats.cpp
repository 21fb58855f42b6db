// bobench stats mwu A.csv B.csv [--json] [--method auto|exact|asymptotic]
// bobench stats friedman M.csv [--json]
#include <iostream>

#include <boost/program_options.hpp>

#include "analysis/reports/csv_input.hpp"
#include "analysis/reports/stats_report.hpp"
#include "core/error.hpp"
#include "cli/cli.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int stats(const Args& args) {
    po::options_description opts(
        "bobench stats mwu A.csv B.csv [options]   two-sided Mann-Whitney U of two samples\n"
        "bobench stats friedman M.csv [options]    Friedman + Iman-Davenport; rows = blocks, columns = treatments,\n"
        "                                          lower is better, optional header row of names\n"
        "CSV: one number per line or comma-separated; blank lines and '#' lines are skipped");
    opts.add_options()("help,h", "show this help")("json", "print JSON instead of 'name value' lines")(
        "method", po::value<std::string>()->default_value("auto"), "mwu only: auto, exact or asymptotic");
    po::options_description positional;  // the test and files of the usage lines, not shown as an option
    positional.add_options()("words", po::value<std::vector<std::string>>());
    const auto parsed = parse_words(args, opts, "words", -1, positional);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    const auto words = vm.count("words") ? vm["words"].as<std::vector<std::string>>() : std::vector<std::string>();
    if (words.empty()) throw UserError("no test given; usage: bobench stats mwu A.csv B.csv | bobench stats friedman M.csv");
    const std::string& test = words.front();
    nlohmann::ordered_json report;
    if (test == "mwu") {
        if (words.size() != 3)
            throw UserError("mwu needs two data files, got " + std::to_string(words.size() - 1) +
                            "; usage: bobench stats mwu A.csv B.csv");
        const auto method = analysis::parse_mann_whitney_method(vm["method"].as<std::string>());
        const auto a = analysis::reports::read_sample_csv(words[1]);
        const auto b = analysis::reports::read_sample_csv(words[2]);
        report = analysis::reports::mann_whitney_report(a, b, method);
    } else if (test == "friedman") {
        if (words.size() != 2)
            throw UserError("friedman needs one data file, got " + std::to_string(words.size() - 1) +
                            "; usage: bobench stats friedman M.csv");
        if (!vm["method"].defaulted()) throw UserError("--method applies to mwu only");
        const auto m = analysis::reports::read_matrix_csv(words[1]);
        report = analysis::reports::friedman_report(m.rows, m.names);
    } else {
        throw UserError("unknown test '" + test + "'; accepted: mwu, friedman");
    }
    if (vm.count("json")) std::cout << report.dump(2) << "\n";
    else std::cout << analysis::reports::render_name_value(report);
    return 0;
}

}  // namespace bobench::cli
