#include <cmath>
#include <memory>
#include <numbers>

#include <catch2/catch.hpp>

#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/differential_evolution.hpp"
#include "acquisitions/maximizers/multistart_lbfgsb.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"
#include "core/error.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::acquisitions;

namespace {

// -||x - c||^2 with c = (0.3, 0.7, 0.55): maximum 0 at c.
Objective bowl(bool with_gradient) {
    return {[](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
                Eigen::VectorXd c(3);
                c << 0.3, 0.7, 0.55;
                if (g) *g = -2.0 * (x - c);
                return -(x - c).squaredNorm();
            },
            with_gradient};
}

// -Branin on [0,1]^2 encoded to x1 = 15u - 5, x2 = 15v (maximum -0.397887 at three points).
Objective negative_branin() {
    return {[](const Eigen::VectorXd& u, Eigen::VectorXd* g) {
                const double pi = std::numbers::pi;
                const double b = 5.1 / (4 * pi * pi), c = 5 / pi, t = 1 / (8 * pi);
                const double x1 = 15 * u[0] - 5, x2 = 15 * u[1];
                const double q = x2 - b * x1 * x1 + c * x1 - 6;
                if (g) {
                    g->resize(2);
                    (*g)[0] = -15 * (2 * q * (-2 * b * x1 + c) - 10 * (1 - t) * std::sin(x1));
                    (*g)[1] = -15 * (2 * q);
                }
                return -(q * q + 10 * (1 - t) * std::cos(x1) + 10);
            },
            true};
}

constexpr double kBraninMin = 0.397887357729739;

}  // namespace

TEST_CASE("maximizers find the top of a quadratic bowl", "[maximizers]") {
    const Box box = Box::unit(3);
    Eigen::VectorXd c(3);
    c << 0.3, 0.7, 0.55;
    Rng rng(1);
    SECTION("random sampling") {
        const MaximizeResult r = RandomSampling({20000, 0.0, 0.1}).maximize(bowl(false), box, rng);
        CHECK(r.evaluations == 20000);
        CHECK(r.value > -4e-3);  // the best of 20000 uniform points in 3-D
        CHECK(box.contains(r.x));
    }
    SECTION("differential evolution") {
        const MaximizeResult r =
            DifferentialEvolution({30, 0.5, 0.9, 3000}).maximize(bowl(false), box, rng);
        CHECK(r.evaluations == 3000);
        CHECK((r.x - c).norm() < 1e-4);
    }
    SECTION("multi-start L-BFGS-B, analytic and finite-difference gradients") {
        for (bool grad : {true, false}) {
            const MaximizeResult r = MultiStartLbfgsb({100, 3, 50, 1e-9, 1e-12}).maximize(bowl(grad), box, rng);
            CHECK((r.x - c).norm() < 1e-6);
            CHECK(r.value > -1e-12);
        }
    }
}

TEST_CASE("maximizers find the optimum of Branin on the unit square", "[maximizers]") {
    const Box box = Box::unit(2);
    Rng rng(7);
    const MaximizeResult de =
        DifferentialEvolution({20, 0.5, 0.9, 4000}).maximize(negative_branin(), box, rng);
    CHECK(-de.value == Approx(kBraninMin).epsilon(1e-6));
    const MaximizeResult lb = MultiStartLbfgsb().maximize(negative_branin(), box, rng);
    CHECK(-lb.value == Approx(kBraninMin).epsilon(1e-9));
    const MaximizeResult rs = RandomSampling({5000, 0.0, 0.1}).maximize(negative_branin(), box, rng);
    CHECK(-rs.value < kBraninMin + 0.05);
}

TEST_CASE("maximizers are deterministic, honour candidates and stay in the box", "[maximizers]") {
    const Box box{Eigen::Vector2d(-1.0, 2.0), Eigen::Vector2d(0.5, 3.0)};
    // Maximum of -||x - (0.7, 1.5)||^2 over the box is at the corner (0.5, 2).
    const Objective f{[](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
                          const Eigen::Vector2d c(0.7, 1.5);
                          if (g) *g = -2.0 * (x - c);
                          return -(x - c).squaredNorm();
                      },
                      true};
    std::unique_ptr<Maximizer> all[] = {
        std::make_unique<RandomSampling>(RandomSamplingOptions{200, 0.3, 0.1}),
        std::make_unique<DifferentialEvolution>(DifferentialEvolutionOptions{10, 0.5, 0.9, 500}),
        std::make_unique<MultiStartLbfgsb>(MultiStartLbfgsbOptions{50, 2, 50, 1e-9, 1e-10})};
    Eigen::MatrixXd candidates(1, 2);
    candidates << 0.5, 2.0;
    for (const auto& m : all) {
        Rng a(3), b(3);
        const MaximizeResult ra = m->maximize(f, box, a), rb = m->maximize(f, box, b);
        CHECK(ra.x == rb.x);
        CHECK(box.contains(ra.x));
        const MaximizeResult rc = m->maximize(f, box, a, candidates);
        CHECK(rc.value == Approx(-(0.2 * 0.2 + 0.5 * 0.5)).epsilon(1e-12));
    }
}

