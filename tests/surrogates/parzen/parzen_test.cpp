#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "surrogates/parzen/parzen.hpp"

using namespace bobench;
using namespace bobench::parzen;

namespace {

// Simpson's rule for the density of `p` over its domain.
double integrate(const AdaptiveParzen& p, int intervals = 20000) {
    const double h = (p.hi() - p.lo()) / intervals;
    double s = 0;
    for (int i = 0; i <= intervals; ++i) {
        const double w = (i == 0 || i == intervals) ? 1 : (i % 2 ? 4 : 2);
        s += w * std::exp(p.log_pdf(p.lo() + i * h));
    }
    return s * h / 3;
}

std::vector<double> uniform_values(std::size_t n, double lo, double hi, Rng& rng) {
    boost::random::uniform_real_distribution<double> u(lo, hi);
    std::vector<double> v(n);
    for (double& x : v) x = u(rng);
    return v;
}

}  // namespace

TEST_CASE("parzen: linear forgetting weights follow HyperOpt", "[density][parzen]") {
    std::vector<double> w;
    forgetting_weights(10, 25, w);
    CHECK(w == std::vector<double>(10, 1.0));
    forgetting_weights(30, 25, w);
    REQUIRE(w.size() == 30);
    // numpy.linspace(1/30, 1, 5) then 25 ones
    const double start = 1.0 / 30;
    for (int i = 0; i < 5; ++i) CHECK(w[i] == Approx(start + (1 - start) * i / 4.0).epsilon(1e-15));
    for (int i = 5; i < 30; ++i) CHECK(w[i] == 1.0);
    forgetting_weights(26, 25, w);
    CHECK(w[0] == Approx(1.0 / 26));  // linspace with one point is its start
    CHECK(w[1] == 1.0);
}

TEST_CASE("parzen: bandwidths by HyperOpt's neighbour rule, worked by hand", "[density][parzen]") {
    AdaptiveParzen p;
    // prior at 0.5 with sd 1 joins the sorted observations 0.1, 0.4 | 0.5 | 0.9
    p.fit(std::vector<double>{0.9, 0.1, 0.4}, 0, 1, 1.0);
    CHECK(p.means() == std::vector<double>{0.1, 0.4, 0.5, 0.9});
    CHECK(p.prior_index() == 2);
    REQUIRE(p.sds().size() == 4);
    CHECK(p.sds()[0] == Approx(0.3));  // one neighbour at 0.3
    CHECK(p.sds()[1] == Approx(0.3));  // max(0.3, 0.1)
    CHECK(p.sds()[2] == 1.0);          // the prior keeps the domain width
    CHECK(p.sds()[3] == Approx(0.4));
    for (double w : p.weights()) CHECK(w == 0.25);

    // clipping to [width / min(100, 1 + M), width] with M = 5 components; the prior goes
    // before an equal observation
    p.fit(std::vector<double>{0.5, 0.52, 0.9, 0.95}, 0, 1, 2.0);
    CHECK(p.prior_index() == 0);
    CHECK(p.means() == std::vector<double>{0.5, 0.5, 0.52, 0.9, 0.95});
    CHECK(p.sds()[1] == Approx(1.0 / 6));  // max(0, 0.02) clipped up
    CHECK(p.sds()[2] == Approx(0.38));
    CHECK(p.sds()[3] == Approx(0.38));
    CHECK(p.sds()[4] == Approx(1.0 / 6));  // 0.05 clipped up
    CHECK(p.weights()[0] == Approx(2.0 / 6));
    CHECK(p.weights()[1] == Approx(1.0 / 6));

    // one observation: sd half the width; none: the prior alone
    p.fit(std::vector<double>{3.0}, 2, 6, 1.0);
    CHECK(p.means() == std::vector<double>{3.0, 4.0});
    CHECK(p.sds() == std::vector<double>{2.0, 4.0});
    p.fit(std::vector<double>{}, 2, 6, 1.0);
    CHECK(p.means() == std::vector<double>{4.0});
    CHECK(p.sds() == std::vector<double>{4.0});
    // the truncated prior alone is the normal density renormalised on [2, 6]
    const double mass = std::erf(0.5 / std::sqrt(2.0));  // P(|Z| <= 1/2)
    CHECK(std::exp(p.log_pdf(4.0)) == Approx(1 / (4.0 * std::sqrt(2 * std::numbers::pi)) / mass).epsilon(1e-12));
    CHECK(std::isinf(p.log_pdf(6.5)));
}

