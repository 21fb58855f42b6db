// bobench plot FILE --out DIR [--view curves|ecdf|aggregate|cd] [--x evaluations|cost] [--log auto|yes|no]
//                   [--by KEY] [--targets T] [--aggregate normalised|rank] [--cliques nemenyi|wilcoxon|mwu] [--alpha A]
#include <iostream>

#include <boost/program_options.hpp>

#include "analysis/reports/cd_diagram.hpp"
#include "analysis/reports/curve_views.hpp"
#include "analysis/reports/fixed_target_report.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/reports/rank_report.hpp"
#include "core/error.hpp"
#include "core/folder_output.hpp"
#include "core/io.hpp"
#include "cli/cli.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int plot(const Args& args) {
    po::options_description opts("bobench plot FILE --out DIR [options]   PNG and SVG plots (needs gnuplot)");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "results file")(
        "out", po::value<std::string>(), "folder for the plots, data files and gnuplot script")(
        "view", po::value<std::string>()->default_value("curves"),
        "curves: median regret per problem; ecdf: runtime ECDFs over (problem, target) pairs (COCO); aggregate: "
        "one curve per optimizer over problems; cd: critical-difference diagram")(
        "x", po::value<std::string>()->default_value("evaluations"),
        "curves: evaluations, or cost (regret against cumulative cost, for problems that report one)")(
        "log", po::value<std::string>()->default_value("auto"),
        "log y scale: auto (when every plotted value is > 0), yes or no")(
        "by", po::value<std::string>(), "ecdf, aggregate: one plot per value of this metadata key (group, "
                                        "dimension, suite, ...)")(
        "targets", po::value<std::string>()->default_value("coco"),
        "ecdf: target precisions: coco (10^{2..-8}, 51 values), decades (11 values) or a list such as 1e-1,1e-3")(
        "aggregate", po::value<std::string>()->default_value("normalised"),
        "aggregate: normalised (regret / the problem's typical first regret) or rank (mean rank per iteration)")(
        "cliques", po::value<std::string>()->default_value("nemenyi"),
        "cd: what joins optimizers: nemenyi (critical difference), wilcoxon or mwu (Holm-corrected pairwise tests)")(
        "alpha", po::value<double>()->default_value(0.05, "0.05"), "cd: significance level")(
        "cost-points", po::value<std::size_t>()->default_value(100), "--x cost: points of the cost grid");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) throw UserError("no results file given; usage: bobench plot FILE --out DIR");
    if (!vm.count("out")) throw UserError("--out DIR is required: the folder that receives the plots");
    namespace reports = analysis::reports;
    reports::PlotOptions o;
    o.out_dir = vm["out"].as<std::string>();
    o.log = reports::parse_log_scale(vm["log"].as<std::string>());
    const std::string view = vm["view"].as<std::string>(), x = vm["x"].as<std::string>();
    if (view != "curves" && view != "ecdf" && view != "aggregate" && view != "cd")
        throw UserError("--view '" + view + "' is not valid; accepted: curves, ecdf, aggregate, cd");
    if (x != "evaluations" && x != "cost")
        throw UserError("--x '" + x + "' is not valid; accepted: evaluations, cost");
    if (x == "cost" && view != "curves") throw UserError("--x cost goes with --view curves");
    const std::optional<std::string> by = vm.count("by") ? std::optional(vm["by"].as<std::string>()) : std::nullopt;
    const std::string file = vm["file"].as<std::string>();
    const results::Results results = read_results_file(file, /*with_points=*/false, "plot");
    FolderOutput folder(o.out_dir);  // a failed plot leaves no folder it made, no file it added

    std::vector<std::string> notes, files;
    if (view == "ecdf") {
        const auto targets = analysis::parse_targets(vm["targets"].as<std::string>(), "--targets");
        files = reports::plot_ecdf(reports::ecdf_curves(results, targets, by, notes), targets.size(), o);
    } else if (view == "cd") {
        reports::RankReportOptions r;
        r.metrics = {reports::RunMetric::best};
        r.friedman = true;
        r.alpha.level = vm["alpha"].as<double>();
        r.source = file;
        const reports::RankReport report = reports::build_rank_report(results, r);
        notes = report.notes;
        files = reports::plot_cd(reports::cd_diagram(*report.friedman, report.friedman_rankings, r.alpha.level,
                                                     reports::parse_clique_test(vm["cliques"].as<std::string>())),
                                 o);
    } else {
        std::vector<reports::CurveSummary> curves;
        if (view == "aggregate") {
            const auto kind = reports::parse_aggregate(vm["aggregate"].as<std::string>());
            curves = reports::aggregate_curves(results, kind, by, notes);
            const bool rank = kind == reports::Aggregate::rank;
            o.y_label = rank ? "mean rank (1 = best) ± standard error over problems"
                             : "normalised regret: median and quartiles over problems";
            o.y_label_centre = rank ? "mean rank (1 = best) over problems" : "normalised regret: median over problems";
            if (kind == reports::Aggregate::rank) {
                o.band = reports::PlotOptions::Band::mean_se;
                if (vm["log"].defaulted()) o.log = reports::LogScale::no;  // ranks 1..k read best on a linear axis
            }
        } else if (x == "cost") {
            curves = reports::cost_curves(results, vm["cost-points"].as<std::size_t>(), notes);
            if (curves.empty()) throw UserError("--x cost: no problem of '" + file + "' reports a cost");
            o.x_label = "cumulative cost";
            o.log_x = true;
        } else {
            curves = reports::summary_curves(results);
        }
        const auto result = reports::plot_curves(curves, o);
        notes.insert(notes.end(), result.notes.begin(), result.notes.end());
        for (const auto& f : result.files) files.insert(files.end(), {f.png, f.svg});
    }
    for (const std::string& note : notes) std::cerr << "bobench plot: note: " << note << "\n";
    for (const std::string& f : files) std::cout << f << "\n";
    folder.keep();
    return 0;
}

}  // namespace bobench::cli
