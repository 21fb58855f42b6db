#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include <Eigen/LU>

#include "surrogates/mlp/laplace_ggn.hpp"
#include "tests/support/numeric.hpp"
#include "tests/surrogates/mlp/mlp_fixtures.hpp"

using namespace bobench;
using namespace bobench::mlp;
using namespace bobench::test;

namespace {

// A small MAP-trained network on a 2-D toy, with the same delta as its Laplace approximation.
struct GgnFixture {
    Eigen::MatrixXd X;
    mlp::Classifier net;
    static constexpr double delta = 0.7;
    static mlp::Classifier make(Rng& rng) {
        Options o;
        o.hidden = {7, 5};
        o.prior_precision = delta;
        o.steps = 300;
        return mlp::Classifier(2, o, rng);
    }
    explicit GgnFixture(Rng& rng) : X(uniform_points(15, 2, rng, -1, 1)), net(make(rng)) {
        const Eigen::VectorXd z = (X.col(0).array() + 0.5 * X.col(1).array() > 0).cast<double>();
        net.fit(X, z, rng);
    }
    // Laplace options with the network's delta.
    static LaplaceOptions laplace_options() {
        LaplaceOptions o;
        o.prior_precision = delta;
        return o;
    }
};

// E[sigmoid(f)], f ~ N(m, v), by the trapezoid rule on [-12, 12] standard deviations.
double logistic_normal_mean(double m, double v) {
    const int n = 24000;
    const double lo = -12, step = 24.0 / n;
    double sum = 0;
    for (int i = 0; i <= n; ++i) {
        const double e = lo + i * step;
        const double w = (i == 0 || i == n) ? 0.5 : 1.0;
        sum += w * sigmoid(m + std::sqrt(v) * e) * std::exp(-0.5 * e * e);
    }
    return sum * step / std::sqrt(2 * std::numbers::pi);
}

}  // namespace

TEST_CASE("laplace-ggn: precision equals sum pi(1-pi) J^T J + delta I from finite-difference Jacobians", "[mlp][laplace]") {
    Rng rng(101);
    GgnFixture fx(rng);
    const Eigen::MatrixXd J = fd_jacobian(fx.net, fx.X);
    const Eigen::VectorXd pi = fx.net.probabilities(fx.X);
    const Eigen::Index p = J.cols();
    Eigen::MatrixXd expected = fx.delta * Eigen::MatrixXd::Identity(p, p);
    for (Eigen::Index n = 0; n < J.rows(); ++n) expected += pi[n] * (1 - pi[n]) * J.row(n).transpose() * J.row(n);

    LaplaceOptions o = GgnFixture::laplace_options();
    const LaplaceGgn full(fx.net, fx.X, o, rng);
    const Eigen::MatrixXd P = full.precision();
    CHECK((P - expected).cwiseAbs().maxCoeff() <= 1e-7 * expected.cwiseAbs().maxCoeff());
    CHECK((expected - fx.delta * Eigen::MatrixXd::Identity(p, p)).cwiseAbs().maxCoeff() > 0.01);  // data term present

    o.diagonal = true;
    const LaplaceGgn diag(fx.net, fx.X, o, rng);
    const Eigen::MatrixXd D = diag.precision();
    CHECK((D.diagonal() - expected.diagonal()).cwiseAbs().maxCoeff() <= 1e-7 * expected.diagonal().maxCoeff());
    CHECK((D - Eigen::MatrixXd(D.diagonal().asDiagonal())).cwiseAbs().maxCoeff() == 0);

    // predictive variance v(x) = J(x) P^{-1} J(x)^T, with J(x) by differences as well
    const Eigen::MatrixXd T = uniform_points(4, 2, rng, -2, 2);
    const Eigen::MatrixXd JT = fd_jacobian(fx.net, T);
    const Eigen::MatrixXd Pinv = expected.inverse();
    for (Eigen::Index n = 0; n < T.rows(); ++n) {
        const double v_expected = (JT.row(n) * Pinv * JT.row(n).transpose())(0, 0);
        const auto d = full.logit_distribution(T.row(n).transpose());
        CHECK(d.variance == Approx(v_expected).epsilon(1e-6));
        CHECK(d.mean == Approx(fx.net.logit(T.row(n).transpose())).epsilon(1e-14));
        const double v_diag = (JT.row(n).array().square() / expected.diagonal().transpose().array()).sum();
        CHECK(diag.logit_distribution(T.row(n).transpose()).variance == Approx(v_diag).epsilon(1e-6));
    }
}

