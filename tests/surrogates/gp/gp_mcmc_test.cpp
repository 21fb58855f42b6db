#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/LU>
#include <catch2/catch.hpp>

#include "acquisitions/expected_improvement.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "surrogates/gp/ensemble_sampler.hpp"
#include "surrogates/gp/gaussian_process_mcmc.hpp"
#include "tests/surrogates/gp/gp_samples.hpp"

using namespace bobench;
using namespace bobench::surrogates;

TEST_CASE("stretch-move sampler reproduces a correlated Gaussian", "[gp][mcmc][sampler]") {
    // Target N((1, -2), [[1, 0.8], [0.8, 1]]).
    Eigen::Matrix2d precision;
    precision << 1.0, 0.8, 0.8, 1.0;
    precision = precision.inverse().eval();
    const Eigen::Vector2d mu(1.0, -2.0);
    const auto log_prob = [&](const Eigen::VectorXd& x) {
        const Eigen::Vector2d d = x - mu;
        return -0.5 * d.dot(precision * d);
    };
    Rng rng(99);
    EnsembleState state{test::uniform_points(2, 16, rng), Eigen::VectorXd(16)};
    for (int w = 0; w < 16; ++w) state.log_prob[w] = log_prob(state.walkers.col(w));
    const StretchMoveSampler sampler(2.0);
    sampler.run(log_prob, state, 300, rng);  // burn-in
    Eigen::Vector2d sum = Eigen::Vector2d::Zero();
    Eigen::Matrix2d sum2 = Eigen::Matrix2d::Zero();
    long n = 0;
    double acceptance = 0.0;
    for (int block = 0; block < 200; ++block) {
        acceptance += sampler.run(log_prob, state, 5, rng) / 200.0;
        for (int w = 0; w < 16; ++w, ++n) {
            sum += state.walkers.col(w);
            sum2 += state.walkers.col(w) * state.walkers.col(w).transpose();
        }
    }
    const Eigen::Vector2d mean = sum / n;
    const Eigen::Matrix2d cov = sum2 / n - mean * mean.transpose();
    // ~3200 draws thinned by 5 with autocorrelation: a few hundred effective samples.
    CHECK((mean - mu).norm() < 0.15);
    CHECK(cov(0, 0) == Approx(1.0).epsilon(0.2));
    CHECK(cov(1, 1) == Approx(1.0).epsilon(0.2));
    CHECK(cov(0, 1) == Approx(0.8).epsilon(0.2));
    CHECK(acceptance > 0.2);
    CHECK(acceptance < 0.9);
}

TEST_CASE("stretch-move sampler: a 6-D correlated Gaussian's variances within a few percent", "[gp][mcmc][sampler]") {
    // GP-MCMC samples D + 2 hyperparameters; at 6 dimensions the stretch move's z^(d-1)
    // factor (Goodman & Weare 2010, eq. 7) matters: without it the walkers contract and the
    // variances come out far too small, which the 2-D test above cannot see
    const int d = 6, walkers = 32;
    Eigen::MatrixXd cov(d, d);
    for (int i = 0; i < d; ++i)
        for (int j = 0; j < d; ++j) cov(i, j) = std::pow(0.5, std::abs(i - j)) * (1 + i) * (1 + j) / 4.0;
    const Eigen::MatrixXd precision = cov.inverse();
    const auto log_prob = [&](const Eigen::VectorXd& x) { return -0.5 * x.dot(precision * x); };
    Rng rng(7);
    EnsembleState state{test::uniform_points(d, walkers, rng), Eigen::VectorXd(walkers)};
    for (int w = 0; w < walkers; ++w) state.log_prob[w] = log_prob(state.walkers.col(w));
    const StretchMoveSampler sampler(2.0);
    sampler.run(log_prob, state, 2000, rng);  // burn-in
    Eigen::VectorXd sum2 = Eigen::VectorXd::Zero(d);
    long n = 0;
    for (int step = 0; step < 4000; ++step) {
        sampler.run(log_prob, state, 1, rng);
        for (int w = 0; w < walkers; ++w, ++n) sum2 += state.walkers.col(w).cwiseAbs2();
    }
    for (int i = 0; i < d; ++i) {
        INFO("coordinate " << i << ": variance " << sum2[i] / n << " vs " << cov(i, i));
        CHECK(sum2[i] / n == Approx(cov(i, i)).epsilon(0.1));
    }
}

TEST_CASE("GP-MCMC samples recover the lengthscales of GP draws", "[gp][mcmc]") {
    // Three data sets; the median of the 3 x 10 hyperparameter samples is the estimate.
    test::check_recovers_lengthscales(3, [](const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
        GaussianProcessMCMC gp(2);
        gp.fit(X, y, rng);
        REQUIRE(gp.members() == 10);
        std::vector<std::pair<double, double>> samples;
        for (int w = 0; w < gp.n_walkers(); ++w)
            samples.emplace_back(std::exp(gp.samples()(1, w)), std::exp(gp.samples()(2, w)));
        return samples;
    });
}

