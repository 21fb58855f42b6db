// bobench export FILE [--format csv] [--curves] [--output OUT]
#include <fstream>
#include <iostream>

#include <boost/program_options.hpp>

#include "analysis/reports/curves.hpp"
#include "core/error.hpp"
#include "cli/cli.hpp"
#include "analysis/reports/tidy_csv.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int export_traces(const Args& args) {
    po::options_description opts("bobench export FILE [options]");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "results file")(
        "format", po::value<std::string>()->default_value("csv"), "csv (tidy long table)")(
        "curves", "per-iteration summaries over replicates instead of every evaluation: problem, optimizer, "
                  "iteration, n, mean, std, median, q1, q3, se of the regret (best value when f* is unknown)")(
        "output,o", po::value<std::string>(), "write here instead of standard output");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) throw UserError("no results file given; usage: bobench export FILE [--format csv]");
    if (vm["format"].as<std::string>() != "csv")
        throw UserError("--format '" + vm["format"].as<std::string>() + "' is not supported; accepted: csv");
    const bool curves = vm.count("curves") > 0;
    const results::Results results = results::read_results(vm["file"].as<std::string>(), /*with_points=*/!curves);
    write_output(vm, [&](std::ostream& out) {
        if (curves) analysis::reports::write_curves_csv(analysis::reports::summary_curves(results), out);
        else analysis::reports::export_csv(results, out);
    });
    return 0;
}

}  // namespace bobench::cli
