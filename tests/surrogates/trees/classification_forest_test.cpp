#include <catch2/catch.hpp>

#include <cmath>
#include <initializer_list>
#include <numeric>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "surrogates/trees/classification_forest.hpp"
#include "tests/support/numeric.hpp"
#include "tests/surrogates/trees/tree_fixtures.hpp"

using namespace bobench;
using namespace bobench::surrogates;
using namespace bobench::test;

namespace {

// A forest fitted (seed 3) to x = 0, 1, ..., 5 in one dimension with these six labels.
ClassificationForest fit_on_line(const ClassificationForestOptions& opts, std::initializer_list<int> six_labels) {
    Eigen::MatrixXd X(6, 1);
    X << 0, 1, 2, 3, 4, 5;
    const Eigen::VectorXi labels = Eigen::Map<const Eigen::VectorXi>(six_labels.begin(), 6);
    ClassificationForest forest(opts);
    Rng rng(3);
    forest.fit(X, labels, rng);
    return forest;
}

}  // namespace

TEST_CASE("ClassificationForest separates a 2-D problem", "[trees][classification_forest]") {
    Rng data_rng(21);
    const Eigen::MatrixXd X = uniform_points(200, 2, data_rng);
    const Eigen::VectorXi labels = diagonal_labels(X);
    ClassificationForest forest;
    Rng rng(1);
    forest.fit(X, labels, rng);
    REQUIRE(forest.num_trees() == 100);
    REQUIRE(forest.features_per_split() == 1);

    const Eigen::MatrixXd Xt = uniform_points(2000, 2, data_rng);
    const Eigen::VectorXi truth = diagonal_labels(Xt);
    Eigen::VectorXd proba;
    forest.predict_proba(Xt, proba);
    REQUIRE(proba.minCoeff() >= 0.0);
    REQUIRE(proba.maxCoeff() <= 1.0);
    int correct = 0, n_clear = 0, correct_clear = 0;
    for (int i = 0; i < 2000; ++i) {
        const bool ok = (proba[i] > 0.5) == (truth[i] == 1);
        correct += ok;
        if (std::abs(Xt(i, 0) + Xt(i, 1) - 1.0) > 0.1) {
            ++n_clear;
            correct_clear += ok;
        }
    }
    INFO("accuracy " << correct / 2000.0 << ", away from the boundary "
                     << double(correct_clear) / n_clear);
    CHECK(correct / 2000.0 > 0.92);
    CHECK(double(correct_clear) / n_clear > 0.99);
    CHECK(forest.predict_proba(point({0.05, 0.05})) < 0.15);
    CHECK(forest.predict_proba(point({0.95, 0.95})) > 0.85);
}

TEST_CASE("ClassificationForest hand-made tree: gini, ties and midpoint thresholds",
          "[trees][classification_forest]") {
    // x = 0..5, labels 0 0 1 0 1 1. Root: splitting after x=1 or after x=3 both score 4.5
    // (the best); the first (threshold 1.5) wins. Right node {1 0 1 1}: best after x=3
    // (threshold 3.5), then {1 0} splits at 2.5.
    ClassificationForestOptions opts;
    opts.num_trees = 1;
    opts.bootstrap = false;
    const ClassificationForest forest = fit_on_line(opts, {0, 0, 1, 0, 1, 1});
    CHECK(forest.num_nodes(0) == 7);
    CHECK(forest.predict_proba(point({1.49})) == 0.0);
    CHECK(forest.predict_proba(point({1.51})) == 1.0);
    CHECK(forest.predict_proba(point({2.49})) == 1.0);
    CHECK(forest.predict_proba(point({2.51})) == 0.0);
    CHECK(forest.predict_proba(point({3.49})) == 0.0);
    CHECK(forest.predict_proba(point({3.51})) == 1.0);
    CHECK(forest.predict_proba(point({1.5})) == 0.0);  // x <= threshold goes left
}

