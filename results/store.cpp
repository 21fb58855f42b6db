#include "results/store.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "results/hdf5.hpp"

namespace bobench::results {

using nlohmann::json;

void Results::sort_runs() {
    std::sort(runs.begin(), runs.end(), [](const Trace& a, const Trace& b) { return a.key < b.key; });
}

int Results::find_problem(const std::string& id) const {
    for (std::size_t i = 0; i < problems.size(); ++i)
        if (problems[i].id == id) return static_cast<int>(i);
    return -1;
}

int Results::find_optimizer(const std::string& id) const {
    for (std::size_t i = 0; i < optimizers.size(); ++i)
        if (optimizers[i].id == id) return static_cast<int>(i);
    return -1;
}

std::string policy_name(FailurePolicy p) { return p == FailurePolicy::Penalty ? "penalty" : "skip"; }

FailurePolicy parse_policy(const std::string& name, const std::string& origin) {
    if (name == "penalty") return FailurePolicy::Penalty;
    if (name == "skip") return FailurePolicy::Skip;
    throw UserError(origin + ": on_failure = '" + name + "' is not valid; expected penalty or skip");
}

bool is_results_file(const std::string& path) {
    if (!h5::is_hdf5(path)) return false;
    try {
        h5::Handle file = h5::open_file(path);
        return h5::has_attribute(file.get(), "format") &&
               h5::read_string_attribute(file.get(), "format") == store_format;
    } catch (const std::exception&) {
        return false;
    }
}

static json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }
static std::optional<double> optional_number(const json& j) {
    return j.is_null() ? std::nullopt : std::optional<double>(j.get<double>());
}

Results read_results(const std::string& path, bool with_points) {
    if (!std::filesystem::exists(path)) throw UserError("results file '" + path + "' does not exist");
    if (!is_results_file(path))
        throw UserError("'" + path + "' is not a bobench results file (no format = \"" + std::string(store_format) +
                        "\" attribute); it was not written by `bobench run`");
    try {
        h5::Handle file = h5::open_file(path);
        const hid_t f = file.get();
        const auto version = h5::read_int_attribute(f, "format_version");
        if (version > store_format_version)
            throw UserError("'" + path + "' has format version " + std::to_string(version) +
                            "; this bobench reads up to version " + std::to_string(store_format_version));
        Results r;
        r.bobench_version = h5::read_string_attribute(f, "bobench_version");
        r.git_revision = h5::read_string_attribute(f, "git_revision");
        r.spec = h5::read_string_attribute(f, "spec");
        r.seed = static_cast<std::uint64_t>(std::stoull(h5::read_string_attribute(f, "seed")));
        r.budget = static_cast<long>(h5::read_int_attribute(f, "budget"));
        r.on_failure = parse_policy(h5::read_string_attribute(f, "on_failure"), "'" + path + "'");
        if (h5::has_attribute(f, "shard")) r.shard = h5::read_string_attribute(f, "shard");
        for (const json& p : json::parse(h5::read_string_attribute(f, "problems")))
            r.problems.push_back({p.at("label"), p.at("id"), p.at("params"), optional_number(p.at("optimum")),
                                  optional_number(p.at("test_optimum")), p.at("metadata")});
        for (const json& o : json::parse(h5::read_string_attribute(f, "optimizers")))
            r.optimizers.push_back({o.at("label"), o.at("id")});

        h5::Handle runs = h5::open_group(f, "runs"), evals = h5::open_group(f, "evals");
        const auto problem = h5::read_vector<std::int32_t>(runs.get(), "problem");
        const auto optimizer = h5::read_vector<std::int32_t>(runs.get(), "optimizer");
        const auto replicate = h5::read_vector<std::int32_t>(runs.get(), "replicate");
        const auto pseed = h5::read_vector<std::uint64_t>(runs.get(), "problem_seed");
        const auto oseed = h5::read_vector<std::uint64_t>(runs.get(), "optimizer_seed");
        const auto seconds = h5::read_vector<double>(runs.get(), "seconds");
        const auto offset = h5::read_vector<std::int64_t>(runs.get(), "eval_offset");
        const auto count = h5::read_vector<std::int64_t>(runs.get(), "eval_count");
        const auto x_offset = h5::read_vector<std::int64_t>(runs.get(), "x_offset");
        const auto notes = h5::read_strings(runs.get(), "notes");
        const auto value = h5::read_vector<double>(evals.get(), "value");
        const auto true_value = h5::read_vector<double>(evals.get(), "true_value");
        const auto cost = h5::read_vector<double>(evals.get(), "cost");
        const auto test_value = h5::read_vector<double>(evals.get(), "test_value");
        const auto failed = h5::read_vector<std::uint8_t>(evals.get(), "failed");
        const auto x = with_points ? h5::read_vector<double>(evals.get(), "x") : std::vector<double>();

        r.runs.resize(problem.size());
        for (std::size_t i = 0; i < problem.size(); ++i) {
            Trace& t = r.runs[i];
            t.key = {problem[i], optimizer[i], replicate[i]};
            if (t.key.problem < 0 || t.key.problem >= static_cast<int>(r.problems.size()) || t.key.optimizer < 0 ||
                t.key.optimizer >= static_cast<int>(r.optimizers.size()) || offset[i] < 0 || count[i] < 0 ||
                static_cast<std::size_t>(offset[i] + count[i]) > value.size())
                throw UserError("'" + path + "' is damaged: run " + std::to_string(i) + " points outside the tables");
            t.problem_seed = pseed[i];
            t.optimizer_seed = oseed[i];
            t.seconds = seconds[i];
            t.notes = notes[i];
            const auto b = static_cast<std::ptrdiff_t>(offset[i]), e = b + static_cast<std::ptrdiff_t>(count[i]);
            t.value.assign(value.begin() + b, value.begin() + e);
            t.true_value.assign(true_value.begin() + b, true_value.begin() + e);
            t.cost.assign(cost.begin() + b, cost.begin() + e);
            t.test_value.assign(test_value.begin() + b, test_value.begin() + e);
            t.failed.assign(failed.begin() + b, failed.begin() + e);
            if (with_points) {
                const auto xb = static_cast<std::ptrdiff_t>(x_offset[i]);
                const auto xn = static_cast<std::ptrdiff_t>(count[i] * static_cast<std::int64_t>(
                                                                           r.problems[t.key.problem].dimension()));
                t.x.assign(x.begin() + xb, x.begin() + xb + xn);
            }
        }
        return r;
    } catch (const UserError&) {
        throw;
    } catch (const std::exception& e) {
        throw UserError("cannot read results file '" + path + "': " + e.what());
    }
}

