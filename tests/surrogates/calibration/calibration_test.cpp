#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "surrogates/calibration/isotonic_regression.hpp"
#include "surrogates/calibration/platt_scaling.hpp"

using bobench::Rng;
using bobench::UserError;
using bobench::surrogates::IsotonicRegression;
using bobench::surrogates::PlattScaling;

namespace {

Eigen::VectorXd vec(std::initializer_list<double> v) {
    Eigen::VectorXd out(v.size());
    int k = 0;
    for (double x : v) out[k++] = x;
    return out;
}

Eigen::VectorXi ivec(std::initializer_list<int> v) {
    Eigen::VectorXi out(v.size());
    int k = 0;
    for (int x : v) out[k++] = x;
    return out;
}

}  // namespace

TEST_CASE("PlattScaling recovers closed-form parameters", "[calibration][platt]") {
    // With two distinct scores the model is saturated: sigmoid(a s + b) equals the mean
    // smoothed target at each score.
    SECTION("symmetric: a = ln 2, b = 0") {
        // s = +1: 3 positives, 1 negative; s = -1: 1 positive, 3 negatives. N+ = N- = 4,
        // targets 5/6 and 1/6: mean target 2/3 at s = +1 and 1/3 at s = -1.
        PlattScaling platt;
        platt.fit(vec({1, 1, 1, 1, -1, -1, -1, -1}), ivec({1, 1, 1, 0, 1, 0, 0, 0}));
        CHECK(platt.a() == Approx(std::log(2.0)).epsilon(1e-10));
        CHECK(platt.b() == Approx(0.0).margin(1e-10));
        CHECK(platt.transform(1.0) == Approx(2.0 / 3.0).epsilon(1e-10));
    }
    SECTION("asymmetric: a = ln 2.5, b = ln 2") {
        // s = +1: 3 positives; s = -1: 1 positive, 2 negatives. N+ = 4, N- = 2, targets
        // 5/6 and 1/4: mean target 5/6 at s = +1 and 4/9 at s = -1, so a + b = ln 5 and
        // b - a = ln 0.8.
        PlattScaling platt;
        platt.fit(vec({1, 1, 1, -1, -1, -1}), ivec({1, 1, 1, 1, 0, 0}));
        CHECK(platt.a() == Approx(std::log(2.5)).epsilon(1e-10));
        CHECK(platt.b() == Approx(std::log(2.0)).epsilon(1e-10));
        CHECK(platt.transform(-1.0) == Approx(4.0 / 9.0).epsilon(1e-10));
    }
    SECTION("one class: a = 0, b = logit of the smoothed target") {
        PlattScaling platt;
        platt.fit(vec({0.1, 0.5, 0.9, 1.3, 2.0}), ivec({1, 1, 1, 1, 1}));
        CHECK(platt.a() == Approx(0.0).margin(1e-10));
        CHECK(platt.b() == Approx(std::log(6.0)).epsilon(1e-10));  // t = 6/7
    }
}

TEST_CASE("PlattScaling satisfies the optimality conditions on generic data",
          "[calibration][platt]") {
    // Scores: noisy logits of the labels. At the optimum sum(p - t) = sum((p - t) s) = 0.
    Rng rng(41);
    boost::random::normal_distribution<double> noise(0.0, 1.0);
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    const int n = 300;
    Eigen::VectorXd s(n);
    Eigen::VectorXi labels(n);
    for (int i = 0; i < n; ++i) {
        s[i] = 3.0 * noise(rng);
        labels[i] = u(rng) < 1.0 / (1.0 + std::exp(-(0.5 * s[i] - 0.7))) ? 1 : 0;
    }
    PlattScaling platt;
    platt.fit(s, labels);
    const double n_pos = labels.sum(), n_neg = n - n_pos;
    double g_a = 0.0, g_b = 0.0;
    for (int i = 0; i < n; ++i) {
        const double t = labels[i] ? (n_pos + 1) / (n_pos + 2) : 1.0 / (n_neg + 2);
        const double r = platt.transform(s[i]) - t;
        g_a += r * s[i];
        g_b += r;
    }
    CHECK(std::abs(g_a) < 1e-8);
    CHECK(std::abs(g_b) < 1e-8);
    // The generating slope and intercept are recovered roughly.
    CHECK(platt.a() == Approx(0.5).margin(0.2));
    CHECK(platt.b() == Approx(-0.7).margin(0.4));
    CHECK(platt.iterations() < 20);
}

TEST_CASE("PlattScaling stays finite on separable scores", "[calibration][platt]") {
    PlattScaling platt;
    platt.fit(vec({-3, -2, -1, 1, 2, 3}), ivec({0, 0, 0, 1, 1, 1}));
    CHECK(std::isfinite(platt.a()));
    CHECK(platt.a() > 0.0);
    // The smoothed targets (4/5 and 1/5 here) keep the fit from saturating.
    CHECK(platt.transform(3.0) < 0.9);
    CHECK(platt.transform(-3.0) > 0.1);
    Eigen::VectorXd out;
    platt.transform(vec({-3, 0, 3}), out);
    CHECK(out[0] < out[1]);
    CHECK(out[1] < out[2]);
}

