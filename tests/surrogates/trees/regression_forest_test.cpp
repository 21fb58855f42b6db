#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "surrogates/trees/regression_forest.hpp"
#include "tests/support/numeric.hpp"
#include "tests/surrogates/trees/tree_fixtures.hpp"

using namespace bobench;
using namespace bobench::surrogates;
using namespace bobench::test;

namespace {

double f1(double x) { return std::sin(6.0 * x) + x; }

double f5(const Eigen::VectorXd& x) {
    // x[4] is irrelevant on purpose.
    return 2.0 * x[0] + std::sin(3.0 * x[1]) + x[2] * x[2] + 0.5 * x[3];
}

Eigen::VectorXd row(const Eigen::MatrixXd& X, Eigen::Index i) { return X.row(i).transpose(); }

}  // namespace

TEST_CASE("RegressionForest fits a 1-D function", "[trees][regression_forest]") {
    Rng data_rng(11);
    const Eigen::MatrixXd X = uniform_points(40, 1, data_rng);
    Eigen::VectorXd y(40);
    for (int i = 0; i < 40; ++i) y[i] = f1(X(i, 0));

    RegressionForest forest;
    Rng rng(5);
    forest.fit(X, y, rng);
    REQUIRE(forest.num_trees() == 30);
    REQUIRE(forest.num_features() == 1);

    double train_sq = 0.0;
    for (int i = 0; i < 40; ++i) train_sq += std::pow(forest.predict(row(X, i)).mean - y[i], 2);
    const double train_rmse = std::sqrt(train_sq / 40);

    double test_sq = 0.0, y_sq = 0.0, y_mean = 0.0;
    const int n_test = 200;
    for (int k = 0; k < n_test; ++k) y_mean += f1(0.05 + 0.9 * k / (n_test - 1)) / n_test;
    for (int k = 0; k < n_test; ++k) {
        const double x = 0.05 + 0.9 * k / (n_test - 1);
        Eigen::VectorXd q(1);
        q << x;
        const Prediction p = forest.predict(q);
        REQUIRE(p.var >= 0.0);
        test_sq += std::pow(p.mean - f1(x), 2);
        y_sq += std::pow(f1(x) - y_mean, 2);
    }
    const double test_rmse = std::sqrt(test_sq / n_test);
    const double y_sd = std::sqrt(y_sq / n_test);
    INFO("train RMSE " << train_rmse << ", test RMSE " << test_rmse << ", sd(f) " << y_sd);
    CHECK(train_rmse < 0.05);
    CHECK(test_rmse < 0.15 * y_sd);
}

TEST_CASE("RegressionForest fits a 5-D function", "[trees][regression_forest]") {
    Rng data_rng(12);
    const Eigen::MatrixXd X = uniform_points(400, 5, data_rng);
    Eigen::VectorXd y(400);
    for (int i = 0; i < 400; ++i) y[i] = f5(row(X, i));
    const Eigen::MatrixXd Xt = uniform_points(300, 5, data_rng, 0.1, 0.9);
    Eigen::VectorXd yt(300);
    for (int i = 0; i < 300; ++i) yt[i] = f5(row(Xt, i));

    RegressionForest forest;
    Rng rng(6);
    forest.fit(X, y, rng);

    double train_sq = 0.0;
    for (int i = 0; i < 400; ++i) train_sq += std::pow(forest.predict(row(X, i)).mean - y[i], 2);

    Eigen::VectorXd mean, var;
    forest.predict(Xt, mean, var);
    const double test_mse = (mean - yt).squaredNorm() / 300;
    const double y_var = (yt.array() - yt.mean()).square().mean();
    const double r2 = 1.0 - test_mse / y_var;
    INFO("train RMSE " << std::sqrt(train_sq / 400) << ", held-out R^2 " << r2);
    CHECK(std::sqrt(train_sq / 400) < 0.25 * std::sqrt(y_var));
    CHECK(r2 > 0.8);
    CHECK(var.minCoeff() >= 0.0);
}

