#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <boost/random/normal_distribution.hpp>

#include "analysis/ranking.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "tests/support/values.hpp"

using namespace bobench::analysis;
using bobench::testing::kNaN;

namespace {

std::vector<double> normal_sample(bobench::Rng& rng, double mean, double sd, std::size_t n) {
    boost::random::normal_distribution<double> dist(mean, sd);
    std::vector<double> out(n);
    for (double& v : out) v = dist(rng);
    return out;
}

// One-metric optimizer (options.metric_names must then have one entry).
OptimizerSamples one_metric(const std::string& name, std::vector<double> values) {
    return OptimizerSamples{name, {std::move(values)}};
}

RankingOptions single_metric_options() {
    RankingOptions options;
    options.metric_names = {"best value"};
    return options;
}

std::map<std::string, int> borda_by_name(const ProblemRanking& r) {
    std::map<std::string, int> out;
    for (std::size_t i = 0; i < r.optimizers.size(); ++i) out[r.optimizers[i]] = r.borda[i];
    return out;
}

std::map<std::string, int> firsts_by_name(const ProblemRanking& r) {
    std::map<std::string, int> out;
    for (std::size_t i = 0; i < r.optimizers.size(); ++i) out[r.optimizers[i]] = r.firsts[i];
    return out;
}

}  // namespace

TEST_CASE("pairwise alpha corrections", "[analysis][ranking]") {
    CHECK(pairwise_alpha({AlphaCorrection::direct, 0.0005}, 7) == 0.0005);
    CHECK(pairwise_alpha({AlphaCorrection::bonferroni, 0.05}, 7) == Approx(0.05 / 21).epsilon(1e-14));
    CHECK(pairwise_alpha({AlphaCorrection::sidak, 0.05}, 7) ==
          Approx(1.0 - std::pow(0.95, 1.0 / 21.0)).epsilon(1e-12));
    CHECK(pairwise_alpha({AlphaCorrection::sidak, 0.05}, 2) == Approx(0.05).epsilon(1e-14));
    // kurobako's grid: 2 solvers -> 0.025 (its check 1 - 0.95 < 0.05 fails for 0.05),
    // 7 solvers -> 0.001, 13 solvers -> 0.0005.
    CHECK(pairwise_alpha({AlphaCorrection::kurobako, 0.05}, 2) == 0.025);
    CHECK(pairwise_alpha({AlphaCorrection::kurobako, 0.05}, 7) == 0.001);
    CHECK(pairwise_alpha({AlphaCorrection::kurobako, 0.05}, 13) == 0.0005);
    // The Aryan thesis's "0.001 overall -> 0.0005 for 7 methods" is neither Bonferroni nor Sidak.
    CHECK(pairwise_alpha({AlphaCorrection::bonferroni, 0.001}, 7) == Approx(4.76190e-5).epsilon(1e-5));
    CHECK(pairwise_alpha({AlphaCorrection::sidak, 0.001}, 7) == Approx(4.76417e-5).epsilon(1e-5));
    // A single optimizer has no pairs.
    CHECK(pairwise_alpha({AlphaCorrection::bonferroni, 0.05}, 1) == 0.05);
    CHECK(parse_alpha_correction("kurobako") == AlphaCorrection::kurobako);
    CHECK(to_string(parse_alpha_correction("sidak")) == "sidak");
    CHECK(parse_alpha_correction("holm") == AlphaCorrection::holm);
    CHECK(pairwise_alpha({AlphaCorrection::holm, 0.05}, 4) == 0.05);  // Holm adjusts the p-values instead
    REQUIRE_THROWS_MATCHES(parse_alpha_correction("hochberg"), bobench::UserError,
                           Catch::Matchers::Message(
                               "unknown alpha correction 'hochberg'; accepted: direct, bonferroni, sidak, kurobako, holm"));
    REQUIRE_THROWS_MATCHES(pairwise_alpha({AlphaCorrection::sidak, 1.0}, 3), bobench::UserError,
                           Catch::Matchers::Message("significance level alpha = 1.000000 is outside (0, 1)"));
}

