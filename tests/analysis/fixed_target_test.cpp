// Fixed-target view: runtimes, ERT and its bootstrap interval, runtime ECDFs, against
// hand-computed cases and COCO's definitions; the Wilcoxon signed-rank test against scipy.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "analysis/fixed_target.hpp"
#include "analysis/reports/fixed_target_report.hpp"
#include "analysis/statistics/wilcoxon.hpp"
#include "core/error.hpp"
#include "tests/analysis/reports_fixtures.hpp"
#include "tests/support/values.hpp"

using namespace bobench;
using namespace bobench::analysis;
using namespace bobench::reports_testing;
using bobench::testing::kInf;

TEST_CASE("fixed target: COCO's target precisions", "[fixed-target]") {
    const auto ecdf = coco_ecdf_targets();
    REQUIRE(ecdf.size() == 51);  // cocopp: 10**np.arange(2, -8.1, -0.2)
    CHECK(ecdf.front() == 100.0);
    CHECK(ecdf[5] == Approx(10.0).epsilon(1e-14));
    CHECK(ecdf.back() == Approx(1e-8).epsilon(1e-14));
    const auto table = coco_table_targets();
    REQUIRE(table.size() == 11);
    CHECK(table[3] == Approx(0.1).epsilon(1e-14));
    CHECK(parse_targets("1e-1, 1e-3", "--target") == std::vector<double>{0.1, 0.001});
    CHECK(parse_targets("decades", "--target").size() == 11);
    CHECK_THROWS_WITH(parse_targets("1e-1,-2", "--target"),
                      Catch::StartsWith("--target '1e-1,-2': '-2' is not a positive number"));
}

TEST_CASE("fixed target: runtimes and ERT on a hand-computed case", "[fixed-target]") {
    // Three runs of 10 evaluations; regret curves reach 0.1 at evaluations 3 and 7, never in
    // the third run. NaN (a failed first evaluation) never counts as reaching the target.
    const double n = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> a{n, 1, 0.1, 0.1, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01};
    const std::vector<double> b{5, 5, 5, 1, 1, 1, 0.05, 0.05, 0.05, 0.05};
    const std::vector<double> c(10, 2.0);
    const std::vector<RunOutcome> runs{run_outcome(a, 0.1), run_outcome(b, 0.1), run_outcome(c, 0.1)};
    CHECK(runs[0].hit == 3u);
    CHECK(runs[1].hit == 7u);
    CHECK_FALSE(runs[2].hit);
    CHECK(runs[2].evaluations == 10u);
    const ExpectedRunningTime e = expected_running_time(runs);
    // Hansen et al. 2009: (3 + 7 + 10) evaluations spent / 2 successes
    CHECK(e.spent == 20);
    CHECK(e.successes == 2);
    CHECK(e.ert == 10);
    // COCO's equivalent form (Auger & Hansen 2005, "Performance evaluation of an advanced
    // local search evolutionary algorithm"): ERT = E[RT_succ] + (1 - p_s) / p_s E[RT_unsucc]
    const double p_s = 2.0 / 3.0;
    CHECK(e.ert == Approx((3.0 + 7.0) / 2 + (1 - p_s) / p_s * 10.0).epsilon(1e-15));
    // no success: infinite; all successful: the mean runtime
    CHECK(expected_running_time(std::vector<RunOutcome>{runs[2]}).ert == kInf);
    CHECK(expected_running_time(std::vector<RunOutcome>{runs[0], runs[1]}).ert == 5);
    CHECK_THROWS_AS(expected_running_time(std::vector<RunOutcome>{}), UserError);
}

TEST_CASE("fixed target: the bootstrap interval of the ERT", "[fixed-target]") {
    const std::vector<RunOutcome> same(5, RunOutcome{4, 10});
    const Interval s = bootstrap_ert(same, 200);
    CHECK(s.low == 4);  // every resample has ERT 4
    CHECK(s.high == 4);
    const std::vector<RunOutcome> none(3, RunOutcome{std::nullopt, 10});
    CHECK(bootstrap_ert(none, 50).low == kInf);
    // one success in 4 runs: resamples without it (prob (3/4)^4 = 0.32 > 0.1) give +inf, so
    // the 90th percentile is infinite while the 10th is finite and at least the ERT's floor.
    const std::vector<RunOutcome> rare{{2, 10}, {std::nullopt, 10}, {std::nullopt, 10}, {std::nullopt, 10}};
    const Interval r = bootstrap_ert(rare, 2000, 0.1, 0.9, 7);
    CHECK(r.high == kInf);
    CHECK(r.low >= 2);
    CHECK(r.low <= expected_running_time(rare).ert);  // 32: drawing the success twice or more halves it
    // reproducible from the seed
    const Interval again = bootstrap_ert(rare, 2000, 0.1, 0.9, 7);
    CHECK(again.low == r.low);
    CHECK_THROWS_WITH(bootstrap_ert(rare, 10, 0.9, 0.1), Catch::Contains("0 < low <= high < 1"));
}

