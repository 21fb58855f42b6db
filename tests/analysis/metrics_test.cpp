#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "analysis/metrics.hpp"
#include "core/error.hpp"
#include "tests/support/values.hpp"

using namespace bobench::analysis;
using bobench::testing::kNaN;

namespace {

// The AUC's definition, evaluated independently: the integral over [s, T] of the step
// function b(x) = best after floor(x) evaluations, by a midpoint rule that is exact for
// functions constant on [t, t + 1) (four points per unit step).
double auc_by_integration(const std::vector<double>& values, std::size_t s, double offset) {
    const std::vector<double> best = best_so_far(values);
    double area = 0.0;
    const double h = 0.25;
    for (double x = double(s) + h / 2; x < double(values.size()); x += h) {
        area += h * (best[static_cast<std::size_t>(std::floor(x)) - 1] - offset);
    }
    return area;
}

}  // namespace

TEST_CASE("best-so-far ignores failed evaluations", "[analysis][metrics]") {
    const std::vector<double> values{5, kNaN, 3, 4, 1};
    CHECK(best_so_far(values) == std::vector<double>{5, 5, 3, 3, 1});
    const auto leading = best_so_far(std::vector<double>{kNaN, 2, kNaN, 1});
    CHECK(std::isnan(leading[0]));
    CHECK(leading[1] == 2);
    CHECK(leading[2] == 2);
    CHECK(leading[3] == 1);
    CHECK(final_best(values) == 1);
    CHECK(std::isnan(final_best(std::vector<double>{kNaN, kNaN})));
    CHECK(std::isnan(final_best(std::vector<double>{})));
}

TEST_CASE("final regret and regret curve", "[analysis][metrics]") {
    const std::vector<double> values{5, kNaN, 3, 4, 1.5};
    CHECK(final_regret(values, 0.5) == 1.0);
    CHECK(final_regret(values, std::nullopt) == 1.5);  // f* unknown: the best value itself
    CHECK(regret_curve(values, 1.0) == std::vector<double>{4, 4, 2, 2, 0.5});
    CHECK(std::isnan(final_regret(std::vector<double>{kNaN}, 0.0)));
    REQUIRE_THROWS_MATCHES(final_regret(values, kNaN), bobench::UserError,
                           Catch::Matchers::Message(
                               "f* (known optimum) is NaN; give a number or leave it unknown"));
}

TEST_CASE("log10 regret with a floor", "[analysis][metrics]") {
    CHECK(log10_regret(1e-3) == Approx(-3.0));
    CHECK(log10_regret(0.0) == Approx(-12.0));    // reached the optimum
    CHECK(log10_regret(-0.5) == Approx(-12.0));   // noisy observation below f*
    CHECK(log10_regret(0.0, 1e-8) == Approx(-8.0));
    CHECK(std::isnan(log10_regret(kNaN)));
    CHECK(log10_regret_curve(std::vector<double>{100, 1, 0}) == std::vector<double>{2, 0, -12});
    REQUIRE_THROWS_MATCHES(log10_regret(1.0, 0.0), bobench::UserError,
                           Catch::Matchers::Message(
                               "log-regret floor = 0.000000; it must be a positive finite number (default 1e-12)"));
    REQUIRE_THROWS_AS(log10_regret_curve(std::vector<double>{}, -1.0), bobench::UserError);
}

TEST_CASE("AUC follows kurobako's definition", "[analysis][metrics]") {
    const std::vector<double> values{4, 3, 5, 1};  // best-so-far 4, 3, 3, 1
    CHECK(auc(values) == 10.0);                     // 4 + 3 + 3: the last improvement adds no area
    CHECK(auc(values, 1, 1.0) == 7.0);              // minus f* = 1 per unit step
    CHECK(auc(values, 2) == 6.0);
    CHECK(auc(values, 4) == 0.0);
    for (std::size_t s = 1; s <= values.size(); ++s) {
        CHECK(auc(values, s, 0.5) == Approx(auc_by_integration(values, s, 0.5)));
    }
    // A failure holds the previous best; a run that has no success by the start step has no AUC.
    const std::vector<double> with_failures{kNaN, 2, kNaN, 1, kNaN};
    CHECK(std::isnan(auc(with_failures, 1)));
    CHECK(auc(with_failures, 2) == 2 + 2 + 1);
    CHECK(auc(with_failures, 2) == Approx(auc_by_integration(with_failures, 2, 0.0)));
    CHECK(std::isnan(auc(std::vector<double>{kNaN}, 1)));
    REQUIRE_THROWS_MATCHES(auc(values, 0), bobench::UserError,
                           Catch::Matchers::Message(
                               "AUC start step = 0; it must be between 1 and the number of evaluations (4)"));
    REQUIRE_THROWS_AS(auc(values, 5), bobench::UserError);
    REQUIRE_THROWS_AS(auc(std::vector<double>{}, 1), bobench::UserError);
}

TEST_CASE("evaluations to reach a target", "[analysis][metrics]") {
    const std::vector<double> values{5, kNaN, 3, 0.1};
    CHECK(evaluations_to_target(values, 0.0, 0.5) == std::optional<std::size_t>(4));
    CHECK(evaluations_to_target(values, 0.0, 3.0) == std::optional<std::size_t>(3));
    CHECK(evaluations_to_target(values, 0.0, 5.0) == std::optional<std::size_t>(1));
    CHECK(evaluations_to_target(values, 1.0, 4.0) == std::optional<std::size_t>(1));
    CHECK_FALSE(evaluations_to_target(values, 0.0, 1e-8).has_value());
    CHECK(evaluations_to_target(values, std::nullopt, 3.0) == std::optional<std::size_t>(3));
    CHECK_FALSE(evaluations_to_target(std::vector<double>{kNaN, kNaN}, 0.0, 100.0).has_value());
    REQUIRE_THROWS_MATCHES(evaluations_to_target(values, 0.0, kNaN), bobench::UserError,
                           Catch::Matchers::Message("target regret is NaN; give a number (e.g. 1e-8)"));
}
