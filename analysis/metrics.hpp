#pragma once
// Metrics of one run, computed from its trace: the objective value observed at each
// evaluation, in evaluation order. NaN marks a failed evaluation; failures are ignored by
// the best-so-far (they never improve it) but still count as spent evaluations. +/-inf are
// ordinary values. Minimisation everywhere: regret = best-so-far - f*.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace bobench::analysis {

// Element t is the lowest non-NaN value among evaluations 0..t; NaN while no evaluation
// has succeeded yet.
std::vector<double> best_so_far(std::span<const double> values);

// Lowest non-NaN value of the run; NaN when every evaluation failed (or the trace is empty).
double final_best(std::span<const double> values);

// The regret of a best value: best - f* when f* is known, the best value itself otherwise
// (reports then show and rank final best values). The one definition every report, the
// run summary and the exports use; NaN stays NaN.
double regret(double best, std::optional<double> f_star);
// regret() of each element.
std::vector<double> regret(std::vector<double> best, std::optional<double> f_star);

// final best - f* when f* is known, the final best value itself otherwise. NaN when every
// evaluation failed. May be negative on noisy problems (a lucky observation below f*).
double final_regret(std::span<const double> values, std::optional<double> f_star);

// best_so_far(values) - f* element-wise (the best-so-far itself when f* is unknown).
std::vector<double> regret_curve(std::span<const double> values, std::optional<double> f_star);

// Regrets at or below the floor (zero regret, or negative regret from noise) are reported
// as log10(floor) so that reaching the optimum gives a finite, plottable value.
inline constexpr double kDefaultLogRegretFloor = 1e-12;

// log10(max(regret, floor)); NaN stays NaN. floor must be positive and finite.
double log10_regret(double regret, double floor = kDefaultLogRegretFloor);
std::vector<double> log10_regret_curve(std::span<const double> regrets,
                                       double floor = kDefaultLogRegretFloor);

// Area under the best-so-far curve as kurobako defines it (kurobako's
// StudyRecord::auc, optuna/kurobako src/record/study.rs), for a single-fidelity run of
// T = values.size() evaluations where evaluation t (1-based) ends at step t:
//
//   AUC = sum_{t = s}^{T - 1} (b_t - offset),
//
// the integral over x in [s, T] of the step function b(x) = b_floor(x), where b_t is the
// best-so-far after t evaluations, s = start_step (kurobako: the contest's
// auc_start_step, 1 for single-fidelity problems) and offset = f* when known, 0 otherwise
// (kurobako subtracts the lower bound of the value domain, or 0 when it is unbounded).
// Note the last evaluation's improvement adds no area (left Riemann sum), as in kurobako.
// NaN when no evaluation among the first s succeeded (kurobako returns None there).
// start_step must be in [1, T]; T = s gives 0.
double auc(std::span<const double> values, std::size_t start_step = 1,
           std::optional<double> f_star = std::nullopt);

// Number of evaluations (1-based) after which best - f* <= target (best <= target when
// f* is unknown) first holds; nullopt when never reached. target must not be NaN.
std::optional<std::size_t> evaluations_to_target(std::span<const double> values,
                                                 std::optional<double> f_star, double target);

}  // namespace bobench::analysis
