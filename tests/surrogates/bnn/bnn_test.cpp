// The Bayesian-network surrogates: gradients against finite differences, closed-form
// properties (an ELM with as many units as points interpolates), fits of a smooth
// function by NUTS, SGHMC and DNGO, the empirical EI, and bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "acquisitions/empirical_expected_improvement.hpp"
#include "core/error.hpp"
#include "surrogates/bnn/dngo.hpp"
#include "surrogates/bnn/elm_ensemble.hpp"
#include "surrogates/bnn/network.hpp"
#include "surrogates/bnn/network_posterior.hpp"
#include "surrogates/bnn/one_hidden_layer.hpp"
#include "surrogates/bnn/sampled_network.hpp"
#include "surrogates/simd/lanes.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

VectorXd random_vector(Eigen::Index n, Rng& rng, double scale = 1.0) {
    return test::uniform_points(n, 1, rng, -scale, scale).col(0);
}

// y = sin(6 x1) + x2 on [0, 1]^2
VectorXd smooth(const MatrixXd& X) {
    return (6 * X.col(0).array()).sin() + X.col(1).array();
}

double rmse(const surrogates::RegressionModel& m, const MatrixXd& X, const VectorXd& y) {
    double s = 0;
    for (Eigen::Index i = 0; i < X.rows(); ++i) s += std::pow(m.predict(X.row(i).transpose()).mean - y[i], 2);
    return std::sqrt(s / X.rows());
}

// A tanh network sampled by SGHMC as pybnn's BOHAMIANN: its priors, start and input scaling.
bnn::SampledNetworkOptions sghmc_tanh(std::vector<int> hidden) {
    bnn::SampledNetworkOptions o;
    o.hidden = std::move(hidden);
    o.activation = bnn::Activation::Tanh;
    o.prior.weight_sd = 0;
    o.prior.noise = bnn::NetworkPrior::Noise::NormalOnLogVariance;
    o.prior.noise_a = std::log(1e-3), o.prior.noise_b = 0.01;
    o.sampler = bnn::SampledNetworkOptions::Sampler::Sghmc;
    o.init = bnn::SampledNetworkOptions::Init::FanIn;
    o.inputs = bnn::SampledNetworkOptions::InputScaling::Every;
    return o;
}

void check_prediction_gradients(const surrogates::RegressionModel& m, const VectorXd& x) {
    VectorXd dmean, dvar;
    m.predict_with_gradient(x, dmean, dvar);
    const VectorXd nm = test::central_difference([&](const VectorXd& z) { return m.predict(z).mean; }, x);
    const VectorXd nv = test::central_difference([&](const VectorXd& z) { return m.predict(z).var; }, x);
    CHECK(test::gradient_mismatch(dmean, nm, 1e-4, 1e-6) < 1);
    CHECK(test::gradient_mismatch(dvar, nv, 1e-4, 1e-6) < 1);
}

}  // namespace

TEST_CASE("bnn posterior: gradients bit-identical in the scalar, SSE2, AVX2 and AVX-512 paths", "[bnn]") {
    struct Case {
        int D;
        std::vector<int> hidden;
        bnn::Activation act;
    };
    // one hidden layer (OneHiddenLayerGradient) and deeper (forward / backward), N not a multiple of 8
    for (const Case& c : {Case{6, {10}, bnn::Activation::Sigmoid}, Case{3, {5}, bnn::Activation::Relu},
                          Case{6, {50, 50}, bnn::Activation::Tanh}, Case{2, {7, 3}, bnn::Activation::Relu}}) {
        bnn::Network net(c.D, c.hidden, c.act);
        Rng rng(4);
        const MatrixXd Xt = test::uniform_points(23, c.D, rng).transpose();
        const VectorXd y = random_vector(23, rng);
        bnn::NetworkPrior prior;
        bnn::NetworkPosterior post(net, prior, Xt, y);
        const VectorXd q = random_vector(post.dimension(), rng, 0.5);
        std::vector<VectorXd> grads;
        std::vector<double> values;
        for (int lanes : {8, 4, 2, 1}) {
            const simd::ForcedLanes force(lanes);
            VectorXd g(q.size()), gb(q.size());
            values.push_back(post.log_density(q, g));
            values.push_back(post.log_density(q, gb, {5, 0, 22, 9, 13}));
            grads.push_back(g), grads.push_back(gb);
        }
        INFO("hidden layers " << c.hidden.size() << ", first width " << c.hidden[0]);
        for (std::size_t k = 2; k < grads.size(); ++k) {
            CHECK(values[k] == values[k % 2]);
            CHECK(grads[k] == grads[k % 2]);
        }
    }
}

