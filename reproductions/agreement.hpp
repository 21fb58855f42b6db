#pragma once
// Whether a cell of ours agrees with a paper's number, and how often a perfect reproduction
// would agree under the same test (its calibration).
//
// The test, per cell (the paper's number of runs n is the reference table's reference_runs):
//  - the paper gives mean ± sd over n runs: Welch's two-sided t-test of our runs against
//    (mean, sd, n) (analysis/statistics/welch.hpp); the cell agrees when p >= 0.05.
//  - the paper gives one number: it is set against the sampling distribution of our
//    statistic (mean or median) over n runs, drawn as bootstrap resamples of n of our runs;
//    p = min(1, 2 min(P(S <= theirs), P(S >= theirs))), agreeing when p >= 0.05.
//  - one run dominates the paper's mean (sd / mean >= 0.9 √n; the ratio of n non-negative
//    values is at most √n, reached when one run holds the whole sum): a mean so skewed is
//    not near-normal, so the t-test is not valid; the cell is judged by the sampling
//    distribution of our mean over n runs instead, and flagged.
//
// The calibration: a perfect reproduction draws both sides from one truth and applies the
// same test. The truth is the log-normal with the paper's mean and sd where the paper gives
// both, else our own runs (their empirical distribution). Each round simulates every cell
// once, so the agreeing counts over rounds give "a perfect reproduction k ± s" per method and
// overall, and Kendall's tau between the two simulated sides the tau it would reach.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "analysis/reports/table_report.hpp"
#include "core/rng.hpp"

namespace bobench::reproductions {

using analysis::reports::TableStat;

// none: fewer than two runs of ours, so no test (Welch needs two a side, and the bootstrap of one
// run has no spread: every paper number but ours exactly would "disagree" at p = 0).
enum class AgreementTest { welch, sampling, none };

struct PaperValue {
    double value = 0;
    std::optional<double> sd;
    long runs = 0;  // the paper's number of runs behind the value
};

struct AgreementOptions {
    TableStat statistic = TableStat::mean;  // of the sampling test (a Welch cell is a mean)
    double level = 0.05;                    // a cell agrees when p >= level
    int resamples = 2000;                   // bootstrap resamples of an observed cell
    int calibration_rounds = 400;           // simulated perfect reproductions
    int calibration_resamples = 400;        // bootstrap resamples of a simulated sampling test
};

struct CellAgreement {
    AgreementTest test = AgreementTest::welch;
    bool dominated = false;  // one run dominates the paper's mean
    double p = 1;
    bool agrees = false;
    double ratio = 0, ratio_low = 0, ratio_high = 0;  // ours / theirs with its 95 % interval; NaN: none
};

// The test chosen for a cell: none with fewer than two runs of ours; Welch where the paper
// gives an sd, both sides have two runs or more and the paper's mean is not dominated by one
// run; the sampling distribution otherwise.
AgreementTest agreement_test(const PaperValue& theirs, std::size_t our_runs, bool& dominated);

// `ours`: our runs' final values (no NaN, at least one). With one run: test none, p NaN, no
// verdict (agrees false), the ratio without its interval.
CellAgreement test_agreement(std::span<const double> ours, const PaperValue& theirs, const AgreementOptions& options,
                             Rng& rng);

struct CalibrationCell {
    std::size_t problem = 0, method = 0;  // indices into the caller's lists
    std::vector<double> ours;             // our runs' final values (no NaN)
    PaperValue theirs;
};

struct Calibration {
    std::vector<std::vector<int>> agreeing_by_method;  // [method][round]
    std::vector<int> agreeing;                         // [round]
    std::vector<std::vector<double>> tau;              // [problem][round]; NaN where undefined
};

// Simulates `options.calibration_rounds` perfect reproductions of these cells; the same
// cells and seed give the same result.
Calibration calibrate(const std::vector<CalibrationCell>& cells, std::size_t problems, std::size_t methods,
                      const AgreementOptions& options, std::uint64_t seed);

}  // namespace bobench::reproductions
