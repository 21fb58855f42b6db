// bobench._core: the C++ side of the Python package. Problems by identifier (every one the
// CLI knows), results files as the tidy CSV of `bobench export`, and experiments run as
// `bobench run` runs them. The Python modules beside it (python/bobench/) wrap these.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "analysis/reports/rank_report.hpp"
#include "analysis/reports/table_report.hpp"
#include "analysis/reports/tidy_csv.hpp"
#include "cli/catalog.hpp"
#include "cli/plugins.hpp"
#include "reproductions/entry.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "core/external/protocol.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"

namespace py = pybind11;
using namespace bobench;

namespace {

// A problem and its own random stream (noise, table repeats), seeded like `bobench eval
// --seed`: the same points in the same order give the CLI's values bit for bit.
class PyProblem {
public:
    PyProblem(const std::string& id, std::uint64_t seed, const std::string& data_dir)
        : bound_(bind_problem(cli::problem_catalog(), Identifier::parse(id), {cli::data_dir(data_dir)})), rng_(seed) {}

    const std::string& id() const { return bound_.id; }
    const Problem& problem() const { return *bound_.problem; }
    std::size_t dimension() const { return problem().space().size(); }
    void seed(std::uint64_t s) {
        std::lock_guard lock(mutex_);
        rng_.seed(s);
    }

    double evaluate_one(const double* x) {
        Point p(x, x + dimension());
        if (const std::string why = problem().space().why_not_contains(p); !why.empty())
            throw UserError(bound_.id + ": " + why);
        return problem().evaluate(p, rng_).value;
    }

    // One point (1-D array) -> a float; n points (n x d array) -> n values.
    py::object evaluate(const py::array_t<double, py::array::c_style | py::array::forcecast>& x) {
        const std::size_t d = dimension();
        if (x.ndim() == 1) {
            if (static_cast<std::size_t>(x.shape(0)) != d) throw UserError(arity(x.shape(0)));
            std::lock_guard lock(mutex_);
            return py::float_(evaluate_one(x.data()));
        }
        if (x.ndim() != 2 || static_cast<std::size_t>(x.shape(1)) != d)
            throw UserError(bound_.id + ": evaluate takes one point (shape (" + std::to_string(d) +
                            ",)) or a batch (shape (n, " + std::to_string(d) + "))");
        const auto n = static_cast<std::size_t>(x.shape(0));
        py::array_t<double> out(static_cast<py::ssize_t>(n));
        double* y = out.mutable_data();
        const double* rows = x.data();
        {
            py::gil_scoped_release release;
            std::lock_guard lock(mutex_);
            for (std::size_t i = 0; i < n; ++i) y[i] = evaluate_one(rows + i * d);
        }
        return out;
    }

private:
    std::string arity(py::ssize_t got) const {
        return bound_.id + ": a point has " + std::to_string(dimension()) + " values, this one has " + std::to_string(got);
    }

    BoundProblem bound_;
    Rng rng_;
    std::mutex mutex_;
};

// Overrides of a spec's [experiment] keys, as bobench.run(spec, budget=...) passes them;
// each is read as the spec's line would be, unknown keys refused as in a spec.
void apply_overrides(runners::ExperimentSpec& spec, const std::map<std::string, std::string>& overrides) {
    const std::string origin = "bobench.run keyword arguments";
    std::string ini = "[experiment]\n";
    for (const auto& [key, value] : overrides) ini += key + " = " + value + "\n";
    runners::parse_spec(ini, origin);
    const runners::Schema schema = runners::experiment_schema();
    for (const auto& [key, value] : overrides) {
        const runners::Setting& setting = runners::setting(schema, key);
        setting.read(setting, spec, trim(value), {origin, "experiment." + key});
    }
}

// The experiment runs on a thread of its own while the calling thread, the one Python's
// SIGINT handler reports to, looks for Ctrl-C every 0.1 s: a KeyboardInterrupt raises the
// process-wide stop flag (which also ends an external optimizer's wait), the runs in progress
// stop at their next evaluation, the finished ones are saved, and the KeyboardInterrupt
// propagates to the caller.
runners::ExperimentOutcome run_interruptibly(const runners::Plan& plan) {
    std::atomic<bool>& stop = stop_requested();
    stop = false;
    runners::ExperimentOutcome outcome;
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread worker([&] {
        try {
            outcome = runners::run_experiment(plan, stop);
        } catch (...) {
            error = std::current_exception();
        }
        std::lock_guard lock(mutex);
        done = true;
        finished.notify_all();
    });
    bool interrupted = false;
    for (;;) {
        {
            py::gil_scoped_release release;
            std::unique_lock lock(mutex);
            if (finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; })) break;
        }
        if (!interrupted && PyErr_CheckSignals() != 0) {  // sets KeyboardInterrupt (or the handler's error)
            interrupted = true;
            stop = true;
        }
    }
    worker.join();
    stop = false;
    if (interrupted) throw py::error_already_set();
    if (error) std::rethrow_exception(error);
    return outcome;
}