TEST_CASE("parzen: the Optuna conventions match Optuna 3.1's own log densities", "[density][parzen]") {
    // Reference values from Debian 12's python3-optuna 3.1.0: _ParzenEstimator (TPESampler's
    // defaults: prior weight 1, magic clip, no endpoints, default_weights).log_pdf for
    // "optuna-3.1"; the same kernels with scipy.stats.truncnorm.pdf (the densities Optuna
    // >= 3.5 evaluates) for "optuna".
    struct Case {
        std::vector<double> obs;
        double lo, hi;
        std::vector<double> x, optuna31, optuna;
    };
    const std::vector<Case> cases{
        {{0.9, 0.1, 0.4},
         0,
         1,
         {0.0, 0.05, 0.37, 0.5, 0.93, 1.0},
         {-0.82188509571549, -0.762541042627404, -0.603889417244986, -0.62502521369728, -0.834414610688905,
          -0.887526738679406},
         {-0.085838020894151, -0.00914324311213974, 0.149058955592204, 0.0866106524321275, -0.285403164376887,
          -0.358727269600055}},
        {{3.0},  // one observation: its sd is the distance to the prior, 1 (HyperOpt: 2)
         2,
         6,
         {2.0, 3.0, 4.5, 6.0},
         {-0.419275078707081, -0.265328788216761, -0.421529005148493, -0.732813023799435},
         {-1.33450009114162, -1.13081066731245, -1.45413702430554, -2.03589371318151}},
        {{7.075044, 7.119112, 2.729883, -0.712979, -4.191039, 0.750533, 1.127098, -4.320872, -4.268634, 9.987642,
          4.785537, -1.482347, 1.524213, 9.612793, 8.465164, 7.663466, 0.88607, 2.395345, 5.15034, -4.087959,
          3.333942, -0.928226, 8.194768, -4.036783, 5.187723, 8.051328, -1.590222, 8.431724, 8.082932, -4.722242},
         -5,
         10,
         {-5.0, -1.0, 2.5, 7.0, 10.0},  // 30 observations: the oldest 5 down-weighted
         {-2.41740152181484, -2.29065673011108, -2.32451750872087, -2.6483142496313, -2.4371140882034},
         {-2.53243688369585, -2.70541462342254, -2.82628659761099, -3.14528319852167, -2.46961356638691}}};
    AdaptiveParzen p31, p;
    for (const Case& c : cases) {
        p31.fit(c.obs, c.lo, c.hi, 1.0, kDefaultForgetting, 0, Convention::Optuna31);
        p.fit(c.obs, c.lo, c.hi, 1.0, kDefaultForgetting, 0, Convention::Optuna);
        for (std::size_t i = 0; i < c.x.size(); ++i) {
            INFO("observations " << c.obs.size() << ", x = " << c.x[i]);
            CHECK(p31.log_pdf(c.x[i]) == Approx(c.optuna31[i]).epsilon(1e-12));
            CHECK(p.log_pdf(c.x[i]) == Approx(c.optuna[i]).epsilon(1e-12));
        }
        CHECK(integrate(p) == Approx(1).epsilon(1e-6));  // a density, unlike Optuna 3.1's
        CHECK(std::abs(integrate(p31) - 1) > 0.05);
    }
}

TEST_CASE("parzen: real densities integrate to one", "[density][parzen]") {
    Rng rng(3);
    AdaptiveParzen p;
    for (std::size_t n : {0u, 1u, 2u, 7u, 40u, 150u}) {
        INFO("n = " << n);
        p.fit(uniform_values(n, -5, 10, rng), -5, 10, 1.0);
        CHECK(integrate(p) == Approx(1.0).epsilon(1e-6));
        // clustered observations: many components at the minimum bandwidth near an edge
        std::vector<double> near_edge = uniform_values(n, 9.5, 10, rng);
        p.fit(near_edge, -5, 10, 1.0);
        CHECK(integrate(p) == Approx(1.0).epsilon(1e-6));
    }
    // a log-scale parameter is modelled in log space: [log 1e-4, log 1]
    p.fit(uniform_values(30, std::log(1e-4), 0, rng), std::log(1e-4), 0.0, 1.0);
    CHECK(integrate(p) == Approx(1.0).epsilon(1e-6));
}