TEST_CASE("PlattScaling rejects bad input", "[calibration][platt]") {
    PlattScaling platt;
    CHECK_THROWS_WITH(platt.transform(0.0), "PlattScaling::transform called before fit");
    CHECK_THROWS_WITH(platt.fit(Eigen::VectorXd(0), Eigen::VectorXi(0)),
                      "PlattScaling: no scores given; at least 1 is required");
    CHECK_THROWS_WITH(platt.fit(vec({1, 2}), ivec({1})),
                      "PlattScaling: labels has 1 entries but scores has 2; they must be equal");
    CHECK_THROWS_WITH(platt.fit(vec({1, 2}), ivec({1, 3})),
                      "PlattScaling: labels(1) = 3 is not a binary label; accepted labels are 0 "
                      "and 1");
    CHECK_THROWS_WITH(platt.fit(vec({1, std::numeric_limits<double>::quiet_NaN()}), ivec({1, 0})),
                      "PlattScaling: scores(1) = nan is not finite; values must be finite numbers");
}

TEST_CASE("IsotonicRegression pools adjacent violators (hand-worked sequences)",
          "[calibration][isotonic]") {
    SECTION("two separate violations") {
        // 1 3 2 4 3 5 -> 1 2.5 2.5 3.5 3.5 5
        IsotonicRegression iso;
        iso.fit(vec({1, 2, 3, 4, 5, 6}), vec({1, 3, 2, 4, 3, 5}));
        CHECK(iso.knots_y() == vec({1, 2.5, 2.5, 3.5, 3.5, 5}));
    }
    SECTION("a cascade back to the start") {
        // 4 1 -> 2.5 2.5; then 2 < 2.5 -> (4+1+2)/3 = 7/3 for all three; 3 stays.
        IsotonicRegression iso;
        iso.fit(vec({1, 2, 3, 4}), vec({4, 1, 2, 3}));
        CHECK(iso.knots_y()[0] == Approx(7.0 / 3.0));
        CHECK(iso.knots_y()[2] == Approx(7.0 / 3.0));
        CHECK(iso.knots_y()[3] == 3.0);
        // Interpolation between knots, clipping outside.
        CHECK(iso.transform(1.5) == Approx(7.0 / 3.0));
        CHECK(iso.transform(3.5) == Approx(8.0 / 3.0));
        CHECK(iso.transform(-10.0) == Approx(7.0 / 3.0));
        CHECK(iso.transform(10.0) == 3.0);
    }
    SECTION("unsorted input, tied scores and weights") {
        // Scores 2, 1, 1 with targets 0, 1, 0: the tie at 1 averages to 0.5 (weight 2), then
        // 0 at score 2 violates: (0.5 * 2 + 0) / 3 = 1/3 for both knots.
        IsotonicRegression iso;
        iso.fit(vec({2, 1, 1}), vec({0, 1, 0}));
        CHECK(iso.knots_x() == vec({1, 2}));
        CHECK(iso.knots_y()[0] == Approx(1.0 / 3.0));
        CHECK(iso.knots_y()[1] == Approx(1.0 / 3.0));
        // Weights 3 and 1 on a violating pair: (3 * 3 + 1 * 1) / 4 = 2.5.
        iso.fit(vec({1, 2}), vec({3, 1}), vec({3, 1}));
        CHECK(iso.knots_y() == vec({2.5, 2.5}));
    }
    SECTION("labels as targets") {
        IsotonicRegression iso;
        iso.fit(vec({0.1, 0.2, 0.3, 0.4, 0.5}), ivec({0, 1, 0, 1, 1}));
        CHECK(iso.knots_y() == vec({0, 0.5, 0.5, 1, 1}));
        CHECK(iso.transform(0.15) == Approx(0.25));
    }
}

TEST_CASE("IsotonicRegression matches the min-max formula on random data",
          "[calibration][isotonic]") {
    // Independent check: the weighted isotonic fit is
    //   yhat_i = max_{j <= i} min_{k >= i} (weighted mean of y_j..y_k).
    Rng rng(42);
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    for (int rep = 0; rep < 20; ++rep) {
        const int n = 15;
        Eigen::VectorXd x(n), y(n), w(n);
        for (int i = 0; i < n; ++i) {
            x[i] = i + 0.5 * u(rng);  // increasing, distinct
            y[i] = u(rng) + 0.05 * i;
            w[i] = 0.2 + u(rng);
        }
        IsotonicRegression iso;
        iso.fit(x, y, w);
        for (int i = 0; i < n; ++i) {
            double best = -1e300;
            for (int j = 0; j <= i; ++j) {
                double inner = 1e300;
                for (int k = i; k < n; ++k) {
                    const double m = (w.segment(j, k - j + 1).array() * y.segment(j, k - j + 1).array()).sum() /
                                     w.segment(j, k - j + 1).sum();
                    inner = std::min(inner, m);
                }
                best = std::max(best, inner);
            }
            CHECK(iso.knots_y()[i] == Approx(best).epsilon(1e-12));
        }
    }
}

TEST_CASE("IsotonicRegression rejects bad input", "[calibration][isotonic]") {
    IsotonicRegression iso;
    CHECK_THROWS_WITH(iso.transform(0.0), "IsotonicRegression::transform called before fit");
    CHECK_THROWS_WITH(iso.fit(Eigen::VectorXd(0), Eigen::VectorXd(0)),
                      "IsotonicRegression: no scores given; at least 1 is required");
    CHECK_THROWS_WITH(iso.fit(vec({1, 2}), vec({1, 2, 3})),
                      "IsotonicRegression: targets has 3 entries but scores has 2; they must be "
                      "equal");
    CHECK_THROWS_WITH(iso.fit(vec({1, 2}), vec({1, 2}), vec({1, 0})),
                      "IsotonicRegression: weights(1) = 0 is invalid; weights must be > 0");
    iso.fit(vec({3.0}), vec({0.25}));
    CHECK(iso.transform(-1.0) == 0.25);
    CHECK(iso.transform(7.0) == 0.25);
    CHECK(std::isnan(iso.transform(std::numeric_limits<double>::quiet_NaN())));
}