TEST_CASE("identical samples tie and every optimizer is first", "[analysis][ranking]") {
    std::vector<double> same(20);
    for (std::size_t i = 0; i < same.size(); ++i) same[i] = double(i % 7);
    ProblemSamples p{"p", {}, {one_metric("a", same), one_metric("b", same), one_metric("c", same)}};
    const auto r = rank_problem(p, single_metric_options());
    CHECK(r.borda == std::vector<int>{0, 0, 0});
    CHECK(r.firsts == std::vector<int>{1, 1, 1});
    CHECK(r.significance.p_value[0][0][1] == 1.0);
    CHECK(r.significance.deciding_metric[0][1] == -1);
}

TEST_CASE("clearly separated samples (n = 20) are ordered", "[analysis][ranking]") {
    bobench::Rng rng(7);
    ProblemSamples p{"sphere", {}, {}};
    p.optimizers.push_back(one_metric("worst", normal_sample(rng, 2.0, 0.1, 20)));
    p.optimizers.push_back(one_metric("best", normal_sample(rng, 0.0, 0.1, 20)));
    p.optimizers.push_back(one_metric("middle", normal_sample(rng, 1.0, 0.1, 20)));
    const auto r = rank_problem(p, single_metric_options());
    CHECK(r.borda == std::vector<int>{0, 2, 1});
    CHECK(r.firsts == std::vector<int>{0, 1, 0});
    CHECK(r.significance.outcome[1][0] == 1);   // best beats worst
    CHECK(r.significance.outcome[0][1] == -1);
    CHECK(r.significance.outcome[2][0] == 1);
    CHECK(r.significance.deciding_metric[1][2] == 0);
    // No overlap at all: U = 0, asymptotic p for 20 vs 20 (scipy formula) is ~6.8e-8.
    CHECK(r.significance.p_value[0][1][2] < 1e-7);
    CHECK(r.significance.a12[0][1][0] == 0.0);
    CHECK(r.significance.a12[0][0][1] == 1.0);
    CHECK(r.median[0][1] < r.median[0][2]);
}

TEST_CASE("metric precedence: the second metric decides when the first cannot", "[analysis][ranking]") {
    bobench::Rng rng(11);
    const std::vector<double> best_values = normal_sample(rng, 0.0, 1.0, 15);
    ProblemSamples p{"p", {}, {}};
    p.optimizers.push_back({"slow", {best_values, normal_sample(rng, 50.0, 1.0, 15)}});
    p.optimizers.push_back({"fast", {best_values, normal_sample(rng, 10.0, 1.0, 15)}});
    const auto r = rank_problem(p);  // default metrics: best value, AUC
    CHECK(r.borda == std::vector<int>{0, 1});
    CHECK(r.firsts == std::vector<int>{0, 1});
    CHECK(r.significance.deciding_metric[0][1] == 1);
    CHECK(r.significance.p_value[0][0][1] == 1.0);  // identical best values
    CHECK(r.significance.p_value[1][0][1] < 1e-4);
}

TEST_CASE("partial ties: two winners over a loser", "[analysis][ranking]") {
    bobench::Rng rng(3);
    const std::vector<double> shared = normal_sample(rng, 0.0, 1.0, 20);
    ProblemSamples p{"p", {}, {}};
    p.optimizers.push_back(one_metric("a", shared));
    std::vector<double> reordered = shared;  // b: same values in another order -> same sample
    std::reverse(reordered.begin(), reordered.end());
    p.optimizers.push_back(one_metric("b", reordered));
    p.optimizers.push_back(one_metric("c", normal_sample(rng, 10.0, 1.0, 20)));
    const auto r = rank_problem(p, single_metric_options());
    CHECK(r.borda == std::vector<int>{1, 1, 0});
    CHECK(r.firsts == std::vector<int>{1, 1, 0});
    CHECK(r.significance.outcome[0][1] == 0);
}

