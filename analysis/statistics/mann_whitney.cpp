#include "analysis/statistics/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/binomial.hpp>

#include "analysis/statistics/ranks.hpp"
#include "core/error.hpp"

// Each call allocates its pooled sample and rank vectors: the analysis runs a handful of
// tests per optimizer pair, never per evaluation, so clarity wins over buffer reuse.

namespace bobench::analysis {

namespace {

constexpr double kExactWorkBudget = 3e8;

void check_sample(std::span<const double> sample, std::string_view name) {
    if (sample.empty()) {
        throw UserError("Mann-Whitney U: sample " + std::string(name) +
                        " is empty; both samples need at least one value");
    }
    for (std::size_t i = 0; i < sample.size(); ++i) {
        if (std::isnan(sample[i])) {
            throw UserError("Mann-Whitney U: sample " + std::string(name) + "[" +
                            std::to_string(i) +
                            "] is NaN; samples must be numbers (finite or +/-inf)");
        }
    }
}

// U of sample a from the pooled average ranks (exact in double: ranks are half-integers).
double u_of_first(std::span<const double> a, std::span<const double> b,
                  std::vector<double>& pooled) {
    pooled.assign(a.begin(), a.end());
    pooled.insert(pooled.end(), b.begin(), b.end());
    const std::vector<double> ranks = average_ranks(pooled, "pooled sample");
    double rank_sum_a = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) rank_sum_a += ranks[i];
    const double na = static_cast<double>(a.size());
    return rank_sum_a - na * (na + 1.0) / 2.0;
}

double exact_two_sided_p(std::size_t n_a, std::size_t n_b, double u_max) {
    // scipy: U = floor(max(U_a, U_b)); p = 2 P(U' >= U) = 2 P(U' <= n_a n_b - U) by symmetry.
    const double mn = static_cast<double>(n_a) * static_cast<double>(n_b);
    const double p = 2.0 * mann_whitney_exact_cdf(n_a, n_b, mn - std::floor(u_max));
    return std::min(p, 1.0);
}

double asymptotic_two_sided_p(std::size_t n_a, std::size_t n_b, double u_max, double ties) {
    const double na = static_cast<double>(n_a);
    const double nb = static_cast<double>(n_b);
    const double n = na + nb;
    const double variance = na * nb / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)));
    if (!(variance > 0.0)) return 1.0;  // every value tied: no evidence at all
    const double z = (u_max - na * nb / 2.0 - 0.5) / std::sqrt(variance);
    const boost::math::normal_distribution<double> standard_normal;
    return std::min(2.0 * boost::math::cdf(boost::math::complement(standard_normal, z)), 1.0);
}

}  // namespace

MannWhitneyMethod parse_mann_whitney_method(std::string_view name) {
    if (name == "auto") return MannWhitneyMethod::automatic;
    if (name == "exact") return MannWhitneyMethod::exact;
    if (name == "asymptotic") return MannWhitneyMethod::asymptotic;
    throw UserError("unknown Mann-Whitney method '" + std::string(name) +
                    "'; accepted: auto, exact, asymptotic");
}

std::string_view to_string(MannWhitneyMethod method) {
    switch (method) {
        case MannWhitneyMethod::automatic: return "auto";
        case MannWhitneyMethod::exact: return "exact";
        case MannWhitneyMethod::asymptotic: return "asymptotic";
    }
    return "?";
}

bool exact_is_affordable(std::size_t n_a, std::size_t n_b) {
    const double m = static_cast<double>(std::min(n_a, n_b));
    const double n = static_cast<double>(std::max(n_a, n_b));
    return (m + n) * (m + 1.0) * (m * n / 2.0 + 1.0) <= kExactWorkBudget;
}

// Written by hand: Boost.Math has no Mann-Whitney null distribution.
//
// Count, over all C(N, m) equally likely placements of the m values of the smaller sample
// among the N = m + n pooled ranks, how many give U = k (U = number of (small, large) pairs
// with the small-sample value above). Values are placed in increasing order; a value of
// the smaller sample placed after j values of the larger one adds j to U. Only U <= t is
// needed (U never decreases), so the table is (m + 1) x (t + 1). Every update is an
// addition of non-negative counts, hence no cancellation: each count carries a relative
// error of at most ~N ulps, and so does every tail probability, however small.
double mann_whitney_exact_cdf(std::size_t n_a, std::size_t n_b, double u) {
    if (n_a == 0 || n_b == 0) {
        throw UserError("Mann-Whitney exact distribution: sample sizes must be >= 1, got " +
                        std::to_string(n_a) + " and " + std::to_string(n_b));
    }
    if (std::isnan(u)) throw UserError("Mann-Whitney exact distribution: u is NaN");
    const std::size_t m = std::min(n_a, n_b);
    const std::size_t n = std::max(n_a, n_b);
    const double mn = static_cast<double>(m) * static_cast<double>(n);
    if (u < 0.0) return 0.0;
    if (u >= mn) return 1.0;
    if (!exact_is_affordable(n_a, n_b)) {
        throw UserError("Mann-Whitney exact distribution for sample sizes " +
                        std::to_string(n_a) + " and " + std::to_string(n_b) +
                        " is too expensive; use the asymptotic method for samples this large");
    }
    const std::size_t t = static_cast<std::size_t>(std::floor(u));
    const std::size_t width = t + 1;
    // counts[i * width + k]: placements so far with i small-sample values and U = k.
    std::vector<double> counts((m + 1) * width, 0.0);
    counts[0] = 1.0;
    const std::size_t total = m + n;
    for (std::size_t placed = 0; placed < total; ++placed) {
        const std::size_t i_hi = std::min(placed, m);
        const std::size_t i_lo = placed > n ? placed - n : 0;
        for (std::size_t i = i_hi + 1; i-- > i_lo;) {
            const std::size_t j = placed - i;  // larger-sample values placed so far
            double* row = &counts[i * width];
            if (i < m && j <= t) {  // next value from the smaller sample: U grows by j
                double* up = &counts[(i + 1) * width];
                for (std::size_t k = 0; k + j <= t; ++k) up[k + j] += row[k];
            }
            if (j == n) std::fill(row, row + width, 0.0);  // no larger-sample value left
        }
    }
    double below = 0.0;
    for (std::size_t k = 0; k <= t; ++k) below += counts[m * width + k];
    const double all = boost::math::binomial_coefficient<double>(static_cast<unsigned>(total),
                                                                 static_cast<unsigned>(m));
    return std::min(below / all, 1.0);
}

