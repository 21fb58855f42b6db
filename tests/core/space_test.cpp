#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/space.hpp"

using namespace bobench;

static Space mixed_space() {
    return Space({Param::real("lr", 1e-4, 1e-1, true), Param::real("x", -5, 10), Param::integer("layers", 1, 4),
                  Param::ordinal("units", {16, 32, 64, 128}), Param::categorical("act", {"relu", "tanh", "elu"})});
}

TEST_CASE("space: samples lie in the space and cover every discrete value", "[core][space]") {
    const Space s = mixed_space();
    Rng rng(7);
    std::vector<int> act_counts(3, 0), unit_counts(4, 0);
    double min_lr = 1, max_lr = 0;
    for (int i = 0; i < 3000; ++i) {
        const Point x = s.sample(rng);
        REQUIRE(s.contains(x));
        act_counts[static_cast<std::size_t>(x[4])]++;
        unit_counts[s[3].index_of(x[3])]++;
        min_lr = std::min(min_lr, x[0]);
        max_lr = std::max(max_lr, x[0]);
    }
    for (int c : act_counts) CHECK(c > 850);   // 1000 expected each
    for (int c : unit_counts) CHECK(c > 620);  // 750 expected each
    // log-uniform: about a third of the draws below 1e-3 (one decade of three)
    CHECK(min_lr < 2e-4);
    CHECK(max_lr > 0.05);
}

TEST_CASE("space: encode/decode round trips, with and without one-hot", "[core][space]") {
    const Space s = mixed_space();
    Rng rng(3);
    for (bool one_hot : {false, true}) {
        CHECK(s.encoded_size(one_hot) == (one_hot ? 7u : 5u));
        for (int i = 0; i < 200; ++i) {
            const Point x = s.sample(rng);
            const Eigen::VectorXd u = s.encode(x, one_hot);
            CHECK((u.array() >= 0).all());
            CHECK((u.array() <= 1).all());
            const Point y = s.decode(u, one_hot);
            REQUIRE(y.size() == x.size());
            CHECK(y[0] == Approx(x[0]).epsilon(1e-12));
            CHECK(y[1] == Approx(x[1]).epsilon(1e-12));
            for (std::size_t j = 2; j < x.size(); ++j) CHECK(y[j] == x[j]);
        }
    }
}

TEST_CASE("space: decode rounds and clips any vector of the cube to a valid point", "[core][space]") {
    const Space s = mixed_space();
    Eigen::VectorXd u(5);
    u << -0.3, 1.7, 0.999999, 0.26, 0.5;
    const Point x = s.decode(u);
    CHECK(x[0] == Approx(1e-4));
    CHECK(x[1] == 10);
    CHECK(x[2] == 4);        // floor(0.999999 * 4) = 3 -> 1 + 3
    CHECK(x[3] == 32);       // floor(0.26 * 4) = 1
    CHECK(x[4] == 1);        // floor(0.5 * 3) = 1 -> tanh
    CHECK(s.contains(x));
    Eigen::VectorXd h(7);
    h << 0.5, 0.5, 0.1, 0.9, 0.2, 0.7, 0.1;  // one-hot block (0.2, 0.7, 0.1) -> tanh
    CHECK(s.decode(h, true)[4] == 1);
}

TEST_CASE("space: membership names the offending parameter", "[core][space]") {
    const Space s = mixed_space();
    CHECK(s.why_not_contains({0.01, 11, 2, 16, 0}) == "x = 11 is outside [-5, 10]");
    CHECK(s.why_not_contains({0.01, 0, 2.5, 16, 0}) == "layers = 2.5 is not an integer in [1, 4]");
    CHECK(s.why_not_contains({0.01, 0, 2, 20, 0}) == "units = 20 is not one of the values {16, 32, 64, 128}");
    CHECK(s.why_not_contains({0.01, 0, 2, 16, 3}) == "act = 3 is not a choice index in [0, 2] (choices relu, tanh, elu)");
    CHECK(s.why_not_contains({0.01, 0}) == "point has 2 coordinates, the space has 5");
    CHECK(s.format({0.01, 0, 2, 16, 2}) == "lr=0.01, x=0, layers=2, units=16, act=elu");
}

TEST_CASE("space: empty or malformed domains are errors naming the parameter", "[core][space]") {
    CHECK_THROWS_WITH(Space({Param::real("x", 1, 1)}), "parameter 'x': empty domain [1, 1]; need finite lo < hi");
    CHECK_THROWS_WITH(Space({Param::real("x", 2, 1)}), "parameter 'x': empty domain [2, 1]; need finite lo < hi");
    CHECK_THROWS_WITH(Space({Param::real("lr", 0, 1, true)}), "parameter 'lr': log scale needs lo > 0, got lo = 0");
    CHECK_THROWS_WITH(Space({Param::integer("n", 5, 4)}),
                      "parameter 'n': integer bounds must be integers with lo <= hi, got [5, 4]");
    CHECK_THROWS_WITH(Space({Param::ordinal("u", {})}), "parameter 'u': ordinal parameter has no values");
    CHECK_THROWS_WITH(Space({Param::ordinal("u", {2, 1})}), "parameter 'u': ordinal values must be strictly increasing");
    CHECK_THROWS_WITH(Space({Param::categorical("c", {})}), "parameter 'c': categorical parameter has no choices");
    CHECK_THROWS_WITH(Space({Param::real("x", 0, 1), Param::real("x", 0, 1)}), "parameter 'x' is defined twice");
}

TEST_CASE("Space::sample draws what Boost's uniform_real_distribution draws, bit for bit", "[core][space]") {
    // random search's points, and every initial design, must not change with how they are computed
    const Space space{{Param::real("a", -5, 5), Param::real("b", 1e-4, 1e2, /*log=*/true), Param::real("c", 0, 1e-300),
                       Param::real("d", -1e308, 1e308)}};
    Rng ours(11), boosts(11);
    for (int k = 0; k < 20000; ++k) {
        const Point x = space.sample(ours);
        const double a = boost::random::uniform_real_distribution<double>(-5, 5)(boosts);
        const double b = std::clamp(
            std::exp(boost::random::uniform_real_distribution<double>(std::log(1e-4), std::log(1e2))(boosts)), 1e-4, 1e2);
        const double c = boost::random::uniform_real_distribution<double>(0, 1e-300)(boosts);
        const double d = boost::random::uniform_real_distribution<double>(-1e308, 1e308)(boosts);
        REQUIRE(x == Point{a, b, c, d});
    }
}
