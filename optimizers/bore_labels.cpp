#include "optimizers/bore_labels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::bore {

// Why one new observation flips at most one old label (values distinct, as for any
// continuous objective):
//   With s sorted and tau in [s_j, s_{j+1}) for j = floor((N - 1) gamma), the good set is
//   exactly the K(N) = floor((N - 1) gamma) + 1 smallest values. Since 0 < gamma < 1,
//   K(N + 1) - K(N) = floor(N gamma) - floor((N - 1) gamma) is 0 or 1. After adding y_new,
//   the good set is the K(N + 1) smallest of N + 1 values; restricted to the old points it
//   is the K(N + 1) - 1 smallest old values when y_new is among them, else the K(N + 1)
//   smallest. Either way it is a prefix of the old sorted order whose length is K(N) - 1,
//   K(N) or K(N) + 1, and two prefixes of one order differ in exactly |length difference|
//   <= 1 elements. The same argument holds for the rank rule (ties broken by index, the
//   new point last), whose k = ceil(gamma N) also grows by 0 or 1. With tied values a whole
//   tie block at the boundary switches together (tests/optimizers/bore_labels_test.cpp).

void check_gamma(double gamma) {
    if (!(gamma > 0 && gamma < 1))
        throw UserError("gamma = " + format_double(gamma) +
                        " is outside (0, 1): it is the fraction of observations labelled good, "
                        "so it must lie strictly between 0 and 1");
}

static void check_finite(std::span<const double> y) {
    for (std::size_t i = 0; i < y.size(); ++i)
        if (!std::isfinite(y[i]))
            throw std::invalid_argument("BORE labels: y[" + std::to_string(i) + "] = " + format_double(y[i]) +
                                        " is not finite; failed evaluations must be left out");
}

double gamma_quantile(std::span<const double> y, double gamma) {
    if (y.empty()) throw std::invalid_argument("gamma_quantile of no values");
    std::vector<double> s(y.begin(), y.end());
    std::sort(s.begin(), s.end());
    const double h = static_cast<double>(s.size() - 1) * gamma;
    const std::size_t j = static_cast<std::size_t>(std::floor(h));
    if (j + 1 >= s.size()) return s.back();
    return s[j] + (h - static_cast<double>(j)) * (s[j + 1] - s[j]);
}

Labels rank_labels(std::span<const double> y, std::size_t k) {
    std::vector<std::size_t> order(y.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // stable sort by value: ties keep index order, so earlier observations win ties
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return y[a] < y[b]; });
    Labels out;
    out.rule = LabelRule::Rank;
    out.z = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(y.size()));
    k = std::min(k, y.size());
    for (std::size_t r = 0; r < k; ++r) out.z[static_cast<Eigen::Index>(order[r])] = 1.0;
    out.positives = k;
    out.tau = k > 0 ? y[order[k - 1]] : -std::numeric_limits<double>::infinity();
    return out;
}

Labels bore_labels(std::span<const double> y, double gamma) {
    check_gamma(gamma);
    check_finite(y);
    const std::size_t n = y.size();
    if (n < 2) {
        Labels out = rank_labels(y, n);  // the single point, if any, is "good"
        out.rule = LabelRule::Degenerate;
        return out;
    }
    Labels out;
    out.tau = gamma_quantile(y, gamma);
    out.z.resize(static_cast<Eigen::Index>(n));
    for (std::size_t i = 0; i < n; ++i) {
        const bool good = y[i] <= out.tau;
        out.z[static_cast<Eigen::Index>(i)] = good ? 1.0 : 0.0;
        out.positives += good ? 1 : 0;
    }
    // tau >= min(y), so the good class is never empty; the bad class is empty when every
    // value is <= tau (all equal, or the largest values tied). Then label by rank.
    if (out.positives == n) {
        const auto k = static_cast<std::size_t>(std::ceil(gamma * static_cast<double>(n)));
        return rank_labels(y, std::clamp<std::size_t>(k, 1, n - 1));
    }
    out.rule = LabelRule::Threshold;
    return out;
}

}  // namespace bobench::bore
