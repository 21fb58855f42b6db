#include <cmath>
#include <limits>
#include <numbers>

#include <Eigen/Cholesky>
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "surrogates/gp/exact_gp.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/marginal_likelihood.hpp"
#include "tests/support/numeric.hpp"
#include "tests/support/kernel_families.hpp"

using namespace bobench;
using namespace bobench::surrogates;

namespace {

Eigen::VectorXd params_1d(double s2, double l, double n2) {
    Eigen::VectorXd t(3);
    t << std::log(s2), std::log(l), std::log(n2);
    return t;
}

using test::point;
using bobench::testing::kAllFamilies;
}  // namespace

TEST_CASE("GP posterior equals the closed form with one and two points", "[gp][exact]") {
    const double s2 = 1.5, l = 0.3, n2 = 0.01;
    auto k = [&](double a, double b) { return s2 * std::exp(-(a - b) * (a - b) / (2 * l * l)); };
    ExactGP gp(KernelFamily::SquaredExponential, 1);
    gp.set_params(params_1d(s2, l, n2));

    SECTION("one point: mean is the observation, variance s2 - k^2 / (s2 + n2)") {
        Eigen::MatrixXd X(1, 1);
        X << 0.2;
        gp.condition(X, point({5.0}));
        const Prediction p = gp.predict(point({0.45}));
        CHECK(p.mean == Approx(5.0).epsilon(1e-14));
        const double k1 = k(0.45, 0.2);
        CHECK(p.var == Approx(s2 - k1 * k1 / (s2 + n2)).epsilon(1e-12));
    }
    SECTION("two points: standardised targets (-1, 1) around mean 2") {
        Eigen::MatrixXd X(2, 1);
        X << 0.2, 0.6;
        gp.condition(X, point({1.0, 3.0}));
        const double x = 0.45, a = s2 + n2, k12 = k(0.2, 0.6), k1 = k(x, 0.2), k2 = k(x, 0.6);
        // K^-1 (-1, 1)' = (-1, 1)' / (a - k12); K^-1 = [[a, -k12], [-k12, a]] / (a^2 - k12^2).
        const double mean = 2.0 + (k2 - k1) / (a - k12);
        const double var = s2 - (a * (k1 * k1 + k2 * k2) - 2 * k12 * k1 * k2) / (a * a - k12 * k12);
        const Prediction p = gp.predict(point({x}));
        CHECK(p.mean == Approx(mean).epsilon(1e-12));
        CHECK(p.var == Approx(var).epsilon(1e-12));
        CHECK(gp.standardization().mean == 2.0);
        CHECK(gp.standardization().scale == 1.0);
    }
    SECTION("no data: the prior") {
        const Prediction p = gp.predict(point({0.45}));
        CHECK(p.mean == 0.0);
        CHECK(p.var == Approx(s2));
    }
}

