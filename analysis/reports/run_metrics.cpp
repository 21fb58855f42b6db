#include "analysis/reports/run_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <set>
#include <tuple>

#include "analysis/metrics.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct OneRun {
    double final_value = kNaN, auc = kNaN;
};
}  // namespace

void require_metadata_key(const std::vector<Metadata>& metadata, const std::string& key, const std::string& source) {
    std::set<std::string> keys;
    for (const Metadata& m : metadata)
        for (const auto& [k, value] : m) keys.insert(k);
    if (keys.count(key)) return;
    const std::vector<std::string> known(keys.begin(), keys.end());
    std::string msg = "--by '" + key + "': no problem of " + source + " has this metadata key";
    if (const std::string near = closest(key, known); !near.empty()) msg += " (did you mean '" + near + "'?)";
    throw UserError(msg + "; keys present: " + (known.empty() ? std::string("none") : join(known, ", ")));
}

std::vector<double> run_regret_curve(const results::Trace& trace, std::optional<double> optimum) {
    return analysis::regret(results::incumbent_curve(trace).best_true, optimum);
}

namespace {

// Optimizer file index -> its position among the labels in sorted order, which is the
// order m.optimizers lists them in; labels must be unique.
std::vector<std::size_t> optimizer_slots(const results::Results& results, ExperimentMetrics& m) {
    const std::size_t no = results.optimizers.size();
    std::vector<std::size_t> order(no);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return results.optimizers[a].label < results.optimizers[b].label;
    });
    std::vector<std::size_t> slot(no);
    for (std::size_t s = 0; s < no; ++s) {
        slot[order[s]] = s;
        m.optimizers.push_back(results.optimizers[order[s]].label);
    }
    for (std::size_t s = 1; s < no; ++s) {
        if (m.optimizers[s] == m.optimizers[s - 1])
            throw UserError("two optimizers of the results file are labelled '" + m.optimizers[s] +
                            "'; labels must be unique to be ranked");
    }
    return slot;
}

void check_auc_start(const results::Results& results, const MetricsOptions& options) {
    if (!options.with_auc) return;
    for (const results::Trace& t : results.runs) {
        if (t.size() > 0 && options.auc_start > t.size()) {
            throw UserError("--auc-start " + std::to_string(options.auc_start) + " is beyond the " +
                            std::to_string(t.size()) + " evaluations of run (problem '" +
                            results.problems[static_cast<std::size_t>(t.key.problem)].label + "', optimizer '" +
                            results.optimizers[static_cast<std::size_t>(t.key.optimizer)].label + "', replicate " +
                            std::to_string(t.key.replicate) + "); it must be between 1 and " +
                            std::to_string(t.size()));
        }
    }
}

// The per-run work (incumbent curve, AUC) is independent; every thread writes its own
// slot, so the result does not depend on the thread count.
std::vector<OneRun> per_run_metrics(const results::Results& results, const MetricsOptions& options) {
    const std::size_t n = results.runs.size();
    std::vector<OneRun> per_run(n);
    std::vector<std::exception_ptr> errors(n);  // an exception must not leave an OpenMP region
#pragma omp parallel for schedule(static)
    for (std::ptrdiff_t i = 0; i < static_cast<std::ptrdiff_t>(n); ++i) {
        try {
            const results::Trace& t = results.runs[static_cast<std::size_t>(i)];
            if (t.size() == 0) continue;
            const std::optional<double> f_star = results.problems[static_cast<std::size_t>(t.key.problem)].optimum;
            const std::vector<double> best_true = results::incumbent_curve(t).best_true;
            OneRun& r = per_run[static_cast<std::size_t>(i)];
            r.final_value = analysis::regret(best_true.back(), f_star);
            if (options.with_auc) r.auc = analysis::auc(best_true, options.auc_start, f_star);
        } catch (...) {
            errors[static_cast<std::size_t>(i)] = std::current_exception();
        }
    }
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
    return per_run;
}

