#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "testfunctions/robot_push/robot_push.hpp"

using namespace bobench;
namespace rp = bobench::robot_push;

static std::shared_ptr<const Problem> push_problem(const std::string& id) {
    return bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
}

// Both hands parked far from the objects, at rest; the caller changes what it tests.
static Point idle() {
    const double up = std::numbers::pi / 2;
    return {-4.5, 4.5, 0, 0, 2, up, 4.5, -4.5, 0, 0, 2, up, 0, 0};
}

TEST_CASE("robot-push: the same point gives bit-identical values, on any problem object", "[robot-push]") {
    const auto a = push_problem("robot-push"), b = push_problem("robot-push:instance=0");
    Rng rng(1);
    for (int i = 0; i < 5; ++i) {
        const Point x = a->space().sample(rng);
        Rng r1(7), r2(99);
        const double v = a->evaluate(x, r1).value;
        CHECK(a->evaluate(x, r1).value == v);
        CHECK(b->evaluate(x, r2).value == v);
        CHECK(std::isfinite(v));
    }
    // goals per instance: fixed by K alone, the original's for K = 0
    const rp::Goals g0 = rp::instance_goals(0), g3 = rp::instance_goals(3), g3b = rp::instance_goals(3),
                    g4 = rp::instance_goals(4);
    CHECK(g0.x1 == 4.0);
    CHECK(g0.y1 == 3.5);
    CHECK(g0.x2 == -4.0);
    CHECK(g0.y2 == 3.5);
    CHECK(g3.x1 == g3b.x1);
    CHECK(g3.y2 == g3b.y2);
    CHECK(g3.x1 != g4.x1);
    for (double v : {g3.x1, g3.y1, g3.x2, g3.y2}) CHECK(std::abs(v) <= 5.0);
    CHECK(*push_problem("robot-push:instance=3")->optimum() == Approx(-rp::max_reward(g3)).epsilon(1e-15));
}

TEST_CASE("robot-push: untouched objects stay put and a push moves an object the pushing way", "[robot-push]") {
    // nothing touches the objects: they end where they started and the reward is 0
    const auto still = rp::simulate(idle().data());
    CHECK(still[0] == 0.0);
    CHECK(still[1] == 2.0);
    CHECK(still[2] == 0.0);
    CHECK(still[3] == -2.0);
    CHECK(rp::reward(still, rp::kOriginalGoals) == 0.0);

    // hand 1, upright, drives at 5 m/s along +x into the box at (0, 2) for 100 steps (duration 10 = 1 s)
    Point x = idle();
    x[0] = -3, x[1] = 2, x[2] = 5, x[4] = 10;
    auto p = rp::simulate(x.data());
    CHECK(p[0] > 1.0);                            // pushed along +x
    CHECK(std::abs(p[1] - 2.0) < 0.25 * p[0]);    // and mostly along it
    CHECK(p[2] == 0.0);                           // the circle was not touched
    CHECK(p[3] == -2.0);
    // the box moved towards its goal (4, 3.5): positive reward
    CHECK(rp::reward(p, rp::kOriginalGoals) > 0.5);

    // hand 2, upright, drives at 5 m/s along -x into the circle at (0, -2) for 1 s
    x = idle();
    x[6] = 3, x[7] = -2, x[8] = -5, x[10] = 10;
    p = rp::simulate(x.data());
    CHECK(p[2] < -1.0);
    CHECK(std::abs(p[3] + 2.0) < 0.25 * std::abs(p[2]));
    CHECK(p[0] == 0.0);
    CHECK(p[1] == 2.0);
}

TEST_CASE("robot-push: objective = -reward >= f* = -(start-to-goal distances) over random points", "[robot-push]") {
    for (const std::string id : {"robot-push", "robot-push:instance=5"}) {
        INFO(id);
        const auto p = push_problem(id);
        const double fstar = *p->optimum();
        CHECK(fstar < 0);
        Rng rng(3);
        int moved = 0;
        for (int i = 0; i < 25; ++i) {
            const Point x = p->space().sample(rng);
            const Evaluation e = p->evaluate(x, rng);
            CHECK(std::isfinite(e.value));
            CHECK(e.value >= fstar);
            CHECK(e.value == e.true_value);
            moved += e.value != 0.0;
        }
        CHECK(moved > 0);  // the benchmark is not flat
    }
    CHECK(*push_problem("robot-push")->optimum() == Approx(-(std::hypot(4, 1.5) + std::hypot(4, 5.5))).epsilon(1e-15));
}

TEST_CASE("robot-push: velocity noise perturbs the observed value only", "[robot-push]") {
    const auto clean = push_problem("robot-push"), noisy = push_problem("robot-push:velocity_noise=0.5");
    Point x = idle();
    x[0] = -3, x[1] = 2, x[2] = 5, x[4] = 10;
    Rng r0(1), r1(5), r2(5);
    const double truth = clean->evaluate(x, r0).value;
    const Evaluation a = noisy->evaluate(x, r1), b = noisy->evaluate(x, r2);
    CHECK(a.true_value == truth);
    CHECK(a.value != truth);
    CHECK(a.value == b.value);  // the noise comes from the run's stream
}

TEST_CASE("robot-push: bad input is refused with a clear message", "[robot-push]") {
    const auto p = push_problem("robot-push");
    Rng rng(1);
    CHECK_THROWS_WITH(p->evaluate(Point(13, 0.0), rng), Catch::Contains("robot-push takes 14 inputs, got 13"));
    CHECK_THROWS_AS(push_problem("robot-push:instance=-1"), UserError);
    CHECK_THROWS_AS(push_problem("robot-push:velocity_noise=-0.1"), UserError);
    CHECK(p->space().size() == 14);
}