TEST_CASE("ClassificationForest leaves store class-1 fractions", "[trees][classification_forest]") {
    // max_depth 1 on x = 0..5 with labels 0 1 0 1 1 1: the best stump splits at 2.5, its
    // left leaf holds {0 1 0} (fraction 1/3) and its right leaf {1 1 1}.
    ClassificationForestOptions opts;
    opts.num_trees = 3;
    opts.bootstrap = false;
    opts.max_depth = 1;
    const ClassificationForest forest = fit_on_line(opts, {0, 1, 0, 1, 1, 1});
    CHECK(forest.num_nodes(0) == 3);
    CHECK(forest.predict_proba(point({2.4})) == Approx(1.0 / 3.0).epsilon(1e-15));
    CHECK(forest.predict_proba(point({2.6})) == 1.0);
}

TEST_CASE("ClassificationForest does not depend on the order of the rows",
          "[trees][classification_forest]") {
    Rng data_rng(22);
    const Eigen::MatrixXd X = uniform_points(120, 4, data_rng);
    const Eigen::VectorXi labels =
        labels_where(120, [&](Eigen::Index i) { return X(i, 0) * X(i, 1) + 0.3 * X(i, 3) > 0.35; });
    std::vector<int> perm(120);
    std::iota(perm.begin(), perm.end(), 0);
    std::reverse(perm.begin(), perm.end());
    std::rotate(perm.begin(), perm.begin() + 37, perm.end());
    Eigen::MatrixXd Xp(120, 4);
    Eigen::VectorXi lp(120);
    for (int i = 0; i < 120; ++i) {
        Xp.row(i) = X.row(perm[i]);
        lp[i] = labels[perm[i]];
    }
    const Eigen::MatrixXd Xt = uniform_points(300, 4, data_rng);

    SECTION("without bootstrap the forest is identical") {
        ClassificationForestOptions opts;
        opts.bootstrap = false;
        opts.num_trees = 20;
        ClassificationForest a(opts), b(opts);
        Rng ra(5), rb(5);
        a.fit(X, labels, ra);
        b.fit(Xp, lp, rb);
        Eigen::VectorXd pa, pb;
        a.predict_proba(Xt, pa);
        b.predict_proba(Xt, pb);
        CHECK(pa == pb);
    }
    SECTION("with bootstrap the seed-averaged predictions agree") {
        // Average over 8 seeds each: the permuted fit sees different bootstrap samples,
        // so only the distribution is equal. The seed-to-seed spread of one forest's
        // prediction is ~0.03 here; a row-order effect would show as a larger gap.
        Eigen::VectorXd avg_a = Eigen::VectorXd::Zero(300), avg_b = Eigen::VectorXd::Zero(300);
        for (std::uint64_t seed = 0; seed < 8; ++seed) {
            ClassificationForest a, b;
            Rng ra(100 + seed), rb(200 + seed);
            a.fit(X, labels, ra);
            b.fit(Xp, lp, rb);
            Eigen::VectorXd pa, pb;
            a.predict_proba(Xt, pa);
            b.predict_proba(Xt, pb);
            avg_a += pa / 8.0;
            avg_b += pb / 8.0;
        }
        const double mean_abs_gap = (avg_a - avg_b).cwiseAbs().mean();
        INFO("mean |gap| " << mean_abs_gap);
        CHECK(mean_abs_gap < 0.03);
        // The agreement is not trivial: the predictions are far from constant.
        CHECK(avg_a.maxCoeff() - avg_a.minCoeff() > 0.8);
    }
}

TEST_CASE("ClassificationForest is deterministic by seed", "[trees][classification_forest]") {
    const SumAboveHalf data(23);
    auto run = [&](std::uint64_t seed) {
        ClassificationForest forest;
        return fitted_proba(forest, data.X, data.labels, seed, data.Xt);
    };
    const Eigen::VectorXd a = run(9), b = run(9), c = run(10);
    CHECK(a == b);
    CHECK((a - c).cwiseAbs().maxCoeff() > 1e-3);
}