TEST_CASE("laplace-ggn: input gradients of mean, variance and probabilities match central differences", "[mlp][laplace]") {
    Rng rng(111);
    GgnFixture fx(rng);
    for (bool diagonal : {false, true}) {
        LaplaceOptions o = GgnFixture::laplace_options();
        o.diagonal = diagonal;
        const LaplaceGgn lap(fx.net, fx.X, o, rng);
        const Eigen::MatrixXd T = uniform_points(6, 2, rng, -2, 2);
        for (Eigen::Index n = 0; n < T.rows(); ++n) {
            INFO("diagonal " << diagonal << ", x = " << T.row(n));
            const Eigen::VectorXd x = T.row(n).transpose();
            Eigen::VectorXd gm(2), gv(2), gp(2), gmc(2);
            lap.logit_distribution_and_gradients(x, gm, gv);
            const double p = lap.probit_probability_and_gradient(x, gp);
            const double q = lap.mc_probability_and_gradient(x, gmc);
            CHECK(p == Approx(lap.probit_probability(x)).epsilon(1e-14));
            CHECK(q == Approx(lap.mc_probability(x)).epsilon(1e-14));
            const double h = 1e-5;
            const auto fm = central_difference([&](const Eigen::VectorXd& v) { return lap.logit_distribution(v).mean; }, x, h);
            const auto fv = central_difference([&](const Eigen::VectorXd& v) { return lap.logit_distribution(v).variance; }, x, h);
            const auto fp = central_difference([&](const Eigen::VectorXd& v) { return lap.probit_probability(v); }, x, h);
            const auto fq = central_difference([&](const Eigen::VectorXd& v) { return lap.mc_probability(v); }, x, h);
            CHECK((gm - fm).norm() <= 1e-6 * (1 + fm.norm()));
            CHECK((gv - fv).norm() <= 1e-6 * (1 + fv.norm()));
            CHECK((gp - fp).norm() <= 1e-6 * (1 + fp.norm()));
            CHECK((gmc - fq).norm() <= 1e-6 * (1 + fq.norm()));
            CHECK(fv.norm() > 1e-4);  // the variance does depend on x
        }
    }
}

TEST_CASE("laplace-ggn: probit and Monte Carlo probabilities approximate the logistic-normal integral", "[mlp][laplace]") {
    Rng rng(121);
    GgnFixture fx(rng);
    LaplaceOptions o = GgnFixture::laplace_options();
    const LaplaceGgn lap(fx.net, fx.X, o, rng);
    o.mc_samples = 100000;
    const LaplaceGgn many(fx.net, fx.X, o, rng);
    for (double m : {-3.0, -0.7, 0.0, 0.4, 2.5})
        for (double v : {0.0, 0.3, 2.0, 9.0}) {
            INFO("m = " << m << ", v = " << v);
            const double exact = logistic_normal_mean(m, v);
            // S = 1000: standard error below 0.5 / sqrt(1000) = 0.016, so 0.035 is > 2 of them
            CHECK(std::abs(lap.mc_probability(m, v) - exact) < 0.035);
            // S = 100000: ten times closer, so the estimator converges to the integral
            CHECK(std::abs(many.mc_probability(m, v) - exact) < 0.0035);
            CHECK(std::abs(probit_probability(m, v) - exact) < 0.02);
        }
    // antithetic pairs make the estimate exact without variance
    CHECK(lap.mc_probability(1.3, 0.0) == Approx(sigmoid(1.3)).epsilon(1e-13));
    // and uncertainty pulls the probability towards 1/2
    CHECK(probit_probability(2.0, 4.0) < sigmoid(2.0));
    CHECK(probit_probability(2.0, 4.0) > 0.5);
}

TEST_CASE("laplace-ggn: the predictive variance grows away from the data", "[mlp][laplace]") {
    Rng rng(131);
    GgnFixture fx(rng);
    LaplaceOptions o = GgnFixture::laplace_options();
    const LaplaceGgn lap(fx.net, fx.X, o, rng);
    double inside = 0;
    for (Eigen::Index n = 0; n < fx.X.rows(); ++n) inside += lap.logit_distribution(fx.X.row(n).transpose()).variance;
    inside /= static_cast<double>(fx.X.rows());
    const Eigen::Vector2d far(6.0, -6.0);
    CHECK(lap.logit_distribution(far).variance > 4 * inside);
}

