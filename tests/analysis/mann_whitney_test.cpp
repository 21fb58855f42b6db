#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/statistics/mann_whitney.hpp"
#include "core/error.hpp"
#include "tests/analysis/stats_reference.hpp"

using namespace bobench::analysis;

namespace {

bool has_ties(const std::vector<double>& a, const std::vector<double>& b) {
    std::vector<double> all(a);
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end());
    return std::adjacent_find(all.begin(), all.end()) != all.end();
}

}  // namespace

TEST_CASE("Mann-Whitney matches every scipy 1.10.1 reference case", "[analysis][mann_whitney]") {
    const auto ref = bobench::testing::load_stats_reference();
    const auto& cases = ref.at("mann_whitney_u");
    REQUIRE(cases.size() == 40);
    int exact_cases = 0;
    int auto_exact = 0;
    for (std::size_t c = 0; c < cases.size(); ++c) {
        INFO("reference case " << c);
        const auto a = cases[c].at("a").get<std::vector<double>>();
        const auto b = cases[c].at("b").get<std::vector<double>>();
        const double u_ref = cases[c].at("U_a").get<double>();
        const double p_asym_ref = cases[c].at("p_asymptotic_two_sided_continuity").get<double>();

        const auto asym = mann_whitney_u(a, b, MannWhitneyMethod::asymptotic);
        CHECK(asym.u_a == Approx(u_ref).epsilon(1e-9).margin(1e-12));
        CHECK(asym.u_b == Approx(double(a.size() * b.size()) - u_ref).epsilon(1e-9).margin(1e-12));
        CHECK(asym.p_value == Approx(p_asym_ref).epsilon(1e-9));
        CHECK(asym.method == MannWhitneyMethod::asymptotic);

        if (cases[c].contains("p_exact_two_sided")) {
            ++exact_cases;
            const auto exact = mann_whitney_u(a, b, MannWhitneyMethod::exact);
            CHECK(exact.u_a == Approx(u_ref).epsilon(1e-9).margin(1e-12));
            CHECK(exact.p_value == Approx(cases[c].at("p_exact_two_sided").get<double>()).epsilon(1e-9));
        }

        // 'auto' follows scipy: exact iff min(n_a, n_b) <= 8 and no ties.
        const auto automatic = mann_whitney_u(a, b);
        const bool expect_exact = (a.size() <= 8 || b.size() <= 8) && !has_ties(a, b);
        CHECK((automatic.method == MannWhitneyMethod::exact) == expect_exact);
        if (!expect_exact) {
            CHECK(automatic.p_value == Approx(p_asym_ref).epsilon(1e-9));
        } else {
            ++auto_exact;
            CHECK(automatic.p_value == mann_whitney_u(a, b, MannWhitneyMethod::exact).p_value);
        }
    }
    CHECK(exact_cases == 1);
    CHECK(auto_exact >= 1);
}

TEST_CASE("Mann-Whitney: scipy documentation example (Shier 2004)", "[analysis][mann_whitney]") {
    // scipy.stats.mannwhitneyu docstring: U1 = 17, exact p = 0.1111111111111111,
    // asymptotic p = 0.11134688653314041.
    const std::vector<double> males{19, 22, 16, 29, 24};
    const std::vector<double> females{20, 11, 17, 12};
    const auto exact = mann_whitney_u(males, females, MannWhitneyMethod::exact);
    CHECK(exact.u_a == 17.0);
    CHECK(exact.u_b == 3.0);
    CHECK(exact.p_value == Approx(0.1111111111111111).epsilon(1e-12));
    CHECK(mann_whitney_u(males, females).method == MannWhitneyMethod::exact);
    const auto asym = mann_whitney_u(males, females, MannWhitneyMethod::asymptotic);
    CHECK(asym.p_value == Approx(0.11134688653314041).epsilon(1e-12));
    // Swapping the samples swaps U and keeps p.
    const auto swapped = mann_whitney_u(females, males, MannWhitneyMethod::exact);
    CHECK(swapped.u_a == 3.0);
    CHECK(swapped.p_value == exact.p_value);
    CHECK(exact.a12 == Approx(17.0 / 20.0));
    CHECK_FALSE(exact.a_tends_lower());
    CHECK(swapped.a_tends_lower());
}

