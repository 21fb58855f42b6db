#pragma once
// Tidy (long) CSV of every evaluation in a results file.
#include <ostream>

#include "results/store.hpp"

namespace bobench::analysis::reports {

// Columns: problem, optimizer, replicate, iteration (1-based), value, best_so_far,
// regret (empty when f* is unknown), test_regret (the incumbent's test value minus the
// problem's best test value, tabular benchmarks), true_value, cost, test_value, failed,
// and, when the file has a multi-fidelity problem, fidelity (the evaluation's, e.g. epochs;
// empty for single-fidelity problems). best_so_far and the regrets count only full-fidelity
// evaluations (results::incumbent_curve).
void export_csv(const results::Results& results, std::ostream& out);

}  // namespace bobench::analysis::reports
