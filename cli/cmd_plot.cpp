// bobench plot FILE --out DIR [--log auto|yes|no]
#include <iostream>

#include <boost/program_options.hpp>

#include "analysis/reports/plot.hpp"
#include "core/error.hpp"
#include "cli/cli.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int plot(const Args& args) {
    po::options_description opts("bobench plot FILE --out DIR [options]   one PNG and one SVG per problem "
                                 "(needs gnuplot)");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "results file")(
        "out", po::value<std::string>(), "folder for the plots, data files and gnuplot script")(
        "log", po::value<std::string>()->default_value("auto"),
        "log y scale: auto (when every plotted value is > 0), yes or no");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) throw UserError("no results file given; usage: bobench plot FILE --out DIR");
    if (!vm.count("out")) throw UserError("--out DIR is required: the folder that receives the plots");
    analysis::reports::PlotOptions o;
    o.out_dir = vm["out"].as<std::string>();
    o.log = analysis::reports::parse_log_scale(vm["log"].as<std::string>());
    const results::Results results = results::read_results(vm["file"].as<std::string>(), /*with_points=*/false);
    const auto result = analysis::reports::plot_curves(analysis::reports::summary_curves(results), o);
    for (const std::string& note : result.notes) std::cerr << "bobench plot: note: " << note << "\n";
    for (const auto& f : result.files) std::cout << f.png << "\n" << f.svg << "\n";
    return 0;
}

}  // namespace bobench::cli