TEST_CASE("bnn network: values at many points equal value() point by point, bit for bit, in every lane width",
          "[bnn][batch]") {
    struct Case {
        int D;
        std::vector<int> hidden;
        bnn::Activation act;
    };
    // no hidden layer, one, and deeper; widths and point counts not multiples of 8
    for (const Case& c : {Case{3, {}, bnn::Activation::Tanh}, Case{6, {10}, bnn::Activation::Sigmoid},
                          Case{2, {50, 50, 50}, bnn::Activation::Tanh}, Case{5, {7, 3}, bnn::Activation::Relu}}) {
        const bnn::Network net(c.D, c.hidden, c.act);
        Rng rng(11);
        const MatrixXd Xt = test::uniform_points(37, c.D, rng).transpose();
        const VectorXd theta = random_vector(net.parameter_count(), rng, 1.5);
        INFO("hidden layers " << c.hidden.size());
        for (int lanes : {8, 4, 2, 1}) {
            const simd::ForcedLanes force(lanes);
            VectorXd batched;
            net.values_at(theta, Xt, batched);
            REQUIRE(batched.size() == Xt.cols());
            for (Eigen::Index p = 0; p < Xt.cols(); ++p) CHECK(batched[p] == net.value(theta, Xt.col(p)));
        }
    }
}

TEST_CASE("bnn: a sampled network predicts many rows as it predicts each, bit for bit", "[bnn][batch]") {
    Rng rng(5);
    const MatrixXd X = test::uniform_points(25, 3, rng);
    const VectorXd y = (4 * X.col(0).array()).sin() + X.col(1).array() * X.col(2).array();
    bnn::SampledNetworkOptions o = sghmc_tanh({50, 50, 50});
    o.burn_in = 200, o.sample_steps = 300;
    o.sghmc.keep_every = 20;
    bnn::SampledNetwork m(3, o);
    m.fit(X, y, rng);
    REQUIRE(m.function_samples() == 14);  // pybnn's keep rule over 300 steps
    // 300 points: more than two of the blocks the rows are predicted in, the last one short
    const MatrixXd points = test::uniform_points(300, 3, rng);
    std::vector<surrogates::Prediction> batched;
    m.predict_member_rows(0, points, batched);
    REQUIRE(batched.size() == 300);
    for (Eigen::Index p = 0; p < points.rows(); ++p) {
        const surrogates::Prediction one = m.predict(points.row(p).transpose());
        CHECK(batched[static_cast<std::size_t>(p)].mean == one.mean);
        CHECK(batched[static_cast<std::size_t>(p)].var == one.var);
    }
    CHECK_THROWS_AS(m.predict_member_rows(1, points, batched), std::out_of_range);
    CHECK_THROWS_AS(m.predict_member_rows(0, MatrixXd(4, 2), batched), std::logic_error);
}

TEST_CASE("bnn one hidden layer: the pass over the points agrees with forward / backward", "[bnn]") {
    for (const char* act : {"tanh", "sigmoid", "relu"}) {
        bnn::Network net(3, {6}, bnn::parse_activation(act));
        Rng rng(6);
        const MatrixXd Xt = test::uniform_points(11, 3, rng).transpose();  // 11 points: one padded
        const VectorXd y = random_vector(11, rng);
        const VectorXd theta = random_vector(net.parameter_count(), rng);
        const VectorXd e = y - net.forward(theta, Xt);
        VectorXd expected = VectorXd::Zero(theta.size());
        net.backward(theta, 0.7 * e, expected);
        bnn::PointsMajor points;
        points.assign(Xt, y);
        VectorXd grad = VectorXd::Zero(theta.size());
        const double ss = bnn::OneHiddenLayerGradient()(net, theta, points, 0.7, grad);
        INFO(act);
        CHECK(ss == Approx(e.squaredNorm()).epsilon(1e-13));
        CHECK((grad - expected).cwiseAbs().maxCoeff() < 1e-13 * (1 + expected.cwiseAbs().maxCoeff()));
        // a mini-batch of rows is the same as those points alone
        bnn::PointsMajor some, alone;
        some.assign(Xt, y, {4, 1, 7});
        MatrixXd Xs(3, 3);
        Xs << Xt.col(4), Xt.col(1), Xt.col(7);
        alone.assign(Xs, VectorXd(Eigen::Vector3d(y[4], y[1], y[7])));
        VectorXd g1 = VectorXd::Zero(theta.size()), g2 = VectorXd::Zero(theta.size());
        CHECK(bnn::OneHiddenLayerGradient()(net, theta, some, 1.0, g1) == bnn::OneHiddenLayerGradient()(net, theta, alone, 1.0, g2));
        CHECK(g1 == g2);
    }
}

