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
    std::vector<Summary> by_iteration;  // element t: after evaluation t + 1
};

// Problems in file order, optimizers sorted by label; pairs without runs are left out.
std::vector<CurveSummary> summary_curves(const results::Results& results);

// Tidy CSV: problem, optimizer, iteration (1-based), n, mean, std, median, q1, q3, se
// (17 significant digits; empty where undefined, e.g. std with n < 2).
void write_curves_csv(const std::vector<CurveSummary>& curves, std::ostream& out);

}  // namespace bobench::analysis::reports
