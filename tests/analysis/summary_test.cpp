#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "tests/support/values.hpp"

using namespace bobench::analysis;

using bobench::testing::kNaN;

TEST_CASE("summary statistics with numpy's quantile convention", "[analysis][summary]") {
    const auto s = summarize(std::vector<double>{4, 1, 3, 2});
    CHECK(s.count == 4);
    CHECK(s.nan_count == 0);
    CHECK(s.mean == 2.5);
    CHECK(s.stddev == Approx(std::sqrt(5.0 / 3.0)).epsilon(1e-14));  // ddof = 1
    CHECK(s.standard_error == Approx(std::sqrt(5.0 / 3.0) / 2.0).epsilon(1e-14));
    CHECK(s.min == 1);
    CHECK(s.max == 4);
    CHECK(s.median == 2.5);
    CHECK(s.q1 == 1.75);  // numpy.percentile([1, 2, 3, 4], 25) = 1.75
    CHECK(s.q3 == 3.25);
    // numpy.percentile(range(1, 11), [25, 50, 75]) = 3.25, 5.5, 7.75
    std::vector<double> ten;
    for (int i = 10; i >= 1; --i) ten.push_back(i);
    const auto t = summarize(ten);
    CHECK(t.q1 == 3.25);
    CHECK(t.median == 5.5);
    CHECK(t.q3 == 7.75);
    // numpy.percentile([1, 2, 3, 4, 10], [25, 75]) = 2, 4
    const auto five = summarize(std::vector<double>{10, 1, 2, 3, 4});
    CHECK(five.q1 == 2.0);
    CHECK(five.q3 == 4.0);
    CHECK(quantile_sorted(std::vector<double>{1, 2}, 0.9) == Approx(1.9));
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(quantile_sorted(std::vector<double>{inf, inf}, 0.5) == inf);  // not inf - inf = NaN
    CHECK(quantile_sorted(std::vector<double>{1, inf}, 0.5) == inf);
}

TEST_CASE("summary: NaN left out and counted, tiny samples", "[analysis][summary]") {
    const auto s = summarize(std::vector<double>{1, kNaN, 3});
    CHECK(s.count == 2);
    CHECK(s.nan_count == 1);
    CHECK(s.mean == 2);
    CHECK(s.median == 2);
    const auto one = summarize(std::vector<double>{7});
    CHECK(one.mean == 7);
    CHECK(one.median == 7);
    CHECK(std::isnan(one.stddev));
    CHECK(std::isnan(one.standard_error));
    const auto none = summarize(std::vector<double>{kNaN, kNaN});
    CHECK(none.count == 0);
    CHECK(none.nan_count == 2);
    CHECK(std::isnan(none.mean));
    CHECK(std::isnan(none.median));
}

TEST_CASE("per-iteration summaries over replicate curves", "[analysis][summary]") {
    const std::vector<std::vector<double>> curves{{3, 2, 1}, {kNaN, 4, 1}, {5, 3, 1}};
    const auto by_t = summarize_by_iteration(curves);
    REQUIRE(by_t.size() == 3);
    CHECK(by_t[0].count == 2);
    CHECK(by_t[0].nan_count == 1);
    CHECK(by_t[0].mean == 4);
    CHECK(by_t[1].mean == 3);
    CHECK(by_t[1].stddev == 1);
    CHECK(by_t[2].stddev == 0);
    CHECK(by_t[2].median == 1);
}

TEST_CASE("summary: bad input", "[analysis][summary][errors]") {
    using Catch::Matchers::Message;
    REQUIRE_THROWS_MATCHES(summarize(std::vector<double>{}), bobench::UserError,
                           Message("summary of an empty sample: no replicate values given"));
    REQUIRE_THROWS_MATCHES(
        summarize_by_iteration({{1, 2}, {1}}), bobench::UserError,
        Message("per-iteration summary: replicate 1 has 1 iterations but replicate 0 has 2; curves must have equal lengths"));
    REQUIRE_THROWS_AS(summarize_by_iteration({}), bobench::UserError);
    REQUIRE_THROWS_AS(summarize_by_iteration({{}, {}}), bobench::UserError);
    REQUIRE_THROWS_AS(quantile_sorted(std::vector<double>{1}, 1.5), bobench::UserError);
    REQUIRE_THROWS_AS(quantile_sorted(std::vector<double>{}, 0.5), bobench::UserError);
}
