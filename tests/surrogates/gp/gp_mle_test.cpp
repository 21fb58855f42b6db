#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>
#include <catch2/catch.hpp>

#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "surrogates/gp/marginal_likelihood.hpp"
#include "tests/surrogates/gp/gp_samples.hpp"

using namespace bobench;
using namespace bobench::surrogates;

TEST_CASE("type-II ML recovers the lengthscales of GP draws", "[gp][mle]") {
    // Five data sets; the median of the five estimates is checked.
    test::check_recovers_lengthscales(5, [](const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
        GaussianProcess gp(2);
        gp.fit(X, y, rng);
        return std::vector<std::pair<double, double>>{{std::exp(gp.params()[1]), std::exp(gp.params()[2])}};
    });
}

TEST_CASE("type-II ML beats its start and random hyperparameters", "[gp][mle]") {
    Rng rng(31);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(30, dim, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    GaussianProcess gp(dim);
    const Eigen::VectorXd start = gp.params();
    gp.fit(X, y, rng);
    const GpFitReport& report = gp.last_fit();
    CHECK(report.starts == 3);
    CHECK(report.evaluations > 10);

    MarginalLikelihood lml(KernelFamily::Matern52, X, Standardization::of(y).apply(y));
    CHECK(report.log_posterior == Approx(lml(gp.params(), nullptr)).epsilon(1e-12));
    CHECK(report.log_posterior == Approx(gp.exact().log_marginal_likelihood()).epsilon(1e-9));
    CHECK(report.log_posterior > lml(start, nullptr));
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    for (int i = 0; i < 50; ++i) {
        Eigen::VectorXd theta(dim + 2);
        theta[0] = std::log(1e-3) + u(rng) * std::log(1e6);
        for (int j = 1; j <= dim; ++j) theta[j] = std::log(1e-2) + u(rng) * std::log(1e4);
        theta[dim + 1] = std::log(1e-8) + u(rng) * std::log(1e8);
        CHECK(report.log_posterior >= lml(theta, nullptr));
    }
}

TEST_CASE("random_restarts: one L-BFGS-B run from the warm start plus one per restart, the best kept",
          "[gp][mle]") {
    // the DTU thesis' BO_Gaus takes 200 restarts (§5.1): each can only raise the optimum found
    // from the warm start, and on small multimodal fits some do
    int raised = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        Rng data_rng(seed);
        const Eigen::MatrixXd X = test::uniform_points(8, 2, data_rng);
        Eigen::VectorXd y(8);
        for (int i = 0; i < 8; ++i) y[i] = std::sin(9 * X(i, 0)) + std::cos(7 * X(i, 1)) + 0.3 * X(i, 0);
        GpOptions none, many;
        none.random_restarts = 0;
        many.random_restarts = 20;
        GaussianProcess a(2, none), b(2, many);
        Rng ra(seed), rb(seed);
        a.fit(X, y, ra);
        b.fit(X, y, rb);
        CHECK(a.last_fit().starts == 1);
        CHECK(b.last_fit().starts == 21);
        CHECK(b.last_fit().log_posterior >= a.last_fit().log_posterior);
        raised += b.last_fit().log_posterior > a.last_fit().log_posterior + 1e-6;
    }
    CHECK(raised >= 1);
}

TEST_CASE("reset starts (AutoGluon): a fit does not depend on the fits before it, warm starts do", "[gp][mle]") {
    Rng data_rng(12);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(24, dim, data_rng);
    Eigen::VectorXd y(24);
    for (int i = 0; i < 24; ++i) y[i] = std::sin(7 * X(i, 0)) * std::cos(5 * X(i, 1)) + X(i, 2);
    const Eigen::MatrixXd X_other = test::uniform_points(10, dim, data_rng);
    const Eigen::VectorXd y_other = X_other.col(0).array().square();
    for (const FitStarts starts : {FitStarts::ResetThenPerturb, FitStarts::WarmThenBox}) {
        GpOptions o;
        o.starts = starts;
        o.random_restarts = 1;
        GaussianProcess fresh(dim, o), seasoned(dim, o);
        Rng r1(3), r2(99);
        seasoned.fit(X_other, y_other, r2);  // moves the warm start
        Rng a(7), b(7);
        fresh.fit(X, y, a);
        seasoned.fit(X, y, b);
        CHECK(fresh.last_fit().starts == 2);
        if (starts == FitStarts::ResetThenPerturb)
            CHECK(fresh.params() == seasoned.params());
        else
            CHECK(fresh.params() != seasoned.params());
    }
    GpOptions bad;
    bad.restart_sd = 0.0;
    CHECK_THROWS_WITH(GaussianProcess(2, bad), "GaussianProcess: restart_sd 0.000000 must be finite and > 0");
}

