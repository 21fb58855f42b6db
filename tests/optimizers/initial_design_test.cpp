#include <catch2/catch.hpp>

#include <set>

#include "optimizers/loop/initial_design.hpp"

using namespace bobench;

// Number of the n equal strata of [0,1] that hold exactly one value of column j.
static std::size_t strata_hit_once(const Eigen::MatrixXd& X, Eigen::Index j, std::size_t n) {
    std::vector<int> hits(n, 0);
    for (Eigen::Index i = 0; i < X.rows(); ++i) hits[std::min(n - 1, static_cast<std::size_t>(X(i, j) * n))]++;
    return static_cast<std::size_t>(std::count(hits.begin(), hits.end(), 1));
}

TEST_CASE("designs: Latin hypercube puts one point in every stratum of every dimension", "[designs]") {
    Rng rng(1);
    for (std::size_t n : {1u, 7u, 50u}) {
        const Eigen::MatrixXd X = designs::latin_hypercube(n, 4, rng);
        for (Eigen::Index j = 0; j < 4; ++j) CHECK(strata_hit_once(X, j, n) == n);
    }
}

TEST_CASE("designs: scrambled Sobol is a (0,m,2)-net in its first two dimensions", "[designs]") {
    Rng rng(2);
    const std::size_t n = 64;  // 2^6
    const Eigen::MatrixXd X = designs::scrambled_sobol(n, 5, rng);
    CHECK((X.array() > 0).all());
    CHECK((X.array() < 1).all());
    for (Eigen::Index j = 0; j < 5; ++j) CHECK(strata_hit_once(X, j, n) == n);  // every 1-D projection stratified
    // dimensions 0 and 1 form a (0,6,2)-net: every elementary box of area 1/64 holds one point
    for (int a = 0; a <= 6; ++a) {
        const int nx = 1 << a, ny = 1 << (6 - a);
        std::set<std::pair<int, int>> boxes;
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            boxes.insert({static_cast<int>(X(i, 0) * nx), static_cast<int>(X(i, 1) * ny)});
        CHECK(boxes.size() == n);
    }
    // different seeds scramble differently
    Rng other(3);
    CHECK((designs::scrambled_sobol(n, 5, other) - X).cwiseAbs().maxCoeff() > 0.01);
}

TEST_CASE("designs: uniform design has the right moments", "[designs]") {
    Rng rng(4);
    const Eigen::MatrixXd X = designs::uniform(20000, 3, rng);
    for (Eigen::Index j = 0; j < 3; ++j) {
        CHECK(X.col(j).mean() == Approx(0.5).margin(0.01));
        CHECK((X.col(j).array() - X.col(j).mean()).square().mean() == Approx(1.0 / 12).margin(0.003));
    }
}

TEST_CASE("designs: decoded designs are valid points of mixed spaces", "[designs]") {
    const Space s({Param::real("x", -1, 1), Param::integer("n", 0, 3), Param::categorical("c", {"a", "b"})});
    Rng rng(5);
    for (auto kind : {designs::Kind::Uniform, designs::Kind::LatinHypercube, designs::Kind::Sobol}) {
        const auto points = designs::initial_design(kind, s, 8, rng);
        REQUIRE(points.size() == 8);
        std::set<double> ns;
        for (const Point& p : points) {
            CHECK(s.contains(p));
            ns.insert(p[1]);
        }
        if (kind != designs::Kind::Uniform) CHECK(ns.size() == 4);  // stratified: all 4 integers appear
    }
    CHECK_THROWS_WITH(designs::parse_kind("halton"), "unknown initial design 'halton'; expected one of uniform, lhs, sobol");
}
