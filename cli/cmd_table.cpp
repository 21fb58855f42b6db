// bobench table FILE [--format md|latex|csv] [--stat mean|median] [--digits N] [--output OUT]
//                    [--target [coco|decades|T1,T2,...] [--bootstrap B]]
#include <filesystem>
#include <fstream>
#include <iostream>

#include <boost/program_options.hpp>

#include "analysis/reports/fixed_target_report.hpp"
#include "analysis/reports/table_report.hpp"
#include "core/error.hpp"
#include "cli/cli.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int table(const Args& args) {
    po::options_description opts("bobench table FILE [options]   final regret per problem (rows) and optimizer "
                                 "(columns)");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "results file")(
        "format", po::value<std::string>()->default_value("md"), "md, latex or csv")(
        "stat", po::value<std::string>()->default_value("mean"), "mean (mean ± std) or median (median [q1, q3])")(
        "digits", po::value<int>()->default_value(3), "significant digits (md, latex)")(
        "target", po::value<std::string>()->implicit_value("decades"),
        "fixed-target table instead: ERT to reach each target precision (decades: 10^{2..-8}; coco: 51 values; or "
        "a list such as 1e-1,1e-3)")(
        "bootstrap", po::value<long>()->default_value(1000), "--target: bootstrap resamples of the ERT interval")(
        "output,o", po::value<std::string>(), "write here instead of standard output");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) {
        // `table --target r.h5`: --target's optional value took the file
        if (vm.count("target") && std::filesystem::is_regular_file(vm["target"].as<std::string>()))
            throw UserError("no results file given: '" + vm["target"].as<std::string>() +
                            "' was read as the value of --target; put the file first (bobench table FILE --target) "
                            "or give the targets with '=' (--target=decades)");
        throw UserError("no results file given; usage: bobench table FILE [options]");
    }
    analysis::reports::TableOptions o;
    o.format = analysis::reports::parse_table_format(vm["format"].as<std::string>());
    o.stat = analysis::reports::parse_table_stat(vm["stat"].as<std::string>());
    o.digits = vm["digits"].as<int>();
    if (o.digits < 1 || o.digits > 17)
        throw UserError("--digits " + std::to_string(o.digits) + " is not valid; accepted: 1 to 17");
    // a signed value: "-1" read as an unsigned one wraps to 2^64 - 1 resamples
    const long bootstrap = vm["bootstrap"].as<long>();
    if (bootstrap < 1 || bootstrap > 1'000'000)
        throw UserError("--bootstrap " + std::to_string(bootstrap) + " is not valid; accepted: 1 to 1000000 resamples");
    const results::Results results = read_results_file(vm["file"].as<std::string>(), /*with_points=*/false, "table");
    if (vm.count("target")) {
        analysis::reports::FixedTargetOptions f;
        f.targets = analysis::parse_targets(vm["target"].as<std::string>(), "--target");
        f.bootstrap = static_cast<std::size_t>(bootstrap);
        f.format = o.format;
        f.digits = o.digits;
        const analysis::reports::FixedTargetTable table = analysis::reports::fixed_target_table(results, f);
        for (const std::string& note : table.notes) std::cerr << "bobench table: note: " << note << "\n";
        const std::string text = analysis::reports::render_fixed_target_table(table, f);
        write_output(vm, {{"results file", vm["file"].as<std::string>()}}, [&](std::ostream& out) { out << text; });
        return 0;
    }
    const analysis::reports::ExperimentMetrics data =
        analysis::reports::compute_metrics(results, {/*with_auc=*/false, 1});
    for (const std::string& note : data.notes) std::cerr << "bobench table: note: " << note << "\n";
    const std::string text = analysis::reports::render_final_table(data, o);
    write_output(vm, {{"results file", vm["file"].as<std::string>()}}, [&](std::ostream& out) { out << text; });
    return 0;
}

}  // namespace bobench::cli