TEST_CASE("bnn network: activations agree with std::tanh and the logistic function, NaN propagates", "[bnn]") {
    // a 1-input network whose one hidden unit's pre-activation is the input itself
    for (const char* act : {"tanh", "sigmoid"}) {
        bnn::Network net(1, {1}, bnn::parse_activation(act));
        VectorXd theta(4);
        theta << 1, 0, 1, 0;  // W1 = 1, b1 = 0, w2 = 1, b2 = 0: f(x) = phi(x)
        MatrixXd Xt(1, 2001);
        for (int i = 0; i < 2001; ++i) Xt(0, i) = -20 + 0.02 * i + 1e-7 * (i % 7);
        const VectorXd f = net.forward(theta, Xt);
        double worst = 0;
        for (int i = 0; i < 2001; ++i) {
            const double z = Xt(0, i), exact = std::string(act) == "tanh" ? std::tanh(z) : 1 / (1 + std::exp(-z));
            worst = std::max(worst, std::abs(f[i] - exact) / std::max(std::abs(exact), 1e-300));
        }
        INFO(act);
        CHECK(worst < 4 * std::numeric_limits<double>::epsilon());
        Xt(0, 0) = std::nan("");
        CHECK(std::isnan(net.forward(theta, Xt)[0]));
    }
}

TEST_CASE("bnn network: parameter and input gradients match finite differences", "[bnn]") {
    for (const char* act : {"tanh", "sigmoid", "relu"}) {
        bnn::Network net(3, {4, 5}, bnn::parse_activation(act));
        REQUIRE(net.parameter_count() == 3 * 4 + 4 + 4 * 5 + 5 + 5 + 1);
        Rng rng(1);
        const VectorXd theta = random_vector(net.parameter_count(), rng);
        const MatrixXd Xt = test::uniform_points(6, 3, rng).transpose();
        const VectorXd r = random_vector(6, rng);
        net.forward(theta, Xt);
        VectorXd grad = VectorXd::Zero(theta.size());
        net.backward(theta, r, grad);
        const VectorXd numeric =
            test::central_difference([&](const VectorXd& t) { return net.forward(t, Xt).dot(r); }, theta);
        INFO(act);
        CHECK(test::gradient_mismatch(grad, numeric, 1e-5, 1e-7) < 1);
        // one point agrees with the batch, and its input gradient is right
        const VectorXd x = Xt.col(2);
        VectorXd dx;
        CHECK(net.value(theta, x, &dx) == Approx(net.forward(theta, Xt)[2]).epsilon(1e-12));
        CHECK(test::gradient_mismatch(dx, test::central_difference([&](const VectorXd& z) { return net.value(theta, z); }, x),
                                      1e-5, 1e-7) < 1);
    }
}

TEST_CASE("bnn posterior: gradient of every prior variant matches finite differences and full batch = all rows",
          "[bnn]") {
    bnn::Network net(2, {3}, bnn::Activation::Sigmoid);
    Rng rng(2);
    const MatrixXd Xt = test::uniform_points(5, 2, rng).transpose();
    const VectorXd y = random_vector(5, rng);
    for (int variant = 0; variant < 6; ++variant) {
        bnn::NetworkPrior prior;
        prior.weight_sd = 2;
        prior.hierarchical = variant == 1;
        if (variant == 2) {
            prior.noise = bnn::NetworkPrior::Noise::NormalOnLogVariance;
            prior.noise_a = -2, prior.noise_b = 0.5;
        }
        if (variant == 3) prior.bias_sd = 0.7;
        if (variant >= 4) {
            prior.noise = variant == 4 ? bnn::NetworkPrior::Noise::InvGammaOnSigma
                                       : bnn::NetworkPrior::Noise::InvGammaOnVariance;
            prior.noise_a = 3, prior.noise_b = 0.5;
        }
        bnn::NetworkPosterior post(net, prior, Xt, y);
        const VectorXd q = random_vector(post.dimension(), rng, 0.8);
        VectorXd grad(q.size()), scratch(q.size());
        const double lp = post.log_density(q, grad);
        const VectorXd numeric =
            test::central_difference([&](const VectorXd& z) { return post.log_density(z, scratch); }, q);
        INFO("variant " << variant);
        CHECK(test::gradient_mismatch(grad, numeric, 1e-5, 1e-6) < 1);
        VectorXd g2(q.size());
        CHECK(post.log_density(q, g2, {0, 1, 2, 3, 4}) == Approx(lp).epsilon(1e-12));
        CHECK((g2 - grad).cwiseAbs().maxCoeff() < 1e-10);
    }
}

