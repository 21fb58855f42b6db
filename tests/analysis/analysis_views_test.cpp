// Critical-difference diagram (average ranks, CD, cliques) against scipy, regret against
// cumulative cost and the curves aggregated over problems, on hand-made results files.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/reports/cd_diagram.hpp"
#include "analysis/reports/curve_views.hpp"
#include "analysis/reports/rank_report.hpp"
#include "tests/analysis/reports_fixtures.hpp"

using namespace bobench;
using namespace bobench::analysis::reports;
using namespace bobench::reports_testing;

namespace {

// Five problems, four optimizers W, X, Y, Z whose runs (2 replicates, final regret = the
// optimizer's rank on the problem) rank them W1 X2 Y3 Z4, W1 X3 Y2 Z4, W2 X1 Y3 Z4,
// W1 X2 Y4 Z3, W1 X2 Y3 Z4.
results::Results five_problems() {
    const std::vector<std::vector<int>> rank{{1, 2, 3, 4}, {1, 3, 2, 4}, {2, 1, 3, 4}, {1, 2, 4, 3}, {1, 2, 3, 4}};
    std::vector<results::ProblemInfo> problems;
    for (int p = 0; p < 5; ++p) problems.push_back(problem("q" + std::to_string(p), 0.0));
    results::Results r = empty_results(problems, {"W", "X", "Y", "Z"});
    for (int p = 0; p < 5; ++p)
        for (int o = 0; o < 4; ++o)
            for (int rep = 1; rep <= 2; ++rep) r.runs.push_back(make_trace(p, o, rep, {10.0, 1.0 * rank[p][o]}));
    r.sort_runs();
    return r;
}

CdDiagram diagram_of(const results::Results& r, CliqueTest test) {
    RankReportOptions o;
    o.metrics = {RunMetric::best};
    o.friedman = true;
    const RankReport report = build_rank_report(r, o);
    return cd_diagram(*report.friedman, report.friedman_rankings, 0.05, test);
}

}  // namespace

TEST_CASE("cd diagram: average ranks, critical difference and cliques against scipy", "[cd][reports]") {
    const CdDiagram d = diagram_of(five_problems(), CliqueTest::nemenyi);
    REQUIRE(d.optimizers == std::vector<std::string>{"W", "X", "Y", "Z"});
    // numpy.mean([scipy.stats.rankdata(row) for row in blocks], axis=0) over the 5 problems
    // (scipy 1.10.1): [1.2, 2.0, 3.0, 3.8]
    CHECK(d.average_rank[0] == Approx(1.2).epsilon(1e-14));
    CHECK(d.average_rank[1] == Approx(2.0).epsilon(1e-14));
    CHECK(d.average_rank[2] == Approx(3.0).epsilon(1e-14));
    CHECK(d.average_rank[3] == Approx(3.8).epsilon(1e-14));
    // scipy.stats.studentized_range.ppf(0.95, 4, np.inf) / sqrt(2) * sqrt(4 * 5 / (6 * 5))
    // (Demsar 2006: q_0.05 = 2.569 for k = 4)
    CHECK(d.critical_difference == Approx(2.0976056585788982).epsilon(1e-9));
    // scipy.stats.friedmanchisquare on the problems' ranks: chi2 11.64, p 0.008723836058328946
    CHECK(d.friedman.chi2 == Approx(11.64).epsilon(1e-12));
    CHECK(d.friedman.p_chi2 == Approx(0.008723836058328946).epsilon(1e-9));
    // W-Z differ by 2.6 > CD; W-Y (1.8) and X-Z (1.8) do not: two overlapping cliques
    REQUIRE(d.cliques.size() == 2);
    CHECK(d.cliques[0] == std::pair<std::size_t, std::size_t>{0, 2});
    CHECK(d.cliques[1] == std::pair<std::size_t, std::size_t>{1, 3});
    CHECK(d.p_value[0][3] < 0.05);
    CHECK(d.p_value[0][2] > 0.05);

    // Wilcoxon over 5 problems: the smallest possible exact two-sided p is 2 / 2^5 = 0.0625,
    // so nothing differs and one clique holds everyone.
    const CdDiagram w = diagram_of(five_problems(), CliqueTest::wilcoxon);
    REQUIRE(w.cliques.size() == 1);
    CHECK(w.cliques[0] == std::pair<std::size_t, std::size_t>{0, 3});
    CHECK(w.p_value[0][3] >= 0.0625);

    const std::string svg = render_cd_svg(d);
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(svg.find(">CD = 2.1</text>") != std::string::npos);
    CHECK(render_cd_svg(w).find("CD =") == std::string::npos);  // Nemenyi's bar only where it joins the cliques
    CHECK(svg.find(">Z (3.80)</text>") != std::string::npos);
    CHECK(std::count(svg.begin(), svg.end(), '\n') > 20);

    results::Results one = five_problems();
    one.problems.resize(1);
    std::erase_if(one.runs, [](const results::Trace& t) { return t.key.problem != 0; });
    CHECK_THROWS_WITH(diagram_of(one, CliqueTest::nemenyi), Catch::Contains("needs at least 2 optimizers and 2 problems"));
    CHECK_THROWS_WITH(parse_clique_test("holm"), "--cliques 'holm' is not valid; accepted: nemenyi, wilcoxon, mwu");
}