TEST_CASE("a non-significant difference is a tie at a strict alpha", "[analysis][ranking]") {
    // a = 1..5, b = 6..10: exact p = 2 / C(10, 5) = 0.0079: a win at alpha_pair = 0.05,
    // a tie at alpha_pair = 0.005.
    ProblemSamples p{"p", {}, {one_metric("a", {1, 2, 3, 4, 5}), one_metric("b", {6, 7, 8, 9, 10})}};
    RankingOptions options = single_metric_options();
    options.alpha = {AlphaCorrection::direct, 0.05};
    auto r = rank_problem(p, options);
    CHECK(r.significance.p_value[0][0][1] == Approx(2.0 / 252.0).epsilon(1e-12));
    CHECK(r.borda == std::vector<int>{1, 0});
    options.alpha = {AlphaCorrection::direct, 0.005};
    r = rank_problem(p, options);
    CHECK(r.borda == std::vector<int>{0, 0});
    CHECK(r.firsts == std::vector<int>{1, 1});
}

TEST_CASE("rankings do not depend on the order optimizers are given in", "[analysis][ranking]") {
    bobench::Rng rng(2024);
    const std::vector<std::string> names{"tpe", "random", "gp", "de", "bore"};
    const std::vector<double> means{0.3, 1.0, 0.0, 0.6, 0.3};
    std::vector<ProblemSamples> problems;
    for (int q = 0; q < 3; ++q) {
        ProblemSamples p{"problem" + std::to_string(q), {}, {}};
        p.metadata.tags["group"] = q < 2 ? "separable" : "multimodal";
        for (std::size_t i = 0; i < names.size(); ++i) {
            p.optimizers.push_back({names[i],
                                    {normal_sample(rng, means[i] * (q + 1), 0.4, 12),
                                     normal_sample(rng, means[(i + q) % 5], 0.4, 12)}});
        }
        problems.push_back(p);
    }
    std::vector<ProblemRanking> original;
    for (const auto& p : problems) original.push_back(rank_problem(p));
    const ScoreTable total = total_scores(original);

    std::vector<std::size_t> perm{3, 0, 4, 2, 1};
    for (int round = 0; round < 4; ++round) {
        std::next_permutation(perm.begin(), perm.end());
        std::vector<ProblemRanking> permuted;
        for (const auto& p : problems) {
            ProblemSamples shuffled{p.problem, p.metadata, {}};
            for (std::size_t i : perm) shuffled.optimizers.push_back(p.optimizers[i]);
            permuted.push_back(rank_problem(shuffled));
        }
        for (std::size_t q = 0; q < problems.size(); ++q) {
            CHECK(borda_by_name(permuted[q]) == borda_by_name(original[q]));
            CHECK(firsts_by_name(permuted[q]) == firsts_by_name(original[q]));
            for (std::size_t a = 0; a < perm.size(); ++a) {
                for (std::size_t b = 0; b < perm.size(); ++b) {
                    CHECK(permuted[q].significance.outcome[a][b] ==
                          original[q].significance.outcome[perm[a]][perm[b]]);
                    CHECK(permuted[q].significance.p_value[1][a][b] ==
                          original[q].significance.p_value[1][perm[a]][perm[b]]);
                }
            }
        }
        std::reverse(permuted.begin(), permuted.end());  // problem order does not matter either
        const ScoreTable t = total_scores(permuted);
        CHECK(t.optimizers == total.optimizers);
        CHECK(t.borda == total.borda);
        CHECK(t.firsts == total.firsts);
    }
    // The scenario is not trivial: some pairs are decided, some are ties.
    long decided = 0;
    for (long b : total.borda) decided += b;
    CHECK(decided > 0);
    CHECK(decided < 3 * 10);
}