TEST_CASE("RegressionForest variance is larger far from data than at data",
          "[trees][regression_forest]") {
    // Two clusters, [0, 0.2] and [0.8, 1]; the split between them is drawn uniformly in the
    // gap, so trees disagree in the middle of the gap and agree at the data.
    Rng data_rng(13);
    Eigen::MatrixXd X = uniform_points(30, 1, data_rng, 0.0, 0.2);
    X.bottomRows(15).array() += 0.8;
    Eigen::VectorXd y(30);
    for (int i = 0; i < 30; ++i) y[i] = f1(X(i, 0));

    RegressionForest forest;
    Rng rng(7);
    forest.fit(X, y, rng);
    double near = 0.0;
    for (int i = 0; i < 30; ++i) near += forest.predict(row(X, i)).var / 30;
    Eigen::VectorXd middle(1);
    middle << 0.5;
    const double far = forest.predict(middle).var;
    INFO("mean variance at data " << near << ", variance at x=0.5 " << far);
    CHECK(far > 10.0 * near);
}

TEST_CASE("RegressionForest law of total variance on a hand-made two-tree case",
          "[trees][regression_forest]") {
    // x = 0, 0, 1, 1 with y = 1, 3, 10, 14. The only possible split separates x=0 from x=1.
    Eigen::MatrixXd X(4, 1);
    X << 0, 0, 1, 1;
    Eigen::VectorXd y(4);
    y << 1, 3, 10, 14;
    // Tree A: weights 1,1,1,1 -> left leaf {1,3}: mean 2, var 2; right {10,14}: mean 12, var 8.
    // Tree B: weights 2,1,0,1 -> left {1,1,3}: mean 5/3, var 4/3; right {14}: mean 14, var 0.
    Eigen::VectorXi wa(4), wb(4);
    wa << 1, 1, 1, 1;
    wb << 2, 1, 0, 1;
    RegressionForest forest;
    Rng rng(1);
    forest.fit_weighted(X, y, {wa, wb}, rng);
    REQUIRE(forest.num_trees() == 2);
    REQUIRE(forest.num_nodes(0) == 3);
    REQUIRE(forest.num_nodes(1) == 3);

    Eigen::VectorXd left(1), right(1);
    left << -1.0;
    right << 2.0;
    CHECK(forest.tree_leaf(0, left).mean == Approx(2.0));
    CHECK(forest.tree_leaf(0, left).var == Approx(2.0));
    CHECK(forest.tree_leaf(1, left).mean == Approx(5.0 / 3.0));
    CHECK(forest.tree_leaf(1, left).var == Approx(4.0 / 3.0));
    CHECK(forest.tree_leaf(1, right).mean == Approx(14.0));
    CHECK(forest.tree_leaf(1, right).var == 0.0);

    // mean = (2 + 5/3)/2; var = (2 - 5/3)^2 / 2 + (2 + 4/3)/2 = 1/18 + 5/3.
    const Prediction pl = forest.predict(left);
    CHECK(pl.mean == Approx(11.0 / 6.0).epsilon(1e-14));
    CHECK(pl.var == Approx(1.0 / 18.0 + 5.0 / 3.0).epsilon(1e-14));
    // mean = (12 + 14)/2; var = (12 - 14)^2 / 2 + (8 + 0)/2 = 6.
    const Prediction pr = forest.predict(right);
    CHECK(pr.mean == Approx(13.0).epsilon(1e-14));
    CHECK(pr.var == Approx(6.0).epsilon(1e-14));
}

TEST_CASE("RegressionForest without bootstrap interpolates the training points exactly",
          "[trees][regression_forest]") {
    Rng data_rng(14);
    const Eigen::MatrixXd X = uniform_points(25, 3, data_rng);
    Eigen::VectorXd y(25);
    for (int i = 0; i < 25; ++i) y[i] = X(i, 0) - 2.0 * X(i, 1) * X(i, 2);
    RegressionForestOptions opts;
    opts.bootstrap = false;
    opts.num_trees = 5;
    RegressionForest forest(opts);
    Rng rng(3);
    forest.fit(X, y, rng);
    for (int i = 0; i < 25; ++i) {
        const Prediction p = forest.predict(row(X, i));
        CHECK(p.mean == y[i]);
        CHECK(p.var == 0.0);
    }
    // Fully grown, every leaf holds one point: 25 leaves and 24 internal nodes.
    CHECK(forest.num_nodes(0) == 49);
}

