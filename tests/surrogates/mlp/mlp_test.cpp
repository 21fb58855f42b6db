#include <catch2/catch.hpp>

#include <cmath>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/mlp/mlp.hpp"
#include "tests/support/numeric.hpp"
#include "tests/surrogates/mlp/mlp_fixtures.hpp"

using namespace bobench;
using namespace bobench::mlp;
using namespace bobench::test;

namespace {

Options small_net(Activation a) {
    Options o;
    o.hidden = {7, 5};
    o.activation = a;
    return o;
}

// A network whose weights are scaled up so that its outputs are far from linear.
mlp::Classifier random_network(std::size_t d, Activation a, std::uint64_t seed) {
    Rng rng(seed);
    mlp::Classifier net(d, small_net(a), rng);
    Eigen::VectorXd theta = net.parameters() * 1.5;
    boost::random::uniform_real_distribution<double> u(-0.3, 0.3);
    for (Eigen::Index k = 0; k < theta.size(); ++k) theta[k] += u(rng);  // nonzero biases too
    net.set_parameters(theta);
    return net;
}

}  // namespace

TEST_CASE("mlp: input gradients of logit and probability match central differences", "[mlp]") {
    for (Activation a : {Activation::Elu, Activation::Relu}) {
        const mlp::Classifier net = random_network(3, a, 11);
        Rng rng(12);
        const Eigen::MatrixXd X = uniform_points(20, 3, rng, -2, 2);
        int alive = 0;
        for (Eigen::Index n = 0; n < X.rows(); ++n) {
            const Eigen::VectorXd x = X.row(n).transpose();
            Eigen::VectorXd g(3), gp(3);
            const double f = net.logit_and_gradient(x, g);
            const double p = net.probability_and_gradient(x, gp);
            CHECK(f == Approx(net.logit(x)).epsilon(1e-14));
            CHECK(p == Approx(sigmoid(f)).epsilon(1e-14));
            const Eigen::VectorXd fd = central_difference([&](const Eigen::VectorXd& v) { return net.logit(v); }, x, 1e-6);
            const Eigen::VectorXd fdp =
                central_difference([&](const Eigen::VectorXd& v) { return net.probability(v); }, x, 1e-6);
            CHECK((g - fd).norm() <= 1e-6 * (1 + fd.norm()));
            CHECK((gp - fdp).norm() <= 1e-6 * (1 + fdp.norm()));
            alive += g.norm() > 1e-3;
        }
        CHECK(alive >= 15);  // most points have a nonzero gradient, so the check is not vacuous
    }
}

TEST_CASE("mlp: parameter Jacobian matches central differences", "[mlp]") {
    for (Activation a : {Activation::Elu, Activation::Relu}) {
        mlp::Classifier net = random_network(2, a, 21);
        Rng rng(22);
        const Eigen::MatrixXd X = uniform_points(6, 2, rng, -2, 2);
        const Eigen::MatrixXd J = net.parameter_jacobian(X);
        REQUIRE(J.cols() == static_cast<Eigen::Index>(net.parameter_count()));
        REQUIRE(net.parameter_count() == 2 * 7 + 7 + 7 * 5 + 5 + 5 + 1);
        const Eigen::MatrixXd fd = fd_jacobian(net, X);
        CHECK((J - fd).cwiseAbs().maxCoeff() <= 1e-6 * (1 + fd.cwiseAbs().maxCoeff()));
        CHECK(J.cwiseAbs().maxCoeff() > 0.1);
    }
}

TEST_CASE("mlp: tangent of the input gradient along a parameter direction matches differences", "[mlp]") {
    mlp::Classifier net = random_network(3, Activation::Elu, 31);
    Rng rng(32);
    const Eigen::VectorXd theta = net.parameters();
    const Eigen::VectorXd u = uniform_points(theta.size(), 1, rng, -1, 1).col(0);
    const Eigen::VectorXd x = uniform_points(1, 3, rng, -1, 1).row(0).transpose();
    Eigen::VectorXd g(3), dg(3), gp(3), gm(3);
    net.logit_gradient_and_tangent(x, u, g, dg);
    const double h = 1e-6;
    net.set_parameters(theta + h * u);
    net.logit_and_gradient(x, gp);
    net.set_parameters(theta - h * u);
    net.logit_and_gradient(x, gm);
    net.set_parameters(theta);
    const Eigen::VectorXd fd = (gp - gm) / (2 * h);
    CHECK((dg - fd).norm() <= 1e-6 * (1 + fd.norm()));
    Eigen::VectorXd g0(3);
    net.logit_and_gradient(x, g0);
    CHECK((g - g0).norm() <= 1e-14 * (1 + g0.norm()));
}

TEST_CASE("mlp: the epoch rule is BORE's floor(S / ceil(N / B))", "[mlp]") {
    CHECK(bore_epochs(50, 100, 64) == 100);
    CHECK(bore_epochs(64, 100, 64) == 100);
    CHECK(bore_epochs(65, 100, 64) == 50);
    CHECK(bore_epochs(200, 100, 64) == 25);
    CHECK(bore_epochs(500, 100, 64) == 12);
    CHECK(bore_epochs(6400, 100, 64) == 1);
    CHECK(bore_epochs(6401, 100, 64) == 0);  // the rule's corner: no training at all
    CHECK(bore_epochs(0, 100, 64) == 0);

    Rng rng(41);
    const Eigen::MatrixXd X = uniform_points(500, 2, rng, -1, 1);
    const Eigen::VectorXd z = (X.col(0).array() > 0).cast<double>();
    mlp::Classifier net(2, Options{}, rng);
    const FitReport r = net.fit(X, z, rng);
    CHECK(r.epochs == 12);
    CHECK(r.steps == 12 * 8);  // 8 batches per epoch, the last one short
}