TEST_CASE("bnn prior: the noise sd's Gamma(shape, rate), e.g. Aryan ch. 3's expected sd 0.001 as Gamma(2, rate 2000)",
          "[bnn]") {
    // with no data the posterior is the prior; over l = log sigma (the sampled coordinate) it
    // is Gamma(a, rate b)'s log density of sigma plus the Jacobian l, which peaks at a / b,
    // the Gamma's mean: a rate, not a scale (a scale would put it at a * b = 4000)
    bnn::Network net(2, {3}, bnn::Activation::Sigmoid);
    const MatrixXd Xt(2, 0);
    const VectorXd y(0);
    bnn::NetworkPrior prior;
    prior.noise_a = 2, prior.noise_b = 2000;
    bnn::NetworkPosterior post(net, prior, Xt, y);
    auto at = [&](double sigma, VectorXd& grad) {
        VectorXd q = VectorXd::Zero(post.dimension());
        q[post.noise_index()] = std::log(sigma);
        return post.log_density(q, grad);
    };
    VectorXd grad(post.dimension());
    at(0.001, grad);
    CHECK(std::abs(grad[post.noise_index()]) < 1e-12);
    at(0.0005, grad);
    CHECK(grad[post.noise_index()] > 0);
    at(0.002, grad);
    CHECK(grad[post.noise_index()] < 0);
    auto gamma_log_pdf = [&](double s) { return (prior.noise_a - 1) * std::log(s) - prior.noise_b * s; };
    for (const double sigma : {1e-4, 0.003, 0.05}) {
        const double expected = gamma_log_pdf(sigma) + std::log(sigma) - (gamma_log_pdf(0.001) + std::log(0.001));
        CHECK(at(sigma, grad) - at(0.001, grad) == Approx(expected).epsilon(1e-12));
    }
}

TEST_CASE("bnn prior: an inverse gamma on the noise sd or variance, and the biases' own prior sd", "[bnn]") {
    // no data: the posterior over l = log sigma is the prior's log density plus the
    // Jacobian, InvGa(a, b) on sigma peaking at sigma = b / a, on sigma^2 at sigma^2 = b / a
    // (the DTU thesis' InvGa(1000, 1): sigma = 0.001, or sigma^2 = 0.001)
    bnn::Network net(2, {3}, bnn::Activation::Tanh);
    const MatrixXd Xt(2, 0);
    const VectorXd y(0);
    auto inv_gamma_log_pdf = [](double v, double a, double b) { return -(a + 1) * std::log(v) - b / v; };
    for (const bool on_variance : {false, true}) {
        bnn::NetworkPrior prior;
        prior.noise = on_variance ? bnn::NetworkPrior::Noise::InvGammaOnVariance : bnn::NetworkPrior::Noise::InvGammaOnSigma;
        prior.noise_a = 1000, prior.noise_b = 1;
        bnn::NetworkPosterior post(net, prior, Xt, y);
        VectorXd grad(post.dimension());
        auto at = [&](double sigma) {
            VectorXd q = VectorXd::Zero(post.dimension());
            q[post.noise_index()] = std::log(sigma);
            return post.log_density(q, grad);
        };
        const double mode = on_variance ? std::sqrt(0.001) : 0.001;
        at(mode);
        INFO("on the variance: " << on_variance);
        CHECK(std::abs(grad[post.noise_index()]) < 1e-9);
        // the density of v (sigma or sigma^2) times |dv/dl| = (1 or 2) v
        auto expected = [&](double sigma) {
            const double v = on_variance ? sigma * sigma : sigma;
            return inv_gamma_log_pdf(v, 1000, 1) + std::log(v);
        };
        for (const double sigma : {0.5 * mode, 1.1 * mode, 2 * mode})
            CHECK(at(sigma) - at(mode) == Approx(expected(sigma) - expected(mode)).epsilon(1e-10));
    }
    // bias_sd: a bias meets N(0, bias_sd^2), a weight N(0, weight_sd^2)
    bnn::NetworkPrior prior;
    prior.weight_sd = 1, prior.bias_sd = 2;
    bnn::NetworkPosterior post(net, prior, Xt, y);
    VectorXd grad(post.dimension());
    const VectorXd zero = VectorXd::Zero(post.dimension());
    const double base = post.log_density(zero, grad);
    const Eigen::Index bias = net.layers()[0].b_offset, weight = net.layers()[0].w_offset;
    VectorXd q = zero;
    q[bias] = 1.5;
    CHECK(post.log_density(q, grad) - base == Approx(-0.5 * 1.5 * 1.5 / 4).epsilon(1e-12));
    CHECK(grad[bias] == Approx(-1.5 / 4).epsilon(1e-12));
    q = zero;
    q[weight] = 1.5;
    CHECK(post.log_density(q, grad) - base == Approx(-0.5 * 1.5 * 1.5).epsilon(1e-12));
    prior.hierarchical = true;
    CHECK_THROWS_WITH(bnn::NetworkPosterior(net, prior, Xt, y), Catch::Contains("bias_sd applies to fixed prior sds"));
    prior.hierarchical = false, prior.bias_sd = -1;
    CHECK_THROWS_WITH(bnn::NetworkPosterior(net, prior, Xt, y), Catch::Contains("bias_sd = -1"));
}