// Each run's figures into its (problem, optimizer) cell, in the order (problem, optimizer
// slot, replicate).
void fill_cells(const results::Results& results, const std::vector<std::size_t>& slot,
                const std::vector<OneRun>& per_run, ExperimentMetrics& m) {
    m.cells.assign(results.problems.size(), std::vector<CellRuns>(results.optimizers.size()));
    std::vector<std::size_t> by_key(results.runs.size());
    std::iota(by_key.begin(), by_key.end(), std::size_t{0});
    std::sort(by_key.begin(), by_key.end(), [&](std::size_t a, std::size_t b) {
        const auto &ka = results.runs[a].key, &kb = results.runs[b].key;
        return std::tie(ka.problem, slot[static_cast<std::size_t>(ka.optimizer)], ka.replicate) <
               std::tie(kb.problem, slot[static_cast<std::size_t>(kb.optimizer)], kb.replicate);
    });
    for (std::size_t i : by_key) {
        const results::Trace& t = results.runs[i];
        CellRuns& c = m.cells[static_cast<std::size_t>(t.key.problem)][slot[static_cast<std::size_t>(t.key.optimizer)]];
        if (t.size() == 0) {
            ++c.empty_runs;
            continue;
        }
        c.replicates.push_back(t.key.replicate);
        c.final_value.push_back(per_run[i].final_value);
        c.auc.push_back(per_run[i].auc);
        c.evaluations.push_back(t.size());
        c.failed_evals += t.failures();
        if (std::isnan(per_run[i].final_value)) ++c.failed_runs;
        ++m.runs;
    }
}

// Notes, problem by problem, in a fixed order: unknown f*, empty or failed runs, unequal
// replicate counts.
void add_notes(ExperimentMetrics& m) {
    for (std::size_t p = 0; p < m.problems.size(); ++p) {
        const std::string& label = m.problems[p];
        if (!m.optimum[p])
            m.notes.push_back("problem '" + label + "' has no known f*: final best values are ranked and shown "
                              "instead of regret");
        std::vector<std::string> counts;
        std::size_t first_count = 0;
        bool unequal = false, first = true;
        for (std::size_t o = 0; o < m.optimizers.size(); ++o) {
            const CellRuns& c = m.cells[p][o];
            const std::string who = "problem '" + label + "', optimizer '" + m.optimizers[o] + "'";
            if (c.empty_runs)
                m.notes.push_back(who + ": " + count_noun(c.empty_runs, "run") +
                                  " without any evaluation (eval_count 0) skipped");
            if (c.failed_runs)
                m.notes.push_back(who + ": " + count_noun(c.failed_runs, "run") +
                                  " without a successful evaluation (their metrics are NaN)");
            if (c.replicates.empty() && c.empty_runs == 0) continue;  // never ran this pair
            counts.push_back("'" + m.optimizers[o] + "' " + std::to_string(c.replicates.size()));
            if (first) first_count = c.replicates.size(), first = false;
            else if (c.replicates.size() != first_count) unequal = true;
        }
        if (unequal)
            m.notes.push_back("problem '" + label + "': unequal replicate counts (" + join(counts, ", ") +
                              "); the runs there are used");
    }
}

}  // namespace

ExperimentMetrics compute_metrics(const results::Results& results, const MetricsOptions& options) {
    if (options.with_auc && options.auc_start < 1) throw UserError("--auc-start 0 is not valid; it must be >= 1");
    ExperimentMetrics m;
    for (const results::ProblemInfo& p : results.problems) {
        m.problems.push_back(p.label);
        m.optimum.push_back(p.optimum);
        m.metadata.push_back(p.metadata);
    }
    const std::vector<std::size_t> slot = optimizer_slots(results, m);
    check_auc_start(results, options);
    fill_cells(results, slot, per_run_metrics(results, options), m);
    add_notes(m);
    return m;
}

}  // namespace bobench::analysis::reports
