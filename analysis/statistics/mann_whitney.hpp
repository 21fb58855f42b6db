#pragma once
// Two-sided Mann-Whitney U test and the Vargha-Delaney A12 effect size.
//
// Conventions are those of scipy.stats.mannwhitneyu (scipy 1.10, alternative="two-sided"):
//  - the reported statistic is U of the first sample: U_a = R_a - n_a (n_a + 1) / 2, where
//    R_a is the sum of a's ranks in the pooled sample (ties get average ranks). Equivalently
//    U_a = #{(x, y): x in a, y in b, x > y} + 0.5 #{x == y}.
//  - "exact": p = 2 P(U >= floor(max(U_a, U_b))) under the no-ties null distribution (no
//    tie correction, as scipy), capped at 1.
//  - "asymptotic": z = (max(U_a, U_b) - n_a n_b / 2 - 0.5) / s with the tie-corrected
//    s = sqrt(n_a n_b / 12 * ((N + 1) - sum(t^3 - t) / (N (N - 1)))), p = 2 sf(z), capped at 1.
//    When every value is tied s = 0 and p = 1 (scipy gives the same after clipping).
//  - "automatic": scipy's rule, exact when min(n_a, n_b) <= 8 and there are no ties in the
//    pooled sample, asymptotic otherwise. (scipy's documentation words this as "one of the
//    samples is less than or equal to 8"; its code tests `n1 > 8 and n2 > 8`.) One deviation:
//    if the exact distribution would be too expensive (see exact_is_affordable), automatic
//    uses the asymptotic method; scipy would grind through it.
#include <cstddef>
#include <span>
#include <string_view>

namespace bobench::analysis {

enum class MannWhitneyMethod { automatic, exact, asymptotic };

// "auto" | "exact" | "asymptotic"; anything else is a bobench::UserError.
MannWhitneyMethod parse_mann_whitney_method(std::string_view name);
std::string_view to_string(MannWhitneyMethod method);

struct MannWhitneyResult {
    double u_a = 0.0;      // U of sample a (scipy's `statistic`)
    double u_b = 0.0;      // n_a n_b - u_a
    double p_value = 1.0;  // two-sided, in [0, 1]
    MannWhitneyMethod method = MannWhitneyMethod::asymptotic;  // the one used (never automatic)
    double a12 = 0.5;      // Vargha-Delaney A12 of a over b, see vargha_delaney_a12

    // True when a tends to take lower values than b (U_a below its null mean n_a n_b / 2).
    // This, not the medians, is the direction the test itself measures.
    bool a_tends_lower() const { return u_a < u_b; }
};

// Samples must be non-empty and free of NaN (bobench::UserError otherwise); +/-inf is
// allowed (ranks only). An explicit `exact` request on samples too large for the exact
// distribution (see exact_is_affordable) is a bobench::UserError.
MannWhitneyResult mann_whitney_u(std::span<const double> a, std::span<const double> b,
                                 MannWhitneyMethod method = MannWhitneyMethod::automatic);

// P(U <= u) under H0 for samples of sizes n_a and n_b without ties, u taken as floor(u).
// The distribution is symmetric around n_a n_b / 2 and the same for U_a and U_b.
double mann_whitney_exact_cdf(std::size_t n_a, std::size_t n_b, double u);

// The exact distribution costs at most (n_a + n_b) (min(n_a, n_b) + 1) (n_a n_b / 2 + 1)
// additions; bobench computes it only when that bound is <= 3e8 (8 vs 2500 values, the
// largest case automatic meets in practice, takes ~0.05 s; docs/perf/analysis.md).
bool exact_is_affordable(std::size_t n_a, std::size_t n_b);

// The smallest two-sided p mann_whitney_u can return for samples of n_a and n_b values under
// `method`: the samples do not overlap. Without ties the exact test gives 2 / C(n_a + n_b, n_a)
// (capped at 1) and the asymptotic one its normal tail at U = n_a n_b. With `ties` the samples
// may hold equal values: automatic then goes asymptotic, and its tie correction shrinks the
// variance most when each sample's values are all equal, which gives the smallest p of all
// (5 vs 5: 0.0040, below the exact 2 / 252 = 0.0079). The exact test ignores ties, so they
// never lower its p. A ranking at a per-pair level alpha can separate no pair when this is >= alpha.
double mann_whitney_min_p(std::size_t n_a, std::size_t n_b,
                          MannWhitneyMethod method = MannWhitneyMethod::automatic, bool ties = false);

// The fewest runs n for which n against n can give p < alpha (mann_whitney_min_p), or 0 when
// not even `limit` runs can. More runs do not always reach it: automatic is exact up to 8 runs
// and asymptotic above, and the asymptotic floor at 9 (4.1e-4) is above the exact one at 8
// (1.6e-4). UserError when alpha is not in (0, 1).
std::size_t mann_whitney_runs_to_reach(double alpha, MannWhitneyMethod method = MannWhitneyMethod::automatic,
                                       bool ties = false, std::size_t limit = 100000);

// Vargha & Delaney (2000) A12 = P(X_a > X_b) + 0.5 P(X_a == X_b) = U_a / (n_a n_b).
// Direction: A12 > 0.5 means values from a tend to be LARGER than values from b, which
// under bobench's minimisation means a tends to be WORSE. 0.5 = no effect.
double vargha_delaney_a12(std::span<const double> a, std::span<const double> b);

// Vargha & Delaney's magnitude labels on max(A12, 1 - A12): "negligible" (< 0.56),
// "small" (< 0.64), "medium" (< 0.71), "large" (>= 0.71).
std::string_view a12_magnitude(double a12);

}  // namespace bobench::analysis
