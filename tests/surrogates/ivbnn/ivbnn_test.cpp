// The IVBNN surrogate (surrogates/ivbnn/): hand-written gradients against finite
// differences, the critic against a known log density ratio, the generator against a
// known prior, predictive spread away from the data, and bad input.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/error.hpp"
#include "surrogates/ivbnn/adversarial_elbo.hpp"
#include "surrogates/ivbnn/implicit_bnn.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::ivbnn;
using Catch::Matchers::Contains;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// Options small enough for a test fit to take a fraction of a second.
ImplicitBnnOptions small_options() {
    ImplicitBnnOptions o;
    o.training.steps = 300;
    o.training.critic_iterations = 2;
    o.training.batch = 32;
    o.training.learning_rate = 3e-3;
    o.training.critic_learning_rate = 3e-3;
    o.training.noise_end = 0.01;
    return o;
}

// Central differences of loss(parameters) over every coordinate of parameters.
template <typename Loss>
VectorXd numeric_gradient(VectorXd& parameters, Loss loss) {
    VectorXd g(parameters.size());
    const double h = 1e-6;
    for (Eigen::Index k = 0; k < parameters.size(); ++k) {
        const double keep = parameters[k];
        parameters[k] = keep + h;
        const double up = loss();
        parameters[k] = keep - h;
        const double down = loss();
        parameters[k] = keep;
        g[k] = (up - down) / (2 * h);
    }
    return g;
}

}  // namespace

TEST_CASE("IVBNN generator: parameter gradient matches finite differences", "[ivbnn]") {
    Rng init(3);
    Generator g(5, 7, 4, 2.0, init);
    const MatrixXd G = test::normal_vector(12, init).reshaped(4, 3);
    // sum(G .* w) with the same noise draws (the same seed) at every evaluation
    auto loss = [&] {
        Rng noise(11);
        return (G.array() * g.sample(3, noise).array()).sum();
    };
    loss();
    const VectorXd analytic = g.backward(G);
    const VectorXd numeric = numeric_gradient(g.parameters(), loss);
    CHECK(test::gradient_mismatch(analytic, numeric, 1e-5, 1e-7) <= 1);
}

TEST_CASE("IVBNN critic: input gradient matches finite differences", "[ivbnn]") {
    Rng rng(5);
    Critic critic(4, 9, 3, 2.5, rng);
    MatrixXd W = test::normal_vector(8, rng).reshaped(4, 2);
    MatrixXd dW;
    critic.input_gradient(W, dW);
    for (Eigen::Index b = 0; b < 2; ++b) {
        VectorXd column = W.col(b);
        const VectorXd numeric = numeric_gradient(column, [&] { return critic.logit(column)[0]; });
        CHECK(test::gradient_mismatch(dW.col(b), numeric, 1e-5, 1e-8) <= 1);
    }
}

TEST_CASE("IVBNN critic: the logit converges to log q/p of two Gaussians", "[ivbnn]") {
    // q = N(1, 0.5^2), p = N(0, 1): log q(x)/p(x) = log 2 - 2 (x - 1)^2 + x^2 / 2.
    Rng rng(7);
    Critic critic(1, 32, 3, 1.0, rng);
    Adam adam;
    adam.learning_rate = 3e-3;
    boost::random::normal_distribution<double> normal;
    MatrixXd q(1, 256), p(1, 256);
    for (int it = 0; it < 3000; ++it) {
        for (int b = 0; b < 256; ++b) q(0, b) = 1 + 0.5 * normal(rng), p(0, b) = normal(rng);
        critic.train_step(q, p, adam);
    }
    MatrixXd x(1, 5);
    x << 0.0, 0.5, 1.0, 1.5, 2.0;
    const VectorXd t = critic.logit(x);
    for (Eigen::Index i = 0; i < x.cols(); ++i) {
        const double xi = x(0, i), truth = std::log(2.0) - 2 * (xi - 1) * (xi - 1) + xi * xi / 2;
        INFO("x = " << xi << ": T = " << t[i] << ", log q/p = " << truth);
        CHECK(std::abs(t[i] - truth) < 0.3);
    }
}

TEST_CASE("IVBNN generator: without data it learns a Gaussian prior", "[ivbnn]") {
    // Prior N(0, 3^2) on 3 outputs, far from what the untrained generator gives.
    Rng rng(13);
    const ScaleMixturePrior prior({{1.0, 3.0}});
    Generator g(5, 16, 3, 2.0, rng);
    auto sd_of = [](const Eigen::RowVectorXd& row) { return std::sqrt((row.array() - row.mean()).square().mean()); };
    const MatrixXd untrained = g.sample(4000, rng);
    for (Eigen::Index j = 0; j < 3; ++j) CHECK(std::abs(sd_of(untrained.row(j)) - 3.0) > 1.0);
    Critic critic(3, 32, 3, prior.sd(), rng);
    AdversarialElboOptions o;
    o.steps = 600;
    o.critic_iterations = 10;
    o.batch = 128;
    o.learning_rate = 1e-3;
    o.critic_learning_rate = 3e-3;
    train_adversarial_elbo(g, critic, prior, nullptr, o, rng);
    const MatrixXd w = g.sample(4000, rng);
    for (Eigen::Index j = 0; j < 3; ++j) {
        const double mean = w.row(j).mean(), sd = sd_of(w.row(j));
        INFO("output " << j << ": mean " << mean << ", sd " << sd);
        // Monte-Carlo standard errors: 0.05 (mean), 0.03 (sd); the rest is the adversarial
        // game's own error (seeds 1-6 of this setting: |mean| <= 0.15, |sd - 3| <= 0.09)
        CHECK(std::abs(mean) < 0.3);
        CHECK(std::abs(sd - 3.0) < 0.25);
    }
}