TEST_CASE("laplace-ggn: the evidence-tuned delta solves MacKay's fixed point in closed form", "[mlp][laplace]") {
    // One curvature eigenvalue lambda: delta s = lambda / (lambda + delta), the positive root
    // of s delta^2 + s lambda delta - lambda = 0.
    const double lambda = 3, s = 2;
    const double root = (-s * lambda + std::sqrt(s * s * lambda * lambda + 4 * s * lambda)) / (2 * s);
    CHECK(evidence_prior_precision(Eigen::VectorXd::Constant(1, lambda), s) == Approx(root).epsilon(1e-8));
    // Two equal eigenvalues count twice: delta s = 2 lambda / (lambda + delta).
    const double root2 = (-s * lambda + std::sqrt(s * s * lambda * lambda + 8 * s * lambda)) / (2 * s);
    CHECK(evidence_prior_precision(Eigen::VectorXd::Constant(2, lambda), s) == Approx(root2).epsilon(1e-8));
    // No curvature: the evidence grows as delta falls; zero weights: as it rises. The bracket's ends.
    CHECK(evidence_prior_precision(Eigen::VectorXd::Zero(4), s) == Approx(1e-6));
    CHECK(evidence_prior_precision(Eigen::VectorXd::Constant(4, lambda), 0.0) == Approx(1e6));
}

TEST_CASE("laplace-ggn: the tuned delta maximises the Laplace evidence computed from the full determinant",
          "[mlp][laplace]") {
    Rng rng(151);
    GgnFixture fx(rng);
    const double theta2 = fx.net.parameters().squaredNorm();
    // 15 points (fewer than the 67 parameters: the Gram-matrix path) and 150 (more).
    for (const Eigen::MatrixXd& X : {fx.X, uniform_points(150, 2, rng, -1, 1)}) {
        const Eigen::MatrixXd J = fd_jacobian(fx.net, X);
        const Eigen::VectorXd pi = fx.net.probabilities(X);
        const Eigen::Index p = J.cols();
        Eigen::MatrixXd H = Eigen::MatrixXd::Zero(p, p);
        for (Eigen::Index n = 0; n < J.rows(); ++n) H += pi[n] * (1 - pi[n]) * J.row(n).transpose() * J.row(n);
        for (bool diagonal : {false, true}) {
            INFO((diagonal ? "diagonal" : "full") << " GGN, N = " << X.rows());
            // log Z(delta) without its delta-free terms (Laplace Redux's marglik with theta fixed)
            auto log_z = [&](double delta) {
                const double log_det = diagonal ? (H.diagonal().array() + delta).log().sum()
                                                : 2 * Eigen::MatrixXd(H + delta * Eigen::MatrixXd::Identity(p, p))
                                                          .llt()
                                                          .matrixL()
                                                          .toDenseMatrix()
                                                          .diagonal()
                                                          .array()
                                                          .log()
                                                          .sum();
                return -0.5 * delta * theta2 + 0.5 * static_cast<double>(p) * std::log(delta) - 0.5 * log_det;
            };
            LaplaceOptions o;
            o.tune_prior_precision = true;
            o.diagonal = diagonal;
            const LaplaceGgn lap(fx.net, X, o, rng);
            const double d = lap.prior_precision();
            CHECK(d > 1e-5);
            CHECK(d < 1e5);
            CHECK(log_z(d) > log_z(1.1 * d));
            CHECK(log_z(d) > log_z(d / 1.1));
            const double h = 1e-4;  // d log Z / d log delta = 0 at the maximum
            CHECK(std::abs(log_z(d * std::exp(h)) - log_z(d * std::exp(-h))) / (2 * h) < 1e-5 * static_cast<double>(p));
            // and the posterior precision is built with it
            const Eigen::MatrixXd expected = diagonal ? Eigen::MatrixXd((H.diagonal().array() + d).matrix().asDiagonal())
                                                      : Eigen::MatrixXd(H + d * Eigen::MatrixXd::Identity(p, p));
            CHECK((lap.precision() - expected).cwiseAbs().maxCoeff() <= 1e-6 * expected.cwiseAbs().maxCoeff());
        }
    }
}

TEST_CASE("laplace-ggn: bad options are rejected with the value named", "[mlp][laplace]") {
    Rng rng(141);
    GgnFixture fx(rng);
    LaplaceOptions o;
    o.prior_precision = 0;
    CHECK_THROWS_WITH(LaplaceGgn(fx.net, fx.X, o, rng),
                      "Laplace-GGN: prior_precision = 0 must be a finite number > 0 (the posterior precision needs a "
                      "proper prior)");
    o.prior_precision = 1;
    o.mc_samples = 1;
    CHECK_THROWS_AS(LaplaceGgn(fx.net, fx.X, o, rng), UserError);
}
