// The joint MAP of criterion=cl (acquisitions/joint_conditional_map.hpp): J's gradient against
// finite differences, where x^ goes on 1-D toys with a known answer, the box, bad input.
#include <catch2/catch.hpp>

#include <cmath>

#include "acquisitions/joint_conditional_map.hpp"
#include "core/error.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
// y = f(x) at x = 0, 0.05, ..., 1
void observe(double (*f)(double), MatrixXd& X, VectorXd& y) {
    X.resize(21, 1);
    y.resize(21);
    for (int i = 0; i <= 20; ++i) {
        X(i, 0) = i / 20.0;
        y[i] = f(X(i, 0));
    }
}

// The minimiser of a 1-D network on a grid of [0,1].
double grid_argmin(const acquisitions::ForwardNetwork& f) {
    double best = INFINITY, at = 0;
    for (int k = 0; k <= 1000; ++k) {
        const double v = f(VectorXd::Constant(1, k / 1000.0));
        if (v < best) best = v, at = k / 1000.0;
    }
    return at;
}
}  // namespace

TEST_CASE("cl criterion: the gradient of J in x^ and in the weights matches central differences",
          "[acquisitions][cl]") {
    Rng rng(5);
    const acquisitions::ForwardNetwork net(2, {50, 50}, rng);
    const MatrixXd X = test::uniform_points(6, 2, rng);
    const VectorXd t = test::uniform_points(6, 1, rng, -1.0, 1.0).col(0);
    const VectorXd x_hat = (VectorXd(2) << 0.3, 0.6).finished();
    const double t_star = -1.5, l1 = 1e-2, l2 = 2e-2;  // penalties large enough to be seen
    acquisitions::JointMapGradient g;
    acquisitions::joint_map_objective(net, X, t, x_hat, t_star, l1, l2, &g);
    const VectorXd dx = test::central_difference(
        [&](const VectorXd& x) { return acquisitions::joint_map_objective(net, X, t, x, t_star, l1, l2); }, x_hat);
    CHECK(test::gradient_mismatch(g.x, dx, 1e-5, 1e-8) <= 1);
    // weights of all three layers, a hidden bias, the output weight and bias (layout: each
    // layer's W column-major, then b; 2x50 + 50, 50x50 + 50, 1x50 + 1)
    for (Eigen::Index i : {0, 7, 120, 1000, 2600, 2700, 2749, 2750}) {
        const auto J = [&](const VectorXd& wi) {
            acquisitions::ForwardNetwork moved = net;
            moved.w[i] = wi[0];
            return acquisitions::joint_map_objective(moved, X, t, x_hat, t_star, l1, l2);
        };
        INFO("parameter " << i);
        const VectorXd numeric = test::central_difference(J, net.w.segment(i, 1));
        CHECK(test::gradient_mismatch(g.w.segment(i, 1), numeric, 1e-5, 1e-8) <= 1);
    }
}

TEST_CASE("cl criterion: on f(x) = x with a target below every observation x^ goes to the low end",
          "[acquisitions][cl]") {
    MatrixXd X;
    VectorXd y;
    observe([](double x) { return x; }, X, y);
    Rng rng(11);
    acquisitions::JointConditionalMap cl(1, 500);
    const VectorXd x = cl.propose(X, y, -0.3, VectorXd::Constant(1, 0.5), rng);
    INFO("x^ = " << x[0]);
    CHECK(x[0] < 0.1);
}

TEST_CASE("cl criterion: on f(x) = (x - 0.7)^2 with the minimum as target x^ lands near 0.7", "[acquisitions][cl]") {
    MatrixXd X;
    VectorXd y;
    observe([](double x) { return (x - 0.7) * (x - 0.7); }, X, y);
    for (double start : {0.2, 0.95}) {
        Rng rng(12);
        acquisitions::JointConditionalMap cl(1, 500);
        const VectorXd x = cl.propose(X, y, 0.0, VectorXd::Constant(1, start), rng);
        INFO("start " << start << ", x^ = " << x[0]);
        CHECK(x[0] == Approx(0.7).margin(0.05));
        // the pseudo-observation asks for the fitted network's lowest value: x^ is its minimiser
        // (the network's own, about 0.67 after 500 steps, not the true 0.7)
        CHECK(x[0] == Approx(grid_argmin(*cl.network())).margin(0.02));
    }
}

TEST_CASE("cl criterion: x^ stays in the unit cube", "[acquisitions][cl]") {
    Rng rng(13);
    const MatrixXd X = test::uniform_points(12, 3, rng);
    const VectorXd y = X.rowwise().sum() + test::uniform_points(12, 1, rng).col(0);
    acquisitions::JointConditionalMap cl(3, 200);
    for (double target : {-100.0, 0.5, 100.0}) {
        for (double start : {-1.0, 0.0, 0.5, 1.0, 2.0}) {  // a start outside is clipped first
            const VectorXd x = cl.propose(X, y, target, VectorXd::Constant(3, start), rng);
            CHECK(x.minCoeff() >= 0.0);
            CHECK(x.maxCoeff() <= 1.0);
        }
    }
}

TEST_CASE("cl criterion: bad input is named", "[acquisitions][cl]") {
    MatrixXd X;
    VectorXd y;
    observe([](double x) { return x; }, X, y);
    Rng rng(14);
    acquisitions::JointConditionalMap cl(1, 20);
    const VectorXd start = VectorXd::Constant(1, 0.5);
    CHECK_THROWS_WITH(cl.propose(X, VectorXd::Constant(21, NAN), 0.0, start, rng),
                      Catch::Contains("cl criterion: no finite observation"));
    CHECK_THROWS_WITH(cl.propose(X, y, NAN, start, rng),
                      Catch::Contains("cl criterion: the target E[y*] is not finite"));
    CHECK_THROWS_WITH(cl.propose(X, y, INFINITY, start, rng), Catch::Contains("cl criterion"));
    CHECK_THROWS_WITH(acquisitions::JointConditionalMap(1, 0), Catch::Contains("cl criterion: cl_steps = 0"));
    CHECK_THROWS_WITH(acquisitions::JointConditionalMap(1, -3), Catch::Contains("cl criterion: cl_steps"));
    VectorXd with_nan = y;  // a failed evaluation is skipped, not an error
    with_nan[3] = NAN;
    CHECK(cl.propose(X, with_nan, 0.0, start, rng).allFinite());
}