MannWhitneyResult mann_whitney_u(std::span<const double> a, std::span<const double> b,
                                 MannWhitneyMethod method) {
    check_sample(a, "a");
    check_sample(b, "b");
    std::vector<double> pooled;
    MannWhitneyResult result;
    result.u_a = u_of_first(a, b, pooled);
    const double mn = static_cast<double>(a.size()) * static_cast<double>(b.size());
    result.u_b = mn - result.u_a;
    result.a12 = result.u_a / mn;
    const double u_max = std::max(result.u_a, result.u_b);
    const double ties = tie_term(pooled, "pooled sample");

    if (method == MannWhitneyMethod::automatic) {
        const bool small = a.size() <= 8 || b.size() <= 8;
        method = (small && ties == 0.0 && exact_is_affordable(a.size(), b.size()))
                     ? MannWhitneyMethod::exact
                     : MannWhitneyMethod::asymptotic;
    }
    result.method = method;
    result.p_value = method == MannWhitneyMethod::exact
                         ? exact_two_sided_p(a.size(), b.size(), u_max)
                         : asymptotic_two_sided_p(a.size(), b.size(), u_max, ties);
    return result;
}

namespace {
// 2 / C(n_a + n_b, n_a), through log-gamma where the coefficient would overflow a double.
double exact_min_p(std::size_t n_a, std::size_t n_b) {
    const std::size_t total = n_a + n_b;
    if (total <= 1000)
        return std::min(1.0, 2.0 / boost::math::binomial_coefficient<double>(static_cast<unsigned>(total),
                                                                            static_cast<unsigned>(n_a)));
    const double log_c = std::lgamma(static_cast<double>(total) + 1.0) - std::lgamma(static_cast<double>(n_a) + 1.0) -
                         std::lgamma(static_cast<double>(n_b) + 1.0);
    return std::min(1.0, 2.0 * std::exp(-log_c));
}

// The asymptotic p at U = n_a n_b; `ties`: each sample's values all equal (the largest tie term
// samples that do not overlap can have).
double asymptotic_min_p(std::size_t n_a, std::size_t n_b, bool ties) {
    const double a = static_cast<double>(n_a), b = static_cast<double>(n_b);
    return asymptotic_two_sided_p(n_a, n_b, a * b, ties ? (a * a * a - a) + (b * b * b - b) : 0.0);
}
}  // namespace

double mann_whitney_min_p(std::size_t n_a, std::size_t n_b, MannWhitneyMethod method, bool ties) {
    if (n_a == 0 || n_b == 0)
        throw UserError("Mann-Whitney U: sample sizes must be >= 1, got " + std::to_string(n_a) + " and " +
                        std::to_string(n_b));
    switch (method) {
        case MannWhitneyMethod::exact: return exact_min_p(n_a, n_b);
        case MannWhitneyMethod::asymptotic: return asymptotic_min_p(n_a, n_b, ties);
        case MannWhitneyMethod::automatic: break;
    }
    // as mann_whitney_u chooses: exact for small samples without ties, asymptotic otherwise
    const bool exact = (n_a <= 8 || n_b <= 8) && exact_is_affordable(n_a, n_b);
    const double without_ties = exact ? exact_min_p(n_a, n_b) : asymptotic_min_p(n_a, n_b, false);
    return ties ? std::min(without_ties, asymptotic_min_p(n_a, n_b, true)) : without_ties;
}

std::size_t mann_whitney_runs_to_reach(double alpha, MannWhitneyMethod method, bool ties, std::size_t limit) {
    if (!(alpha > 0.0 && alpha < 1.0))
        throw UserError("significance level alpha = " + std::to_string(alpha) + " is outside (0, 1)");
    for (std::size_t n = 1; n <= limit; ++n)
        if (mann_whitney_min_p(n, n, method, ties) < alpha) return n;
    return 0;
}

double vargha_delaney_a12(std::span<const double> a, std::span<const double> b) {
    check_sample(a, "a");
    check_sample(b, "b");
    std::vector<double> pooled;
    return u_of_first(a, b, pooled) / (static_cast<double>(a.size()) * static_cast<double>(b.size()));
}

std::string_view a12_magnitude(double a12) {
    if (std::isnan(a12) || a12 < 0.0 || a12 > 1.0) {
        throw UserError("A12 effect size must be in [0, 1], got " + std::to_string(a12));
    }
    const double d = std::max(a12, 1.0 - a12);
    if (d < 0.56) return "negligible";
    if (d < 0.64) return "small";
    if (d < 0.71) return "medium";
    return "large";
}

}  // namespace bobench::analysis
