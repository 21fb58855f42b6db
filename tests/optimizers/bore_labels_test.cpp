#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "optimizers/bore_labels.hpp"

using namespace bobench;
using namespace bobench::bore;

TEST_CASE("bore labels: type-7 quantile and threshold labels on hand-checked data", "[density][labels]") {
    // numpy: np.quantile([5, 1, 4, 2, 3], 0.25) = 2.0, np.quantile(..., 0.3) = 2.2
    const std::vector<double> y = {5, 1, 4, 2, 3};
    CHECK(gamma_quantile(y, 0.25) == 2.0);
    CHECK(gamma_quantile(y, 0.3) == Approx(2.2).epsilon(1e-15));
    CHECK(gamma_quantile(y, 0.0) == 1.0);
    CHECK(gamma_quantile(y, 1.0) == 5.0);
    const Labels a = bore_labels(y, 0.25);
    CHECK(a.rule == LabelRule::Threshold);
    CHECK(a.tau == 2.0);
    CHECK(a.z == Eigen::Vector<double, 5>(0, 1, 0, 1, 0));  // y <= 2
    CHECK(a.positives == 2);
    const Labels b = bore_labels(y, 0.3);
    CHECK(b.z == Eigen::Vector<double, 5>(0, 1, 0, 1, 0));  // tau = 2.2
    // ties at the threshold are all good (y <= tau), as in BORE's reference code
    const Labels t = bore_labels(std::vector<double>{1, 1, 1, 2, 3, 4, 5, 6}, 0.2);
    CHECK(t.tau == 1.0);
    CHECK(t.positives == 3);
}

TEST_CASE("bore labels: the good fraction is close to gamma", "[density][labels]") {
    Rng rng(5);
    boost::random::normal_distribution<double> normal(0, 1);
    for (double gamma : {0.1, 0.25, 1.0 / 3, 0.5, 0.9})
        for (std::size_t n : {10u, 37u, 200u, 1000u}) {
            std::vector<double> y(n);
            for (double& v : y) v = normal(rng);
            const Labels l = bore_labels(y, gamma);
            INFO("gamma " << gamma << ", n " << n);
            // distinct values: exactly floor((n - 1) gamma) + 1 are good
            CHECK(l.positives == static_cast<std::size_t>(std::floor(static_cast<double>(n - 1) * gamma)) + 1);
            CHECK(std::abs(static_cast<double>(l.positives) / static_cast<double>(n) - gamma) <= 1.0 / static_cast<double>(n));
            CHECK(l.z.sum() == static_cast<double>(l.positives));
            for (std::size_t i = 0; i < n; ++i) CHECK((l.z[static_cast<Eigen::Index>(i)] == 1) == (y[i] <= l.tau));
        }
}

TEST_CASE("bore labels: one new observation flips at most one old label", "[density][labels]") {
    Rng rng(7);
    boost::random::normal_distribution<double> normal(0, 1);
    std::size_t flips_seen = 0, steps = 0;
    for (double gamma : {0.15, 0.25, 0.5, 0.8}) {
        for (int sequence = 0; sequence < 5; ++sequence) {
            std::vector<double> y = {normal(rng), normal(rng)};
            Labels previous = bore_labels(y, gamma);
            for (int t = 0; t < 150; ++t) {
                y.push_back(normal(rng));
                const Labels now = bore_labels(y, gamma);
                REQUIRE(now.rule == LabelRule::Threshold);
                const auto n_old = static_cast<Eigen::Index>(y.size() - 1);
                const double flips = (now.z.head(n_old) - previous.z).cwiseAbs().sum();
                CHECK(flips <= 1);
                flips_seen += flips > 0;
                ++steps;
                previous = now;
            }
        }
    }
    CHECK(flips_seen > steps / 20);  // flips do happen, so the bound is not vacuous

    // the rank rule has the property even with ties
    std::vector<double> y = {1, 1};
    Labels previous = rank_labels(y, 1);
    boost::random::uniform_int_distribution<int> level(0, 3);
    for (int t = 0; t < 200; ++t) {
        y.push_back(level(rng));
        const std::size_t k = static_cast<std::size_t>(std::ceil(0.3 * static_cast<double>(y.size())));
        const Labels now = rank_labels(y, k);
        CHECK((now.z.head(static_cast<Eigen::Index>(y.size() - 1)) - previous.z).cwiseAbs().sum() <= 1);
        previous = now;
    }
}

TEST_CASE("bore labels: with tied values a whole tie block changes together", "[density][labels]") {
    // documents the threshold rule's behaviour with ties (the flip bound needs distinct values)
    const std::vector<double> a = {0, 2, 2, 2, 3, 4};   // gamma 0.3: h = 1.5, tau = 2 -> 4 good
    const std::vector<double> b = {0, 2, 2, 2, 3, 4, -1};  // h = 1.8, tau = 1.6 -> 2 good
    const Labels la = bore_labels(a, 0.3), lb = bore_labels(b, 0.3);
    CHECK(la.positives == 4);
    CHECK(lb.positives == 2);
    CHECK((lb.z.head(6) - la.z).cwiseAbs().sum() == 3);  // the block of three 2s flipped at once
}

TEST_CASE("bore labels: degenerate data fall back to ranks", "[density][labels]") {
    // all equal: tau equals every value, the bad class would be empty
    const std::vector<double> same(8, 3.5);
    const Labels l = bore_labels(same, 0.25);
    CHECK(l.rule == LabelRule::Rank);
    CHECK(l.positives == 2);  // ceil(0.25 * 8)
    CHECK(l.z == Eigen::Vector<double, 8>(1, 1, 0, 0, 0, 0, 0, 0));  // ties go to the oldest
    // largest values tied above the quantile: {0, 1, 1} at gamma 0.75 has tau = 1
    const Labels top = bore_labels(std::vector<double>{1, 0, 1}, 0.75);
    CHECK(top.rule == LabelRule::Rank);
    CHECK(top.positives == 2);  // ceil(2.25) = 3 clamped to n - 1
    CHECK(top.z == Eigen::Vector3d(1, 1, 0));
    // two observations and a large gamma still make two classes
    const Labels two = bore_labels(std::vector<double>{4, 4}, 0.9);
    CHECK(two.positives == 1);
    CHECK(two.z == Eigen::Vector2d(1, 0));
    // one or no observation: no split
    CHECK(bore_labels(std::vector<double>{1.0}, 0.25).rule == LabelRule::Degenerate);
    CHECK(bore_labels(std::vector<double>{}, 0.25).rule == LabelRule::Degenerate);
}

TEST_CASE("bore labels: bad gamma and non-finite values are rejected", "[density][labels]") {
    const std::vector<double> y = {1, 2, 3};
    for (double g : {0.0, 1.0, -0.1, 1.5, std::nan("")}) CHECK_THROWS_AS(bore_labels(y, g), UserError);
    CHECK_THROWS_WITH(bore_labels(y, 1.5), "gamma = 1.5 is outside (0, 1): it is the fraction of observations "
                                           "labelled good, so it must lie strictly between 0 and 1");
    CHECK_THROWS_WITH(bore_labels(std::vector<double>{1, std::nan(""), 3}, 0.25),
                      Catch::StartsWith("BORE labels: y[1] = nan is not finite"));
    CHECK_THROWS_AS(bore_labels(std::vector<double>{1, INFINITY}, 0.25), std::invalid_argument);
}
