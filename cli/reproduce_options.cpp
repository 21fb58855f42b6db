// `bobench reproduce`'s options, and what they change in the reproduction's spec.
#include <iostream>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "cli/plugins.hpp"
#include "cli/reproduce.hpp"
#include "cli/reproduce_readings.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "reproductions/protocol.hpp"
#include "runners/schema.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

using namespace reproductions;  // a command of the reproductions layer

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
        "reading", po::value<std::string>(),
        "NAME=K: run (or report on, or shard) the whole protocol with alternative K of reading NAME in place of ours "
        "(K counts its runnable alternatives from 1, as --readings numbers its files; a wrong K lists them), into "
        "OUTPUT-NAME-K.h5 unless --output names the file")(
        "data-dir", po::value<std::string>(),
        "folder of the benchmark tables (FCNet, NAS-Bench-201); without it, tabular reproductions run on SYNTHETIC "
        "fixtures")(
        "output", po::value<std::string>(), "results file (default: the spec's, or output/NAME-quick.h5 with --quick)")(
        "format", po::value<std::string>()->default_value("md"),
        "report format: md, latex, csv (the cells alone) or json (the whole report as one object)")(
        "report", po::value<std::string>(), "write the report here (default: beside the results file, .md/.tex/.csv/.json)")(
        "report-only", "run nothing: write the report from the results file as it is (kept results, merged shards)")(
        "shard", po::value<std::string>(),
        "run only part K of N of the protocol (K/N) into OUTPUT.shard-K-of-N.h5, no report; `bobench merge` joins "
        "the shards, `--report-only --output MERGED` reports on them")(
        "html", po::value<std::string>(),
        "also write the report as one HTML page, DIR/index.html: the verdict, the agreement, the paper's claims and "
        "every cell with its cause first, then what `bobench report --html` shows")(
        "across-builds", "add runs to a results file that runs of another bobench build are in (it then lists both builds); "
        "only where both builds give the same traces for this spec, checked on a few runs first")(
        "quiet,q", "no progress line");
    add_plugin_option(opts);
    return opts;
}

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
    if (vm.count("reading")) {
        if (vm.count("readings"))
            throw UserError("--reading runs one alternative on the whole protocol, --readings each of them on the "
                            "subset: give one");
        deviations.push_back(apply_reading(spec, entry, vm["reading"].as<std::string>(), vm.count("output") > 0));
    }
    if (vm.count("output")) spec.output = vm["output"].as<std::string>();
    return deviations;
}

}  // namespace bobench::cli