TEST_CASE("totals and breakdown by metadata", "[analysis][ranking]") {
    // Hand-made per-problem rankings with known Borda/Firsts.
    auto make = [](std::string name, std::string group, std::vector<std::string> optimizers,
                   std::vector<int> borda, std::vector<int> firsts) {
        ProblemRanking r;
        r.problem = std::move(name);
        if (!group.empty()) r.metadata.tags["group"] = std::move(group);
        r.optimizers = std::move(optimizers);
        r.borda = std::move(borda);
        r.firsts = std::move(firsts);
        return r;
    };
    const std::vector<ProblemRanking> rankings{
        make("f1", "separable", {"b", "a", "c"}, {2, 1, 0}, {1, 0, 0}),
        make("f2", "separable", {"a", "b", "c"}, {0, 0, 0}, {1, 1, 1}),
        make("f3", "multimodal", {"c", "a", "b"}, {2, 0, 0}, {1, 0, 0}),
        make("f4", "", {"a", "b", "c"}, {1, 1, 0}, {1, 1, 0}),
        make("f5", "multimodal", {"a", "b"}, {1, 0}, {1, 0}),  // c missing: left out
    };
    const ScoreTable total = total_scores(rankings);
    CHECK(total.optimizers == std::vector<std::string>{"a", "b", "c"});
    CHECK(total.borda == std::vector<long>{2, 3, 2});
    CHECK(total.firsts == std::vector<long>{2, 3, 2});
    CHECK(total.problems == std::vector<std::string>{"f1", "f2", "f3", "f4"});
    CHECK(total.excluded_problems == std::vector<std::string>{"f5"});
    const auto order = total.order_by_borda();
    CHECK(total.optimizers[order[0]] == "b");
    CHECK(total.optimizers[order[1]] == "a");  // a and c tie; name breaks it

    const auto by_group = scores_by(rankings, "group");
    REQUIRE(by_group.size() == 3);
    const ScoreTable& sep = by_group.at("separable");
    CHECK(sep.borda == std::vector<long>{1, 2, 0});
    CHECK(sep.firsts == std::vector<long>{1, 2, 1});
    const ScoreTable& multi = by_group.at("multimodal");
    CHECK(multi.problems == std::vector<std::string>{"f3"});
    CHECK(multi.excluded_problems == std::vector<std::string>{"f5"});
    CHECK(multi.borda == std::vector<long>{0, 0, 2});
    const ScoreTable& missing = by_group.at(std::string(kMissingMetadataValue));
    CHECK(missing.problems == std::vector<std::string>{"f4"});
    CHECK(missing.borda == std::vector<long>{1, 1, 0});
    REQUIRE_THROWS_MATCHES(scores_by(rankings, ""), bobench::UserError,
                           Catch::Matchers::Message("metadata key for the score breakdown is empty"));
}

TEST_CASE("end to end: rank problems, then break totals down by dimension", "[analysis][ranking]") {
    bobench::Rng rng(99);
    std::vector<ProblemRanking> rankings;
    for (const char* dim : {"2", "5"}) {
        for (int f = 0; f < 2; ++f) {
            ProblemSamples p{std::string("f") + std::to_string(f) + "-d" + dim, {}, {}};
            p.metadata.tags["dimension"] = dim;
            // In dimension 2 "gp" is clearly best, in dimension 5 "de" is.
            const bool low = std::string(dim) == "2";
            p.optimizers.push_back(one_metric("gp", normal_sample(rng, low ? 0.0 : 5.0, 0.1, 20)));
            p.optimizers.push_back(one_metric("de", normal_sample(rng, low ? 5.0 : 0.0, 0.1, 20)));
            p.optimizers.push_back(one_metric("random", normal_sample(rng, 10.0, 0.1, 20)));
            rankings.push_back(rank_problem(p, single_metric_options()));
        }
    }
    const auto by_dim = scores_by(rankings, "dimension");
    // optimizers sorted: de, gp, random
    CHECK(by_dim.at("2").borda == std::vector<long>{2, 4, 0});
    CHECK(by_dim.at("2").firsts == std::vector<long>{0, 2, 0});
    CHECK(by_dim.at("5").borda == std::vector<long>{4, 2, 0});
    CHECK(total_scores(rankings).borda == std::vector<long>{6, 6, 0});
}

