// surrogates::Classifier as BORE uses it: the network classifiers' input gradients agree
// with central differences, and an uncalibrated forest behind the interface is the forest.
#include <catch2/catch.hpp>

#include "surrogates/mlp/network_classifiers.hpp"
#include "surrogates/trees/tree_classifiers.hpp"

using namespace bobench;

namespace {
// an 8 x 5 grid of [0,1]^2 labelled 1 inside a disc
void toy_data(Eigen::MatrixXd& X, Eigen::VectorXd& z) {
    X.resize(40, 2);
    for (int i = 0; i < 40; ++i) X.row(i) << (i % 8) / 7.0, (i / 8) / 4.0;
    z.resize(40);
    for (int i = 0; i < 40; ++i) z[i] = (X.row(i).array() - 0.4).square().sum() < 0.1 ? 1.0 : 0.0;
}
}  // namespace

TEST_CASE("classifier interface: MLP and Laplace-GGN gradients match central differences", "[mlp][classifier]") {
    Eigen::MatrixXd X;
    Eigen::VectorXd z;
    toy_data(X, z);
    mlp::Options net;
    net.hidden = {8, 8};
    mlp::LaplaceOptions laplace;
    laplace.tune_prior_precision = true;
    using Average = surrogates::LaplaceGgnClassifier::Average;
    surrogates::MlpClassifier mlp_classifier(net);
    surrogates::LaplaceGgnClassifier probit(net, laplace, Average::Probit), mc(net, laplace, Average::MonteCarlo);
    for (surrogates::Classifier* c : std::initializer_list<surrogates::Classifier*>{&mlp_classifier, &probit, &mc}) {
        Rng rng(3);
        c->fit(X, z, rng);
        REQUIRE(c->has_gradient());
        const Eigen::VectorXd x = Eigen::Vector2d(0.3, 0.6);
        Eigen::VectorXd grad;
        const double p = c->probability(x, &grad);
        CHECK(p == c->probability(x));
        CHECK((p > 0 && p < 1));
        for (int j = 0; j < 2; ++j) {
            Eigen::VectorXd hi = x, lo = x;
            hi[j] += 1e-6, lo[j] -= 1e-6;
            CHECK(grad[j] == Approx((c->probability(hi) - c->probability(lo)) / 2e-6).margin(1e-6).epsilon(1e-4));
        }
    }
}

TEST_CASE("classifier interface: an uncalibrated forest is the forest, and calibration names are checked",
          "[trees][classifier]") {
    Eigen::MatrixXd X;
    Eigen::VectorXd z;
    toy_data(X, z);
    surrogates::ClassificationForestOptions o;
    o.num_trees = 20;
    auto wrapped = surrogates::make_forest_classifier(o, surrogates::Calibration::None);
    surrogates::ClassificationForest forest(o);
    Rng a(9), b(9);
    wrapped->fit(X, z, a);
    forest.fit(X, z.cast<int>(), b);
    CHECK_FALSE(wrapped->has_gradient());
    for (int i = 0; i < 5; ++i) {
        const Eigen::VectorXd x = Eigen::Vector2d(0.2 * i, 1 - 0.2 * i);
        CHECK(wrapped->probability(x) == forest.predict_proba(x));
    }
    CHECK(surrogates::parse_calibration("isotonic") == surrogates::Calibration::Isotonic);
    CHECK_THROWS_WITH(surrogates::parse_calibration("sigmoid"),
                      "calibration 'sigmoid' is not known; accepted: none, platt, isotonic");
}