TEST_CASE("RegressionForest is deterministic by seed", "[trees][regression_forest]") {
    Rng data_rng(15);
    const Eigen::MatrixXd X = uniform_points(60, 4, data_rng);
    Eigen::VectorXd y(60);
    for (int i = 0; i < 60; ++i) y[i] = X.row(i).sum() + std::cos(5.0 * X(i, 0));
    const Eigen::MatrixXd Xt = uniform_points(50, 4, data_rng);

    auto predictions = [&](std::uint64_t seed) {
        RegressionForest forest;
        Rng rng(seed);
        forest.fit(X, y, rng);
        Eigen::VectorXd mean, var;
        forest.predict(Xt, mean, var);
        return std::pair{mean, var};
    };
    const auto a = predictions(42), b = predictions(42), c = predictions(43);
    CHECK(a.first == b.first);
    CHECK(a.second == b.second);
    CHECK((a.first - c.first).cwiseAbs().maxCoeff() > 1e-6);
}

TEST_CASE("RegressionForest batch predict equals single predict", "[trees][regression_forest]") {
    Rng data_rng(16);
    const Eigen::MatrixXd X = uniform_points(80, 3, data_rng);
    const Eigen::VectorXd y = X.col(0).array().sin() + X.col(1).array() * X.col(2).array();
    RegressionForest forest;
    Rng rng(2);
    forest.fit(X, y, rng);
    const Eigen::MatrixXd Xt = uniform_points(40, 3, data_rng);
    Eigen::VectorXd mean, var;
    forest.predict(Xt, mean, var);
    for (int i = 0; i < 40; ++i) {
        const Prediction p = forest.predict(row(Xt, i));
        CHECK(p.mean == mean[i]);
        CHECK(p.var == var[i]);
    }
}

TEST_CASE("RegressionForest bootstrap draws N points with replacement",
          "[trees][regression_forest]") {
    Rng rng(17);
    const int n = 200, reps = 200;
    double zero_fraction = 0.0;
    for (int r = 0; r < reps; ++r) {
        const Eigen::VectorXi w = RegressionForest::draw_bootstrap_weights(n, rng);
        REQUIRE(w.sum() == n);
        REQUIRE(w.minCoeff() >= 0);
        zero_fraction += static_cast<double>((w.array() == 0).count()) / (n * reps);
    }
    // P(point not drawn) = (1 - 1/n)^n = 0.3670 for n = 200; sd of the average ~ 0.0024.
    CHECK(zero_fraction == Approx(std::pow(1.0 - 1.0 / n, n)).margin(0.01));

    // fit() is fit_weighted() with one bootstrap draw per tree, all drawn first.
    Rng data_rng(18);
    const Eigen::MatrixXd X = uniform_points(30, 2, data_rng);
    const Eigen::VectorXd y = X.col(0) - X.col(1);
    RegressionForestOptions opts;
    opts.num_trees = 4;
    RegressionForest by_fit(opts), by_weights(opts);
    Rng r1(99), r2(99);
    by_fit.fit(X, y, r1);
    std::vector<Eigen::VectorXi> weights;
    for (int t = 0; t < 4; ++t) weights.push_back(RegressionForest::draw_bootstrap_weights(30, r2));
    by_weights.fit_weighted(X, y, weights, r2);
    const Eigen::MatrixXd Xt = uniform_points(20, 2, data_rng);
    for (int i = 0; i < 20; ++i) {
        CHECK(by_fit.predict(row(Xt, i)).mean == by_weights.predict(row(Xt, i)).mean);
        CHECK(by_fit.predict(row(Xt, i)).var == by_weights.predict(row(Xt, i)).var);
    }
}

TEST_CASE("RegressionForest options change the trees", "[trees][regression_forest]") {
    Rng data_rng(19);
    const Eigen::MatrixXd X = uniform_points(50, 4, data_rng);
    const Eigen::VectorXd y = X.col(0) + 3.0 * X.col(3);

    SECTION("max_depth = 1 grows stumps") {
        RegressionForestOptions opts;
        opts.max_depth = 1;
        RegressionForest forest(opts);
        Rng rng(1);
        forest.fit(X, y, rng);
        for (int t = 0; t < forest.num_trees(); ++t) CHECK(forest.num_nodes(t) == 3);
    }
    SECTION("constant responses give single-leaf trees with zero variance") {
        RegressionForest forest;
        Rng rng(1);
        forest.fit(X, Eigen::VectorXd::Constant(50, 2.5), rng);
        for (int t = 0; t < forest.num_trees(); ++t) CHECK(forest.num_nodes(t) == 1);
        const Prediction p = forest.predict(row(X, 3));
        CHECK(p.mean == 2.5);
        CHECK(p.var == 0.0);
    }
    SECTION("max_features = 1 tries one random feature per split") {
        // Without bootstrap and with all features tried, every tree has the same splits
        // (only split values differ). With one random feature per split, trees differ, so
        // their leaf means at a query point disagree somewhere.
        RegressionForestOptions all, one;
        all.bootstrap = one.bootstrap = false;
        one.max_features = 1;
        RegressionForest f_all(all), f_one(one);
        Rng r1(4), r2(4);
        f_all.fit(X, y, r1);
        f_one.fit(X, y, r2);
        for (int t = 1; t < f_all.num_trees(); ++t) CHECK(f_all.num_nodes(t) == f_all.num_nodes(0));
        const Eigen::MatrixXd Xt = uniform_points(30, 4, data_rng);
        Eigen::VectorXd m_all, v_all, m_one, v_one;
        f_all.predict(Xt, m_all, v_all);
        f_one.predict(Xt, m_one, v_one);
        CHECK(v_one.mean() > v_all.mean());
    }
}

