#include "analysis/statistics/wilcoxon.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <boost/math/distributions/normal.hpp>

#include "analysis/statistics/ranks.hpp"
#include "core/error.hpp"

namespace bobench::analysis {

namespace {

// counts[w] = number of subsets of {1..n} whose sum is w (null distribution of W+ times 2^n).
std::vector<double> signed_rank_counts(std::size_t n) {
    std::vector<double> counts(n * (n + 1) / 2 + 1, 0.0);
    counts[0] = 1;
    std::size_t top = 0;
    for (std::size_t r = 1; r <= n; ++r) {
        top += r;
        for (std::size_t w = top; w >= r; --w) counts[w] += counts[w - r];
    }
    return counts;
}

}  // namespace

WilcoxonResult wilcoxon_signed_rank(std::span<const double> a, std::span<const double> b, MannWhitneyMethod method) {
    if (a.size() != b.size())
        throw UserError("Wilcoxon signed-rank: the paired samples differ in length (" + std::to_string(a.size()) +
                        " and " + std::to_string(b.size()) + ")");
    std::vector<double> d;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(a[i]) || std::isnan(b[i]))
            throw UserError("Wilcoxon signed-rank: pair " + std::to_string(i) + " holds NaN");
        if (a[i] != b[i]) d.push_back(a[i] - b[i]);
    }
    const bool zeros = d.size() < a.size();
    WilcoxonResult r;
    r.n = d.size();
    if (d.empty()) return r;  // no evidence of a difference
    std::vector<double> magnitude(d.size());
    std::transform(d.begin(), d.end(), magnitude.begin(), [](double x) { return std::abs(x); });
    const std::vector<double> ranks = average_ranks(magnitude, "differences");
    for (std::size_t i = 0; i < d.size(); ++i) (d[i] > 0 ? r.w_plus : r.w_minus) += ranks[i];
    r.statistic = std::min(r.w_plus, r.w_minus);
    const double n = static_cast<double>(r.n);
    const double ties = tie_term(magnitude, "differences");  // sum t^3 - t
    if (method == MannWhitneyMethod::automatic)
        method = r.n <= 50 && !zeros && ties == 0 ? MannWhitneyMethod::exact : MannWhitneyMethod::asymptotic;
    r.method = method;
    if (method == MannWhitneyMethod::exact) {
        if (r.n > 1000) throw UserError("Wilcoxon signed-rank: the exact distribution for " + std::to_string(r.n) +
                                        " pairs is too expensive; use the asymptotic method");
        const std::vector<double> counts = signed_rank_counts(r.n);
        const auto w = static_cast<std::size_t>(std::floor(r.w_plus));
        if (w == (counts.size() - 1) / 2) {  // the centre (scipy's test)
            r.p_value = 1.0;
            return r;
        }
        double below = 0, above = 0, total = 0;
        for (std::size_t v = 0; v < counts.size(); ++v) {
            total += counts[v];
            if (v <= w) below += counts[v];
            if (v >= w) above += counts[v];
        }
        r.p_value = std::min(1.0, 2.0 * std::min(below, above) / total);
        return r;
    }
    const double mean = n * (n + 1) / 4;
    const double sd = std::sqrt((n * (n + 1) * (2 * n + 1) - ties / 2) / 24);
    if (sd == 0) return r;
    const double z = (r.statistic - mean) / sd;
    const boost::math::normal_distribution<double> standard_normal;
    r.p_value = std::min(1.0, 2.0 * boost::math::cdf(boost::math::complement(standard_normal, std::abs(z))));
    return r;
}

}  // namespace bobench::analysis