TEST_CASE("learn_signal=false keeps the signal variance at its start, the free map skips it", "[gp][mle]") {
    Rng data_rng(21);
    const int dim = 2;
    const Eigen::MatrixXd X = test::uniform_points(20, dim, data_rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    for (const Lengthscales ls : {Lengthscales::Ard, Lengthscales::Isotropic}) {
        const FreeParameters map(dim, ls, false, false);
        REQUIRE(map.size() == (ls == Lengthscales::Ard ? 2 : 1));
        CHECK(map.theta_index(0) == 1);
        Eigen::VectorXd theta = Eigen::VectorXd::Constant(dim + 2, 0.3), grad(dim + 2);
        map.expand(Eigen::VectorXd::Constant(map.size(), -0.7), theta);
        CHECK(theta[0] == 0.3);         // the signal variance untouched
        CHECK(theta[dim + 1] == 0.3);   // and the noise
        CHECK((theta.segment(1, dim).array() == -0.7).all());
        grad << 5.0, 1.0, 2.0, 7.0;
        Eigen::VectorXd folded;
        map.fold_gradient(grad, folded);
        CHECK(folded.sum() == 3.0);  // the lengthscales' parts only
    }
    GpOptions fixed, learned;
    fixed.learn_signal = false;
    GaussianProcess a(dim, fixed), b(dim, learned);
    Rng ra(5), rb(5);
    a.fit(X, y, ra);
    b.fit(X, y, rb);
    CHECK(a.params()[0] == 0.0);  // s2 = 1, the default start
    CHECK(a.params().segment(1, dim) != Eigen::VectorXd::Constant(dim, std::log(0.5)));
    CHECK(b.params()[0] != 0.0);
    CHECK(b.last_fit().log_posterior >= a.last_fit().log_posterior - 1e-9);
}

TEST_CASE("normalised y (the DTU thesis' BO_Gaus, §5.1): the fit is the same on y and on a y + c", "[gp][mle]") {
    // standardised outputs make the whole fit, hyperparameters included, affine-equivariant:
    // a scaled and shifted objective gives the scaled and shifted predictive
    Rng data_rng(8);
    const Eigen::MatrixXd X = test::uniform_points(15, 2, data_rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    const double a = 250, c = -1e4;
    const Eigen::VectorXd ay = (a * y.array() + c).matrix();
    GaussianProcess g(2), h(2);
    Rng rg(4), rh(4);
    g.fit(X, y, rg);
    h.fit(X, ay, rh);
    CHECK((g.params() - h.params()).cwiseAbs().maxCoeff() < 1e-6);
    Eigen::VectorXd x(2);
    x << 0.3, 0.8;
    const Prediction p = g.predict(x), q = h.predict(x);
    CHECK(q.mean == Approx(a * p.mean + c).epsilon(1e-7));
    CHECK(q.var == Approx(a * a * p.var).epsilon(1e-5));
}

TEST_CASE("type-II ML is deterministic given the seed", "[gp][mle]") {
    Rng data_rng(5);
    const Eigen::MatrixXd X = test::uniform_points(20, 2, data_rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    GaussianProcess a(2), b(2);
    Rng ra(77), rb(77);
    a.fit(X, y, ra);
    b.fit(X, y, rb);
    CHECK(a.params() == b.params());
}

TEST_CASE("fixed noise stays fixed and a strong prior dominates", "[gp][mle][prior]") {
    Rng rng(12);
    const Eigen::MatrixXd X = test::uniform_points(25, 2, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    GpOptions o;
    o.learn_noise = false;
    o.noise_variance = 1e-3;
    o.prior.log_lengthscale = ScalarPrior::gaussian(std::log(0.05), 0.001);
    GaussianProcess gp(2, o);
    gp.fit(X, y, rng);
    CHECK(gp.params()[3] == std::log(1e-3));
    CHECK(std::exp(gp.params()[1]) == Approx(0.05).epsilon(0.01));
    CHECK(std::exp(gp.params()[2]) == Approx(0.05).epsilon(0.01));
}

TEST_CASE("GP fit survives NaN outputs, all-equal outputs and duplicates", "[gp][mle][nan]") {
    Rng rng(3);
    Eigen::MatrixXd X = test::uniform_points(12, 2, rng);
    Eigen::VectorXd y = test::smooth_values(X);
    y[4] = std::numeric_limits<double>::quiet_NaN();
    X.row(7) = X.row(2);  // duplicate input
    GaussianProcess gp(2);
    gp.fit(X, y, rng);
    CHECK(gp.dropped() == 1);
    Eigen::VectorXd x(2);
    x << 0.5, 0.5;
    Eigen::VectorXd dm, dv;
    Prediction p = gp.predict_with_gradient(x, dm, dv);
    CHECK(std::isfinite(p.mean));
    CHECK(std::isfinite(p.var));
    CHECK(dm.allFinite());

    gp.fit(X, Eigen::VectorXd::Constant(12, -2.5), rng);
    p = gp.predict(x);
    CHECK(p.mean == Approx(-2.5).epsilon(1e-9));
    CHECK(std::isfinite(p.var));
}

TEST_CASE("GP options are validated", "[gp][mle]") {
    GpOptions o;
    o.random_restarts = -1;
    CHECK_THROWS_WITH(GaussianProcess(2, o), "GaussianProcess: random_restarts -1 must be >= 0");
    o = GpOptions{};
    o.bounds.lengthscale_lo = 0.0;
    CHECK_THROWS_WITH(GaussianProcess(2, o),
                      "GpBounds: lengthscale range [0.000000, 100.000000] must satisfy 0 < lo < hi < inf");
    o = GpOptions{};
    o.prior.log_lengthscale = ScalarPrior::tophat(10.0, 12.0);
    CHECK_THROWS_AS(GaussianProcess(2, o), UserError);
}

TEST_CASE("a learned constant mean (AutoGluon's) sits where its slope vanishes", "[gp][mle]") {
    // at the optimum d/dm [log p(y | m) + log p(m)] = 1' K^-1 (y - m 1) + d log p(m)/dm = 0,
    // so m = 1' K^-1 y / 1' K^-1 1 under a flat prior (the GLS mean) and
    // m = 1' K^-1 y / (1' K^-1 1 + 1) under AutoGluon's N(0, 1)
    Rng data_rng(12);
    const int dim = 2;
    Eigen::MatrixXd X = test::uniform_points(14, dim, data_rng);
    X.topRows(10) *= 0.25;  // a cluster and a few points apart make the weighted mean differ from 0
    const Eigen::VectorXd y = ((9.0 * X.col(0)).array().sin() * (7.0 * X.col(1)).array().cos()).matrix();
    const Eigen::VectorXd ys = Standardization::of(y).apply(y);
    for (const bool with_prior : {false, true}) {
        INFO("N(0, 1) prior: " << with_prior);
        GpOptions o;
        o.mean = GpMean::Learned;
        if (with_prior) o.prior.constant_mean = ScalarPrior::gaussian(0.0, 1.0);
        GaussianProcess gp(dim, o);
        Rng rng(3);
        gp.fit(X, y, rng);
        const double m = gp.exact().constant_mean();
        const Eigen::MatrixXd L = gp.exact().cholesky_factor();
        auto solve = [&](const Eigen::VectorXd& v) {
            Eigen::VectorXd r = L.triangularView<Eigen::Lower>().solve(v);
            return Eigen::VectorXd(L.transpose().triangularView<Eigen::Upper>().solve(r));
        };
        const Eigen::VectorXd ones = Eigen::VectorXd::Ones(ys.size());
        const double expected = ones.dot(solve(ys)) / (ones.dot(solve(ones)) + (with_prior ? 1.0 : 0.0));
        CHECK(std::abs(m) > 0.1);
        CHECK(m == Approx(expected).margin(1e-4));
        // the reported optimum is the likelihood at the learned mean (plus the prior's log density)
        MarginalLikelihood lml(KernelFamily::Matern52, X, ys);
        lml.set_constant_mean(m);
        const double prior = with_prior ? ScalarPrior::gaussian(0.0, 1.0).log_density(m) : 0.0;
        CHECK(gp.last_fit().log_posterior == Approx(lml(gp.params(), nullptr) + prior).epsilon(1e-10));
    }
    GaussianProcess zero(dim);
    Rng rng(3);
    zero.fit(X, y, rng);
    CHECK(zero.exact().constant_mean() == 0.0);
}

TEST_CASE("standardise_once (the DTU thesis' §5.1.1): the first fit's data set the scale for good", "[gp][mle]") {
    Rng data_rng(13);
    const Eigen::MatrixXd X = test::uniform_points(12, 2, data_rng);
    const Eigen::VectorXd y = 40.0 * test::smooth_values(X).array() + 7.0;
    GpOptions once;
    once.standardise_once = true;
    GaussianProcess first(2, once), every(2);
    Rng r1(5), r2(5);
    first.fit(X.topRows(4), y.head(4), r1);
    every.fit(X.topRows(4), y.head(4), r2);
    CHECK(first.params() == every.params());  // the same on the first data
    first.fit(X, y, r1);
    every.fit(X, y, r2);
    const Standardization by_first = Standardization::of(y.head(4)), by_all = Standardization::of(y);
    CHECK(first.exact().standardization().mean == by_first.mean);
    CHECK(first.exact().standardization().scale == by_first.scale);
    CHECK(every.exact().standardization().mean == by_all.mean);
    CHECK(by_first.scale != Approx(by_all.scale).epsilon(0.01));
    CHECK(first.params() != every.params());
}

TEST_CASE("the GLS mean profiles out what a learned mean under a flat prior fits jointly", "[gp][mle]") {
    Rng data_rng(14);
    Eigen::MatrixXd X = test::uniform_points(14, 2, data_rng);
    X.topRows(10) *= 0.25;
    const Eigen::VectorXd y = ((9.0 * X.col(0)).array().sin() * (7.0 * X.col(1)).array().cos()).matrix();
    GpOptions learned, gls;
    learned.mean = GpMean::Learned;
    gls.mean = GpMean::Gls;
    GaussianProcess a(2, learned), b(2, gls);
    Rng ra(2), rb(2);
    a.fit(X, y, ra);
    b.fit(X, y, rb);
    CHECK(std::abs(b.exact().constant_mean()) > 0.1);
    CHECK(b.exact().constant_mean() == Approx(a.exact().constant_mean()).margin(1e-3));
    CHECK(b.last_fit().log_posterior == Approx(a.last_fit().log_posterior).epsilon(1e-6));
    CHECK((a.params() - b.params()).cwiseAbs().maxCoeff() < 1e-2);
    CHECK_THROWS_WITH(parse_gp_mean("linear"), Catch::Contains("expected zero, learned or gls"));
}

TEST_CASE("standardise_inputs (the legacy scikit-learn GP's normalize): the fit on the standardised inputs, "
          "predictions and gradients in the caller's", "[gp][mle]") {
    Rng data_rng(15);
    Eigen::MatrixXd X = test::uniform_points(12, 2, data_rng);
    X.col(0) = 0.4 + 0.1 * X.col(0).array();  // a narrow spread on the first axis
    X(3, 1) = X(5, 1);
    const Eigen::VectorXd y = ((20.0 * X.col(0)).array().sin() + X.col(1).array().square()).matrix();
    GpOptions o;
    o.standardise_inputs = true;
    GaussianProcess gp(2, o), plain(2);
    Rng r1(4), r2(4);
    gp.fit(X, y, r1);
    // the same fit as a plain GP given the standardised inputs
    const Eigen::RowVectorXd mean = X.colwise().mean();
    const Eigen::RowVectorXd sd = ((X.rowwise() - mean).colwise().squaredNorm() / 12.0).cwiseSqrt();
    const Eigen::MatrixXd Z = (X.rowwise() - mean).array().rowwise() / sd.array();
    plain.fit(Z, y, r2);
    CHECK(gp.params() == plain.params());
    const Eigen::VectorXd x = test::point({0.47, 0.2});
    const Eigen::VectorXd z = (x - mean.transpose()).cwiseQuotient(sd.transpose());
    CHECK(gp.predict(x).mean == plain.predict(z).mean);
    Eigen::VectorXd dm, dv, dm_z, dv_z;
    gp.predict_with_gradient(x, dm, dv);
    plain.predict_with_gradient(z, dm_z, dv_z);
    CHECK(dm[0] == Approx(dm_z[0] / sd[0]).epsilon(1e-12));
    CHECK(dv[1] == Approx(dv_z[1] / sd[1]).epsilon(1e-12));
    // and the gradient is that of the caller's inputs, by central differences
    const double h = 1e-6;
    const Eigen::Vector2d step(h, 0);
    const double fd = (gp.predict(x + step).mean - gp.predict(x - step).mean) / (2 * h);
    CHECK(dm[0] == Approx(fd).epsilon(1e-5));
}