TEST_CASE("IVBNN: predictive sd grows away from the data on a 1-D toy", "[ivbnn]") {
    MatrixXd X(8, 1);
    VectorXd y(8);
    for (int i = 0; i < 8; ++i) {
        X(i, 0) = 0.4 + 0.2 * i / 7.0;
        y[i] = std::sin(10 * X(i, 0));
    }
    ImplicitBnn model(1, small_options());
    Rng rng(17);
    model.fit(X, y, rng);
    CHECK(model.hidden_units() == 16);      // 2 x 8 observations
    CHECK(model.network_parameters() == 49);  // 16 + 16 + 16 + 1
    CHECK(model.function_samples() == 30);
    double near = 0;
    for (int i = 0; i < 8; ++i) near = std::max(near, std::sqrt(model.predict(X.row(i).transpose()).var));
    const double left = std::sqrt(model.predict(VectorXd::Constant(1, 0.0)).var);
    const double right = std::sqrt(model.predict(VectorXd::Constant(1, 1.0)).var);
    INFO("sd at the data <= " << near << ", at 0: " << left << ", at 1: " << right);
    CHECK(left > 3 * near);
    CHECK(right > 3 * near);
    // the mean follows the data
    for (int i = 0; i < 8; ++i) CHECK(std::abs(model.predict(X.row(i).transpose()).mean - y[i]) < 0.25);
}

TEST_CASE("IVBNN: input gradients of mean and variance match finite differences", "[ivbnn]") {
    Rng rng(19);
    const MatrixXd X = (MatrixXd::Random(6, 2).array() + 1) / 2;
    const VectorXd y = X.col(0).array().square() + X.col(1).array();
    ImplicitBnnOptions o = small_options();
    o.training.steps = 20;
    ImplicitBnn model(2, o);
    model.fit(X, y, rng);
    VectorXd x(2), dmean, dvar;
    x << 0.3, 0.8;
    model.predict_with_gradient(x, dmean, dvar);
    auto mean = [&](const VectorXd& v) { return model.predict(v).mean; };
    auto var = [&](const VectorXd& v) { return model.predict(v).var; };
    CHECK(test::gradient_mismatch(dmean, test::central_difference(mean, x), 1e-5, 1e-7) <= 1);
    CHECK(test::gradient_mismatch(dvar, test::central_difference(var, x), 1e-5, 1e-7) <= 1);
}

TEST_CASE("IVBNN: bad input", "[ivbnn]") {
    ImplicitBnnOptions o = small_options();
    o.training.steps = 10;
    SECTION("zero widths and negative counts are refused, naming the option") {
        ImplicitBnnOptions bad = o;
        bad.width_multiplier = 0;
        CHECK_THROWS_WITH(ImplicitBnn(2, bad), Contains("width_multiplier"));
        bad = o;
        bad.training.steps = -1;
        CHECK_THROWS_WITH(ImplicitBnn(2, bad), Contains("steps = -1"));
        bad = o;
        bad.critic_width_cap = -3;
        CHECK_THROWS_WITH(ImplicitBnn(2, bad), Contains("critic_width_cap"));
        bad = o;
        bad.ensemble = 0;
        CHECK_THROWS_WITH(ImplicitBnn(2, bad), Contains("ensemble"));
        bad = o;
        bad.training.noise_end = 0;
        CHECK_THROWS_WITH(ImplicitBnn(2, bad), Contains("noise_end"));
        Rng rng(1);
        CHECK_THROWS_WITH(Generator(5, 0, 3, 2.0, rng), Contains("width 0"));
        CHECK_THROWS_WITH(Critic(3, 0, 3, 1.0, rng), Contains("width 0"));
        CHECK_THROWS_WITH(ScaleMixturePrior({{0.5, 1.0}, {0.4, 5.0}}), Contains("sum to 0.9"));
    }
    SECTION("steps = 0 is allowed: the untrained generator's networks, finite predictions") {
        ImplicitBnnOptions untrained = o;
        untrained.training.steps = 0;
        ImplicitBnn model(1, untrained);
        Rng rng(4);
        MatrixXd X(3, 1);
        X << 0.2, 0.5, 0.8;
        model.fit(X, VectorXd::LinSpaced(3, 0.0, 1.0), rng);
        const surrogates::Prediction p = model.predict(VectorXd::Constant(1, 0.3));
        CHECK(std::isfinite(p.mean));
        CHECK(p.var > 0);
    }
    SECTION("NaN targets are dropped; all NaN is an error") {
        MatrixXd X(4, 1);
        X << 0.1, 0.4, 0.6, 0.9;
        VectorXd y(4);
        y << 1.0, std::nan(""), 2.0, 0.5;
        ImplicitBnn model(1, o);
        Rng rng(2);
        model.fit(X, y, rng);
        CHECK(model.hidden_units() == 6);  // 3 finite observations
        CHECK(std::isfinite(model.predict(VectorXd::Constant(1, 0.5)).mean));
        y.setConstant(std::nan(""));
        CHECK_THROWS_WITH(model.fit(X, y, rng), Contains("no observation with a finite value"));
    }
    SECTION("constant targets: the networks fit the constant (output scale 1)") {
        MatrixXd X(5, 1);
        X << 0.1, 0.3, 0.5, 0.7, 0.9;
        ImplicitBnnOptions c = small_options();
        ImplicitBnn model(1, c);
        Rng rng(3);
        model.fit(X, VectorXd::Constant(5, 4.0), rng);
        const surrogates::Prediction p = model.predict(VectorXd::Constant(1, 0.5));
        CHECK(std::abs(p.mean - 4.0) < 0.2);
        CHECK(std::isfinite(p.var));
    }
}
