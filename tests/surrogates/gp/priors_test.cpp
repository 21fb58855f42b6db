#include <cmath>
#include <limits>
#include <numbers>

#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "surrogates/gp/priors.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::surrogates;

TEST_CASE("prior log densities equal their formulas", "[gp][prior]") {
    const ScalarPrior g = ScalarPrior::gaussian(0.5, 2.0);
    CHECK(g.log_density(1.5) ==
          Approx(-0.5 * 0.25 - std::log(2.0) - 0.5 * std::log(2 * std::numbers::pi)).epsilon(1e-15));
    const ScalarPrior h = ScalarPrior::horseshoe(0.1);
    for (double t : {-50.0, -10.0, -3.0, 0.0, 2.0, 30.0}) {
        const double u = 3.0 * std::pow(0.1 / std::exp(t), 2);
        INFO("t = " << t);
        if (u < 1e15 && u > 1e-15) {
            CHECK(h.log_density(t) == Approx(std::log(std::log1p(u))).epsilon(1e-13));
        }
        CHECK(std::isfinite(h.log_density(t)));
    }
    // RoBO returns +inf at exactly t = 0 (log(log(1 + 3 * 0.01)) is finite); we do not.
    CHECK(std::isfinite(h.log_density(0.0)));
    const ScalarPrior top = ScalarPrior::tophat(-5.0, 1.0);
    CHECK(top.log_density(0.0) == Approx(-std::log(6.0)));
    CHECK(top.log_density(1.5) == -std::numeric_limits<double>::infinity());
    CHECK(ScalarPrior::flat().log_density(123.0) == 0.0);
}

TEST_CASE("prior derivatives match central differences", "[gp][prior]") {
    const ScalarPrior priors[] = {ScalarPrior::gaussian(0.5, 2.0), ScalarPrior::horseshoe(0.1),
                                  ScalarPrior::tophat(-5.0, 1.0), ScalarPrior::lognormal_of_value(0.3, 1.5),
                                  ScalarPrior::gamma_of_value(0.1, 0.1)};
    for (const ScalarPrior& p : priors) {
        for (double t : {-30.0, -6.0, -2.3, -0.5, 0.7, 4.0, 25.0}) {
            if (t < p.lower() + 1e-3 || t > p.upper() - 1e-3) continue;
            INFO("t = " << t);
            double d = 0.0;
            p.log_density(t, &d);
            const double h = 1e-6;
            const double fd = (p.log_density(t + h) - p.log_density(t - h)) / (2 * h);
            CHECK(d == Approx(fd).epsilon(1e-6).margin(1e-9));
        }
    }
}

TEST_CASE("RoBO default prior samples lie in its support and are seeded", "[gp][prior]") {
    const GpPrior prior = GpPrior::robo_default();
    Rng a(1), b(1);
    for (int i = 0; i < 200; ++i) {
        const Eigen::VectorXd t = prior.sample(3, a);
        CHECK(t == prior.sample(3, b));
        CHECK(std::isfinite(prior.log_density(t)));
        CHECK((t.segment(1, 3).array() >= -5.0).all());
        CHECK((t.segment(1, 3).array() <= 1.0).all());
    }
    Rng rng(2);
    CHECK_THROWS_WITH(ScalarPrior::flat().sample(rng),
                      "a flat (improper) hyperparameter prior cannot be sampled; give a "
                      "gaussian, tophat or horseshoe prior");
    CHECK_THROWS_AS(ScalarPrior::tophat(1.0, 1.0), UserError);
}

TEST_CASE("AutoGluon's priors are the densities of the values, as its MAP fit scores them", "[gp][prior]") {
    // AutoGluon 0.0.15, gpmxnet/distribution.py: LogNormal's negative log density is
    // log(x sigma) + (log x - mu)^2 / (2 sigma^2); Gamma's (1 - alpha) log x + beta x - log C,
    // with beta = alpha / mean and C = beta^alpha / Gamma(alpha). Ours adds log(2 pi) / 2 to the
    // first (a constant).
    const ScalarPrior ln = ScalarPrior::lognormal_of_value(0.0, 1.0);
    const ScalarPrior ga = ScalarPrior::gamma_of_value(0.1, 0.1);
    for (double x : {1e-6, 1e-3, 0.1, 1.0, 7.5, 300.0}) {
        INFO("x = " << x);
        const double t = std::log(x);
        const double ln_nld = std::log(x * 1.0) + 0.5 * std::log(x) * std::log(x);
        CHECK(ln.log_density(t) == Approx(-ln_nld - 0.5 * std::log(2 * std::numbers::pi)).epsilon(1e-14));
        const double alpha = 0.1, beta = 1.0;
        const double ga_nld = (1.0 - alpha) * std::log(x) + beta * x - (alpha * std::log(beta) - std::lgamma(alpha));
        CHECK(ga.log_density(t) == Approx(-ga_nld).epsilon(1e-14));
    }
    // without the Jacobian the value's mode is the optimum: e^{mu - sigma^2} for the lognormal
    double d = 1.0;
    ln.log_density(-1.0, &d);
    CHECK(d == Approx(0.0).margin(1e-15));
    const GpPrior ag = GpPrior::autogluon();
    CHECK(ag.log_lengthscale.is_flat());
    CHECK(ag.log_signal_variance.log_density(0.0) == ln.log_density(0.0));
    CHECK(ag.log_noise_variance.log_density(-2.0) == ga.log_density(-2.0));

    // draws: log of Gamma(shape 0.1, mean 0.1) values; their mean is 0.1
    Rng rng(4);
    double sum = 0.0;
    const int n = 40000;
    for (int i = 0; i < n; ++i) {
        const double t = ga.sample(rng);
        REQUIRE(std::isfinite(t));
        sum += std::exp(t);
    }
    CHECK(sum / n == Approx(0.1).epsilon(0.05));  // sd of the mean 0.0016
    CHECK_THROWS_AS(ScalarPrior::gamma_of_value(0.0, 1.0), UserError);
    CHECK_THROWS_AS(ScalarPrior::lognormal_of_value(0.0, -1.0), UserError);
}