TEST_CASE("mlp: training on a separable toy reaches high accuracy", "[mlp]") {
    Rng rng(51);
    const Eigen::MatrixXd X = uniform_points(300, 2, rng, -1, 1);
    // a curved boundary, so a linear model would not do
    const Eigen::VectorXd z = (X.col(1).array() > X.col(0).array().square() - 0.5).cast<double>();
    Options o;
    o.steps = 1500;
    mlp::Classifier net(2, o, rng);
    const double before = net.objective(X, z);
    const FitReport r = net.fit(X, z, rng);
    CHECK(r.objective < 0.5 * before);
    const Eigen::VectorXd p = net.probabilities(X);
    const double accuracy = ((p.array() > 0.5).cast<double>() == z.array()).cast<double>().mean();
    INFO("training accuracy " << accuracy << ", objective " << r.objective);
    CHECK(accuracy >= 0.97);
    // and on fresh points from the same distribution
    const Eigen::MatrixXd T = uniform_points(1000, 2, rng, -1, 1);
    const Eigen::VectorXd zt = (T.col(1).array() > T.col(0).array().square() - 0.5).cast<double>();
    const double test_accuracy =
        ((net.probabilities(T).array() > 0.5).cast<double>() == zt.array()).cast<double>().mean();
    CHECK(test_accuracy >= 0.95);
}

TEST_CASE("mlp: same seed, same network and different seed, different network", "[mlp]") {
    Rng data_rng(61);
    const Eigen::MatrixXd X = uniform_points(100, 3, data_rng, -1, 1);
    const Eigen::VectorXd z = (X.rowwise().sum().array() > 0).cast<double>();
    auto train = [&](std::uint64_t seed) {
        Rng rng(seed);
        mlp::Classifier net(3, Options{}, rng);
        net.fit(X, z, rng);
        net.fit(X, z, rng);
        return net.parameters();
    };
    const Eigen::VectorXd a = train(7), b = train(7), c = train(8);
    CHECK(a == b);  // bit-identical
    CHECK((a - c).norm() > 1e-3);
}

TEST_CASE("mlp: warm start continues training, cold start does not", "[mlp]") {
    Rng data_rng(71);
    const Eigen::MatrixXd X = uniform_points(200, 2, data_rng, -1, 1);
    const Eigen::VectorXd z = (X.col(0).array() * X.col(1).array() > 0).cast<double>();  // XOR-like
    Rng rng(72);
    mlp::Classifier warm(2, Options{}, rng);
    const double one = warm.fit(X, z, rng).objective;
    const double two = warm.fit(X, z, rng).objective;
    CHECK(two < one);

    // cold: every fit starts from fresh weights, so a second fit from the same stream state
    // gives what the first gave
    Options cold_options;
    cold_options.warm_start = false;
    Rng r1(73), r2(73);
    mlp::Classifier cold(2, cold_options, r1);
    mlp::Classifier twin(2, cold_options, r2);
    cold.fit(X, z, r1);
    Rng r3 = r1;  // stream position after the first fit
    cold.fit(X, z, r1);
    twin.fit(X, z, r3);  // twin fits once, from the same stream state
    CHECK(cold.parameters() == twin.parameters());
}

TEST_CASE("mlp: the prior precision pulls the weights towards zero", "[mlp]") {
    Rng data_rng(81);
    const Eigen::MatrixXd X = uniform_points(100, 2, data_rng, -1, 1);
    const Eigen::VectorXd z = (X.col(0).array() > 0).cast<double>();
    auto norm_after = [&](double delta) {
        Options o;
        o.prior_precision = delta;
        o.steps = 800;
        Rng rng(82);
        mlp::Classifier net(2, o, rng);
        net.fit(X, z, rng);
        return net.parameters().norm();
    };
    CHECK(norm_after(50.0) < 0.8 * norm_after(0.0));
}

TEST_CASE("mlp: bad options and inputs are rejected with the value named", "[mlp]") {
    Rng rng(1);
    auto make = [&](auto edit) {
        Options o;
        edit(o);
        return mlp::Classifier(2, o, rng);
    };
    CHECK_THROWS_WITH(make([](Options& o) { o.hidden = {32, 0}; }), Catch::Contains("width 0 must be >= 1"));
    CHECK_THROWS_WITH(make([](Options& o) { o.prior_precision = -1; }), Catch::Contains("prior_precision = -1"));
    CHECK_THROWS_WITH(make([](Options& o) { o.learning_rate = 0; }), Catch::Contains("learning_rate = 0"));
    CHECK_THROWS_WITH(make([](Options& o) { o.batch_size = 0; }), Catch::Contains("batch_size = 0"));
    CHECK_THROWS_WITH(make([](Options& o) { o.beta2 = 1; }), Catch::Contains("beta2 = 1 must be in [0, 1)"));
    CHECK_THROWS_AS(make([](Options& o) { o.steps = -1; }), UserError);
    CHECK_THROWS_WITH(parse_activation("tanh"), "unknown activation 'tanh'; expected one of elu, relu");
    CHECK(parse_activation("relu") == Activation::Relu);
    mlp::Classifier net(2, Options{}, rng);
    CHECK_THROWS_AS(net.logit(Eigen::VectorXd::Zero(3)), std::invalid_argument);
    Eigen::MatrixXd X = Eigen::MatrixXd::Zero(2, 2);
    CHECK_THROWS_AS(net.fit(X, Eigen::VectorXd::Constant(2, 2.0), rng), std::invalid_argument);
    X(0, 0) = std::nan("");
    CHECK_THROWS_AS(net.fit(X, Eigen::VectorXd::Zero(2), rng), std::invalid_argument);
}