TEST_CASE("curve views: regret against cumulative cost", "[cd][reports]") {
    // one problem (f* 0), optimizer A: runs with costs (1, 1, 1) and (2, 2, 2) and regrets
    // (4, 2, 1) and (3, 3, 0)
    results::Results r = empty_results({problem("t", 0.0)}, {"A"});
    r.runs.push_back(make_trace(0, 0, 1, {4, 2, 1}));
    r.runs.push_back(make_trace(0, 0, 2, {3, 3, 0}));
    r.runs[0].cost = {1, 1, 1};
    r.runs[1].cost = {2, 2, 2};
    std::vector<std::string> notes;
    const auto curves = cost_curves(r, 3, notes);  // grid 1, sqrt(6), 6 (log-spaced from 1 to 6)
    REQUIRE(curves.size() == 1);
    REQUIRE(curves[0].x.size() == 3);
    CHECK(curves[0].x[1] == Approx(std::sqrt(6.0)));
    // cost 1: run 1 after 1 evaluation (4), run 2 none yet; sqrt(6) ~ 2.45: run 1 after 2 (2),
    // run 2 after 1 (3); 6: run 1 has ended (1), run 2 after 3 (0)
    CHECK(curves[0].by_iteration[0].count == 1);
    CHECK(curves[0].by_iteration[0].median == 4);
    CHECK(curves[0].by_iteration[1].median == 2.5);
    CHECK(curves[0].by_iteration[2].median == 0.5);
    // no cost at all: a note, no curve
    r.runs[0].cost = {0, 0, 0};
    r.runs[1].cost = {0, 0, 0};
    CHECK(cost_curves(r, 3, notes).empty());
    CHECK(notes.back() == "problem 't' reports no cost (every evaluation costs 0); left out of the cost view");
}

TEST_CASE("curve views: normalised regret and mean rank over problems", "[cd][reports]") {
    std::vector<std::string> notes;
    // abc_results: p1 first regrets 1.0x (A), 2.0x (B), 11.0x (C): the reference is their
    // median over all 30 runs, 2.045; p2: all 2.0x, reference 2.045 as well.
    const auto norm = aggregate_curves(abc_results(), Aggregate::normalised, std::nullopt, notes);
    REQUIRE(norm.size() == 3);
    CHECK(norm[0].optimizer == "A");
    CHECK(norm[0].problem == "normalised regret, all problems (2 problems)");
    REQUIRE(norm[0].by_iteration.size() == 2);
    // A after evaluation 2: p1 median regret 0.045 / 2.045, p2 0.545 / 2.045; median of the two
    CHECK(norm[0].by_iteration[1].median == Approx((0.045 + 0.545) / 2 / 2.045).epsilon(1e-12));
    const auto rank = aggregate_curves(abc_results(), Aggregate::rank, std::string("dimension"), notes);
    REQUIRE(rank.size() == 6);  // dimension 2 (p1) and 10 (p2), 3 optimizers each
    CHECK(rank[0].problem == "mean rank, dimension = 2 (1 problem)");
    CHECK(rank[0].by_iteration[1].mean == 1);  // A is first on p1
    CHECK(rank[5].by_iteration[1].mean == 2);  // C ties with everyone on p2
    CHECK(notes.empty());
}