TEST_CASE("Exact U distribution equals brute-force enumeration", "[analysis][mann_whitney]") {
    // Enumerate every placement of the smaller sample among the N pooled ranks (bit mask)
    // and count U = number of (small, large) pairs with the small value above.
    for (std::size_t m = 1; m <= 5; ++m) {
        for (std::size_t n = 1; n <= 6; ++n) {
            const std::size_t total = m + n;
            std::vector<double> count(m * n + 1, 0.0);
            double placements = 0.0;
            for (std::uint32_t mask = 0; mask < (1u << total); ++mask) {
                if (std::popcount(mask) != static_cast<int>(m)) continue;
                std::size_t u = 0;
                std::size_t larger_below = 0;
                for (std::size_t pos = 0; pos < total; ++pos) {
                    if (mask & (1u << pos)) u += larger_below;
                    else ++larger_below;
                }
                count[u] += 1.0;
                placements += 1.0;
            }
            double cumulative = 0.0;
            for (std::size_t u = 0; u <= m * n; ++u) {
                cumulative += count[u];
                INFO("m=" << m << " n=" << n << " u=" << u);
                CHECK(mann_whitney_exact_cdf(m, n, double(u)) == Approx(cumulative / placements).epsilon(1e-14));
                CHECK(mann_whitney_exact_cdf(n, m, double(u) + 0.5) == Approx(cumulative / placements).epsilon(1e-14));
            }
        }
    }
    CHECK(mann_whitney_exact_cdf(3, 4, -1.0) == 0.0);
    CHECK(mann_whitney_exact_cdf(3, 4, 12.0) == 1.0);
}

TEST_CASE("Exact U distribution: symmetry and a small closed form", "[analysis][mann_whitney]") {
    // P(U <= 0) = 1 / C(m + n, m): only the arrangement with every a below every b.
    CHECK(mann_whitney_exact_cdf(8, 30, 0.0) == Approx(1.0 / 48903492.0).epsilon(1e-12));
    // Symmetry: P(U <= u) + P(U <= mn - u - 1) = 1.
    for (double u : {0.0, 17.0, 59.0, 119.0}) {
        CHECK(mann_whitney_exact_cdf(8, 30, u) + mann_whitney_exact_cdf(8, 30, 239.0 - u) ==
              Approx(1.0).epsilon(1e-13));
    }
}

TEST_CASE("Mann-Whitney: ties and degenerate samples", "[analysis][mann_whitney]") {
    const std::vector<double> same{1.0, 1.0, 1.0};
    const auto r = mann_whitney_u(same, same);
    CHECK(r.method == MannWhitneyMethod::asymptotic);  // ties force asymptotic under auto
    CHECK(r.u_a == 4.5);
    CHECK(r.p_value == 1.0);
    CHECK(r.a12 == 0.5);
    // Identical samples without ties: U = mn/2, exact p capped at 1.
    const std::vector<double> x{1, 2, 3, 4};
    CHECK(mann_whitney_u(x, x).p_value == 1.0);
    // Single values: U = 1 or 0, exact p = 1 (only two arrangements).
    const std::vector<double> one{1.0};
    const std::vector<double> two{2.0};
    const auto single = mann_whitney_u(one, two);
    CHECK(single.u_a == 0.0);
    CHECK(single.p_value == 1.0);
    // Infinite values are ordinary ranks.
    const std::vector<double> with_inf{std::numeric_limits<double>::infinity(), 5.0};
    CHECK(mann_whitney_u(with_inf, one).u_a == 2.0);
}

TEST_CASE("Vargha-Delaney A12: direction, ties, magnitudes", "[analysis][mann_whitney]") {
    const std::vector<double> low{1, 2, 3};
    const std::vector<double> high{4, 5, 6, 7};
    CHECK(vargha_delaney_a12(high, low) == 1.0);  // a always larger (worse when minimising)
    CHECK(vargha_delaney_a12(low, high) == 0.0);
    // a = {1, 2}, b = {2, 3}: pairs (1,2) <, (1,3) <, (2,2) tie, (2,3) <  -> A = 0.5 / 4.
    CHECK(vargha_delaney_a12(std::vector<double>{1, 2}, std::vector<double>{2, 3}) == 0.125);
    CHECK(a12_magnitude(0.5) == "negligible");
    CHECK(a12_magnitude(0.6) == "small");
    CHECK(a12_magnitude(0.35) == "medium");
    CHECK(a12_magnitude(0.0) == "large");
    REQUIRE_THROWS_AS(a12_magnitude(1.5), bobench::UserError);
}

