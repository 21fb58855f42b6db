// The expected minimum and the cl-inverse criterion (acquisitions/conditional_map.hpp) against
// hand-computed cases (the joint MAP of criterion=cl: joint_conditional_map_test.cpp).
#include <catch2/catch.hpp>

#include <cmath>

#include "acquisitions/conditional_map.hpp"
#include "core/error.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
// A test input with a known predictive: mean x_0, variance 1 everywhere.
class SlopeModel final : public surrogates::RegressionModel {
public:
    void fit(const MatrixXd&, const VectorXd&, Rng&) override {}
    surrogates::Prediction predict(const VectorXd& x) const override { return {x[0], 1.0}; }
};
}  // namespace

TEST_CASE("cl criterion: E[y*] = y_min - max EI by random search", "[acquisitions][cl]") {
    // max EI below y_min = 0.5 is at x_0 = 0: z = 0.5, EI = 0.5 Phi(0.5) + phi(0.5)
    //   = 0.5 * 0.6914625 + 0.3520653 = 0.6977966
    SlopeModel model;
    Rng rng(3);
    const double target = acquisitions::expected_minimum(model, 2, 0.5, 4000, rng);
    CHECK(target == Approx(0.5 - 0.6977966).margin(2e-3));  // the best of 4000 draws has x_0 < 1e-3 or so
    CHECK(target >= 0.5 - 0.6977966);                       // random search never beats the maximum
}

TEST_CASE("cl-inverse criterion: the inverse network maps the target value to the place it predicts", "[acquisitions][cl]") {
    // observations on the line x = (0.1 + 0.2 y, 0.9 - 0.2 y), y = 0..4: the elastic-net MAP
    // of y -> x is (nearly) that line, so y* = 1.5 maps to (0.4, 0.6)
    MatrixXd X(5, 2);
    VectorXd y(5);
    for (int i = 0; i < 5; ++i) {
        y[i] = i;
        X(i, 0) = 0.1 + 0.2 * i;
        X(i, 1) = 0.9 - 0.2 * i;
    }
    Rng rng(8);
    acquisitions::InverseConditionalMap cl(2, 1000);
    const VectorXd x = cl.propose(X, y, 1.5, rng);
    CHECK(x[0] == Approx(0.4).margin(0.02));
    CHECK(x[1] == Approx(0.6).margin(0.02));
    // far below every observation the answer is still a point of the cube
    const VectorXd far = cl.propose(X, y, -100.0, rng);
    CHECK(far.minCoeff() >= 0.0);
    CHECK(far.maxCoeff() <= 1.0);
    CHECK(far[0] < 0.1);  // extrapolates along the line (x_0 falls with y) ...
    CHECK(far[1] > 0.9);
    // failed evaluations are skipped, bad input is named
    VectorXd with_nan = y;
    with_nan[2] = NAN;
    CHECK(cl.propose(X, with_nan, 1.5, rng).allFinite());
    CHECK_THROWS_WITH(cl.propose(X, y, NAN, rng), Catch::Contains("E[y*] is not finite"));
    CHECK_THROWS_WITH(acquisitions::InverseConditionalMap(2, 0), Catch::Contains("cl-inverse criterion: cl_steps"));
}
