// bobench rank FILE [--metrics best,auc] [--alpha A | --family-alpha A --correction C] [--by KEY]
//                   [--auc-start S] [--nan worst|exclude] [--friedman] [--format markdown|json|latex] [--output OUT]
#include <fstream>
#include <iostream>

#include <boost/program_options.hpp>

#include "analysis/reports/rank_report.hpp"
#include "core/error.hpp"
#include "cli/cli.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

int rank(const Args& args) {
    po::options_description opts("bobench rank FILE [options]   (Markdown report on standard output; notes on "
                                 "standard error)");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "results file")(
        "metrics", po::value<std::string>()->default_value("best,auc"),
        "metrics in precedence order: best (final regret), auc")(
        "alpha", po::value<double>(), "significance level per pair (no correction)")(
        "family-alpha", po::value<double>(), "family-wise level over the pairs of a problem (default 0.05)")(
        "correction", po::value<std::string>(), "with --family-alpha: sidak (default), bonferroni, kurobako or holm (Holm-adjusted p-values)")(
        "method", po::value<std::string>()->default_value("auto"), "Mann-Whitney p: auto, exact or asymptotic")(
        "by", po::value<std::string>(), "also break the totals down by this metadata key (group, dimension, suite, ...)")(
        "auc-start", po::value<std::size_t>()->default_value(1), "first evaluation counted in the AUC")(
        "nan", po::value<std::string>()->default_value("worst"),
        "runs without a successful evaluation: worst (count as worst) or exclude")(
        "friedman", "add the Friedman-based ranking (average ranks, Iman-Davenport, Nemenyi CD and p-values)")(
        "format", po::value<std::string>()->default_value("markdown"),
        "markdown (the report), json (everything, for scripts) or latex (a paper table with significance marks)")(
        "output,o", po::value<std::string>(), "write the report here instead of standard output");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) throw UserError("no results file given; usage: bobench rank FILE [options]");

    const std::string format = vm["format"].as<std::string>();
    if (format != "markdown" && format != "md" && format != "json" && format != "latex")
        throw UserError("--format '" + format + "' is not valid; accepted: markdown, json, latex");
    analysis::reports::RankReportOptions o;
    o.source = vm["file"].as<std::string>();
    o.metrics = analysis::reports::parse_metrics(vm["metrics"].as<std::string>());
    if (vm.count("alpha") && (vm.count("family-alpha") || vm.count("correction")))
        throw UserError("--alpha (per pair) and --family-alpha/--correction exclude each other; give one");
    if (vm.count("correction") && !vm.count("family-alpha"))
        throw UserError("--correction needs --family-alpha (the family-wise level), e.g. --family-alpha 0.05");
    if (vm.count("alpha")) {
        o.alpha = {analysis::AlphaCorrection::direct, vm["alpha"].as<double>()};
    } else {
        o.alpha.level = vm.count("family-alpha") ? vm["family-alpha"].as<double>() : 0.05;
        o.alpha.correction = vm.count("correction")
                                 ? analysis::parse_alpha_correction(vm["correction"].as<std::string>())
                                 : analysis::AlphaCorrection::sidak;
        if (o.alpha.correction == analysis::AlphaCorrection::direct)
            throw UserError("--correction direct: use --alpha for a per-pair level");
    }
    o.method = analysis::parse_mann_whitney_method(vm["method"].as<std::string>());
    if (vm.count("by")) o.by = vm["by"].as<std::string>();
    o.auc_start = vm["auc-start"].as<std::size_t>();
    o.nan_policy = analysis::parse_nan_policy(vm["nan"].as<std::string>());
    o.friedman = vm.count("friedman") > 0;

    const results::Results results = read_results_file(o.source, /*with_points=*/false, "rank");
    const analysis::reports::RankReport report = analysis::reports::build_rank_report(results, o);
    for (const std::string& note : report.notes) std::cerr << "bobench rank: note: " << note << "\n";
    if (report.alpha_warning) std::cerr << "bobench rank: warning: too few runs for this level: " << *report.alpha_warning << "\n";
    std::string text;
    if (format == "markdown" || format == "md") text = analysis::reports::render_rank_markdown(report);
    else if (format == "json") text = analysis::reports::render_rank_json(report);
    else text = analysis::reports::render_rank_latex(report);
    write_output(vm, {{"results file", o.source}}, [&](std::ostream& out) { out << text; });
    return 0;
}

}  // namespace bobench::cli
