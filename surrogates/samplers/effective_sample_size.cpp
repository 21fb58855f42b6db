#include "surrogates/samplers/effective_sample_size.hpp"

#include <algorithm>

namespace bobench::samplers {

double effective_sample_size(const Eigen::VectorXd& chain) {
    const Eigen::Index n = chain.size();
    if (n < 4) return static_cast<double>(n);
    const Eigen::VectorXd c = chain.array() - chain.mean();
    const double var = c.squaredNorm() / static_cast<double>(n);
    if (!(var > 0)) return static_cast<double>(n);
    auto rho = [&](Eigen::Index k) { return c.head(n - k).dot(c.tail(n - k)) / (static_cast<double>(n) * var); };
    double sum = 0, previous = 2;  // pair sums Gamma_m = rho_2m + rho_2m+1, Gamma_0 = 1 + rho_1 <= 2
    for (Eigen::Index k = 0; k + 1 < n; k += 2) {
        double pair = (k == 0 ? 1.0 : rho(k)) + rho(k + 1);
        if (pair <= 0) break;
        pair = std::min(pair, previous);
        previous = pair;
        sum += pair;
    }
    // tau = -1 + 2 sum_m Gamma_m
    const double tau = std::max(2 * sum - 1, 1.0 / static_cast<double>(n));
    return static_cast<double>(n) / tau;
}

}  // namespace bobench::samplers