py::dict run_spec(const std::string& spec_text, bool is_path, const std::map<std::string, std::string>& overrides) {
    runners::ExperimentSpec spec = is_path ? reproductions::read_spec_file(spec_text)
                                           : runners::parse_spec(spec_text, "bobench.run(spec)", reproductions::cli_spec_sections);
    apply_overrides(spec, overrides);
    const runners::Plan plan = cli::plan_experiment(spec);  // as `bobench run` plans it
    const runners::ExperimentOutcome outcome = run_interruptibly(plan);
    std::vector<std::string> errors;
    for (const auto& e : outcome.errors) errors.push_back(e.message);
    py::dict d;
    d["output"] = spec.output;
    d["planned"] = outcome.planned;
    d["resumed"] = outcome.resumed;
    d["completed"] = outcome.completed;
    d["failed_evaluations"] = outcome.failed_evaluations;
    d["errors"] = errors;
    return d;
}

// `bobench rank FILE --format json` with the same options and defaults.
std::string rank_json(const std::string& path, const std::string& metrics, std::optional<double> alpha, bool friedman,
                      const std::string& nan) {
    namespace reports = analysis::reports;
    reports::RankReportOptions o;
    o.source = path;
    o.metrics = reports::parse_metrics(metrics);
    if (alpha) o.alpha = {analysis::AlphaCorrection::direct, *alpha};
    o.friedman = friedman;
    o.nan_policy = analysis::parse_nan_policy(nan);
    return reports::render_rank_json(reports::build_rank_report(results::read_results(path, false), o));
}

// `bobench table FILE --format csv --stat STAT`.
std::string table_csv(const std::string& path, const std::string& stat) {
    namespace reports = analysis::reports;
    reports::TableOptions o;
    o.format = reports::TableFormat::csv;
    o.stat = reports::parse_table_stat(stat);
    const reports::ExperimentMetrics data = reports::compute_metrics(results::read_results(path, false), {false, 1});
    return reports::render_final_table(data, o);
}

std::string export_csv(const std::string& path) {
    std::ostringstream out;
    analysis::reports::export_csv(results::read_results(path, /*with_points=*/false), out);
    return out.str();
}