TEST_CASE("GP-MCMC follows RoBO's schedule and keeps its walkers", "[gp][mcmc]") {
    CHECK(GaussianProcessMCMC(1).n_walkers() == 6);
    CHECK(GaussianProcessMCMC(2).n_walkers() == 10);
    CHECK(GaussianProcessMCMC(6).n_walkers() == 22);
    CHECK(GaussianProcessMCMC(10).n_walkers() == 34);

    Rng rng(4);
    const Eigen::MatrixXd X = test::uniform_points(10, 1, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    GaussianProcessMCMC gp(1);
    gp.fit(X, y, rng);
    // 6 rescoring evaluations, then (100 burn-in + 200 chain) steps x 6 walkers.
    CHECK(gp.evaluations() == 6 + 300 * 6);
    gp.fit(X, y, rng);
    CHECK(gp.evaluations() == 6 + 200 * 6);

    // With no chain steps a refit keeps the walkers where they were: they are not redrawn.
    GpMcmcOptions o;
    o.burn_in = 20;
    o.chain_length = 0;
    GaussianProcessMCMC frozen(1, o);
    frozen.fit(X, y, rng);
    const Eigen::MatrixXd before = frozen.samples();
    frozen.fit(X, y, rng);
    CHECK(frozen.samples() == before);
    const GpPrior prior = GpPrior::robo_default();
    for (int w = 0; w < frozen.n_walkers(); ++w)
        CHECK(std::isfinite(prior.log_density(frozen.samples().col(w))));
}

TEST_CASE("GP-MCMC is deterministic and its members and mixture are consistent", "[gp][mcmc]") {
    Rng data(8);
    const Eigen::MatrixXd X = test::uniform_points(15, 2, data);
    Eigen::VectorXd y = test::smooth_values(X);
    y[3] = std::numeric_limits<double>::quiet_NaN();
    GpMcmcOptions o;
    o.burn_in = 30;
    o.chain_length = 20;
    GaussianProcessMCMC a(2, o), b(2, o);
    Rng ra(1), rb(1);
    a.fit(X, y, ra);
    b.fit(X, y, rb);
    CHECK(a.samples() == b.samples());
    CHECK(a.dropped() == 1);

    Eigen::VectorXd x(2);
    x << 0.3, 0.8;
    double mean = 0.0, var = 0.0;
    std::vector<double> means;
    for (std::size_t m = 0; m < a.members(); ++m) {
        ExactGP single(KernelFamily::Matern52, 2);
        single.condition(X, y, a.samples().col(static_cast<Eigen::Index>(m)));
        const Prediction p = a.predict_member(m, x);
        CHECK(p.mean == single.predict(x).mean);
        means.push_back(p.mean);
        mean += p.mean / a.members();
        var += p.var / a.members();
    }
    for (double m : means) var += (m - mean) * (m - mean) / a.members();
    const Prediction mix = a.predict(x);
    CHECK(mix.mean == Approx(mean).epsilon(1e-14));
    CHECK(mix.var == Approx(var).epsilon(1e-12));

    Eigen::VectorXd dm, dv;
    a.predict_with_gradient(x, dm, dv);
    CHECK(test::gradient_mismatch(
              dm, test::central_difference([&](const Eigen::VectorXd& z) { return a.predict(z).mean; }, x),
              1e-5, 1e-7) <= 1.0);
    CHECK(test::gradient_mismatch(
              dv, test::central_difference([&](const Eigen::VectorXd& z) { return a.predict(z).var; }, x),
              1e-5, 1e-7) <= 1.0);

    // Marginalised log-EI over the members: the mean of member log-EIs, with its gradient.
    const acquisitions::LogExpectedImprovement log_ei(a, y.head(3).minCoeff());
    Eigen::VectorXd g;
    const double value = log_ei.value(x, &g);
    double expected = 0.0;
    for (std::size_t m = 0; m < a.members(); ++m) {
        const Prediction p = a.predict_member(m, x);
        expected += log_ei.score(p.mean, p.var, nullptr, nullptr) / a.members();
    }
    CHECK(value == Approx(expected).epsilon(1e-14));
    CHECK(test::gradient_mismatch(
              g, test::central_difference([&](const Eigen::VectorXd& z) { return log_ei.value(z); }, x),
              1e-5, 1e-8) <= 1.0);

    // append() extends every member.
    a.append(x, 0.5);
    CHECK(a.member(0).size() == 15);
}

TEST_CASE("GP-MCMC options are validated", "[gp][mcmc]") {
    GpMcmcOptions o;
    o.n_walkers = 7;
    CHECK_THROWS_WITH(GaussianProcessMCMC(2, o),
                      "GaussianProcessMCMC: n_walkers 7 must be even and >= 8 (twice the number "
                      "of hyperparameters), or 0 for 3 (D + 1) rounded up to even");
    o = GpMcmcOptions{};
    o.prior.log_noise_variance = ScalarPrior::flat();
    CHECK_THROWS_AS(GaussianProcessMCMC(2, o), UserError);
    GaussianProcessMCMC gp(2);
    CHECK_THROWS_AS(gp.predict(Eigen::VectorXd::Zero(2)), UserError);
}