TEST_CASE("bnn: NUTS-sampled network fits a smooth function and reports its diagnostics", "[bnn][nuts]") {
    Rng rng(3);
    const MatrixXd X = test::uniform_points(25, 2, rng);
    const VectorXd y = smooth(X);
    bnn::SampledNetworkOptions o;
    o.hidden = {8};
    o.activation = bnn::Activation::Tanh;
    o.prior.weight_sd = 3;
    o.prior.noise_a = 2, o.prior.noise_b = 20;
    o.nuts.warmup = 150, o.nuts.draws = 100, o.nuts.max_depth = 6;
    bnn::SampledNetwork m(2, o);
    m.fit(X, y, rng);
    CHECK(m.function_samples() == 100);
    const double sd = std::sqrt((y.array() - y.mean()).square().mean());
    CHECK(rmse(m, X, y) < 0.2 * sd);
    CHECK(m.nuts_diagnostics().gradient_evaluations > 250);
    CHECK(m.nuts_diagnostics().step_size > 0);
    // far outside the data the samples disagree more than at the data
    const double inside = m.predict(X.row(0).transpose()).var;
    CHECK(m.predict(VectorXd::Constant(2, 3.0)).var > 10 * inside);
    // the Gaussian summary is the samples' mean and variance
    VectorXd v;
    m.sample_values(X.row(1).transpose(), v, nullptr);
    CHECK(m.predict(X.row(1).transpose()).mean == Approx(v.mean()).epsilon(1e-12));
    check_prediction_gradients(m, test::point({0.3, 0.6}));
}

TEST_CASE("bnn: NUTS chains pooled, the first chain's draws those of a single chain", "[bnn][nuts]") {
    // pyStan runs 4 chains unless told otherwise: chains = k pools k chains, each from its
    // own start drawn from the run's stream after the previous chain
    Rng data_rng(8);
    const MatrixXd X = test::uniform_points(10, 2, data_rng);
    const VectorXd y = smooth(X);
    bnn::SampledNetworkOptions o;
    o.hidden = {4};
    o.nuts.warmup = 30, o.nuts.draws = 20, o.nuts.max_depth = 4;
    auto fitted = [&](int chains) {
        o.nuts_chains = chains;
        bnn::SampledNetwork m(2, o);
        Rng rng(9);
        m.fit(X, y, rng);
        return m;
    };
    const bnn::SampledNetwork one = fitted(1), three = fitted(3);
    CHECK(one.function_samples() == 20);
    CHECK(three.function_samples() == 60);
    const VectorXd x = test::point({0.4, 0.7});
    VectorXd v1, v3;
    one.sample_values(x, v1, nullptr);
    three.sample_values(x, v3, nullptr);
    CHECK(v3.head(20) == v1);                 // the first chain is the single chain, bit for bit
    CHECK(v3.segment(20, 20) != v3.head(20));  // the next starts elsewhere
    CHECK(three.noise_sd().size() == 60);
    CHECK(three.nuts_diagnostics().gradient_evaluations > one.nuts_diagnostics().gradient_evaluations);
    o.nuts_chains = 0;
    CHECK_THROWS_WITH(bnn::SampledNetwork(2, o), Catch::Contains("NUTS chains = 0"));
}

