#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "analysis/statistics/friedman.hpp"
#include "core/error.hpp"
#include "tests/analysis/stats_reference.hpp"

using namespace bobench::analysis;

TEST_CASE("Friedman / Iman-Davenport match every scipy 1.10.1 reference case", "[analysis][friedman]") {
    const auto ref = bobench::testing::load_stats_reference();
    const auto& cases = ref.at("friedman");
    REQUIRE(cases.size() == 40);
    for (std::size_t c = 0; c < cases.size(); ++c) {
        INFO("reference case " << c);
        const auto table = cases[c].at("blocks_by_treatments").get<std::vector<std::vector<double>>>();
        const auto r = friedman_test(table);
        CHECK(r.blocks == table.size());
        CHECK(r.treatments == table.front().size());
        CHECK(r.chi2 == Approx(cases[c].at("chi2").get<double>()).epsilon(1e-9).margin(1e-12));
        CHECK(r.p_chi2 == Approx(cases[c].at("p_chi2").get<double>()).epsilon(1e-9));
        CHECK(r.iman_davenport_f ==
              Approx(cases[c].at("iman_davenport_F").get<double>()).epsilon(1e-9).margin(1e-12));
        CHECK(r.p_f == Approx(cases[c].at("p_F").get<double>()).epsilon(1e-9));
        const auto mean_ranks = cases[c].at("mean_ranks_lower_is_better").get<std::vector<double>>();
        REQUIRE(r.mean_ranks.size() == mean_ranks.size());
        for (std::size_t j = 0; j < mean_ranks.size(); ++j) {
            CHECK(r.mean_ranks[j] == Approx(mean_ranks[j]).epsilon(1e-9));
        }
        CHECK(friedman_mean_ranks(table) == r.mean_ranks);
    }
}

TEST_CASE("Friedman: hand-computed case with ties", "[analysis][friedman]") {
    // Block ranks: [1, 2, 3], [1.5, 1.5, 3], [1, 2, 3]. Rank sums 3.5, 5.5, 9.
    // Tie term: one pair in block 1 -> 2^3 - 2 = 6; C = 1 - 6 / (3 * 8 * 3) = 11/12.
    // chi2 = (12 / (3 * 3 * 4) * (3.5^2 + 5.5^2 + 9^2) - 3 * 3 * 4) / C = (1/3 * 123.5 - 36) * 12/11.
    const std::vector<std::vector<double>> table{{1, 2, 3}, {5, 5, 7}, {0.1, 0.2, 0.3}};
    const auto r = friedman_test(table);
    const double chi2 = (123.5 / 3.0 - 36.0) * 12.0 / 11.0;
    CHECK(r.chi2 == Approx(chi2).epsilon(1e-14));
    CHECK(r.p_chi2 == Approx(std::exp(-chi2 / 2.0)).epsilon(1e-12));  // chi2(2) sf = exp(-x/2)
    CHECK(r.mean_ranks == std::vector<double>{3.5 / 3, 5.5 / 3, 3.0});
    CHECK(r.iman_davenport_f == Approx(2.0 * chi2 / (6.0 - chi2)).epsilon(1e-14));
}

// Two treatments: chi2 has 1 degree of freedom, whose survival function is erfc(sqrt(x / 2)).
// 10,000 blocks with treatment 0 lower in `first_lower` of them; its rank sum R0 = 20,000 -
// first_lower and R1 = 30,000 - R0, so chi2 = (R0^2 + R1^2) / 5,000 - 90,000 (no ties).
TEST_CASE("Friedman: 10,000 blocks of two treatments, p from the closed form", "[analysis][friedman]") {
    for (const int first_lower : {5'000, 5'100, 6'000, 9'990}) {
        INFO(first_lower << " of 10,000 blocks rank treatment 0 first");
        std::vector<std::vector<double>> table;
        for (int b = 0; b < 10'000; ++b) table.push_back(b < first_lower ? std::vector<double>{0, 1} : std::vector<double>{1, 0});
        const auto r = friedman_test(table);
        const double r0 = 20'000.0 - first_lower, r1 = 30'000.0 - r0;
        const double chi2 = (r0 * r0 + r1 * r1) / 5'000.0 - 90'000.0;
        CHECK(r.chi2 == Approx(chi2).margin(1e-6));
        CHECK(r.p_chi2 == Approx(std::erfc(std::sqrt(chi2 / 2.0))).epsilon(1e-9));  // 5.5e-89 at 6,000; 0 at 9,990
        CHECK(r.p_f >= 0.0);  // a number, not an overflow
        CHECK(r.p_f <= 1.0);
    }
}

TEST_CASE("Friedman: degenerate tables", "[analysis][friedman]") {
    SECTION("perfect agreement: F infinite, p_F = 0") {
        const std::vector<std::vector<double>> table{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {0, 1, 2}};
        const auto r = friedman_test(table);
        CHECK(r.chi2 == Approx(8.0));  // n (k - 1)
        CHECK(std::isinf(r.iman_davenport_f));
        CHECK(r.p_f == 0.0);
        CHECK(r.p_chi2 == Approx(std::exp(-4.0)));
    }
    SECTION("every block fully tied: no evidence") {
        const std::vector<std::vector<double>> table{{1, 1, 1}, {2, 2, 2}};
        const auto r = friedman_test(table);
        CHECK(r.chi2 == 0.0);
        CHECK(r.p_chi2 == 1.0);
        CHECK(r.iman_davenport_f == 0.0);
        CHECK(r.p_f == 1.0);
        CHECK(r.mean_ranks == std::vector<double>{2, 2, 2});
    }
    SECTION("two treatments are accepted") {
        const std::vector<std::vector<double>> table{{1, 2}, {1, 2}, {2, 1}};
        const auto r = friedman_test(table);
        // rank sums 4, 5: chi2 = 12 / (2 * 3 * 3) * 41 - 3 * 3 * 3 = 1/3
        CHECK(r.chi2 == Approx(1.0 / 3.0));
    }
}

TEST_CASE("Friedman: bad input", "[analysis][friedman][errors]") {
    using Catch::Matchers::Message;
    REQUIRE_THROWS_MATCHES(friedman_test({{1, 2, 3}}), bobench::UserError,
                           Message("Friedman test: got 1 block; at least 2 are needed"));
    REQUIRE_THROWS_MATCHES(friedman_test({}), bobench::UserError,
                           Message("Friedman test: got 0 blocks; at least 2 are needed"));
    REQUIRE_THROWS_MATCHES(friedman_test({{1}, {2}}), bobench::UserError,
                           Message("Friedman test: got 1 treatment per block; at least 2 are needed"));
    REQUIRE_THROWS_MATCHES(
        friedman_test({{1, 2, 3}, {1, 2}}), bobench::UserError,
        Message("Friedman test: block 1 has 2 values but block 0 has 3; every block needs one value per treatment"));
    REQUIRE_THROWS_MATCHES(
        friedman_test({{1, 2, 3}, {1, std::nan(""), 3}}), bobench::UserError,
        Message("Friedman block 1[1] is NaN; ranks need comparable numbers (finite or +/-inf)"));
    REQUIRE_THROWS_AS(friedman_mean_ranks({}), bobench::UserError);
    CHECK(friedman_mean_ranks({{3, 1, 2}}) == std::vector<double>{3, 1, 2});
}