TEST_CASE("parzen: quantised and categorical probabilities sum to one", "[density][parzen]") {
    Rng rng(4);
    AdaptiveParzen q;
    boost::random::uniform_int_distribution<int> value(-3, 12);
    for (std::size_t n : {0u, 1u, 5u, 60u}) {
        std::vector<double> obs(n);
        for (double& v : obs) v = value(rng);
        q.fit(obs, -3.5, 12.5, 1.0, kDefaultForgetting, 1.0);  // integers -3..12
        double total = 0;
        for (int k = -3; k <= 12; ++k) total += std::exp(q.log_pdf(k));
        CHECK(total == Approx(1.0).epsilon(1e-12));
    }
    CategoricalParzen c;
    c.fit(std::vector<std::size_t>{0, 0, 2}, 3, 1.0);
    CHECK(c.probabilities()[0] == Approx(3.0 / 6));
    CHECK(c.probabilities()[1] == Approx(1.0 / 6));
    CHECK(c.probabilities()[2] == Approx(2.0 / 6));
    CHECK(c.log_prob(1) == Approx(std::log(1.0 / 6)));
    std::vector<std::size_t> many(70);
    for (auto& v : many) v = static_cast<std::size_t>(value(rng) + 3) % 7;
    c.fit(many, 7, 1.0);
    CHECK(std::accumulate(c.probabilities().begin(), c.probabilities().end(), 0.0) == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("parzen: samples follow the density", "[density][parzen]") {
    Rng rng(5);
    AdaptiveParzen p;
    std::vector<double> obs = uniform_values(12, 0, 3, rng);
    obs.push_back(9.9);  // a component at the upper edge, truncated
    p.fit(obs, 0, 10, 1.0);
    const int draws = 40000, bins = 10;
    std::vector<double> hist(bins, 0);
    for (int i = 0; i < draws; ++i) {
        const double x = p.sample(rng);
        REQUIRE(x >= 0);
        REQUIRE(x <= 10);
        hist[std::min(bins - 1, static_cast<int>(x))] += 1.0 / draws;
    }
    for (int b = 0; b < bins; ++b) {
        // bin mass by the trapezoid rule
        double mass = 0;
        const int steps = 2000;
        for (int i = 0; i <= steps; ++i)
            mass += ((i == 0 || i == steps) ? 0.5 : 1.0) * std::exp(p.log_pdf(b + double(i) / steps)) / steps;
        INFO("bin " << b);
        CHECK(hist[b] == Approx(mass).margin(0.008));  // ~ 3.5 binomial sd at most
    }
    // quantised samples are values of the grid with their probabilities
    AdaptiveParzen q;
    q.fit(std::vector<double>{2, 2, 3, 7}, -0.5, 7.5, 1.0, kDefaultForgetting, 1.0);
    std::vector<double> freq(8, 0);
    for (int i = 0; i < draws; ++i) {
        const double x = q.sample(rng);
        REQUIRE(x == std::round(x));
        REQUIRE(x >= 0);
        REQUIRE(x <= 7);
        freq[static_cast<std::size_t>(x)] += 1.0 / draws;
    }
    for (int k = 0; k < 8; ++k) CHECK(freq[k] == Approx(std::exp(q.log_pdf(k))).margin(0.008));
    // categorical
    CategoricalParzen c;
    c.fit(std::vector<std::size_t>{1, 1, 1, 3}, 4, 1.0);
    std::vector<double> cf(4, 0);
    for (int i = 0; i < draws; ++i) cf[c.sample(rng)] += 1.0 / draws;
    for (int k = 0; k < 4; ++k) CHECK(cf[k] == Approx(c.probabilities()[k]).margin(0.008));
}

TEST_CASE("normal reference bandwidth and the fixed-bandwidth Gaussian KDE", "[parzen][kde]") {
    // samples 1..10: sd (n - 1) = sqrt(55 / 6), h = (4/3)^(1/5) sd 10^(-1/5)
    std::vector<double> s(10);
    std::iota(s.begin(), s.end(), 1.0);
    const double h = normal_reference_bandwidth(s);
    CHECK(h == Approx(std::pow(4.0 / 3.0, 0.2) * std::sqrt(55.0 / 6.0) * std::pow(10.0, -0.2)).epsilon(1e-14));
    CHECK(h == Approx(2.02345).epsilon(1e-5));
    // one sample at 0 with bandwidth 2 is N(0, 2^2)
    const std::vector<double> one{0.0};
    CHECK(gaussian_kde_pdf(one, 2.0, 1.0) == Approx(std::exp(-0.125) / (2.0 * std::sqrt(2 * std::numbers::pi))));
    // a density: integrates to 1
    double integral = 0;
    const double step = 0.01;
    for (double x = -20; x <= 31; x += step) integral += gaussian_kde_pdf(s, h, x) * step;
    CHECK(integral == Approx(1.0).epsilon(1e-6));
    CHECK_THROWS_WITH(normal_reference_bandwidth(one), "normal_reference_bandwidth: needs at least 2 samples");
    const std::vector<double> same{3.0, 3.0, 3.0};
    CHECK_THROWS_WITH(normal_reference_bandwidth(same), Catch::Contains("standard deviation is 0"));
}