TEST_CASE("bnn: SGHMC-sampled network (BOHAMIANN's sampler) fits a smooth function", "[bnn][sghmc]") {
    Rng rng(4);
    const MatrixXd X = test::uniform_points(30, 2, rng);
    const VectorXd y = smooth(X);
    bnn::SampledNetworkOptions o = sghmc_tanh({20, 20});
    o.burn_in_per_point = 100, o.sample_steps = 3000;
    o.sghmc.keep_every = 50;
    bnn::SampledNetwork m(2, o);
    m.fit(X, y, rng);
    CHECK(m.function_samples() == 59);
    const double sd = std::sqrt((y.array() - y.mean()).square().mean());
    CHECK(rmse(m, X, y) < 0.25 * sd);
    check_prediction_gradients(m, test::point({0.4, 0.2}));
}

TEST_CASE("bnn: DNGO fits a smooth function and alpha, beta from the evidence", "[bnn][dngo]") {
    Rng rng(5);
    const MatrixXd X = test::uniform_points(40, 2, rng);
    const VectorXd y = smooth(X);
    bnn::DngoOptions o;
    o.epochs = 200;
    bnn::Dngo m(2, o);
    m.fit(X, y, rng);
    const double sd = std::sqrt((y.array() - y.mean()).square().mean());
    CHECK(rmse(m, X, y) < 0.1 * sd);
    CHECK(m.training_mse() < 0.01);
    // the noise precision the evidence picks matches the training residual's scale
    CHECK(m.beta() > 10);
    CHECK(m.alpha() > 0);
    check_prediction_gradients(m, test::point({0.5, 0.5}));
    CHECK(m.predict(VectorXd::Constant(2, 4.0)).var > m.predict(X.row(0).transpose()).var);
}

TEST_CASE("bnn: an ELM with as many units as points interpolates and gradients and empirical EI", "[bnn][elm]") {
    Rng rng(6);
    const MatrixXd X = test::uniform_points(8, 2, rng);
    const VectorXd y = smooth(X);
    bnn::ElmEnsemble m(2, {20, 8, 10.0});
    m.fit(X, y, rng);
    // (saturated tanh units make H ill-conditioned: the pseudo-inverse interpolates to ~1e-5)
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        const auto p = m.predict(X.row(i).transpose());
        CHECK(p.mean == Approx(y[i]).margin(1e-3));
        CHECK(p.var < 1e-6);
    }
    // gradients on well-conditioned members (weights U[-1, 1], least squares on 40
    // points): with U[-10, 10] the outputs cancel too much for finite differences
    bnn::ElmEnsemble smooth_members(2, {20, 8, 1.0});
    const MatrixXd X2 = test::uniform_points(40, 2, rng);
    smooth_members.fit(X2, smooth(X2), rng);
    check_prediction_gradients(smooth_members, test::point({0.45, 0.7}));

    const double eta = y.minCoeff();
    const acquisitions::EmpiricalExpectedImprovement ei(m, eta);
    const VectorXd x = test::point({0.2, 0.9});
    VectorXd f;
    m.sample_values(x, f, nullptr);
    CHECK(ei.value(x) == Approx((eta - f.array()).max(0.0).mean()).epsilon(1e-12));
    VectorXd g;
    ei.value(x, &g);
    CHECK(test::gradient_mismatch(g, test::central_difference([&](const VectorXd& z) { return ei.value(z); }, x),
                                  1e-4, 1e-7) < 1);
    CHECK_THROWS_AS(acquisitions::EmpiricalExpectedImprovement(m, std::nan("")), UserError);
}

