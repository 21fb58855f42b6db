// The effective sample size that every sampler test's tolerance rests on, against
// processes whose integrated autocorrelation time is known in closed form: an AR(1)
// chain x_t = phi x_{t-1} + e_t has tau = (1 + phi) / (1 - phi), so ESS = n / tau.
#include <catch2/catch.hpp>

#include <cmath>

#include <Eigen/Core>
#include <boost/random/normal_distribution.hpp>

#include "core/rng.hpp"
#include "surrogates/samplers/effective_sample_size.hpp"

using namespace bobench;

namespace {

Eigen::VectorXd ar1_chain(double phi, Eigen::Index n, Rng& rng) {
    boost::random::normal_distribution<double> normal(0.0, 1.0);
    Eigen::VectorXd x(n);
    x[0] = normal(rng) / std::sqrt(1 - phi * phi);  // the stationary distribution
    for (Eigen::Index t = 1; t < n; ++t) x[t] = phi * x[t - 1] + normal(rng);
    return x;
}

}  // namespace

TEST_CASE("effective sample size: AR(1) chains give n (1 - phi) / (1 + phi)", "[samplers][ess]") {
    // 40 chains of 20,000 per phi: the mean ratio's Monte-Carlo error is well under 3 %
    // even at phi = 0.9 (tau = 19), so a 6 % tolerance still fails an ESS off by a factor
    // of 1.1 or more
    Rng rng(2024);
    const Eigen::Index n = 20000;
    for (double phi : {0.0, 0.5, 0.9, -0.3}) {
        const double expected = static_cast<double>(n) * (1 - phi) / (1 + phi);
        double ratio = 0;
        const int chains = 40;
        for (int c = 0; c < chains; ++c) ratio += samplers::effective_sample_size(ar1_chain(phi, n, rng)) / expected;
        ratio /= chains;
        INFO("phi = " << phi << ": ESS / its closed form, mean of " << chains << " chains = " << ratio);
        CHECK(std::abs(ratio - 1) < 0.06);
    }
}

TEST_CASE("effective sample size: short and constant chains", "[samplers][ess]") {
    CHECK(samplers::effective_sample_size(Eigen::VectorXd::Constant(50, 3.0)) == 50);
    CHECK(samplers::effective_sample_size(Eigen::VectorXd::LinSpaced(3, 0, 1)) == 3);
    // a chain that never mixes (a slow trend) is worth far fewer than its length
    CHECK(samplers::effective_sample_size(Eigen::VectorXd::LinSpaced(1000, 0, 1)) < 20);
}
