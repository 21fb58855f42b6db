#pragma once
// Tidy (long) CSV tables of a results file: every evaluation, or one row per run.
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

// One row per run: problem, optimizer, replicate, evaluations, failed (evaluations that
// returned NaN/inf), best_value (the final incumbent's observed value, empty if none
// succeeded), regret and test_regret (the final ones, as in export_csv), seconds (the
// run's own wall time, kept through resumes and merges: what a run of each optimizer
// costs), problem_seed, optimizer_seed (the run's streams, to rerun it alone).
void export_runs_csv(const results::Results& results, std::ostream& out);

}  // namespace bobench::analysis::reports