TEST_CASE("ClassificationForest batch predict equals single predict",
          "[trees][classification_forest]") {
    Rng data_rng(24);
    const Eigen::MatrixXd X = uniform_points(60, 6, data_rng);
    const Eigen::VectorXi labels = labels_where(60, [&](Eigen::Index i) { return X(i, 2) > 0.4; });
    ClassificationForest forest;
    Rng rng(4);
    forest.fit(X, labels, rng);
    REQUIRE(forest.features_per_split() == 2);
    const Eigen::MatrixXd Xt = uniform_points(50, 6, data_rng);
    Eigen::VectorXd proba;
    forest.predict_proba(Xt, proba);
    for (int i = 0; i < 50; ++i)
        CHECK(proba[i] == forest.predict_proba(Eigen::VectorXd(Xt.row(i).transpose())));
}

TEST_CASE("ClassificationForest resolves max_features", "[trees][classification_forest]") {
    Rng rng(1);
    auto resolved = [&](int d, int max_features) {
        Rng data_rng(2);
        const Eigen::MatrixXd X = uniform_points(10, d, data_rng);
        Eigen::VectorXi labels = Eigen::VectorXi::Zero(10);
        labels.head(5).setOnes();
        ClassificationForestOptions opts;
        opts.num_trees = 1;
        opts.max_features = max_features;
        ClassificationForest forest(opts);
        forest.fit(X, labels, rng);
        return forest.features_per_split();
    };
    CHECK(resolved(1, 0) == 1);
    CHECK(resolved(3, 0) == 1);
    CHECK(resolved(4, 0) == 2);
    CHECK(resolved(6, 0) == 2);
    CHECK(resolved(30, 0) == 5);
    CHECK(resolved(6, 4) == 4);
    CHECK(resolved(6, 10) == 6);
}

TEST_CASE("ClassificationForest with one class predicts that class",
          "[trees][classification_forest]") {
    Rng data_rng(25);
    const Eigen::MatrixXd X = uniform_points(20, 3, data_rng);
    for (int cls : {0, 1}) {
        ClassificationForest forest;
        Rng rng(8), untouched(8);
        forest.fit(X, Eigen::VectorXi::Constant(20, cls), rng);
        CHECK(forest.is_constant());
        CHECK(forest.num_trees() == 0);
        CHECK(rng == untouched);  // the fallback uses no random numbers
        CHECK(forest.predict_proba(Eigen::VectorXd::Constant(3, 0.5)) == double(cls));
        Eigen::VectorXd proba;
        forest.predict_proba(X, proba);
        CHECK(proba == Eigen::VectorXd::Constant(20, double(cls)));
    }
}

TEST_CASE("ClassificationForest rejects bad input", "[trees][classification_forest]") {
    ClassificationForest forest;
    Rng rng(1);
    const ThreeRows valid;
    CHECK_THROWS_WITH(forest.fit(Eigen::MatrixXd(0, 2), Eigen::VectorXi(0), rng),
                      "ClassificationForest: no training data (X has 0 rows); at least 1 row is "
                      "required");
    CHECK_THROWS_WITH(forest.fit(valid.X, Eigen::VectorXi::Zero(4), rng),
                      "ClassificationForest: labels has 4 entries but X has 3 rows; they must be "
                      "equal");
    Eigen::VectorXi bad = valid.labels;
    bad[1] = 2;
    CHECK_THROWS_WITH(forest.fit(valid.X, bad, rng),
                      "ClassificationForest: labels(1) = 2 is not a binary label; accepted labels "
                      "are 0 and 1");
    CHECK_THROWS_WITH(forest.predict_proba(Eigen::VectorXd::Zero(2)),
                      "ClassificationForest::predict_proba called before fit");
    forest.fit(valid.X, valid.labels, rng);
    Eigen::VectorXd out;
    CHECK_THROWS_WITH(forest.predict_proba(Eigen::MatrixXd::Zero(4, 3), out),
                      "ClassificationForest: query matrix has 3 columns but the model was fitted "
                      "on 2 features");
    ClassificationForestOptions opts;
    opts.min_samples_split = 1;
    CHECK_THROWS_WITH(ClassificationForest(opts),
                      "ClassificationForest: min_samples_split = 1 is invalid; it must be >= 2");
}