TEST_CASE("Mann-Whitney: bad input", "[analysis][mann_whitney][errors]") {
    const std::vector<double> ok{1, 2, 3};
    const std::vector<double> empty;
    const std::vector<double> nan{1, std::nan(""), 3};
    REQUIRE_THROWS_MATCHES(mann_whitney_u(empty, ok), bobench::UserError,
                           Catch::Matchers::Message(
                               "Mann-Whitney U: sample a is empty; both samples need at least one value"));
    REQUIRE_THROWS_MATCHES(mann_whitney_u(ok, nan), bobench::UserError,
                           Catch::Matchers::Message(
                               "Mann-Whitney U: sample b[1] is NaN; samples must be numbers (finite or +/-inf)"));
    REQUIRE_THROWS_AS(vargha_delaney_a12(ok, empty), bobench::UserError);
    REQUIRE_FALSE(exact_is_affordable(400, 400));
    REQUIRE_THROWS_MATCHES(mann_whitney_exact_cdf(400, 400, 100.0), bobench::UserError,
                           Catch::Matchers::Message(
                               "Mann-Whitney exact distribution for sample sizes 400 and 400 is too "
                               "expensive; use the asymptotic method for samples this large"));
    REQUIRE(exact_is_affordable(8, 2500));
    CHECK(parse_mann_whitney_method("auto") == MannWhitneyMethod::automatic);
    CHECK(parse_mann_whitney_method("exact") == MannWhitneyMethod::exact);
    CHECK(to_string(parse_mann_whitney_method("asymptotic")) == "asymptotic");
    REQUIRE_THROWS_MATCHES(parse_mann_whitney_method("Exact"), bobench::UserError,
                           Catch::Matchers::Message(
                               "unknown Mann-Whitney method 'Exact'; accepted: auto, exact, asymptotic"));
}

// The floor of p that decides whether a ranking at a per-pair level can separate any pair:
// hand values, and the p mann_whitney_u itself returns on samples that do not overlap.
TEST_CASE("Mann-Whitney: the smallest p n runs against n can give, and the runs a level needs",
          "[analysis][mann_whitney][min_p]") {
    // exact, no ties: 2 / C(n_a + n_b, n_a)
    CHECK(mann_whitney_min_p(5, 5, MannWhitneyMethod::exact) == Approx(2.0 / 252));
    CHECK(mann_whitney_min_p(3, 4, MannWhitneyMethod::exact) == Approx(2.0 / 35));
    CHECK(mann_whitney_min_p(1, 1, MannWhitneyMethod::exact) == 1.0);  // 2 / 2
    CHECK(mann_whitney_min_p(600, 600, MannWhitneyMethod::exact) < 1e-300);  // no overflow of C(1200, 600)
    CHECK(mann_whitney_min_p(5, 5) == Approx(2.0 / 252));  // automatic goes exact on 5 vs 5 without ties
    // asymptotic: z = (n_a n_b / 2 - 0.5) / sqrt(n_a n_b (N + 1) / 12); ties within each sample shrink the variance
    CHECK(mann_whitney_min_p(5, 5, MannWhitneyMethod::asymptotic) == Approx(0.012185780355344818));
    CHECK(mann_whitney_min_p(5, 5, MannWhitneyMethod::asymptotic, true) == Approx(0.003976751709788652));
    CHECK(mann_whitney_min_p(5, 5, MannWhitneyMethod::automatic, true) == Approx(0.003976751709788652));
    CHECK(mann_whitney_min_p(9, 9) == Approx(0.0004122948020616911));  // automatic: asymptotic above 8

    // what mann_whitney_u returns on samples that do not overlap is that floor
    const std::vector<double> low{1, 2, 3, 4, 5}, high{6, 7, 8, 9, 10}, zeros(5, 0.0), ones(5, 1.0);
    CHECK(mann_whitney_u(low, high).p_value == Approx(mann_whitney_min_p(5, 5)));
    CHECK(mann_whitney_u(zeros, ones).p_value == Approx(mann_whitney_min_p(5, 5, MannWhitneyMethod::automatic, true)));

    // the thesis' 5e-4 per pair: 7 runs give 2 / 3432 = 5.8e-4, 8 give 2 / 12870
    CHECK(mann_whitney_runs_to_reach(5e-4) == 8);
    CHECK(mann_whitney_runs_to_reach(0.05) == 4);  // 2 / 70
    CHECK(mann_whitney_runs_to_reach(5e-4, MannWhitneyMethod::automatic, true) == 7);  // 4.1e-4 where runs tie
    // not monotone: 8 runs reach 2e-4 exactly, 9 do not (asymptotic, 4.1e-4)
    CHECK(mann_whitney_runs_to_reach(2e-4) == 8);
    CHECK(mann_whitney_min_p(9, 9) > 2e-4);
    CHECK(mann_whitney_runs_to_reach(1e-9, MannWhitneyMethod::exact, false, 10) == 0);  // 10 runs: 2 / C(20, 10) = 1.1e-5
    CHECK_THROWS_WITH(mann_whitney_runs_to_reach(0.0), Catch::Contains("alpha = 0.000000 is outside (0, 1)"));
    CHECK_THROWS_WITH(mann_whitney_min_p(0, 3), Catch::Contains("sample sizes must be >= 1, got 0 and 3"));
}
