#include "analysis/reports/benchmark_exports.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/metrics.hpp"
#include "analysis/reports/curves.hpp"
#include "analysis/reports/gnuplot.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace fs = std::filesystem;

namespace {

// IOHexperimenter's names of the 24 bbob functions (its problem classes, e.g. "Sphere").
constexpr const char* kIohBbobNames[24] = {
    "Sphere",     "Ellipsoid",        "Rastrigin",      "BuecheRastrigin",  "LinearSlope",        "AttractiveSector",
    "StepEllipsoid", "Rosenbrock",    "RosenbrockRotated", "EllipsoidRotated", "Discus",           "BentCigar",
    "SharpRidge", "DifferentPowers",  "RastriginRotated", "Weierstrass",     "Schaffers10",        "Schaffers1000",
    "GriewankRosenBrock", "Schwefel", "Gallagher101",   "Gallagher21",      "Katsuura",           "LunacekBiRastrigin"};

struct Exported {
    std::size_t problem = 0;  // index in the results file
    std::string suite, name;
    int function = 0, instance = 1;
    std::vector<int> trial_instances;  // replicate_instances: replicate r ran trial_instances[r mod n]
    std::size_t dimension = 0;
    double optimum = 0;
};

// "per replicate: 1,2,41" (runners/plan.cpp's metadata) as a list; empty for anything else.
std::vector<int> trial_instances(const Metadata& m) {
    const auto it = m.find("instance");
    const std::string prefix = "per replicate: ";
    std::vector<int> out;
    if (it == m.end() || it->second.rfind(prefix, 0) != 0) return out;
    for (const std::string& item : split(it->second.substr(prefix.size()), ',')) {
        long v = 0;
        if (!parse_long(item, v) || v < 1) return {};
        out.push_back(static_cast<int>(v));
    }
    return out;
}

int metadata_int(const Metadata& m, const std::string& key, int fallback) {
    const auto it = m.find(key);
    long v = 0;
    return it != m.end() && parse_long(it->second, v) && v > 0 ? static_cast<int>(v) : fallback;
}

std::vector<Exported> exported_problems(const results::Results& results, ExportFormat format,
                                        std::vector<std::string>& notes) {
    std::vector<Exported> out;
    std::map<std::string, int> next_id;
    for (std::size_t p = 0; p < results.problems.size(); ++p) {
        const results::ProblemInfo& info = results.problems[p];
        if (!info.optimum) {
            notes.push_back("problem '" + info.label + "' has no known f*; left out (both formats log f - f*)");
            continue;
        }
        Exported e;
        e.problem = p;
        e.optimum = *info.optimum;
        const auto suite = info.metadata.find("suite");
        e.suite = suite == info.metadata.end() ? "bobench" : suite->second;
        e.instance = metadata_int(info.metadata, "instance", 1);
        e.trial_instances = trial_instances(info.metadata);
        e.dimension = static_cast<std::size_t>(
            metadata_int(info.metadata, "dimension", static_cast<int>(std::max<std::size_t>(1, info.dimension()))));
        if (e.suite == "bbob") {
            e.function = metadata_int(info.metadata, "function", 0);
            if (e.function < 1 || e.function > 24)
                throw UserError("problem '" + info.label + "' is a bbob problem without a function id 1-24 in its "
                                "metadata");
            e.name = kIohBbobNames[e.function - 1];
        } else if (format == ExportFormat::coco) {
            // cocopp reads every .info below the folder it is given and knows functions by id
            // alone: another suite's f1 would pass for bbob's f1 in its tables
            notes.push_back("problem '" + info.label + "' (suite '" + e.suite + "') left out of the COCO export: "
                            "cocopp would take its function ids for bbob's; --format iohprofiler keeps it");
            continue;
        } else {
            e.function = ++next_id[e.suite];
            const auto f = info.metadata.find("function");
            e.name = f == info.metadata.end() ? info.label : f->second;
            notes.push_back("problem '" + info.label + "' exported as suite '" + e.suite + "', function " +
                            std::to_string(e.function) + ", instance " + std::to_string(e.instance) + ", dimension " +
                            std::to_string(e.dimension));
        }
        std::string clean;  // IOH puts the name into file names
        for (char c : e.name) clean += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        e.name = clean;
        out.push_back(std::move(e));
    }
    return out;
}

// Runs of one optimizer on one (suite, function, dimension): (instance, problem, replicate) order.
using ScenarioKey = std::tuple<std::string, int, std::size_t>;
struct ScenarioRun {
    const Exported* problem;
    const results::Trace* trace;
    // the instance this run ran
    int instance() const {
        const auto& trials = problem->trial_instances;
        return trials.empty() ? problem->instance
                              : trials[static_cast<std::size_t>(trace->key.replicate) % trials.size()];
    }
};

std::string number(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return fmt::format("{:+.16e}", v);
}

void write_text(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    write_text_file(path.string(), text);
}

struct Writer {
    const results::Results& results;
    const std::vector<Exported>& problems;
    RunTable table;
    fs::path root;
    ExportResult result;
    std::size_t runs_without_value = 0;  // IOHprofiler runs written at their scenario's worst value