TEST_CASE("NaN metric values: worst (default) or excluded", "[analysis][ranking]") {
    std::vector<double> good(10);
    for (std::size_t i = 0; i < good.size(); ++i) good[i] = double(i);
    const std::vector<double> failed(10, kNaN);
    ProblemSamples p{"p", {}, {one_metric("ok", good), one_metric("crashes", failed)}};
    SECTION("worst: failed runs rank last") {
        const auto r = rank_problem(p, single_metric_options());
        CHECK(r.borda == std::vector<int>{1, 0});
        CHECK(r.firsts == std::vector<int>{1, 0});
        CHECK(std::isinf(r.median[0][1]));
    }
    SECTION("exclude: an all-NaN sample cannot be ranked") {
        RankingOptions options = single_metric_options();
        options.nan_policy = NanPolicy::exclude;
        REQUIRE_THROWS_MATCHES(
            rank_problem(p, options), bobench::UserError,
            Catch::Matchers::Message(
                "problem 'p': every value of optimizer 'crashes' for metric 0 ('best value') is NaN "
                "and NaN values are excluded; use the 'worst' NaN policy to rank failed runs last"));
    }
    SECTION("exclude: NaN values are dropped from the sample") {
        // Half of b's runs failed; its finite values are far below a's. Under 'worst' the
        // failures make b's sample straddle a's; under 'exclude' b clearly wins.
        std::vector<double> b(10, kNaN);
        for (std::size_t i = 0; i < 5; ++i) b[i] = -100.0 + double(i);
        ProblemSamples q{"q", {}, {one_metric("a", good), one_metric("b", b)}};
        RankingOptions options = single_metric_options();
        options.alpha = {AlphaCorrection::direct, 0.05};
        CHECK(rank_problem(q, options).borda == std::vector<int>{0, 0});
        options.nan_policy = NanPolicy::exclude;
        const auto r = rank_problem(q, options);
        CHECK(r.borda == std::vector<int>{0, 1});
        CHECK(r.median[0][1] == -98.0);
    }
    CHECK(parse_nan_policy("exclude") == NanPolicy::exclude);
    REQUIRE_THROWS_MATCHES(parse_nan_policy("skip"), bobench::UserError,
                           Catch::Matchers::Message("unknown NaN policy 'skip'; accepted: worst, exclude"));
}

TEST_CASE("ranking: bad input", "[analysis][ranking][errors]") {
    using Catch::Matchers::Message;
    const RankingOptions one = single_metric_options();
    REQUIRE_THROWS_MATCHES(rank_problem(ProblemSamples{"p", {}, {}}, one), bobench::UserError,
                           Message("problem 'p': no optimizers to rank"));
    REQUIRE_THROWS_MATCHES(
        rank_problem(ProblemSamples{"p", {}, {one_metric("a", {1}), one_metric("a", {2})}}, one),
        bobench::UserError,
        Message("problem 'p': optimizer 'a' appears twice; every optimizer must appear once"));
    REQUIRE_THROWS_MATCHES(
        rank_problem(ProblemSamples{"p", {}, {one_metric("a", {1}), one_metric("b", {})}}, one),
        bobench::UserError, Message("problem 'p': optimizer 'b' has no values for metric 0 ('best value')"));
    REQUIRE_THROWS_MATCHES(
        rank_problem(ProblemSamples{"p", {}, {one_metric("a", {1}), one_metric("b", {2})}}),
        bobench::UserError, Message("problem 'p': optimizer 'a' has 1 metric samples but 2 metrics are ranked"));
    REQUIRE_THROWS_AS(
        rank_problem(ProblemSamples{"p", {}, {one_metric("", {1})}}, one), bobench::UserError);
    RankingOptions bad_alpha = one;
    bad_alpha.alpha.level = 0.0;
    REQUIRE_THROWS_MATCHES(rank_problem(ProblemSamples{"p", {}, {one_metric("a", {1})}}, bad_alpha),
                           bobench::UserError,
                           Message("problem 'p': significance level alpha = 0.000000 is outside (0, 1)"));
    // A single optimizer is ranked alone: first, no Borda points.
    const auto alone = rank_problem(ProblemSamples{"p", {}, {one_metric("a", {1, 2})}}, one);
    CHECK(alone.borda == std::vector<int>{0});
    CHECK(alone.firsts == std::vector<int>{1});
}

