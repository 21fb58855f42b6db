#pragma once
// The fixed-target view of a benchmark (COCO; Hansen et al., "COCO: performance assessment",
// Optimization Methods and Software 36(1), 2021, and "Real-parameter black-box optimization
// benchmarking 2009: experimental setup", INRIA RR-6828, section "Expected running time"):
// for a target precision Δf a run's runtime is the number of evaluations after which its
// regret first is <= Δf; the expected running time ERT is the evaluations spent by all
// runs (until the target or, for unsuccessful runs, until they ended) divided by the
// number of runs that reached the target; the runtime ECDF is the fraction of (problem,
// target) pairs solved within a given budget.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace bobench::analysis {

// COCO's target precisions: 10^{2, 1.8, ..., -8} (51 values), the targets cocopp's runtime
// ECDFs use for bbob, and one per decade 10^{2, 1, ..., -8} (11 values) for tables.
std::vector<double> coco_ecdf_targets();
std::vector<double> coco_table_targets();

// "coco" (the 51 ECDF targets), "decades" (the 11 table targets), or a comma-separated
// list of positive numbers ("1e-1,1e-3"). UserError naming `option` otherwise.
std::vector<double> parse_targets(std::string_view text, std::string_view option);

// One run against one target: the evaluation (1-based) at which it first reached the
// target, if it did, and the evaluations it spent in all.
struct RunOutcome {
    std::optional<std::size_t> hit;
    std::size_t evaluations = 0;
};

// hit = first t with min(regret_1..regret_t) <= target (NaN regrets never count).
RunOutcome run_outcome(std::span<const double> regret_curve, double target);

struct ExpectedRunningTime {
    double ert = 0;              // +inf when no run succeeded
    std::size_t successes = 0, runs = 0;
    double spent = 0;            // sum over runs of hit (successful) or evaluations (not)
};

// ERT = spent / successes (Hansen et al. 2009). Needs at least one run.
ExpectedRunningTime expected_running_time(std::span<const RunOutcome> runs);

// Percentile bootstrap of the ERT: `samples` resamples of the runs drawn with replacement
// (Boost.Random, mt19937_64 seeded with `seed`, so the interval is reproducible), ERT of
// each (+inf when a resample holds no success), and the `low` and `high` quantiles of
// those ERTs as order statistics (the ceil(p B)-th smallest, so +inf stays +inf).
// COCO's tables print the 10th and 90th percentiles; those are the defaults here.
struct Interval {
    double low = 0, high = 0;
};
Interval bootstrap_ert(std::span<const RunOutcome> runs, std::size_t samples = 1000, double low = 0.1,
                       double high = 0.9, std::uint64_t seed = 1);  // Interrupted once a stop is requested

// Runtime ECDF over (problem, target) pairs. pairs[i] holds the runs of pair i as scaled
// runtimes (evaluations / dimension; nullopt: the run never reached the target). Every
// pair weighs the same and its runs share that weight, so a pair with more runs does not
// count more: F(x) = (1 / P) sum_i #{runs of i with runtime <= x} / n_i.
// Returns the steps of F, x ascending: F jumps to y[j] at x[j].
struct Ecdf {
    std::vector<double> x, y;
    std::size_t pairs = 0;
};
Ecdf runtime_ecdf(const std::vector<std::vector<std::optional<double>>>& pairs);

}  // namespace bobench::analysis