    // The scenarios of optimizer s: runs grouped by (suite, function, dimension), in
    // (instance, problem, replicate) order.
    std::map<ScenarioKey, std::vector<ScenarioRun>> grouped(std::size_t s) const {
        std::map<ScenarioKey, std::vector<ScenarioRun>> out;
        for (const Exported& e : problems)
            for (const results::Trace* t : table.runs[e.problem][s])
                out[{e.suite, e.function, e.dimension}].push_back({&e, t});
        for (auto& [key, runs] : out)
            std::stable_sort(runs.begin(), runs.end(), [](const ScenarioRun& a, const ScenarioRun& b) {
                return std::make_tuple(a.instance(), a.problem->problem) <
                       std::make_tuple(b.instance(), b.problem->problem);
            });
        return out;
    }

    // The largest regret any optimizer logged in scenario `key`, or the largest double when
    // none has a value. A run none of whose evaluations succeeded is written at it in the
    // IOHprofiler logs: IOHanalyzer fills a failed evaluation (NaN) with the worst value of
    // its own run, which such a run lacks (it would read -inf, better than every run); at
    // its scenario's worst value it reaches no target another run had to work for.
    double worst_regret(const ScenarioKey& key) const {
        double worst = -std::numeric_limits<double>::infinity();
        for (const Exported& e : problems) {
            if (ScenarioKey{e.suite, e.function, e.dimension} != key) continue;
            for (const auto& runs : table.runs[e.problem])
                for (const results::Trace* t : runs)
                    for (std::size_t i = 0; i < t->size(); ++i)
                        if (!t->failed[i]) worst = std::max(worst, analysis::regret(t->true_value[i], e.optimum));
        }
        return std::isfinite(worst) ? worst : std::numeric_limits<double>::max();
    }

    void add(const fs::path& path, const std::string& text) {
        write_text(path, text);
        result.files.push_back(fs::relative(path, root).string());
    }

    // x of row i of t, " %+.16e" each (empty when the file holds no points)
    std::string x_columns(const results::Trace& t, std::size_t i, std::size_t dimension) const {
        std::string s;
        if (t.x.size() != t.rows() * dimension) return s;
        for (std::size_t j = 0; j < dimension; ++j) {
            s += ' ';
            s += number(t.x[i * dimension + j]);
        }
        return s;
    }

    void coco(std::size_t s, const fs::path& folder) {
        const std::string alg = table.optimizer_label(results, s);
        std::map<std::pair<std::string, int>, std::string> info;  // (suite, function) -> .info text
        for (const auto& [key, runs] : grouped(s)) {
            const auto& [suite, function, dimension] = key;
            const std::string base = fmt::format("bbobexp_f{}", function);
            const std::string data_name = fmt::format("data_f{}/{}_DIM{}", function, base, dimension);
            const std::size_t params = results.problems[runs.front().problem->problem].dimension();
            std::string dat, tdat, entries;
            std::vector<std::string> labels;  // in the runs' order: instances ascending
            for (const ScenarioRun& r : runs) {
                const results::Trace& t = *r.trace;
                const double fopt = r.problem->optimum;
                const std::string& label = results.problems[r.problem->problem].label;
                if (std::find(labels.begin(), labels.end(), label) == labels.end()) labels.push_back(label);
                const std::string header = fmt::format(
                    "% f evaluations | g evaluations | best noise-free fitness - Fopt ({:13.12e}) + sum g_i+ | "
                    "measured fitness | best measured fitness or single-digit g-values | x1 | x2...\n",
                    fopt);
                dat += header;
                tdat += header;
                const results::IncumbentCurve inc = results::incumbent_curve(t);
                double previous = std::numeric_limits<double>::quiet_NaN();
                // a trace policy's rows only (the .tdat then holds the rows kept, not every evaluation)
                for (std::size_t row = 0; row < t.rows(); ++row) {
                    const std::size_t i = t.evaluation_of(row);
                    const double regret = analysis::regret(inc.best_true[i], fopt);
                    const std::string line = fmt::format("{} 0 {} {} {}{}\n", i + 1, number(regret), number(t.value[row]),
                                                         number(inc.best[i]), x_columns(t, row, params));
                    tdat += line;
                    // .dat: the first evaluation, every change of the best precision, the last one
                    const bool changed = !(regret == previous) && !(std::isnan(regret) && std::isnan(previous));
                    if (i == 0 || changed || i + 1 == t.size()) dat += line;
                    previous = regret;
                }
                entries += fmt::format(", {}:{}|{:.1e}", r.instance(), t.size(),
                                       analysis::regret(inc.best_true.back(), fopt));
            }
            add(folder / (data_name + ".dat"), dat);  // bbob only (exported_problems)
            add(folder / (data_name + ".tdat"), tdat);
            std::string& text = info[{suite, function}];
            text += fmt::format("suite = '{}', funcId = {}, DIM = {}, Precision = 1.000e-08, algId = '{}', "
                                "logger = 'bbob', data_format = 'bbob-new2'\n% exported by bobench {} from problems "
                                "{}\n{}.dat{}\n",
                                suite, function, dimension, alg, results.bobench_version, join(labels, ", "),
                                data_name, entries);
        }
        for (const auto& [key, text] : info) add(folder / fmt::format("bbobexp_f{}.info", key.second), text);
    }