TEST_CASE("multi-start L-BFGS-B maximises a GP's EI at least as well as dense sampling", "[maximizers]") {
    Rng rng(5);
    const Eigen::MatrixXd X = test::uniform_points(12, 2, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    surrogates::GaussianProcess gp(2);
    gp.fit(X, y, rng);
    const ExpectedImprovement ei(gp, y.minCoeff());
    const Objective f = make_objective(ei);
    CHECK(f.has_gradient);
    const MaximizeResult dense = RandomSampling({20000, 0.0, 0.1}).maximize(f, Box::unit(2), rng);
    const MaximizeResult lb = MultiStartLbfgsb().maximize(f, Box::unit(2), rng);
    CHECK(lb.value >= dense.value);
    CHECK(lb.value > 0.0);
}

TEST_CASE("multi-start L-BFGS-B: start_scores picks the start and only L-BFGS-B's points compete", "[maximizers]") {
    // f on [0, 1]: peaks near 0.125 (height 1) and 0.625 (height 2); a start scorer that
    // prefers x near 0.1 sends the one L-BFGS-B run up the lower peak
    Objective f{[](const Eigen::VectorXd& x, Eigen::VectorXd* g) {
                    const double a = std::sin(4 * std::numbers::pi * x[0]), w = 1 + (x[0] > 0.5 ? 1.0 : 0.0);
                    if (g) *g = Eigen::VectorXd::Constant(1, w * 4 * std::numbers::pi * std::cos(4 * std::numbers::pi * x[0]));
                    return w * a;
                },
                true};
    const MultiStartLbfgsb one_start({200, 1, 50, 1e-9, 1e-12});
    Rng a(3);
    const MaximizeResult by_f = one_start.maximize(f, Box::unit(1), a);
    CHECK(by_f.x[0] == Approx(0.625).margin(1e-4));
    long ranked = 0;
    f.start_scores = [&](const Eigen::MatrixXd& X, Eigen::VectorXd& scores, Rng&) {
        ranked += X.cols();
        scores = -(X.row(0).array() - 0.1).square().transpose();
    };
    Rng b(3);
    const MaximizeResult by_scorer = one_start.maximize(f, Box::unit(1), b);
    CHECK(ranked == 200);
    CHECK(by_scorer.x[0] == Approx(0.125).margin(1e-4));
    CHECK(by_scorer.evaluations < 50);  // L-BFGS-B's calls only, not the 200 ranked points
    CHECK(by_f.evaluations > 200);
}

TEST_CASE("maximizers reject bad arguments", "[maximizers]") {
    CHECK_THROWS_WITH(DifferentialEvolution({10, 2.5, 0.9, 100}),
                      "DifferentialEvolution: F 2.500000 must be in (0, 2]");
    CHECK_THROWS_WITH(RandomSampling({0, 0.0, 0.1}), "RandomSampling: n_samples 0 must be >= 1");
    CHECK_THROWS_WITH(MultiStartLbfgsb({10, 0, 10, 1e-9, 1e-10}),
                      "MultiStartLbfgsb: n_starts 0 must be >= 1");
    Rng rng(1);
    const Box bad{Eigen::Vector2d(0.0, 1.0), Eigen::Vector2d(1.0, 0.5)};
    CHECK_THROWS_WITH(RandomSampling().maximize(bowl(false), bad, rng),
                      "RandomSampling: box dimension 1 is [1.000000, 0.500000]; bounds must be "
                      "finite with lower <= upper");
    Eigen::MatrixXd outside(1, 3);
    outside << 0.5, 1.5, 0.5;
    CHECK_THROWS_WITH(MultiStartLbfgsb().maximize(bowl(true), Box::unit(3), rng, outside),
                      "MultiStartLbfgsb: candidate row 0 lies outside the box");
}
