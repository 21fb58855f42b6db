// bobench tabular fixture --layout fcnet|nasbench201 --out FILE [--configs N|all] [--dataset D] [--epochs E] [--force]
// bobench tabular info FILE [--objective COL] [--cost COL] [--test COL] [--params A,B] [--group G]
#include <filesystem>
#include <iostream>

#include <boost/program_options.hpp>

#include "core/error.hpp"
#include "core/text.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/generic.hpp"
#include "hpobench_tables/info.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "cli/cli.hpp"
#include "results/store.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

namespace {
const char* usage_text =
    "usage: bobench tabular fixture --layout fcnet|nasbench201 --out FILE [--configs N|all] [--dataset D] [--epochs E] [--force]\n"
    "       bobench tabular info FILE [--objective COL] [--cost COL] [--test COL] [--params A,B,...] [--group G]";

int fixture(const Args& args) {
    po::options_description opts(
        "bobench tabular fixture: write a small table in exactly a real layout, with SYNTHETIC values from a "
        "documented formula (hpobench_tables/README.md); for tests and demos, never the benchmark");
    opts.add_options()("help,h", "show this help")("layout", po::value<std::string>(), "fcnet or nasbench201")(
        "out", po::value<std::string>(), "file to write")(
        "configs", po::value<std::string>(), "configurations to write: a number or 'all' (default: fcnet 1000, nasbench201 all)")(
        "dataset", po::value<std::string>()->default_value("cifar10"), "nasbench201 only: cifar10, cifar100 or imagenet16")(
        "epochs", po::value<std::string>()->default_value("200"),
        "nasbench201 only: epochs of the learning curves (/valid_error_curve, the fidelity), 0 for none "
        "(fcnet fixtures always have the layout's 100)")(
        "force", "overwrite FILE if it exists");
    const auto parsed = parse_words(args, opts, "", 0);  // no positional words
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("layout") || !vm.count("out")) throw UserError(std::string("--layout and --out are required\n") + usage_text);
    const std::string layout = vm["layout"].as<std::string>(), out = vm["out"].as<std::string>();
    if (layout != "fcnet" && layout != "nasbench201")
        throw UserError("--layout '" + layout + "' is not valid; expected fcnet or nasbench201");
    std::error_code ec;
    if (std::filesystem::is_directory(out, ec)) throw UserError("--out '" + out + "' is a folder; name a file in it");
    if (std::filesystem::exists(out) && !vm.count("force"))
        throw UserError("--out '" + out + "' exists; pass --force to overwrite it");
    if (std::filesystem::exists(out) && results::is_results_file(out))  // a pipe or device is refused by name too
        throw UserError("--out '" + out + "' is a bobench results file; a fixture never replaces one, not even with "
                        "--force (choose another --out)");
    const std::uint64_t all = layout == "fcnet" ? tables::fcnet::configurations : tables::nasbench201::configurations;
    std::uint64_t n = layout == "fcnet" ? 1000 : all;
    if (vm.count("configs")) {
        const std::string c = vm["configs"].as<std::string>();
        long v = 0;
        if (c == "all") n = all;
        else if (parse_long(c, v) && v >= 1 && static_cast<std::uint64_t>(v) <= all) n = static_cast<std::uint64_t>(v);
        else throw UserError("--configs '" + c + "' is not valid; expected 'all' or an integer in [1, " + std::to_string(all) + "]");
    }
    const long epochs = parse_integer("--epochs", vm["epochs"].as<std::string>(), 0, 10000);
    if (layout == "fcnet" && !vm["epochs"].defaulted())
        throw UserError("--epochs goes with --layout nasbench201; FCNet tables have 100 epochs");
    if (layout == "fcnet") tables::fcnet::write_fixture(out, n);
    else tables::nasbench201::write_fixture(out, vm["dataset"].as<std::string>(), n, static_cast<std::size_t>(epochs));
    std::cout << "wrote " << out << ": " << n << " of " << all << " configurations in the " << layout
              << " layout with SYNTHETIC values (formula in hpobench_tables/README.md); not benchmark data\n";
    return 0;
}

int info(const Args& args) {
    po::options_description opts("bobench tabular info FILE: configurations, metrics, best configuration, value ranges");
    opts.add_options()("help,h", "show this help")("file", po::value<std::string>(), "the table")(
        "objective", po::value<std::string>(), "generic tables: objective column")(
        "cost", po::value<std::string>()->default_value(""), "generic tables: cost column")(
        "test", po::value<std::string>()->default_value(""), "generic tables: test column")(
        "params", po::value<std::string>()->default_value(""), "generic tables: configuration columns")(
        "group", po::value<std::string>()->default_value("/"), "generic HDF5 tables: group of the columns");
    const auto parsed = parse_words(args, opts, "file", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("file")) throw UserError(std::string("no file given\n") + usage_text);
    const std::string path = vm["file"].as<std::string>();
    const tables::Layout layout = tables::detect_layout(path);
    if (layout == tables::Layout::FCNet) {
        std::cout << tables::describe(tables::fcnet::load(path));
    } else if (layout == tables::Layout::NasBench201) {
        std::cout << tables::describe(tables::nasbench201::load(path));
    } else {
        const tables::generic::Columns cols = tables::generic::read_columns(path, vm["group"].as<std::string>());
        if (!vm.count("objective") && !cols.find("objective")) {
            std::cout << "file: " << path << "\nlayout: generic table (name the objective with --objective COLUMN "
                      << "for a full summary)\n" << tables::generic::describe_columns(cols);
            return 0;
        }
        tables::generic::Options o;
        if (vm.count("objective")) o.objective = vm["objective"].as<std::string>();
        o.cost = vm["cost"].as<std::string>();
        o.test = vm["test"].as<std::string>();
        for (const std::string& p : split(vm["params"].as<std::string>(), ','))
            if (!p.empty()) o.params.push_back(p);
        o.group = vm["group"].as<std::string>();
        std::cout << tables::describe(tables::generic::load(path, o));
    }
    return 0;
}
}  // namespace

int tabular(const Args& args) {
    const std::string sub = args.empty() ? "" : args[0];
    const Args rest(args.begin() + (args.empty() ? 0 : 1), args.end());
    if (sub == "fixture") return fixture(rest);
    if (sub == "info") return info(rest);
    if (sub == "--help" || sub == "-h" || sub == "help") {
        std::cout << usage_text << "\n";
        return 0;
    }
    throw UserError("unknown tabular command '" + sub + "'\n" + usage_text);
}

}  // namespace bobench::cli