TEST_CASE("RegressionForest rejects bad input", "[trees][regression_forest]") {
    RegressionForest forest;
    Rng rng(1);
    const ThreeRows valid;

    CHECK_THROWS_WITH(forest.fit(Eigen::MatrixXd(0, 2), Eigen::VectorXd(0), rng),
                      "RegressionForest: no training data (X has 0 rows); at least 1 row is required");
    CHECK_THROWS_WITH(forest.fit(Eigen::MatrixXd(3, 0), valid.y, rng),
                      "RegressionForest: X has 0 columns; at least 1 feature is required");
    CHECK_THROWS_WITH(forest.fit(valid.X, Eigen::VectorXd(2), rng),
                      "RegressionForest: y has 2 entries but X has 3 rows; they must be equal");
    Eigen::MatrixXd Xnan = valid.X;
    Xnan(1, 1) = std::nan("");
    CHECK_THROWS_WITH(forest.fit(Xnan, valid.y, rng),
                      "RegressionForest: X(1,1) = nan is not finite; inputs must be finite numbers");
    Eigen::VectorXd yinf = valid.y;
    yinf[2] = INFINITY;
    CHECK_THROWS_WITH(forest.fit(valid.X, yinf, rng),
                      "RegressionForest: y(2) = inf is not finite; values must be finite numbers");
    CHECK_THROWS_WITH(forest.predict(Eigen::VectorXd::Zero(2)),
                      "RegressionForest::predict called before fit");
    CHECK_THROWS_WITH(forest.fit_weighted(valid.X, valid.y, {Eigen::VectorXi::Zero(3)}, rng),
                      "RegressionForest: all weights of tree 0 are 0; each tree needs at least one "
                      "positive weight");
    CHECK_THROWS_WITH(forest.fit_weighted(valid.X, valid.y, {Eigen::VectorXi::Ones(2)}, rng),
                      "RegressionForest: weights of tree 0 have 2 entries but X has 3 rows; they "
                      "must be equal");
    CHECK_THROWS_AS(forest.fit_weighted(valid.X, valid.y, {}, rng), UserError);

    forest.fit(valid.X, valid.y, rng);
    CHECK_THROWS_WITH(forest.predict(Eigen::VectorXd::Zero(3)),
                      "RegressionForest: query point has 3 entries but the model was fitted on 2 "
                      "features");
    Eigen::VectorXd qnan = Eigen::VectorXd::Zero(2);
    qnan[0] = std::nan("");
    CHECK_THROWS_WITH(forest.predict(qnan),
                      "RegressionForest: x(0) = nan is not finite; values must be finite numbers");

    RegressionForestOptions bad;
    bad.num_trees = 0;
    CHECK_THROWS_WITH(RegressionForest(bad),
                      "RegressionForest: num_trees = 0 is invalid; it must be >= 1");
    bad = {};
    bad.min_samples_leaf = 0;
    CHECK_THROWS_WITH(RegressionForest(bad),
                      "RegressionForest: min_samples_leaf = 0 is invalid; it must be >= 1");
}

TEST_CASE("RegressionForest with one training point predicts it everywhere",
          "[trees][regression_forest]") {
    RegressionForest forest;
    Rng rng(1);
    Eigen::MatrixXd X(1, 2);
    X << 0.3, 0.7;
    Eigen::VectorXd y(1);
    y << -4.0;
    forest.fit(X, y, rng);
    const Prediction p = forest.predict(Eigen::VectorXd::Constant(2, 0.9));
    CHECK(p.mean == -4.0);
    CHECK(p.var == 0.0);
}