TEST_CASE("fixed target: runtime ECDF over (problem, target) pairs, hand-computed", "[fixed-target]") {
    // pair 1: runs at 1, 3 and one that never reaches it (each weighs 1/3 of 1/2);
    // pair 2: a run at 2 and one that never does (each 1/2 of 1/2)
    const Ecdf e = runtime_ecdf({{1.0, 3.0, std::nullopt}, {2.0, std::nullopt}});
    REQUIRE(e.x == std::vector<double>{1, 2, 3});
    CHECK(e.y[0] == Approx(1.0 / 6).epsilon(1e-15));
    CHECK(e.y[1] == Approx(1.0 / 6 + 1.0 / 4).epsilon(1e-15));
    CHECK(e.y[2] == Approx(7.0 / 12).epsilon(1e-15));
    CHECK(e.pairs == 2);
}

TEST_CASE("fixed target: table and ECDF of a results file", "[fixed-target][reports]") {
    using namespace bobench::analysis::reports;
    // abc_results: p1 (f* 0, dimension 2): A's regrets per replicate r = 0..9 are
    // [1 + 0.01 r, 0.01 r], B's [2 + 0.01 r, 1 + 0.01 r], C's [11 + .., 10 + ..].
    const results::Results res = abc_results();
    FixedTargetOptions o;
    o.targets = {0.5, 1e-8};
    o.bootstrap = 100;
    const FixedTargetTable t = fixed_target_table(res, o);
    REQUIRE(t.problems == std::vector<std::string>{"p1", "p2"});
    REQUIRE(t.optimizers == std::vector<std::string>{"A", "B", "C"});
    const TargetCell& a_half = t.cells[0][0][0];
    CHECK(a_half.ert.ert == 2);  // every A run reaches 0.5 at its 2nd evaluation
    CHECK(a_half.ert.successes == 10);
    CHECK(t.cells[0][0][1].ert.ert == kInf);  // B never gets below 1
    const TargetCell& a_exact = t.cells[0][1][0];
    CHECK(a_exact.ert.successes == 1);  // only replicate r = 0 reaches regret 0
    CHECK(a_exact.ert.ert == 20);       // (2 + 9 * 2) / 1
    const std::string md = render_fixed_target_table(t, o);
    CHECK(md.find("| p1 | 0.5 | **2** [2, 2] 10/10 | ∞ 0/10 | ∞ 0/10 |") != std::string::npos);
    o.format = TableFormat::csv;
    CHECK(render_fixed_target_table(t, o).find("\np1,A,1e-08,10,1,20,") != std::string::npos);

    // ECDF of A on p1 with the targets {0.5, 1e-8}: x = evaluations / dimension (2):
    // target 0.5 reached by all 10 runs at x = 1, 1e-8 by one run at x = 1.
    std::vector<std::string> notes;
    results::Results only_p1 = res;
    only_p1.problems.resize(1);
    std::erase_if(only_p1.runs, [](const results::Trace& r) { return r.key.problem != 0; });
    const auto curves = ecdf_curves(only_p1, {0.5, 1e-8}, std::nullopt, notes);
    REQUIRE(curves.size() == 3);
    CHECK(curves[0].optimizer == "A");
    REQUIRE(curves[0].ecdf.x == std::vector<double>{1.0});
    CHECK(curves[0].ecdf.y[0] == Approx(0.5 * 1.0 + 0.5 * 0.1).epsilon(1e-15));
    CHECK(curves[0].budget == 1.0);
    CHECK(curves[1].ecdf.x.empty());  // B reaches neither target
    CHECK(notes.empty());
    // by dimension: p1 is dimension 2, p2 dimension 10
    const auto by = ecdf_curves(res, {0.5}, std::string("dimension"), notes);
    REQUIRE(by.size() == 6);
    CHECK(by[0].group == "dimension = 2");
    CHECK(by[3].group == "dimension = 10");
    CHECK(by[3].budget == Approx(0.2));
}

TEST_CASE("wilcoxon signed-rank agrees with scipy 1.10", "[fixed-target][statistics]") {
    // scipy.stats.wilcoxon(a, b, method=...) (correction=False, zero_method="wilcox"), scipy 1.10.1
    const std::vector<double> a{0.1, 0.5, 0.9, 1.3, 2.0, 2.2, 3.1, 0.4}, b{0.3, 0.2, 1.4, 1.0, 2.6, 1.5, 2.0, 0.0};
    const WilcoxonResult exact = wilcoxon_signed_rank(a, b, MannWhitneyMethod::exact);
    CHECK(exact.statistic == 12);
    CHECK(exact.w_plus == 24);
    CHECK(exact.p_value == Approx(0.4609375).epsilon(1e-12));
    CHECK(wilcoxon_signed_rank(a, b, MannWhitneyMethod::asymptotic).p_value ==
          Approx(0.40081416938293446).epsilon(1e-12));
    // zeros dropped, tied |d| corrected
    const std::vector<double> c{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, d{2, 1, 3, 6, 4, 4, 9, 5, 12, 8, 10, 10};
    const WilcoxonResult ties = wilcoxon_signed_rank(c, d);
    CHECK(ties.method == MannWhitneyMethod::asymptotic);
    CHECK(ties.n == 11);
    CHECK(ties.statistic == 27);
    CHECK(ties.p_value == Approx(0.5879367461735663).epsilon(1e-12));
    CHECK(wilcoxon_signed_rank(c, c).p_value == 1);
    CHECK_THROWS_WITH(wilcoxon_signed_rank(a, c), Catch::Contains("differ in length"));
}