// ---------------------------------------------------------------------------------------

TEST_CASE("Friedman ranking of one problem: replicates are blocks", "[analysis][ranking][friedman]") {
    // Replicates (blocks): a < b < c in three of four, b < a < c in the last.
    ProblemSamples p{"p", {}, {one_metric("c", {9, 9, 9, 9}), one_metric("a", {1, 1, 1, 5}),
                               one_metric("b", {2, 2, 2, 2})}};
    const auto r = friedman_rank_problem(p);
    CHECK(r.test.blocks == 4);
    CHECK(r.test.mean_ranks == std::vector<double>{3.0, 1.25, 1.75});
    CHECK(r.rank == std::vector<double>{3, 1, 2});
    CHECK(r.dropped_replicates == 0);
}

TEST_CASE("Friedman ranking across problems: Borda of ranks, invariant to order", "[analysis][ranking][friedman]") {
    std::vector<FriedmanProblemRanking> per_problem;
    // Problem 1: a best, b second, c last.  Problem 2: a and b tie, c last.
    // Problem 3: c best, a second, b last.
    per_problem.push_back(friedman_rank_problem(
        {"p1", {}, {one_metric("a", {1, 1, 1}), one_metric("b", {2, 2, 2}), one_metric("c", {3, 3, 3})}}));
    per_problem.push_back(friedman_rank_problem(
        {"p2", {}, {one_metric("b", {1, 2, 1}), one_metric("c", {5, 5, 5}), one_metric("a", {2, 1, 1})}}));
    per_problem.push_back(friedman_rank_problem(
        {"p3", {}, {one_metric("c", {0, 0, 0}), one_metric("b", {2, 2, 2}), one_metric("a", {1, 1, 1})}}));
    CHECK(per_problem[1].rank == std::vector<double>{1.5, 3, 1.5});
    const auto table = friedman_scores(per_problem);
    CHECK(table.optimizers == std::vector<std::string>{"a", "b", "c"});
    // Points per problem: k - rank. a: 2 + 1.5 + 1, b: 1 + 1.5 + 0, c: 0 + 0 + 2.
    CHECK(table.borda == std::vector<double>{4.5, 2.5, 2.0});
    CHECK(table.average_rank[0] == Approx((1 + 1.5 + 2) / 3.0));
    CHECK(table.average_rank[1] == Approx((2 + 1.5 + 3) / 3.0));
    CHECK(table.average_rank[2] == Approx((3 + 3 + 1) / 3.0));
    REQUIRE(table.across_problems.has_value());
    CHECK(table.across_problems->blocks == 3);
    CHECK(table.across_problems->mean_ranks == table.average_rank);

    std::vector<FriedmanProblemRanking> reversed(per_problem.rbegin(), per_problem.rend());
    const auto again = friedman_scores(reversed);
    CHECK(again.borda == table.borda);
    CHECK(again.average_rank == table.average_rank);
    // Permuting optimizers inside a problem gives the same ranks by name.
    const auto swapped = friedman_rank_problem(
        {"p2", {}, {one_metric("a", {2, 1, 1}), one_metric("b", {1, 2, 1}), one_metric("c", {5, 5, 5})}});
    CHECK(swapped.rank == std::vector<double>{1.5, 1.5, 3});
}