    void ioh(std::size_t s, const fs::path& folder) {
        const std::string alg = table.optimizer_label(results, s);
        std::map<std::pair<std::string, int>, nlohmann::ordered_json> meta;
        for (const auto& [key, runs] : grouped(s)) {
            const auto& [suite, function, dimension] = key;
            const Exported& e = *runs.front().problem;
            const std::string suite_name = suite == "bbob" ? "BBOB" : suite;
            const fs::path sub = suite == "bbob" ? folder : folder / suite;
            const std::string data_name = fmt::format("data_f{}_{}/IOHprofiler_f{}_DIM{}.dat", function, e.name,
                                                      function, dimension);
            nlohmann::ordered_json& m = meta[{suite, function}];
            if (m.empty()) {
                m["version"] = "0.3.3";
                m["suite"] = suite_name;
                m["function_id"] = function;
                m["function_name"] = e.name;
                m["maximization"] = false;
                m["algorithm"] = {{"name", alg}, {"info", "exported by bobench " + results.bobench_version}};
                m["attributes"] = {"evaluations", "raw_y"};
                m["scenarios"] = nlohmann::ordered_json::array();
            }
            const std::size_t params = results.problems[e.problem].dimension();
            std::string dat;
            nlohmann::ordered_json scenario_runs = nlohmann::ordered_json::array();
            for (const ScenarioRun& r : runs) {
                const results::Trace& t = *r.trace;
                dat += "evaluations raw_y\n";
                std::size_t best_at = 0;
                double best = std::numeric_limits<double>::infinity();
                const bool no_value = std::all_of(t.failed.begin(), t.failed.end(), [](auto f) { return f != 0; });
                if (no_value) ++runs_without_value;
                const double failed_y = no_value ? worst_regret(key) : std::numeric_limits<double>::quiet_NaN();
                for (std::size_t row = 0; row < t.rows(); ++row) {  // a trace policy's rows only
                    const std::size_t i = t.evaluation_of(row);
                    const double y = t.failed[row] ? failed_y : analysis::regret(t.true_value[row], r.problem->optimum);
                    dat += fmt::format("{} {}\n", i + 1, std::isnan(y) ? std::string("NaN") : fmt::format("{:.16e}", y));
                    if (y < best) best = y, best_at = row;
                }
                const nlohmann::ordered_json best_json_y = best;  // finite: every run has a value now
                nlohmann::ordered_json best_json = {{"evals", t.evaluation_of(best_at) + 1}, {"y", best_json_y}};
                if (t.x.size() == t.rows() * params) {
                    std::vector<double> x(t.x.begin() + static_cast<std::ptrdiff_t>(best_at * params),
                                          t.x.begin() + static_cast<std::ptrdiff_t>((best_at + 1) * params));
                    best_json["x"] = x;
                }
                scenario_runs.push_back({{"instance", r.instance()}, {"evals", t.size()}, {"best", best_json}});
            }
            add(sub / data_name, dat);
            m["scenarios"].push_back({{"dimension", dimension}, {"path", data_name}, {"runs", scenario_runs}});
        }
        for (const auto& [key, m] : meta) {
            const fs::path sub = key.first == "bbob" ? folder : folder / key.first;
            add(sub / fmt::format("IOHprofiler_f{}_{}.json", key.second, m["function_name"].get<std::string>()),
                m.dump(2) + "\n");
        }
    }
};

}  // namespace

ExportResult export_benchmark_logs(const results::Results& results, ExportFormat format, const std::string& dir) {
    if (dir.empty()) throw UserError("no output folder given for the export");
    std::vector<std::string> notes;
    const std::vector<Exported> problems = exported_problems(results, format, notes);
    ExportResult result;
    write_folder_atomically(dir, [&](const fs::path& staging) {  // every log or none: a sibling folder renamed
        Writer w{results, problems, run_table(results), fs::absolute(staging), {}};
        w.result.notes = std::move(notes);
        std::set<std::string> stems;
        for (std::size_t s = 0; s < w.table.optimizer_order.size(); ++s) {
            const fs::path folder = w.root / unique_stem(w.table.optimizer_label(results, s), stems);
            if (format == ExportFormat::coco) w.coco(s, folder);
            else w.ioh(s, folder);
        }
        if (w.runs_without_value > 0)
            w.result.notes.push_back(fmt::format(
                "{} run{} had no evaluation that succeeded: written at the worst value its function and dimension "
                "saw (IOHanalyzer reads a run without any value as the best of all)",
                w.runs_without_value, w.runs_without_value == 1 ? "" : "s"));
        result = std::move(w.result);
    });
    std::sort(result.files.begin(), result.files.end());
    return result;
}

}  // namespace bobench::analysis::reports