void write_results(const std::string& path, const Results& r) {
    // written in key order whatever order the runs finished in
    std::vector<std::size_t> order(r.runs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return r.runs[a].key < r.runs[b].key; });
    const std::filesystem::path target(path);
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    try {
        h5::Handle file = h5::create_file(tmp);
        const hid_t f = file.get();
        h5::write_attribute(f, "format", std::string(store_format));
        h5::write_attribute(f, "format_version", std::int64_t{store_format_version});
        h5::write_attribute(f, "bobench_version", r.bobench_version);
        h5::write_attribute(f, "git_revision", r.git_revision);
        h5::write_attribute(f, "spec", r.spec);
        h5::write_attribute(f, "seed", std::to_string(r.seed));  // text: uint64 does not fit every reader's int
        h5::write_attribute(f, "budget", std::int64_t{r.budget});
        h5::write_attribute(f, "on_failure", policy_name(r.on_failure));
        if (!r.shard.empty()) h5::write_attribute(f, "shard", r.shard);
        json problems = json::array(), optimizers = json::array();
        for (const ProblemInfo& p : r.problems)
            problems.push_back({{"label", p.label}, {"id", p.id}, {"dimension", p.dimension()}, {"params", p.params},
                                {"optimum", optional_number(p.optimum)},
                                {"test_optimum", optional_number(p.test_optimum)}, {"metadata", p.metadata}});
        for (const OptimizerInfo& o : r.optimizers) optimizers.push_back({{"label", o.label}, {"id", o.id}});
        h5::write_attribute(f, "problems", problems.dump());
        h5::write_attribute(f, "optimizers", optimizers.dump());

        // the per-run table whole; the per-evaluation columns straight from the traces
        const std::size_t n = r.runs.size();
        std::vector<std::int32_t> problem(n), optimizer(n), replicate(n);
        std::vector<std::uint64_t> pseed(n), oseed(n);
        std::vector<double> seconds(n);
        std::vector<std::int64_t> offset(n), count(n), failed_evals(n), x_offset(n);
        std::vector<std::string> notes(n);
        std::size_t n_evals = 0, n_x = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const Trace& t = r.runs[order[i]];
            problem[i] = t.key.problem;
            optimizer[i] = t.key.optimizer;
            replicate[i] = t.key.replicate;
            pseed[i] = t.problem_seed;
            oseed[i] = t.optimizer_seed;
            seconds[i] = t.seconds;
            notes[i] = t.notes;
            offset[i] = static_cast<std::int64_t>(n_evals);
            count[i] = static_cast<std::int64_t>(t.size());
            failed_evals[i] = static_cast<std::int64_t>(t.failures());
            x_offset[i] = static_cast<std::int64_t>(n_x);
            n_evals += t.size();
            n_x += t.x.size();
        }
        h5::Handle runs = h5::create_group(f, "runs"), evals = h5::create_group(f, "evals");
        h5::write_vector(runs.get(), "problem", problem);
        h5::write_vector(runs.get(), "optimizer", optimizer);
        h5::write_vector(runs.get(), "replicate", replicate);
        h5::write_vector(runs.get(), "problem_seed", pseed);
        h5::write_vector(runs.get(), "optimizer_seed", oseed);
        h5::write_vector(runs.get(), "seconds", seconds);
        h5::write_vector(runs.get(), "eval_offset", offset);
        h5::write_vector(runs.get(), "eval_count", count);
        h5::write_vector(runs.get(), "failed_evals", failed_evals);
        h5::write_vector(runs.get(), "x_offset", x_offset);
        h5::write_strings(runs.get(), "notes", notes);
        using Column = std::vector<double> Trace::*;
        auto doubles = [&](const char* name, std::size_t total, Column column, bool compress) {
            h5::write_column<double>(
                evals.get(), name, total, n,
                [&](std::size_t i) { return std::span<const double>(r.runs[order[i]].*column); }, compress);
        };
        doubles("value", n_evals, &Trace::value, false);  // objective values: little to gain
        doubles("true_value", n_evals, &Trace::true_value, false);
        doubles("cost", n_evals, &Trace::cost, true);
        doubles("test_value", n_evals, &Trace::test_value, true);
        h5::write_column<std::uint8_t>(
            evals.get(), "failed", n_evals, n,
            [&](std::size_t i) { return std::span<const std::uint8_t>(r.runs[order[i]].failed); });
        doubles("x", n_x, &Trace::x, false);
        runs.reset();
        evals.reset();
        if (H5Fflush(f, H5F_SCOPE_GLOBAL) < 0) throw std::runtime_error("HDF5: cannot flush '" + tmp + "'");
    } catch (...) {
        std::remove(tmp.c_str());
        throw;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw UserError("cannot write results file '" + path + "': " + ec.message());
    }
}

}  // namespace bobench::results
