#include <catch2/catch.hpp>

#include <cmath>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "surrogates/trees/xgboost_classifier.hpp"
#include "tests/support/numeric.hpp"
#include "tests/surrogates/trees/tree_fixtures.hpp"

using namespace bobench;
using namespace bobench::surrogates;
using namespace bobench::test;

TEST_CASE("XGBoostClassifier runs on libxgboost 1.7", "[trees][xgboost]") {
    CHECK(XGBoostClassifier::library_version().rfind("1.7.", 0) == 0);
}

TEST_CASE("XGBoostClassifier one stump matches the closed form", "[trees][xgboost]") {
    // 12 points, x = 0..11, labels 0 (x < 6) and 1. From base_score 0.5 every gradient is
    // p - y = +-0.5 and every hessian 0.25, so each pure leaf of 6 points gets weight
    // -eta * G / (H + lambda) = -0.3 * (+-3) / (1.5 + 1) = -+0.36.
    Eigen::MatrixXd X(12, 1);
    Eigen::VectorXi labels(12);
    for (int i = 0; i < 12; ++i) {
        X(i, 0) = i;
        labels[i] = i < 6 ? 0 : 1;
    }
    XGBoostClassifierOptions opts;
    opts.num_rounds = 1;
    opts.max_depth = 1;
    XGBoostClassifier model(opts);
    Rng rng(1);
    model.fit(X, labels, rng);
    Eigen::VectorXd lo(1), hi(1);
    lo << 2.0;
    hi << 9.0;
    CHECK(model.predict_proba(lo) == Approx(1.0 / (1.0 + std::exp(0.36))).epsilon(1e-6));
    CHECK(model.predict_proba(hi) == Approx(1.0 / (1.0 + std::exp(-0.36))).epsilon(1e-6));
}

TEST_CASE("XGBoostClassifier separates a 2-D problem", "[trees][xgboost]") {
    Rng data_rng(31);
    const Eigen::MatrixXd X = uniform_points(200, 2, data_rng);
    XGBoostClassifier model;
    Rng rng(2);
    model.fit(X, diagonal_labels(X), rng);
    const Eigen::MatrixXd Xt = uniform_points(2000, 2, data_rng);
    const Eigen::VectorXi truth = diagonal_labels(Xt);
    Eigen::VectorXd proba;
    model.predict_proba(Xt, proba);
    REQUIRE(proba.size() == 2000);
    CHECK(proba.minCoeff() >= 0.0);
    CHECK(proba.maxCoeff() <= 1.0);
    int correct = 0;
    for (int i = 0; i < 2000; ++i) correct += (proba[i] > 0.5) == (truth[i] == 1);
    INFO("accuracy " << correct / 2000.0);
    CHECK(correct / 2000.0 > 0.92);
}

TEST_CASE("XGBoostClassifier batch (strided, in place) equals single-row prediction",
          "[trees][xgboost]") {
    Rng data_rng(32);
    const Eigen::MatrixXd X = uniform_points(100, 5, data_rng);
    const Eigen::VectorXi labels = labels_where(100, [&](Eigen::Index i) { return X(i, 1) - X(i, 4) > 0.1; });
    XGBoostClassifier model;
    Rng rng(3);
    model.fit(X, labels, rng);
    const Eigen::MatrixXd Xt = uniform_points(40, 5, data_rng);
    Eigen::VectorXd proba;
    model.predict_proba(Xt, proba);
    for (int i = 0; i < 40; ++i)
        CHECK(proba[i] == model.predict_proba(Eigen::VectorXd(Xt.row(i).transpose())));
    // The batch read the columns correctly: predictions differ across rows.
    CHECK(proba.maxCoeff() - proba.minCoeff() > 0.5);
}

TEST_CASE("XGBoostClassifier is deterministic by seed", "[trees][xgboost]") {
    const SumAboveHalf data(33);
    auto run = [&](std::uint64_t seed) {
        XGBoostClassifier model;
        return std::pair{fitted_proba(model, data.X, data.labels, seed, data.Xt), model.seed()};
    };
    const auto a = run(7), b = run(7), c = run(8);
    CHECK(a.first == b.first);
    CHECK(a.second == b.second);
    CHECK(a.second != c.second);  // the XGBoost seed comes from the Rng
}

TEST_CASE("XGBoostClassifier with one class predicts that class", "[trees][xgboost]") {
    Rng data_rng(34);
    const Eigen::MatrixXd X = uniform_points(10, 2, data_rng);
    for (int cls : {0, 1}) {
        XGBoostClassifier model;
        Rng rng(1), untouched(1);
        model.fit(X, Eigen::VectorXi::Constant(10, cls), rng);
        CHECK(model.is_constant());
        CHECK(rng == untouched);
        CHECK(model.predict_proba(Eigen::VectorXd::Constant(2, 0.3)) == double(cls));
    }
}

TEST_CASE("XGBoostClassifier rejects bad input", "[trees][xgboost]") {
    XGBoostClassifier model;
    Rng rng(1);
    const ThreeRows valid;
    CHECK_THROWS_WITH(model.fit(Eigen::MatrixXd(0, 2), Eigen::VectorXi(0), rng),
                      "XGBoostClassifier: no training data (X has 0 rows); at least 1 row is "
                      "required");
    CHECK_THROWS_WITH(model.fit(valid.X, Eigen::VectorXi::Zero(2), rng),
                      "XGBoostClassifier: labels has 2 entries but X has 3 rows; they must be equal");
    Eigen::VectorXi bad = valid.labels;
    bad[0] = -1;
    CHECK_THROWS_WITH(model.fit(valid.X, bad, rng),
                      "XGBoostClassifier: labels(0) = -1 is not a binary label; accepted labels "
                      "are 0 and 1");
    CHECK_THROWS_WITH(model.predict_proba(Eigen::VectorXd::Zero(2)),
                      "XGBoostClassifier::predict_proba called before fit");
    model.fit(valid.X, valid.labels, rng);
    CHECK_THROWS_WITH(model.predict_proba(Eigen::VectorXd::Zero(5)),
                      "XGBoostClassifier: query point has 5 entries but the model was fitted on 2 "
                      "features");
    XGBoostClassifierOptions opts;
    opts.tree_method = "gpu_hist";
    CHECK_THROWS_WITH(XGBoostClassifier(opts),
                      "XGBoostClassifier: tree_method = 'gpu_hist' is invalid; accepted: exact, "
                      "approx, hist, auto");
    opts = {};
    opts.eta = 0.0;
    CHECK_THROWS_WITH(XGBoostClassifier(opts),
                      "XGBoostClassifier: eta = 0 is invalid; it must be a finite number > 0");
}