TEST_CASE("bnn: ELM without hidden biases or with raw outputs, the readings of elm-draws", "[bnn][elm]") {
    Rng data_rng(11);
    const MatrixXd X = test::uniform_points(12, 3, data_rng);
    const VectorXd y = smooth(X).array() + 5.0;
    const VectorXd origin = VectorXd::Zero(3);
    auto fitted = [&](bnn::ElmOptions o, const VectorXd& targets) {
        bnn::ElmEnsemble m(3, o);
        Rng rng(12);
        m.fit(X, targets, rng);
        return m;
    };
    bnn::ElmOptions o{30, 6, 10.0};
    o.biases = bnn::ElmOptions::Biases::Zero;
    // without biases every hidden unit is tanh(0) = 0 at the origin: each member predicts the
    // outputs' mean there when they are standardised, and 0 when they are fitted raw
    const auto standardised = fitted(o, y).predict(origin);
    CHECK(standardised.mean == Approx(y.mean()).epsilon(1e-12));
    CHECK(standardised.var == Approx(0).margin(1e-20));
    o.standardise_outputs = false;
    const auto raw = fitted(o, y).predict(origin);
    CHECK(raw.mean == 0);
    CHECK(raw.var == 0);
    // raw outputs: the least-squares fit is linear in the outputs, so scaling them scales
    // every member's prediction; with uniform biases the origin is not special
    o.biases = bnn::ElmOptions::Biases::Uniform;
    const VectorXd x = test::point({0.3, 0.6, 0.2});
    const auto once = fitted(o, y).predict(x), thrice = fitted(o, 3.0 * y).predict(x);
    CHECK(thrice.mean == Approx(3.0 * once.mean).epsilon(1e-8));
    CHECK(thrice.var == Approx(9.0 * once.var).epsilon(1e-8));
    CHECK(std::abs(fitted(o, y).predict(origin).mean) > 1e-3);
    // the defaults draw biases and standardise: the shipped configuration, unchanged
    const bnn::ElmOptions defaults;
    CHECK(defaults.biases == bnn::ElmOptions::Biases::Uniform);
    CHECK(defaults.standardise_outputs);
    CHECK(fitted({30, 6, 10.0}, y).predict(x).mean != Approx(once.mean).epsilon(1e-6));
}

TEST_CASE("bnn: bad input is refused with a message naming it, or has a documented fallback", "[bnn]") {
    CHECK_THROWS_WITH(bnn::Network(2, {0}, bnn::Activation::Tanh), Catch::Contains("has 0 units"));
    CHECK_THROWS_WITH(bnn::parse_activation("softmax"), Catch::Contains("unknown activation 'softmax'"));
    CHECK_THROWS_WITH(bnn::ElmEnsemble(2, {-3, 10, 10.0}), Catch::Contains("members = -3"));
    CHECK_THROWS_WITH(bnn::ElmEnsemble(2, {5, 0, 10.0}), Catch::Contains("units = 0"));
    bnn::SampledNetworkOptions o;
    o.nuts.draws = -1;
    CHECK_THROWS_WITH(bnn::SampledNetwork(2, o), Catch::Contains("draws = -1"));
    o = {};
    o.sample_steps = -10;
    CHECK_THROWS_WITH(bnn::SampledNetwork(2, o), Catch::Contains("sample_steps = -10"));
    bnn::DngoOptions d;
    d.epochs = -1;
    CHECK_THROWS_WITH(bnn::Dngo(2, d), Catch::Contains("epochs = -1"));

    Rng rng(7);
    const MatrixXd X = test::uniform_points(6, 2, rng);
    // NaN targets: those rows are dropped; all NaN: nothing to fit
    VectorXd y = smooth(X);
    y[2] = std::nan("");
    bnn::ElmEnsemble elm(2, {10, 5, 10.0});
    elm.fit(X, y, rng);
    CHECK(std::isfinite(elm.predict(X.row(0).transpose()).mean));
    CHECK_THROWS_WITH(elm.fit(X, VectorXd::Constant(6, std::nan("")), rng), Catch::Contains("no observation"));
    // constant targets: the fit sees zeros and predicts the constant
    d = {};
    d.epochs = 20;
    bnn::Dngo dngo(2, d);
    dngo.fit(X, VectorXd::Constant(6, 3.5), rng);
    CHECK(dngo.predict(X.row(1).transpose()).mean == Approx(3.5).margin(1e-3));
    CHECK(std::isfinite(dngo.predict(X.row(1).transpose()).var));
    elm.fit(X, VectorXd::Constant(6, -1.0), rng);
    CHECK(elm.predict(X.row(1).transpose()).mean == Approx(-1.0).margin(1e-9));
    // a diverging SGHMC chain restarts with smaller steps, then gives up with a message
    o = {};
    o.hidden = {5};
    o.sampler = bnn::SampledNetworkOptions::Sampler::Sghmc;
    o.sghmc.learning_rate = 1e6;
    o.burn_in_per_point = 0, o.sample_steps = 300;
    o.sghmc.keep_every = 10;
    bnn::SampledNetwork diverging(2, o);
    CHECK_THROWS_WITH(diverging.fit(X, smooth(X), rng), Catch::Contains("SGHMC diverged"));
    CHECK(diverging.sghmc_divergences() == 3);
}

