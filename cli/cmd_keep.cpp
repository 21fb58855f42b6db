// bobench keep IN OUT : a values-only copy of a results file, for keeping it in a repository
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "results/lock.hpp"
#include "results/store.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

namespace {
const char* const keep_notes =
    "The copy holds everything but the evaluated points (/evals/x): the runs, every evaluation's\n"
    "value, true value, cost, test value and flag, the spec and the provenance of the runs, each\n"
    "column compressed (true values equal to the values, as noise-free problems give, stored once);\n"
    "its root attribute points = \"dropped\" says so (results/store.hpp). rank, table, export (csv,\n"
    "--curves, --runs), plot, report and reproduce --report-only read it as they read IN, with the\n"
    "same output; merge joins it with other files into a values-only file. What needs the points\n"
    "refuses it, naming it: run or reproduce into it (resume) and export --format coco|iohprofiler.\n"
    "OUT must not exist: keep never overwrites a file, and the points cannot be had back from the\n"
    "copy (keep IN if they may be wanted).\n"
    "--without A,B leaves those optimizers out (their runs, and their lines of the stored spec): to\n"
    "replace a method's runs in a kept file, run it anew and `bobench merge` the two (see its --help).\n";

// Leaves the optimizers labelled `labels` out of `r`: their runs, their rows of the optimizer
// table and their lines of the stored spec. UserError naming a label that `in` does not hold.
void leave_out(results::Results& r, const std::vector<std::string>& labels, const std::string& in) {
    std::vector<std::string> held;
    for (const results::OptimizerInfo& o : r.optimizers) held.push_back(o.label);
    const auto left_out = [&](const std::string& label) {
        return std::find(labels.begin(), labels.end(), label) != labels.end();
    };
    for (const std::string& label : labels)
        if (std::find(held.begin(), held.end(), label) == held.end())
            throw UserError("--without: '" + in + "' holds no optimizer '" + label + "' (it holds " + join(held, ", ") +
                            ")");
    std::vector<int> index(r.optimizers.size(), -1);  // old row -> new row
    std::vector<results::OptimizerInfo> kept;
    for (std::size_t k = 0; k < r.optimizers.size(); ++k)
        if (!left_out(r.optimizers[k].label)) {
            index[k] = static_cast<int>(kept.size());
            kept.push_back(r.optimizers[k]);
        }
    if (kept.empty()) throw UserError("--without leaves no optimizer of '" + in + "' in the copy");
    r.optimizers = std::move(kept);
    std::erase_if(r.runs, [&](const results::Trace& t) { return index[static_cast<std::size_t>(t.key.optimizer)] < 0; });
    for (results::Trace& t : r.runs) t.key.optimizer = index[static_cast<std::size_t>(t.key.optimizer)];  // order kept
    runners::ExperimentSpec spec = runners::parse_spec(r.spec, "the spec stored in '" + in + "'");
    std::erase_if(spec.optimizers, [&](const runners::SpecEntry& e) { return left_out(e.label); });
    r.spec = runners::to_ini(spec);
}

// UserError unless IN is a finished results file and OUT a new file that is not IN.
void check_files(const std::string& in, const std::string& out) {
    results::check_output(out);  // a folder, or a path ending in '/'
    if (std::error_code ec; in == out || fs::equivalent(in, out, ec))
        throw UserError("'" + out + "' is both IN and OUT; keep writes a new file (choose another OUT, then move it "
                        "over IN if the points are not wanted)");
    if (fs::exists(out))
        throw UserError("output '" + out + "' exists; keep never overwrites a file (remove it or choose another OUT)");
    // a journal beside IN holds runs its file lacks: the run was killed or still runs
    if (std::error_code ec; fs::exists(results::resolved_output(in) + ".journal", ec))
        throw UserError("'" + in + "' is unfinished: its journal '" + results::resolved_output(in) +
                        ".journal' holds runs that are not in it yet; finish its run (the same `bobench run` "
                        "command), then keep it");
}
}  // namespace

int keep(const Args& args) {
    po::options_description opts("bobench keep IN OUT (a values-only copy of the results file IN)");
    opts.add_options()("help,h", "show this help")(
        "without", po::value<std::string>(), "leave these optimizers out of the copy (labels, comma-separated)")(
        "files", po::value<std::vector<std::string>>(), "the results file, then the new values-only file");
    const auto parsed = parse_words(args, opts, "files", -1, {}, keep_notes);
    if (!parsed) return 0;  // --help was printed
    const std::vector<std::string> files =
        parsed->count("files") ? (*parsed)["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (files.size() != 2) throw UserError("usage: bobench keep IN OUT (the results file, then the new values-only file)");
    const std::string &in = files[0], &out = files[1];
    check_files(in, out);
    // the copy keeps IN's attributes as they are, provenance included: it tells who ran the
    // runs, which the reports show, and the points attribute tells that this is a copy
    results::Results r = read_results_file(in, /*with_points=*/false, "keep");
    r.points_dropped = true;
    if (parsed->count("without")) {
        std::vector<std::string> labels;
        for (const std::string& label : split((*parsed)["without"].as<std::string>(), ',')) labels.push_back(trim(label));
        leave_out(r, labels, in);
    }
    const auto dir = fs::path(out).parent_path();
    std::error_code ec;
    if (!dir.empty()) fs::create_directories(dir, ec);
    const results::OutputLock lock(out);
    if (fs::exists(out)) throw UserError("output '" + out + "' appeared while reading '" + in + "'; it is left untouched");
    results::write_results(out, r);
    std::size_t evaluations = 0;
    for (const results::Trace& t : r.runs) evaluations += t.size();
    std::cout << fmt::format("kept {} runs ({} evaluations) without their points: {} ({:.1f} MB, was {:.1f} MB)\n",
                             r.runs.size(), evaluations, out, static_cast<double>(fs::file_size(out)) / 1e6,
                             static_cast<double>(fs::file_size(in)) / 1e6);
    return 0;
}

}  // namespace bobench::cli