TEST_CASE("log marginal likelihood equals the direct formula", "[gp][exact][lml]") {
    Rng rng(3);
    const int dim = 2;
    const Eigen::MatrixXd X = test::uniform_points(12, dim, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    const Eigen::VectorXd ys = Standardization::of(y).apply(y);
    Eigen::VectorXd theta(4);
    theta << 0.4, std::log(0.3), std::log(0.6), std::log(0.05);
    Kernel kernel(KernelFamily::Matern52, dim);
    kernel.set_log_params(theta.head(3));
    Eigen::MatrixXd K(12, 12);
    for (int a = 0; a < 12; ++a)
        for (int b = 0; b < 12; ++b)
            K(a, b) = kernel.value(X.row(a).transpose(), X.row(b).transpose()) + (a == b ? 0.05 : 0.0);
    const Eigen::LLT<Eigen::MatrixXd> llt(K);
    const double expected = -0.5 * ys.dot(llt.solve(ys)) -
                            Eigen::MatrixXd(llt.matrixL()).diagonal().array().log().sum() -
                            6.0 * std::log(2.0 * std::numbers::pi);
    MarginalLikelihood lml(KernelFamily::Matern52, X, ys);
    CHECK(lml(theta, nullptr) == Approx(expected).epsilon(1e-12));
    ExactGP gp(KernelFamily::Matern52, dim);
    gp.set_params(theta);
    gp.condition(X, y);
    CHECK(gp.log_marginal_likelihood() == Approx(expected).epsilon(1e-12));
}

TEST_CASE("log marginal likelihood gradient matches central differences", "[gp][lml]") {
    Rng rng(5);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(15, dim, rng);
    const Eigen::VectorXd y = test::smooth_values(X) + 0.05 * test::normal_vector(15, rng);
    const Eigen::VectorXd ys = Standardization::of(y).apply(y);
    Eigen::VectorXd theta(dim + 2);
    theta << 0.2, std::log(0.3), std::log(0.5), std::log(0.8), std::log(0.02);
    for (KernelFamily family : kAllFamilies) {
        INFO("kernel " << to_string(family));
        MarginalLikelihood lml(family, X, ys);
        Eigen::VectorXd g;
        lml(theta, &g);
        CHECK(lml.jitter() == 0.0);
        const Eigen::VectorXd g_fd =
            test::central_difference([&](const Eigen::VectorXd& t) { return lml(t, nullptr); }, theta);
        CHECK(test::gradient_mismatch(g, g_fd, 1e-5, 1e-6) <= 1.0);
    }
}

TEST_CASE("predictive mean and variance gradients match central differences", "[gp][exact]") {
    Rng rng(9);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(20, dim, rng);
    const Eigen::VectorXd y = (10.0 * test::smooth_values(X)).array() + 3.0;
    Eigen::VectorXd theta(dim + 2);
    theta << 0.1, std::log(0.4), std::log(0.25), std::log(0.9), std::log(1e-4);
    for (KernelFamily family : kAllFamilies) {
        INFO("kernel " << to_string(family));
        ExactGP gp(family, dim);
        gp.set_params(theta);
        gp.condition(X, y);
        for (int rep = 0; rep < 4; ++rep) {
            const Eigen::VectorXd x = test::uniform_points(1, dim, rng).row(0).transpose();
            Eigen::VectorXd dm, dv;
            const Prediction p = gp.predict_with_gradient(x, dm, dv);
            const Prediction q = gp.predict(x);
            CHECK(p.mean == q.mean);
            CHECK(p.var == q.var);
            const Eigen::VectorXd dm_fd = test::central_difference(
                [&](const Eigen::VectorXd& z) { return gp.predict(z).mean; }, x);
            const Eigen::VectorXd dv_fd = test::central_difference(
                [&](const Eigen::VectorXd& z) { return gp.predict(z).var; }, x);
            CHECK(test::gradient_mismatch(dm, dm_fd, 1e-5, 1e-6) <= 1.0);
            CHECK(test::gradient_mismatch(dv, dv_fd, 1e-5, 1e-6) <= 1.0);
        }
    }
}

TEST_CASE("appending one point equals the full refactorisation", "[gp][exact][incremental]") {
    Rng rng(21);
    const int dim = 4;
    const Eigen::MatrixXd X = test::uniform_points(60, dim, rng);  // exceeds the spare capacity
    const Eigen::VectorXd y = test::smooth_values(X);
    Eigen::VectorXd theta(dim + 2);
    theta << 0.0, std::log(0.3), std::log(0.5), std::log(0.7), std::log(0.9), std::log(1e-5);
    ExactGP incremental(KernelFamily::Matern52, dim), full(KernelFamily::Matern52, dim);
    incremental.set_params(theta);
    full.set_params(theta);
    incremental.condition(X.topRows(10), y.head(10));
    for (Eigen::Index i = 10; i < 60; ++i) incremental.append(X.row(i).transpose(), y[i]);
    incremental.append(X.row(0).transpose(), std::numeric_limits<double>::quiet_NaN());
    full.condition(X, y);

    REQUIRE(incremental.size() == 60);
    CHECK(incremental.dropped() == 1);
    CHECK(incremental.jitter() == 0.0);
    const Eigen::MatrixXd Li = incremental.cholesky_factor(), Lf = full.cholesky_factor();
    CHECK((Li - Lf).cwiseAbs().maxCoeff() <= 1e-12 * Lf.cwiseAbs().maxCoeff());
    CHECK(incremental.log_marginal_likelihood() ==
          Approx(full.log_marginal_likelihood()).epsilon(1e-11));
    for (int rep = 0; rep < 5; ++rep) {
        const Eigen::VectorXd x = test::uniform_points(1, dim, rng).row(0).transpose();
        const Prediction a = incremental.predict(x), b = full.predict(x);
        CHECK(a.mean == Approx(b.mean).epsilon(1e-10));
        CHECK(a.var == Approx(b.var).epsilon(1e-8).margin(1e-14));
    }
}

TEST_CASE("duplicate points with zero noise escalate and record jitter", "[gp][exact][jitter]") {
    Eigen::MatrixXd X(4, 2);
    X << 0.1, 0.2,  //
        0.5, 0.5,   //
        0.1, 0.2,   // duplicate of row 0
        0.9, 0.3;
    const Eigen::VectorXd y = point({1.0, 2.0, 1.0, 0.5});
    Eigen::VectorXd theta(4);
    theta << 0.0, std::log(0.3), std::log(0.3), -std::numeric_limits<double>::infinity();
    ExactGP gp(KernelFamily::Matern52, 2);
    gp.set_params(theta);
    gp.condition(X.topRows(2), y.head(2));
    CHECK(gp.jitter() == 0.0);
    gp.condition(X, y);
    CHECK(gp.jitter() > 0.0);
    CHECK(gp.jitter() <= 1e-2);
    const Prediction p = gp.predict(X.row(0).transpose());
    CHECK(std::isfinite(p.mean));
    CHECK(std::isfinite(p.var));
    CHECK(p.mean == Approx(1.0).epsilon(1e-3));

    // The incremental path hits the zero pivot and falls back to the escalation too.
    gp.condition(X.topRows(2), y.head(2));
    gp.append(X.row(2).transpose(), y[2]);
    CHECK(gp.jitter() > 0.0);

    MarginalLikelihood lml(KernelFamily::Matern52, X, Standardization::of(y).apply(y));
    CHECK(std::isfinite(lml(theta, nullptr)));
    CHECK(lml.jitter() > 0.0);
}

TEST_CASE("duplicate points with noise need no jitter", "[gp][exact]") {
    Eigen::MatrixXd X(3, 1);
    X << 0.3, 0.3, 0.8;
    ExactGP gp(KernelFamily::SquaredExponential, 1);
    gp.set_params(params_1d(1.0, 0.2, 1e-2));
    gp.condition(X, point({1.0, 2.0, 0.0}));
    CHECK(gp.jitter() == 0.0);
    const Prediction p = gp.predict(point({0.3}));
    // Two noisy looks at the same place: the mean sits near their average.
    CHECK(p.mean == Approx(1.5).margin(0.05));
    CHECK(p.var > 0.0);
}

TEST_CASE("NaN and infinite outputs are dropped and counted", "[gp][exact][nan]") {
    Rng rng(4);
    const Eigen::MatrixXd X = test::uniform_points(8, 2, rng);
    Eigen::VectorXd y = test::smooth_values(X);
    Eigen::VectorXd y_bad = y;
    y_bad[2] = std::numeric_limits<double>::quiet_NaN();
    y_bad[5] = std::numeric_limits<double>::infinity();
    ExactGP gp(KernelFamily::Matern32, 2), clean(KernelFamily::Matern32, 2);
    gp.condition(X, y_bad);
    CHECK(gp.dropped() == 2);
    CHECK(gp.size() == 6);
    Eigen::MatrixXd Xc(6, 2);
    Eigen::VectorXd yc(6);
    for (int i = 0, r = 0; i < 8; ++i)
        if (i != 2 && i != 5) Xc.row(r) = X.row(i), yc[r++] = y[i];
    clean.condition(Xc, yc);
    const Eigen::VectorXd x = point({0.4, 0.6});
    CHECK(gp.predict(x).mean == clean.predict(x).mean);
    CHECK(std::isfinite(gp.predict(x).var));

    // Every output NaN: the prior, no NaN.
    gp.condition(X, Eigen::VectorXd::Constant(8, std::numeric_limits<double>::quiet_NaN()));
    CHECK(gp.dropped() == 8);
    CHECK(std::isfinite(gp.predict(x).mean));
}

TEST_CASE("all-equal outputs use scale 1 and predict the constant", "[gp][exact]") {
    Rng rng(8);
    const Eigen::MatrixXd X = test::uniform_points(6, 3, rng);
    ExactGP gp(KernelFamily::Matern52, 3);
    gp.condition(X, Eigen::VectorXd::Constant(6, 3.7));
    CHECK(gp.standardization().scale == 1.0);
    const Prediction p = gp.predict(point({0.5, 0.5, 0.5}));
    CHECK(p.mean == Approx(3.7).epsilon(1e-12));
    CHECK(std::isfinite(p.var));
    CHECK(p.var > 0.0);
}

TEST_CASE("bad GP input is rejected with a message naming it", "[gp][exact]") {
    ExactGP gp(KernelFamily::Matern52, 2);
    CHECK_THROWS_WITH(gp.condition(Eigen::MatrixXd::Zero(3, 3), Eigen::VectorXd::Zero(3)),
                      "ExactGP: X has 3 columns, expected the model dimension 2");
    CHECK_THROWS_WITH(gp.condition(Eigen::MatrixXd::Zero(3, 2), Eigen::VectorXd::Zero(4)),
                      "ExactGP: X has 3 rows but y has 4 entries; they must match");
    Eigen::MatrixXd X = Eigen::MatrixXd::Zero(2, 2);
    X(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH(gp.condition(X, Eigen::VectorXd::Zero(2)),
                      "ExactGP: row 1 of X is not finite; inputs must be finite points of [0,1]^D");
    CHECK_THROWS_AS(gp.set_params(Eigen::VectorXd::Zero(3)), UserError);
}

TEST_CASE("a constant prior mean: the lml's slope in it, and predictions far from the data", "[gp][exact][lml]") {
    Rng rng(6);
    const int dim = 2;
    const Eigen::MatrixXd X = 0.2 * test::uniform_points(12, dim, rng);  // all in [0, 0.2]^2
    const Eigen::VectorXd y = test::smooth_values(X) + 0.05 * test::normal_vector(12, rng);
    const Eigen::VectorXd ys = Standardization::of(y).apply(y);
    Eigen::VectorXd theta(dim + 2);
    theta << 0.1, std::log(0.05), std::log(0.07), std::log(0.01);

    // d/dm log p(y | m) = 1' K^-1 (y - m), by central differences in m
    MarginalLikelihood lml(KernelFamily::Matern52, X, ys);
    auto at_mean = [&](double m) {
        lml.set_constant_mean(m);
        return lml(theta, nullptr);
    };
    const double h = 1e-5, m = 0.7;
    const double fd = (at_mean(m + h) - at_mean(m - h)) / (2 * h);
    at_mean(m);
    CHECK(lml.mean_gradient() == Approx(fd).epsilon(1e-6));
    CHECK(std::abs(fd) > 0.1);  // the slope is not trivially zero at this m

    // the exact GP agrees with the likelihood at that mean, and reverts to it away from the data
    ExactGP gp(KernelFamily::Matern52, dim);
    gp.condition(X, y, theta);
    gp.set_constant_mean(m);
    CHECK(gp.log_marginal_likelihood() == Approx(at_mean(m)).epsilon(1e-10));
    const Standardization s = gp.standardization();
    const Prediction far = gp.predict(point({1.0, 1.0}));
    CHECK(far.mean == Approx(s.mean + s.scale * m).epsilon(1e-9));
    gp.set_constant_mean(0.0);
    CHECK(gp.predict(point({1.0, 1.0})).mean == Approx(s.mean).epsilon(1e-9));
    CHECK_THROWS_WITH(gp.set_constant_mean(std::nan("")), Catch::Contains("constant mean must be finite"));
}

TEST_CASE("a fixed standardisation is kept when data are added", "[gp][exact]") {
    Rng rng(7);
    const Eigen::MatrixXd X = test::uniform_points(10, 2, rng);
    const Eigen::VectorXd y = 5.0 + 3.0 * test::smooth_values(X).array();
    ExactGP gp(KernelFamily::Matern52, 2);
    const Standardization first = Standardization::of(y.head(4));
    gp.fix_standardization(first);
    gp.condition(X, y, gp_default_params(2, 1e-8, 0.3));
    CHECK(gp.standardization().mean == first.mean);
    CHECK(gp.standardization().scale == first.scale);
    CHECK(first.mean != Standardization::of(y).mean);
    // it still interpolates the raw outputs
    CHECK(gp.predict(X.row(7).transpose()).mean == Approx(y[7]).epsilon(1e-5));
    CHECK_THROWS_WITH(gp.fix_standardization(Standardization{0.0, 0.0}), Catch::Contains("scale > 0"));
}

TEST_CASE("the GLS mean maximises the likelihood over m, and its profile's gradient matches central differences",
          "[gp][exact][lml]") {
    Rng rng(8);
    const int dim = 2;
    Eigen::MatrixXd X = test::uniform_points(14, dim, rng);
    X.topRows(9) *= 0.3;
    const Eigen::VectorXd y = ((8.0 * X.col(0)).array().sin() + X.col(1).array()).matrix();
    const Eigen::VectorXd ys = Standardization::of(y).apply(y);
    Eigen::VectorXd theta(dim + 2);
    theta << 0.3, std::log(0.2), std::log(0.4), std::log(0.01);

    ExactGP gp(KernelFamily::Matern52, dim);
    gp.set_gls_mean();
    gp.condition(X, y, theta);
    const double m = gp.constant_mean();
    CHECK(std::abs(m) > 0.05);
    MarginalLikelihood lml(KernelFamily::Matern52, X, ys);
    auto at_mean = [&](double mean) {
        lml.set_constant_mean(mean);
        return lml(theta, nullptr);
    };
    CHECK(gp.log_marginal_likelihood() == Approx(at_mean(m)).epsilon(1e-12));
    CHECK(at_mean(m) > at_mean(m + 1e-3));
    CHECK(at_mean(m) > at_mean(m - 1e-3));
    at_mean(m);
    CHECK(std::abs(lml.mean_gradient()) < 1e-9);

    lml.set_gls_mean();
    Eigen::VectorXd g;
    CHECK(lml(theta, &g) == Approx(at_mean(m)).epsilon(1e-12));
    lml.set_gls_mean();
    const Eigen::VectorXd g_fd =
        test::central_difference([&](const Eigen::VectorXd& t) { return lml(t, nullptr); }, theta);
    lml(theta, &g);
    CHECK(test::gradient_mismatch(g, g_fd, 1e-5, 1e-6) <= 1.0);

    // a new point and new hyperparameters move the mean with them
    gp.append(point({0.9, 0.9}), 4.0);
    CHECK(gp.constant_mean() != m);
    gp.set_constant_mean(0.25);
    gp.append(point({0.1, 0.95}), 1.0);
    CHECK(gp.constant_mean() == 0.25);
}