TEST_CASE("bnn: a fixed SGHMC burn-in replaces the per-point rule and is not kept", "[bnn][sghmc]") {
    // The DTU thesis' BOHAMIANN (Table 5.1): 1000 burn-in steps, 2000 more keeping every 5th.
    bnn::SampledNetworkOptions o;
    o.hidden = {5};
    o.activation = bnn::Activation::Tanh;
    o.sampler = bnn::SampledNetworkOptions::Sampler::Sghmc;
    o.init = bnn::SampledNetworkOptions::Init::FanIn;
    o.burn_in = 1000, o.sample_steps = 2000;
    o.sghmc.keep_every = 5;
    Rng rng(11);
    for (int n : {5, 20}) {
        INFO(n << " observations");
        const MatrixXd X = test::uniform_points(n, 2, rng);
        bnn::SampledNetwork m(2, o);
        m.fit(X, smooth(X), rng);
        CHECK(m.sghmc_burn_in() == 1000);
        CHECK(m.function_samples() == 399);  // (2000 - 1) / 5: pybnn's keep rule
    }
    o.burn_in = -1;  // unset: 100 steps per observation
    const MatrixXd X = test::uniform_points(12, 2, rng);
    bnn::SampledNetwork per_point(2, o);
    per_point.fit(X, smooth(X), rng);
    CHECK(per_point.sghmc_burn_in() == 1200);
    CHECK(per_point.function_samples() == 399);
    o.burn_in = -2;
    CHECK_THROWS_WITH(bnn::SampledNetwork(2, o), Catch::Contains("burn_in = -2"));
}

TEST_CASE("bnn: outputs and inputs standardised once by the first fit's data, by every fit's own, or not at all",
          "[bnn][nuts]") {
    // the DTU thesis records the mean and sd "the first time the models see the data"
    Rng rng(6);
    const MatrixXd X = test::uniform_points(12, 2, rng);
    const VectorXd y = smooth(X);
    MatrixXd X2(14, 2);
    X2 << X, test::uniform_points(2, 2, rng);
    VectorXd y2(14);
    y2 << y, -50.0, -60.0;  // a run finds far better values later
    bnn::SampledNetworkOptions o;
    o.hidden = {4};
    o.nuts.warmup = 20, o.nuts.draws = 10, o.nuts.max_depth = 4;
    const double first_mean = y.mean(), first_scale = std::sqrt((y.array() - first_mean).square().mean());
    for (bool once : {true, false}) {
        o.outputs = once ? bnn::SampledNetworkOptions::OutputScaling::First
                         : bnn::SampledNetworkOptions::OutputScaling::Every;
        bnn::SampledNetwork m(2, o);
        m.fit(X, y, rng);
        CHECK(m.output_mean() == Approx(first_mean));
        CHECK(m.output_scale() == Approx(first_scale));
        m.fit(X2, y2, rng);
        const double mean2 = y2.mean(), scale2 = std::sqrt((y2.array() - mean2).square().mean());
        INFO("standardise once: " << once);
        CHECK(m.output_mean() == Approx(once ? first_mean : mean2));
        CHECK(m.output_scale() == Approx(once ? first_scale : scale2));
    }
    // inputs standardised once (the DTU thesis' x) or at every fit
    o.outputs = bnn::SampledNetworkOptions::OutputScaling::Every;
    const Eigen::RowVectorXd first_x_mean = X.colwise().mean();
    for (bool once : {true, false}) {
        o.inputs = once ? bnn::SampledNetworkOptions::InputScaling::First : bnn::SampledNetworkOptions::InputScaling::Every;
        bnn::SampledNetwork m(2, o);
        m.fit(X, y, rng);
        CHECK((m.input_mean().transpose() - first_x_mean).cwiseAbs().maxCoeff() < 1e-15);
        m.fit(X2, y2, rng);
        const Eigen::RowVectorXd mean2 = X2.colwise().mean();
        const double sd2 = std::sqrt((X2.col(0).array() - mean2[0]).square().mean());
        INFO("inputs standardised once: " << once);
        CHECK((m.input_mean().transpose() - (once ? first_x_mean : mean2)).cwiseAbs().maxCoeff() < 1e-15);
        CHECK((m.input_scale()[0] == Approx(sd2).epsilon(1e-12)) != once);
    }
    o.inputs = bnn::SampledNetworkOptions::InputScaling::None;
    // raw: the network is fitted to y itself, in every fit
    o.outputs = bnn::SampledNetworkOptions::OutputScaling::Raw;
    bnn::SampledNetwork raw(2, o);
    for (const auto& [Xi, yi] : {std::pair{X, y}, std::pair{X2, y2}}) {
        raw.fit(Xi, yi, rng);
        CHECK(raw.output_mean() == 0);
        CHECK(raw.output_scale() == 1);
    }
}
