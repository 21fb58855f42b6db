#pragma once
// Two-sided Wilcoxon signed-rank test for paired samples, the pairwise test Benavoli et
// al. (2016, "Should we really use post-hoc tests based on mean-ranks?", JMLR 17) advise
// instead of mean-rank post-hocs for critical-difference diagrams.
//
// Conventions of scipy.stats.wilcoxon (scipy 1.10) with zero_method="wilcox",
// correction=False: d = a - b, zero differences are dropped, |d| ranked (ties averaged),
// W+ = sum of the ranks of positive d, W- of negative d, statistic T = min(W+, W-).
//  - exact: p = min(1, 2 min(P(W+ <= w), P(W+ >= w))) under the null distribution of W+
//    for n untied differences (w = floor(W+)); p = 1 when w is the centre n(n+1)/4.
//  - asymptotic: z = (T - n(n+1)/4) / s, s^2 = (n(n+1)(2n+1) - sum over tie groups of
//    t(t^2-1)/2) / 24, p = 2 sf(|z|).
//  - automatic: exact when 1 <= n <= 50 and neither zeros nor tied |d| occur, else
//    asymptotic (scipy 1.10 chooses exact on n <= 50 alone and falls back to the normal
//    approximation when zeros occur; with tied |d| its exact p treats W+ as untied).
// Every difference zero: p = 1 (scipy raises an error).
#include <span>

#include "analysis/statistics/mann_whitney.hpp"

namespace bobench::analysis {

struct WilcoxonResult {
    double w_plus = 0, w_minus = 0;
    double statistic = 0;  // min(W+, W-)
    double p_value = 1;
    std::size_t n = 0;      // non-zero differences
    MannWhitneyMethod method = MannWhitneyMethod::asymptotic;  // the one used
};

// a and b: the same length, no NaN (UserError otherwise).
WilcoxonResult wilcoxon_signed_rank(std::span<const double> a, std::span<const double> b,
                                    MannWhitneyMethod method = MannWhitneyMethod::automatic);

}  // namespace bobench::analysis
