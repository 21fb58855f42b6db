#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "analysis/statistics/ranks.hpp"
#include "core/error.hpp"

using namespace bobench::analysis;

TEST_CASE("average_ranks matches scipy rankdata(method='average')", "[analysis][ranks]") {
    // scipy.stats.rankdata([3, 1, 4, 1, 5, 9, 2, 6, 5]) = [4, 1.5, 5, 1.5, 6.5, 9, 3, 8, 6.5]
    const std::vector<double> values{3, 1, 4, 1, 5, 9, 2, 6, 5};
    const std::vector<double> expected{4, 1.5, 5, 1.5, 6.5, 9, 3, 8, 6.5};
    CHECK(average_ranks(values) == expected);
}

TEST_CASE("average_ranks: all tied, infinities, empty", "[analysis][ranks]") {
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(average_ranks(std::vector<double>{2, 2, 2, 2}) == std::vector<double>{2.5, 2.5, 2.5, 2.5});
    CHECK(average_ranks(std::vector<double>{inf, -inf, 0, inf}) ==
          std::vector<double>{3.5, 1, 2, 3.5});
    CHECK(average_ranks(std::vector<double>{}).empty());
}

TEST_CASE("tie groups and tie term", "[analysis][ranks]") {
    const std::vector<double> values{1, 2, 2, 3, 3, 3};
    CHECK(tie_group_sizes(values) == std::vector<std::size_t>{1, 2, 3});
    CHECK(tie_term(values) == Approx(0 + (8 - 2) + (27 - 3)));
    CHECK(tie_term(std::vector<double>{1, 2, 3}) == 0.0);
}

TEST_CASE("ranks reject NaN and name the culprit", "[analysis][ranks][errors]") {
    const std::vector<double> values{1, std::nan(""), 3};
    REQUIRE_THROWS_MATCHES(average_ranks(values, "scores"), bobench::UserError,
                           Catch::Matchers::Message(
                               "scores[1] is NaN; ranks need comparable numbers (finite or +/-inf)"));
    REQUIRE_THROWS_AS(tie_term(values), bobench::UserError);
}
