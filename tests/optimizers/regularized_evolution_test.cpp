#include <catch2/catch.hpp>

#include <cmath>
#include <deque>

#include "tests/optimizers/optimizer_loop.hpp"

using namespace bobench;
using namespace bobench::density_test;

namespace {

std::size_t hamming(const Point& a, const Point& b) {
    std::size_t d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d += a[i] != b[i];
    return d;
}

// The smallest Hamming distance from x to a member of the population.
std::size_t nearest(const Point& x, const std::deque<Point>& population) {
    std::size_t best = x.size() + 1;
    for (const Point& p : population) best = std::min(best, hamming(x, p));
    return best;
}

}  // namespace

TEST_CASE("re: on a OneMax-like categorical problem it beats random search", "[density][re]") {
    const OneMaxCategorical onemax(10, 4);  // 10 parameters, 4 choices, f = number wrong
    const auto re = regrets("re", onemax, 300, 20), random = regrets("random-search", onemax, 300, 20);
    WARN("OneMax 10 x 4, 300 evaluations, median final regret: re " << median(re) << ", random search "
                                                                    << median(random));
    CHECK(median(re) <= median(random) - 2);
}

TEST_CASE("re: every mutant differs from its population in exactly one parameter", "[density][re]") {
    // reals: no two members share a coordinate by chance, so distance 1 pins down one change
    const Space reals = real_box(std::vector<double>(6, 0.0), std::vector<double>(6, 1.0));
    // discrete: mutants differ from their parent in exactly one parameter, so never equal it
    const Space mixed({Param::integer("n", 0, 3), Param::ordinal("o", {1, 2, 4}), Param::categorical("c", {"a", "b"}),
                       Param::categorical("fixed", {"only"}), Param::real("r", 1e-3, 1, true)});
    for (const std::string id : {"re:population=20,sample_size=5", "re:population=20,sample_size=5,real_step=0.1"})
        for (const Space* space : {&reals, &mixed}) {
            auto opt = optimizer(id, *space, 200);
            Rng rng(17);
            std::deque<Point> population;
            for (int i = 0; i < 200; ++i) {
                const Point x = opt->ask(rng);
                REQUIRE(space->contains(x));
                if (population.size() == 20) {
                    if (space == &reals) CHECK(nearest(x, population) == 1);
                    if (space == &mixed) CHECK(nearest(x, population) <= 1);
                }
                // a value that makes the tournament matter: the sum of encoded coordinates
                opt->tell(x, space->encode(x).sum());
                population.push_back(x);
                if (population.size() > 20) population.pop_front();
            }
        }
}

TEST_CASE("re: the tournament picks the best sampled member and aging removes the oldest", "[density][re]") {
    // population 3, tournaments of 3 draws with replacement. A mutant keeps one coordinate of
    // its parent, which identifies the parent (members have distinct coordinates).
    const Space grid({Param::integer("i", 0, 100), Param::integer("j", 0, 100)});
    auto opt = optimizer("re:population=3,sample_size=3", grid, 100);
    Rng rng(23);
    auto parent_frequencies = [&](const std::vector<Point>& members) {
        std::vector<double> freq(members.size(), 0);
        int counted = 0;
        for (int t = 0; t < 3000; ++t) {
            const Point x = opt->ask(rng);
            int parent = -1, candidates = 0;
            for (std::size_t m = 0; m < members.size(); ++m)
                if (x[0] == members[m][0] || x[1] == members[m][1]) parent = static_cast<int>(m), ++candidates;
            REQUIRE(candidates >= 1);  // every mutant keeps a coordinate of a member
            if (candidates == 1) freq[static_cast<std::size_t>(parent)] += 1, ++counted;  // skip rare coincidences
        }
        for (double& f : freq) f /= counted;
        return freq;
    };
    opt->tell({10, 20}, 5.0);
    opt->tell({50, 60}, 1.0);
    opt->tell({90, 95}, 9.0);
    // the best of three draws: P(best drawn) = 1 - (2/3)^3, P(middle wins) = (2/3)^3 - (1/3)^3
    auto f = parent_frequencies({{10, 20}, {50, 60}, {90, 95}});
    CHECK(f[1] == Approx(19.0 / 27).margin(0.03));
    CHECK(f[0] == Approx(7.0 / 27).margin(0.03));
    CHECK(f[2] == Approx(1.0 / 27).margin(0.015));
    // two more tells age out {10, 20} and the best member {50, 60}, whatever their values
    opt->tell({30, 35}, 4.0);
    opt->tell({70, 75}, 3.0);
    f = parent_frequencies({{90, 95}, {30, 35}, {70, 75}});
    CHECK(f[2] == Approx(19.0 / 27).margin(0.03));
    CHECK(f[1] == Approx(7.0 / 27).margin(0.03));
    CHECK(f[0] == Approx(1.0 / 27).margin(0.015));
}

TEST_CASE("re: non-finite values are ignored and categorical-only spaces work", "[density][re]") {
    const OneMaxCategorical onemax(5, 3);
    const Space& space = onemax.space();
    auto clean = optimizer("re:population=10,sample_size=3", space, 60);
    auto noisy = optimizer("re:population=10,sample_size=3", space, 60);
    Rng points(31), eval_rng(32);
    for (int i = 0; i < 15; ++i) {
        const Point x = space.sample(points);
        const double v = onemax.evaluate(x, eval_rng).value;
        clean->tell(x, v);
        noisy->tell(x, v);
        noisy->tell(space.sample(points), std::nan(""));
        noisy->tell(space.sample(points), -INFINITY);
    }
    Rng r1(33), r2(33);
    for (int i = 0; i < 10; ++i) CHECK(clean->ask(r1) == noisy->ask(r2));
    CHECK(median(regrets("re:population=10,sample_size=3", onemax, 60, 9)) < 1.5);
}

TEST_CASE("re: bad parameters are rejected with the values named", "[density][re]") {
    const Space space = real_box({0}, {1});
    CHECK_THROWS_WITH(optimizer("re:population=5,sample_size=10", space, 10),
                      "re: sample_size = 10 exceeds population = 5; the tournament samples from the population, so "
                      "need sample_size <= population");
    CHECK_THROWS_AS(optimizer("re:population=1", space, 10), UserError);
    CHECK_THROWS_AS(optimizer("re:real_step=-0.1", space, 10), UserError);
}
