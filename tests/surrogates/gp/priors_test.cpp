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
                                  ScalarPrior::tophat(-5.0, 1.0)};
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