// One row per run: what the results file's /runs table holds, with labels for indices;
// with `points`, each run's points as an (evaluations x dimension) array.
py::dict read_runs(const std::string& path, bool points) {
    const results::Results r = results::read_results(path, points);
    if (points && !r.trace_points)
        throw UserError("'" + path + "' holds no points: its experiment ran with trace_points = no");
    std::vector<std::string> problem, optimizer, notes;
    std::vector<int> replicate;
    std::vector<std::uint64_t> problem_seed, optimizer_seed;
    std::vector<std::size_t> evaluations, failed;
    std::vector<double> seconds;
    py::list x;
    for (const results::Trace& t : r.runs) {
        if (points) {
            const auto d = static_cast<py::ssize_t>(r.problems[static_cast<std::size_t>(t.key.problem)].dimension());
            x.append(py::array_t<double>({static_cast<py::ssize_t>(t.rows()), d}, t.x.data()));  // a trace policy's rows
        }
        problem.push_back(r.problems[static_cast<std::size_t>(t.key.problem)].label);
        optimizer.push_back(r.optimizers[static_cast<std::size_t>(t.key.optimizer)].label);
        replicate.push_back(t.key.replicate);
        problem_seed.push_back(t.problem_seed);
        optimizer_seed.push_back(t.optimizer_seed);
        evaluations.push_back(t.size());
        failed.push_back(t.failures());
        seconds.push_back(t.seconds);
        notes.push_back(t.notes);
    }
    py::dict d;
    d["problem"] = problem;
    d["optimizer"] = optimizer;
    d["replicate"] = replicate;
    d["problem_seed"] = problem_seed;
    d["optimizer_seed"] = optimizer_seed;
    d["evaluations"] = evaluations;
    d["failed"] = failed;
    d["seconds"] = seconds;
    d["notes"] = notes;
    if (points) d["x"] = x;
    return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "bobench's C++ core: problems, experiments and results files";
    static py::exception<UserError> user_error(m, "UserError", PyExc_ValueError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const UserError& e) {
            // a message may quote what the caller passed, bytes that are not UTF-8 included:
            // they are shown replaced (U+FFFD), and the message is never lost
            const std::string what = e.what();
            const py::object text = py::reinterpret_steal<py::object>(
                PyUnicode_DecodeUTF8(what.data(), static_cast<py::ssize_t>(what.size()), "replace"));
            PyErr_SetObject(user_error.ptr(), text.ptr());
        }
    });
    m.attr("version") = std::string(version);
    m.attr("git_revision") = std::string(git_revision);
    m.attr("protocol_version") = external::protocol_version;

    py::class_<PyProblem>(m, "Problem")
        .def(py::init<const std::string&, std::uint64_t, const std::string&>(), py::arg("id"), py::arg("seed") = 1,
             py::arg("data_dir") = "")
        .def_property_readonly("id", &PyProblem::id, "the canonical identifier")
        .def_property_readonly("dimension", &PyProblem::dimension)
        .def_property_readonly("_space_json",
                               [](const PyProblem& p) { return external::space_to_json(p.problem().space()).dump(); })
        .def_property_readonly("optimum", [](const PyProblem& p) { return p.problem().optimum(); },
                               "f*, the lowest noise-free value, or None when unknown")
        .def_property_readonly("test_optimum", [](const PyProblem& p) { return p.problem().test_optimum(); })
        .def_property_readonly("metadata", [](const PyProblem& p) { return p.problem().metadata(); })
        .def("seed", &PyProblem::seed, py::arg("seed"), "restart the problem's random stream (noise) at this seed")
        .def("evaluate", &PyProblem::evaluate, py::arg("x"),
             "the objective at one point (shape (d,), native units: categoricals as choice indices) "
             "or at a batch (shape (n, d)) -> float or array of n values");

    m.def("problem_names", [] {
        std::vector<std::pair<std::string, std::string>> names;
        for (const auto& f : cli::problem_catalog().entries()) names.emplace_back(f.name, f.description);
        return names;
    });
    m.def("optimizer_names", [] {
        std::vector<std::pair<std::string, std::string>> names;
        for (const auto& f : cli::optimizer_catalog().entries()) names.emplace_back(f.name, f.description);
        return names;
    });
    m.def("export_csv", &export_csv, py::arg("path"), "the results file as `bobench export` writes it");
    m.def("read_runs", &read_runs, py::arg("path"), py::arg("points") = false);
    m.def("run_spec", &run_spec, py::arg("spec"), py::arg("is_path"), py::arg("overrides"));
    m.def("load_plugins", &cli::load_plugins, py::arg("paths"));
    m.def("rank_json", &rank_json, py::arg("path"), py::arg("metrics"), py::arg("alpha"), py::arg("friedman"),
          py::arg("nan"));
    m.def("table_csv", &table_csv, py::arg("path"), py::arg("stat"));
}