TEST_CASE("Friedman ranking: NaN policies and bad input", "[analysis][ranking][friedman][errors]") {
    using Catch::Matchers::Message;
    ProblemSamples p{"p", {}, {one_metric("a", {1, kNaN, 1}), one_metric("b", {2, 2, 2})}};
    const auto worst = friedman_rank_problem(p);
    CHECK(worst.test.blocks == 3);
    CHECK(worst.test.mean_ranks == std::vector<double>{4.0 / 3.0, 5.0 / 3.0});
    const auto excluded = friedman_rank_problem(p, 0, NanPolicy::exclude);
    CHECK(excluded.test.blocks == 2);
    CHECK(excluded.dropped_replicates == 1);
    CHECK(excluded.test.mean_ranks == std::vector<double>{1.0, 2.0});

    REQUIRE_THROWS_MATCHES(
        friedman_rank_problem({"p", {}, {one_metric("a", {1, 2, 3}), one_metric("b", {1, 2})}}),
        bobench::UserError,
        Message("problem 'p': optimizer 'b' has 2 replicates but 'a' has 3; the Friedman ranking "
                "needs one value per optimizer and replicate"));
    REQUIRE_THROWS_MATCHES(
        friedman_rank_problem({"p", {}, {one_metric("a", {1, 2, 3})}}), bobench::UserError,
        Message("problem 'p': Friedman test: got 1 treatment per block; at least 2 are needed "
                "(blocks are replicates, 0 dropped for NaN values)"));
    REQUIRE_THROWS_MATCHES(
        friedman_rank_problem({"p", {}, {one_metric("a", {1}), one_metric("b", {2})}}), bobench::UserError,
        Message("problem 'p': Friedman test: got 1 block; at least 2 are needed "
                "(blocks are replicates, 0 dropped for NaN values)"));
    REQUIRE_THROWS_MATCHES(
        friedman_rank_problem({"p", {}, {one_metric("a", {1, 2}), one_metric("b", {2, 1})}}, 1),
        bobench::UserError,
        Message("problem 'p': optimizer 'a' has 1 metric samples; the Friedman ranking asks for metric 1"));
    REQUIRE_THROWS_AS(friedman_rank_problem({"p", {}, {}}), bobench::UserError);
}

TEST_CASE("alpha_reach: a per-pair level 5 runs against 5 cannot reach, and the runs it needs",
          "[analysis][ranking][min_p]") {
    // Aryan (2020) ch. 3: 7 methods at 5e-4 per pair; 5 runs give at best 2 / 252
    const AlphaReach thesis = alpha_reach({AlphaCorrection::direct, 5e-4}, 7, 5, 5);
    CHECK_FALSE(thesis.reachable());
    CHECK(thesis.threshold == 5e-4);
    CHECK(thesis.min_p == Approx(2.0 / 252));
    CHECK(thesis.runs_needed == 8);
    const std::string why = unreachable_alpha_message(thesis, 5, 5);
    CHECK(why == "with 5 replicates against 5, the smallest two-sided p the Mann-Whitney test (auto) can give is "
                 "0.0079, not below the per-pair level 0.0005: no pair of optimizers can differ significantly, so "
                 "every pair ties and every Borda score is 0; at least 8 replicates per optimizer are needed");
    CHECK(alpha_reach({AlphaCorrection::direct, 0.05}, 7, 5, 5).reachable());
    // Holm's first step compares the smallest p with level / pairs (3 pairs of 3 optimizers)
    CHECK(alpha_reach({AlphaCorrection::holm, 0.05}, 3, 5, 5).threshold == Approx(0.05 / 3));
    // 7 runs: only runs tied within each optimizer could reach 5e-4, and the message says so
    const AlphaReach seven = alpha_reach({AlphaCorrection::direct, 5e-4}, 2, 7, 7);
    CHECK_FALSE(seven.reachable());
    CHECK(unreachable_alpha_message(seven, 7, 7).find("the smallest two-sided p the Mann-Whitney test (auto) can give "
                                                      "is 0.00058, not below the per-pair level 0.0005: no pair of "
                                                      "optimizers can differ significantly unless each one's runs all "
                                                      "tie (then p can be 0.00041)") != std::string::npos);
}
