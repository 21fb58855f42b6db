#pragma once
// Per-iteration summaries of the regret curves over replicates, for `bobench export
// --curves` and `bobench plot`.
//
// A run's curve is its incumbent's noise-free value after each evaluation
// (results::incumbent_curve best_true) minus f* (the value itself when f* is unknown);
// NaN before the first successful evaluation. Runs shorter than the longest run of the
// (problem, optimizer) are padded with NaN, so `n` (runs with a value at that iteration)
// shows it; empty runs are skipped.
#include <ostream>
#include <string>
#include <vector>

#include "analysis/summary.hpp"
#include "results/store.hpp"

namespace bobench::analysis::reports {

struct CurveSummary {
    std::string problem, optimizer;
    bool regret = true;                  // false: f* unknown, the curve is the best value
    std::vector<Summary> by_iteration;  // element t: after evaluation t + 1 (or at x[t])
    std::vector<double> x;              // empty: evaluations 1, 2, ...; else the x of each element
    std::size_t style = 0;              // the optimizer's index in the results file: its look (palette.hpp)
    std::string stem;                   // the plot's file name; empty: from `problem` (slug)
};

// A results file's runs with evaluations, grouped by problem (file order) and optimizer
// (sorted by label), replicates ascending.
struct RunTable {
    std::vector<std::size_t> optimizer_order;  // file indices of the optimizers, sorted by label
    std::vector<std::vector<std::vector<const results::Trace*>>> runs;  // [problem][sorted optimizer]
    const std::string& optimizer_label(const results::Results& r, std::size_t s) const {
        return r.optimizers[optimizer_order[s]].label;
    }
};
RunTable run_table(const results::Results& results);

// Problems in file order, optimizers sorted by label; pairs without runs are left out.
// log_regret: every run's regret becomes log10(max(regret, 1e-12)) (analysis::log10_regret)
// before the summaries, on problems with a known f* (the others keep their best values).
std::vector<CurveSummary> summary_curves(const results::Results& results, bool log_regret = false);

// Tidy CSV: problem, optimizer, iteration (1-based), n, mean, std, median, q1, q3, se
// (17 significant digits; empty where undefined, e.g. std with n < 2).
void write_curves_csv(const std::vector<CurveSummary>& curves, std::ostream& out);

}  // namespace bobench::analysis::reports
