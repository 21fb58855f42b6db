#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "core/registry.hpp"
#include "cli/catalog.hpp"
#include "testfunctions/synthetic/synthetic.hpp"

using namespace bobench;

static std::shared_ptr<const synthetic::SyntheticFunction> synthetic_function(const std::string& id) {
    auto p = bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
    return std::dynamic_pointer_cast<const synthetic::SyntheticFunction>(p);
}

static double f(const std::string& id, Point x) {
    Rng rng(1);
    return synthetic_function(id)->evaluate(x, rng).value;
}

TEST_CASE("synthetic: f(x*) = f* at every stated minimiser", "[synthetic]") {
    for (const std::string id :
         {"ackley", "ackley:d=7", "bohachevsky", "branin", "camelback", "forrester", "goldstein-price", "hartmann3",
          "hartmann6", "levy", "levy:d=1", "levy:d=5", "levy:d=10", "michalewicz", "michalewicz:d=5",
          "michalewicz:d=10", "rosenbrock", "rosenbrock:d=5", "rosenbrock:d=20", "sinone", "sintwo",
          "styblinski-tang", "styblinski-tang:d=6"}) {
        INFO(id);
        const auto p = synthetic_function(id);
        REQUIRE(p);
        const double fopt = *p->optimum();
        for (const Point& x : p->minimizers()) {
            REQUIRE(p->space().contains(x));
            CHECK((*p)(x.data()) == Approx(fopt).epsilon(1e-9).margin(1e-12));
        }
        // and nothing in a random sample beats the optimum
        Rng rng(11);
        for (int i = 0; i < 2000; ++i) {
            const Point x = p->space().sample(rng);
            CHECK((*p)(x.data()) >= fopt - 1e-12);
        }
    }
}

TEST_CASE("synthetic: values at hand-derived points", "[synthetic]") {
    const double pi = std::numbers::pi;
    CHECK(f("branin", {0, 0}) == Approx(56 - 10 / (8 * pi)).epsilon(1e-14));
    CHECK(f("rosenbrock", {0, 0}) == 1);
    CHECK(f("rosenbrock", {-1, 1}) == 4);
    CHECK(f("rosenbrock:d=3", {0, 0, 0}) == 2);
    CHECK(f("levy", {-3, -3}) == Approx(2 + 10 * std::sin(1.0) * std::sin(1.0)).epsilon(1e-14));
    CHECK(f("goldstein-price", {0, 0}) == 600);
    CHECK(f("bohachevsky", {1, 0}) == Approx(1.6).epsilon(1e-14));
    CHECK(f("camelback", {1, 1}) == Approx(4 - 2.1 + 1.0 / 3 + 1).epsilon(1e-14));
    CHECK(f("forrester", {0}) == Approx(4 * std::sin(-4.0)).epsilon(1e-14));
    CHECK(f("sinone", {0}) == 0.5);
    CHECK(f("sintwo", {0, 0}) == 0.25);
    CHECK(f("styblinski-tang", {1, 1}) == -10);
    CHECK(f("ackley", {1, 1}) == Approx(20 - 20 * std::exp(-0.2)).epsilon(1e-13));
    // Hartmann3 at the centre, computed independently with numpy from the facts file's A, P
    CHECK(f("hartmann3", {0.5, 0.5, 0.5}) == Approx(-0.6279209973930446).epsilon(1e-13));
}

TEST_CASE("synthetic: Michalewicz optima agree with the published values", "[synthetic]") {
    // Surjanovic & Bingham list f* = -1.8013 (d=2), -4.687658 (d=5), -9.66015 (d=10)
    CHECK(*synthetic_function("michalewicz")->optimum() == Approx(-1.8013).margin(5e-5));
    CHECK(*synthetic_function("michalewicz:d=5")->optimum() == Approx(-4.687658).margin(5e-6));
    CHECK(*synthetic_function("michalewicz:d=10")->optimum() == Approx(-9.66015).margin(5e-6));
}

TEST_CASE("synthetic: observation noise is Gaussian and true_value stays noise-free", "[synthetic]") {
    const auto p = synthetic_function("branin:noise=0.5");
    Rng rng(5);
    const Point x = {1, 2};
    const double truth = f("branin", x);
    double sum = 0, sq = 0;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const Evaluation e = p->evaluate(x, rng);
        CHECK(e.true_value == truth);
        sum += e.value - truth;
        sq += (e.value - truth) * (e.value - truth);
    }
    const double mean = sum / n, sd = std::sqrt(sq / n - mean * mean);
    CHECK(std::abs(mean) < 4 * 0.5 / std::sqrt(n));
    CHECK(sd == Approx(0.5).epsilon(0.03));
}
