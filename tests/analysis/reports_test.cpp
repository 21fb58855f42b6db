// Reports built from hand-made results (analysis/reports): rankings, tables, curves,
// stats on user CSV files, plots. The binary's behaviour is in tests/runners/reports_cli_test.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "analysis/reports/csv_input.hpp"
#include "analysis/reports/curves.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/html_report.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/reports/rank_report.hpp"
#include "analysis/reports/stats_report.hpp"
#include "analysis/reports/table_report.hpp"
#include "core/error.hpp"
#include <nlohmann/json.hpp>
#include "tests/analysis/reports_fixtures.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::analysis::reports;
using namespace bobench::reports_testing;

namespace {


bool has_note(const std::vector<std::string>& notes, const std::string& text) {
    return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("reports: the pairwise and the Friedman Borda are named apart, the winner's rule is stated", "[reports]") {
    RankReportOptions o;
    o.friedman = true;
    const RankReport r = build_rank_report(abc_results(), o);
    const auto j = nlohmann::json::parse(render_rank_json(r));
    const auto& first = j.at("total").at("scores").at(0);
    CHECK(first.at("optimizer") == "A");
    CHECK(first.at("pairwise_borda") == 2);
    CHECK_FALSE(first.contains("borda"));
    CHECK(j.at("problems").at(0).at("pairwise_borda") == nlohmann::json::array({2, 1, 0}));
    CHECK_FALSE(j.at("problems").at(0).contains("borda"));
    CHECK(j.at("friedman").contains("friedman_borda"));
    CHECK_FALSE(j.at("friedman").contains("borda"));
    const std::string rule = j.at("winner_rule");
    CHECK(rule.find("no other beats it") != std::string::npos);
    CHECK(rule.find("the next metric in precedence order decides (`best`, then `auc`)") != std::string::npos);
    const std::string md = render_rank_markdown(r);
    CHECK(md.find("## Winners per problem\n\n" + rule + "\n") != std::string::npos);
    CHECK(md.find("| # | optimizer | pairwise Borda | Firsts |") != std::string::npos);
    CHECK(md.find("| # | optimizer | average rank | Friedman Borda |") != std::string::npos);
    o.metrics = {RunMetric::best};  // one metric: no precedence to state
    const std::string single = nlohmann::json::parse(render_rank_json(build_rank_report(abc_results(), o))).at("winner_rule");
    CHECK(single.find("precedence") == std::string::npos);
}

namespace {
// A's median is the lower, B's runs are the lower in most pairings: 30 of A's 50 final
// regrets are 1 and 20 are 50, 20 of B's are 0 and 30 are 2 (medians 1 and 2; B lower in
// 1600 of the 2500 pairings, p about 0.01).
results::Results lower_median_loses() {
    results::Results r = empty_results({problem("p", 0.0)}, {"A", "B"});
    for (int rep = 0; rep < 50; ++rep) {
        r.runs.push_back(make_trace(0, 0, rep + 1, {rep < 30 ? 1.0 : 50.0}));
        r.runs.push_back(make_trace(0, 1, rep + 1, {rep < 20 ? 0.0 : 2.0}));
    }
    r.sort_runs();
    return r;
}
}  // namespace

TEST_CASE("reports: the primary ranking is named, and a lower median that does not win is explained", "[reports]") {
    const RankReport r = build_rank_report(lower_median_loses(), {});
    REQUIRE(r.rankings.size() == 1);
    const analysis::ProblemRanking& p = r.rankings[0];
    REQUIRE(p.optimizers == std::vector<std::string>{"A", "B"});
    CHECK(p.median[0][0] < p.median[0][1]);  // A's median is the lower ...
    CHECK(p.firsts == std::vector<int>{0, 1});  // ... and B wins
    CHECK(p.significance.outcome[1][0] > 0);

    const std::string rule = lower_median_rule();
    CHECK(rule.rfind("A lower median does not win: ", 0) == 0);
    CHECK(rule.find("(the test's U statistic)") != std::string::npos);
    const std::string md = render_rank_markdown(r);
    CHECK(md.find("## Overall: pairwise Borda and Firsts\n\n**Primary ranking:** pairwise Borda, kurobako's "
                  "procedure.") != std::string::npos);
    CHECK(md.find(rule) != std::string::npos);
    CHECK(md.find("| p | 0 | B | 1 (A) |") != std::string::npos);  // the winner, and the lowest median beside it

    const std::string latex = render_rank_latex(r);
    CHECK(latex.find("\n% Primary ranking: pairwise Borda, kurobako's procedure.") != std::string::npos);
    CHECK(latex.find("\n% Bold is not a win. " + rule + "\n") != std::string::npos);
    CHECK(latex.find("p & \\textbf{1} & 2 \\\\") != std::string::npos);  // bold: A's lower median, no dagger on B

    const auto j = nlohmann::json::parse(render_rank_json(r));
    CHECK(j.at("primary_ranking") == "pairwise_borda");
    CHECK(j.at("primary_rule") == primary_ranking_rule({}));
    CHECK(j.at("winner_rule").get<std::string>().find(rule) != std::string::npos);

    // the page's ranking section says the same
    const std::string page = render_html_report(lower_median_loses(), {});
    const auto section = page.find("<section id=\"ranking\">");
    REQUIRE(section != std::string::npos);
    const std::string ranking = page.substr(section, page.find("</section>", section) - section);
    CHECK(ranking.find("<p id=\"primary-ranking\"><strong>Primary ranking:</strong> pairwise Borda, kurobako&#39;s "
                       "procedure.") != std::string::npos);
    CHECK(ranking.find("A lower median does not win: ") != std::string::npos);
    CHECK(ranking.find("<th>pairwise Borda (primary)</th>") != std::string::npos);
}

TEST_CASE("reports: Borda and Firsts on A > B > C on one problem and a three-way tie on another", "[reports]") {
    const RankReport r = build_rank_report(abc_results(), {});
    REQUIRE(r.total.optimizers == std::vector<std::string>{"A", "B", "C"});
    CHECK(r.total.borda == std::vector<long>{2, 1, 0});
    CHECK(r.total.firsts == std::vector<long>{2, 1, 1});
    CHECK(r.total.problems == std::vector<std::string>{"p1", "p2"});
    REQUIRE(r.rankings.size() == 2);
    // p1: every pair decided by the first metric (final regret)
    const auto& p1 = r.rankings[0];
    CHECK(p1.borda == std::vector<int>{2, 1, 0});
    CHECK(p1.significance.outcome[0][1] == 1);
    CHECK(p1.significance.outcome[2][1] == -1);
    CHECK(p1.significance.deciding_metric[0][2] == 0);
    CHECK(p1.median[0][0] == Approx(0.045));
    // p2: identical samples, nobody wins
    CHECK(r.rankings[1].borda == std::vector<int>{0, 0, 0});
    CHECK(r.rankings[1].firsts == std::vector<int>{1, 1, 1});
    CHECK(r.notes.empty());

    const std::string md = render_rank_markdown(r);
    CHECK(md.find("| 1 | A | 2 | 2 |\n| 2 | B | 1 | 1 |\n| 3 | C | 0 | 1 |") != std::string::npos);
    CHECK(md.find("| 1 | A | · | +best | +best | 2 |") != std::string::npos);
    CHECK(md.find("| 3 | C | -best | -best | · | 0 |") != std::string::npos);
    CHECK(md.find("| p1 | 0 | A | 0.045 (A) |") != std::string::npos);
    CHECK(md.find("| p2 | 1 | A, B, C |") != std::string::npos);
}

TEST_CASE("reports: the AUC decides when final values tie", "[reports]") {
    // same final values, but B reaches them later: AUC separates A from B
    results::Results res = empty_results({problem("p", 0.0)}, {"A", "B"});
    for (int rep = 0; rep < 10; ++rep) {
        const double e = 0.01 * rep;
        res.runs.push_back(make_trace(0, 0, rep, {1 + e, 1 + e, e}));
        res.runs.push_back(make_trace(0, 1, rep, {5 + e, 5 + e, e}));
    }
    const RankReport r = build_rank_report(res, {});
    CHECK(r.rankings[0].significance.outcome[0][1] == 1);
    CHECK(r.rankings[0].significance.deciding_metric[0][1] == 1);
    CHECK(render_rank_markdown(r).find("| 1 | A | · | +auc |") != std::string::npos);
    // with the final value alone they tie
    RankReportOptions best_only;
    best_only.metrics = parse_metrics("best");
    CHECK(build_rank_report(res, best_only).rankings[0].significance.outcome[0][1] == 0);
    // --auc-start 3 leaves only the last step: AUC = sum over [3, 3) = 0 for both
    RankReportOptions late;
    late.auc_start = 3;
    CHECK(build_rank_report(res, late).rankings[0].significance.outcome[0][1] == 0);
    late.auc_start = 4;
    CHECK_THROWS_WITH(build_rank_report(res, late), Catch::Contains("--auc-start 4 is beyond the 3 evaluations"));
}

TEST_CASE("reports: rankings do not depend on the order of the optimizer table", "[reports]") {
    RankReportOptions o;
    o.by = "dimension";
    o.friedman = true;
    const RankReport a = build_rank_report(abc_results({"A", "B", "C"}), o);
    const RankReport b = build_rank_report(abc_results({"C", "A", "B"}), o);
    const RankReport c = build_rank_report(abc_results({"B", "C", "A"}), o);
    CHECK(a.total.borda == b.total.borda);
    CHECK(a.total.firsts == c.total.firsts);
    CHECK(a.friedman->average_rank == b.friedman->average_rank);
    CHECK(render_rank_markdown(a) == render_rank_markdown(b));
    CHECK(render_rank_markdown(a) == render_rank_markdown(c));
    CHECK(render_final_table(a.data) == render_final_table(c.data));
}

TEST_CASE("reports: breakdown by metadata and the Friedman ranking", "[reports]") {
    RankReportOptions o;
    o.by = "dimension";
    o.friedman = true;
    const RankReport r = build_rank_report(abc_results(), o);
    REQUIRE(r.by.size() == 2);
    CHECK(r.by.at("2").borda == std::vector<long>{2, 1, 0});
    CHECK(r.by.at("10").borda == std::vector<long>{0, 0, 0});
    const std::string md = render_rank_markdown(r);
    CHECK(md.find("### dimension = 2\n") < md.find("### dimension = 10\n"));  // numeric order
    // p1: ranks 1, 2, 3 in every replicate; p2: every block tied (rank 2 each)
    REQUIRE(r.friedman);
    CHECK(r.friedman->average_rank[0] == Approx(1.5));
    CHECK(r.friedman->average_rank[1] == Approx(2.0));
    CHECK(r.friedman->average_rank[2] == Approx(2.5));
    CHECK(r.friedman->borda[0] == Approx(3.0));  // (3 - 1) + (3 - 2)
    REQUIRE(r.friedman_rankings.size() == 2);
    CHECK(r.friedman_rankings[0].test.mean_ranks == std::vector<double>{1.0, 2.0, 3.0});
    CHECK(r.friedman_rankings[0].test.chi2 == Approx(20.0));  // perfect agreement: n (k - 1)
    CHECK(r.nemenyi_cd.has_value());
    CHECK(md.find("| 1 | A | 1.5 | 3 |") != std::string::npos);
}

TEST_CASE("reports: bad input is reported, and the report goes on where it can", "[reports]") {
    SECTION("one optimizer only") {
        results::Results res = empty_results({problem("p", 0.0)}, {"A"});
        res.runs.push_back(make_trace(0, 0, 1, {1.0}));
        RankReportOptions o;
        o.source = "one.h5";
        CHECK_THROWS_WITH(build_rank_report(res, o),
                          "nothing to rank: 'one.h5' holds runs of one optimizer only ('A'); a ranking compares at "
                          "least two optimizers");
    }
    SECTION("unequal replicate counts") {
        results::Results res = abc_results();
        res.runs.erase(std::remove_if(res.runs.begin(), res.runs.end(),
                                      [](const results::Trace& t) {
                                          return t.key.problem == 0 && t.key.optimizer == 1 && t.key.replicate > 7;
                                      }),
                       res.runs.end());
        RankReportOptions o;
        o.friedman = true;
        const RankReport r = build_rank_report(res, o);
        CHECK(has_note(r.notes, "problem 'p1': unequal replicate counts ('A' 10, 'B' 7, 'C' 10); the runs there are used"));
        CHECK(has_note(r.notes, "Friedman ranking: problem 'p1' uses the 7 replicates common to all optimizers"));
        CHECK(r.total.borda == std::vector<long>{2, 1, 0});
        CHECK(r.friedman_rankings[0].test.blocks == 7);
    }
    SECTION("missing f*: final best values are ranked") {
        results::Results res = abc_results();
        res.problems[0].optimum.reset();
        res.problems[1].optimum.reset();
        const RankReport r = build_rank_report(res, {});
        CHECK(has_note(r.notes, "problem 'p1' has no known f*: final best values are ranked and shown instead of regret"));
        CHECK(r.total.borda == std::vector<long>{2, 1, 0});  // shift-invariant
        CHECK(r.rankings[1].median[0][0] == Approx(1.545));   // best value, not regret
        CHECK(render_rank_markdown(r).find("| p1 | unknown | A |") != std::string::npos);
    }
    SECTION("empty runs are skipped") {
        results::Results res = abc_results();
        res.runs.push_back(make_trace(0, 2, 11, {}));
        const RankReport r = build_rank_report(res, {});
        CHECK(has_note(r.notes, "problem 'p1', optimizer 'C': 1 run without any evaluation (eval_count 0) skipped"));
        CHECK(r.data.cells[0][2].final_value.size() == 10);
    }
    SECTION("NaN values: failed evaluations are ignored, failed runs count as worst or are excluded") {
        results::Results res = empty_results({problem("p", 0.0)}, {"A", "B"});
        for (int rep = 0; rep < 8; ++rep) {
            // A: a failure in the middle never becomes the best. B fails completely in 4 runs
            // and beats A in the other 4.
            res.runs.push_back(make_trace(0, 0, rep, {2.0, kNaN, 1.0 + 0.01 * rep}));
            res.runs.push_back(make_trace(0, 1, rep, rep < 4 ? std::vector<double>{kNaN, kNaN, kNaN}
                                                             : std::vector<double>{0.5, 0.1, 0.01 * rep}));
        }
        const RankReport worst = build_rank_report(res, {});
        CHECK(worst.data.cells[0][0].final_value[3] == Approx(1.03));
        CHECK(worst.data.cells[0][0].auc[3] == Approx(4.0));  // 2 + 2: the failure keeps the best at 2
        CHECK(worst.data.cells[0][0].failed_evals == 8);
        CHECK(std::isnan(worst.data.cells[0][1].final_value[0]));
        CHECK(has_note(worst.notes, "problem 'p', optimizer 'B': 4 runs without a successful evaluation"));
        // failures as +inf: B's four wins and four losses balance, no difference
        CHECK(worst.rankings[0].significance.outcome[0][1] == 0);
        RankReportOptions exclude;
        exclude.nan_policy = analysis::NanPolicy::exclude;
        // failures left out: B's 4 successful runs all beat A's 8 (exact p = 2/495)
        CHECK(build_rank_report(res, exclude).rankings[0].significance.outcome[0][1] == -1);
        // every run failed: excluded from the problem, with a note
        for (auto& t : res.runs)
            if (t.key.optimizer == 1) t = make_trace(0, 1, t.key.replicate, {kNaN});
        const RankReport all_failed = build_rank_report(res, exclude);
        CHECK(has_note(all_failed.notes, "optimizer 'B': every best value is NaN and NaN values are excluded"));
        CHECK(all_failed.rankings[0].optimizers == std::vector<std::string>{"A"});
    }
    SECTION("options") {
        CHECK_THROWS_WITH(parse_metrics("best,regret"), Catch::Contains("unknown metric 'regret'; accepted: best, auc"));
        CHECK_THROWS_WITH(parse_metrics("auc,auc"), Catch::Contains("'auc' is listed twice"));
        RankReportOptions o;
        o.alpha.level = 1.5;
        CHECK_THROWS_WITH(build_rank_report(abc_results(), o), Catch::Contains("outside (0, 1)"));
        RankReportOptions by;
        by.by = "dimensoin";
        CHECK_THROWS_WITH(build_rank_report(abc_results(), by),
                          "--by 'dimensoin': no problem of the results file has this metadata key (did you mean "
                          "'dimension'?); keys present: dimension, suite");
    }
}

TEST_CASE("reports: final regret tables in Markdown, LaTeX and CSV", "[reports]") {
    results::Results res = abc_results();
    res.problems[1].label = "p_2 & co, x";
    res.problems[1].optimum.reset();
    const ExperimentMetrics d = compute_metrics(res, {false, 1});
    // A on p1: 0, 0.01, ..., 0.09: mean 0.045, std 0.0302765
    const std::string md = render_final_table(d, {});
    CHECK(md.find("| problem | A | B | C |\n|---|--:|--:|--:|\n") != std::string::npos);
    CHECK(md.find("| p1 | **0.045 ± 0.0303** | 1.04 ± 0.0303 | 10 ± 0.0303 |") != std::string::npos);
    // tie on p2: every cell bold; no f*: best values and a dagger
    CHECK(md.find("| p_2 & co, x † | **1.55 ± 0.0303** | **1.55 ± 0.0303** | **1.55 ± 0.0303** |") != std::string::npos);

    const std::string tex = render_final_table(d, {TableFormat::latex, TableStat::median, 4});
    CHECK(tex.find("\\begin{tabular}{lrrr}\n\\hline\nproblem & A & B & C \\\\\n\\hline\n") != std::string::npos);
    CHECK(tex.find("p1 & \\textbf{0.045 [0.0225, 0.0675]} & 1.045 [1.022, 1.068] & 10.04 [10.02, 10.07] \\\\") !=
          std::string::npos);
    CHECK(tex.find("p\\_2 \\& co, x$^\\dagger$ & \\textbf{1.545 [1.522, 1.568]}") != std::string::npos);
    CHECK(tex.rfind("\\hline\n\\end{tabular}\n") == tex.size() - 21);

    const std::string csv = render_final_table(d, {TableFormat::csv, TableStat::mean, 3});
    CHECK(csv.rfind("problem,optimizer,measure,runs,failed_runs,mean,std,best\n"
                    "p1,A,regret,10,0,0.045000000000000005,0.03027650354097491,*\n"
                    "p1,B,regret,10,0,1.0449999999999999,0.030276503540974942,\n",
                    0) == 0);
    CHECK(std::count(csv.begin(), csv.end(), '*') == 4);  // A on p1, all three on p2
    CHECK(csv.find("\n\"p_2 & co, x\",C,best,10,0,1.5450000000000002,") != std::string::npos);

    CHECK_THROWS_WITH(parse_table_format("html"), "--format 'html' is not supported; accepted: md, latex, csv");
    CHECK_THROWS_WITH(render_final_table(d, {TableFormat::markdown, TableStat::mean, 0}),
                      "--digits 0 is not valid; accepted: 1 to 17");
}

TEST_CASE("reports: numbers printed as the thesis tables print them", "[reports]") {
    CHECK(format_significant(0.002861) == "0.00286");
    CHECK(format_significant(3891.2) == "3.89e+03");
    CHECK(format_significant(153.4) == "153");
    CHECK(format_significant(1.234e-7) == "1.23e-07");
    CHECK(format_significant(std::nan("")) == "NaN");
    CHECK(latex_escape("a_b%c#{}") == "a\\_b\\%c\\#\\{\\}");
    // a Markdown table cell: no column break, no line break, no HTML (CommonMark shows \< as <)
    CHECK(markdown_cell("a|b\n<script>x</script><img src=q onerror=y>") ==
          "a\\|b \\<script>x\\</script>\\<img src=q onerror=y>");
    // running text from a spec (a source, a deviation): no HTML and no link, newlines kept
    CHECK(markdown_text("see [x](javascript:alert(1)) [167]\n<iframe src=y>") ==
          "see [x]\\(javascript:alert(1)) [167]\n\\<iframe src=y>");
    CHECK(markdown_cell("[x](javascript:y) [2, 2]") == "[x]\\(javascript:y) [2, 2]");
    CHECK(csv_field("a,\"b\"") == "\"a,\"\"b\"\"\"");
}

TEST_CASE("reports: summary curves agree with a direct computation", "[reports]") {
    results::Results res = empty_results({problem("p", 0.5), problem("q", std::nullopt)}, {"Z", "A"});
    const std::vector<std::vector<double>> z = {{3, 2, 2.5, 1}, {1, 4, 0.7, 0.6}, {kNaN, 5, 4, 6}};
    const std::vector<std::vector<double>> a = {{2, 2, 2, 2}, {9, 8, 7, 6}};
    for (std::size_t r = 0; r < z.size(); ++r) res.runs.push_back(make_trace(0, 0, static_cast<int>(r), z[r]));
    for (std::size_t r = 0; r < a.size(); ++r) {
        res.runs.push_back(make_trace(0, 1, static_cast<int>(r), a[r]));
        res.runs.push_back(make_trace(1, 1, static_cast<int>(r), a[r]));
    }
    const auto curves = summary_curves(res);
    REQUIRE(curves.size() == 3);  // (p, A), (p, Z), (q, A): optimizers by name, q has no Z runs
    CHECK(curves[0].optimizer == "A");
    CHECK(curves[1].optimizer == "Z");
    CHECK_FALSE(curves[2].regret);
    // independent: best-so-far by hand, minus f* = 0.5
    for (std::size_t t = 0; t < 4; ++t) {
        std::vector<double> at;
        for (const auto& run : z) {
            double best = kNaN;
            for (std::size_t i = 0; i <= t; ++i)
                if (!std::isnan(run[i]) && (std::isnan(best) || run[i] < best)) best = run[i];
            if (!std::isnan(best)) at.push_back(best - 0.5);
        }
        std::sort(at.begin(), at.end());
        double mean = 0;
        for (double v : at) mean += v;
        mean /= static_cast<double>(at.size());
        const auto& s = curves[1].by_iteration[t];
        CHECK(s.count == at.size());
        CHECK(s.mean == Approx(mean).margin(1e-14));
        if (at.size() == 3) CHECK(s.median == Approx(at[1]).margin(1e-14));
    }
    CHECK(curves[2].by_iteration[3].mean == Approx(4.0));  // min(2, 6): best values, no f*

    std::ostringstream csv;
    write_curves_csv(curves, csv);
    CHECK(csv.str().rfind("problem,optimizer,iteration,n,mean,std,median,q1,q3,se\np,A,1,2,5,", 0) == 0);
    CHECK(csv.str().find("\np,Z,1,2,1.5,1.4142135623730951,1.5,1,2,1\n") != std::string::npos);
    CHECK(csv.str().find("\nq,A,4,2,4,") != std::string::npos);
}

TEST_CASE("reports: stats reports and CSV input", "[reports]") {
    bobench::testing::TempDir dir;
    bobench::testing::write_file(dir / "a.csv", "# sample\n1, 2,3\n\n4\n");
    CHECK(read_sample_csv(dir / "a.csv") == std::vector<double>{1, 2, 3, 4});
    bobench::testing::write_file(dir / "bad.csv", "1\n2\nabc\n");
    CHECK_THROWS_WITH(read_sample_csv(dir / "bad.csv"), "'" + (dir / "bad.csv") + "' line 3: 'abc' is not a number");
    bobench::testing::write_file(dir / "nan.csv", "1,nan\n");
    CHECK_THROWS_WITH(read_sample_csv(dir / "nan.csv"), Catch::Contains("line 1, field 2: NaN is not accepted"));
    bobench::testing::write_file(dir / "empty.csv", "\n# nothing\n");
    CHECK_THROWS_WITH(read_sample_csv(dir / "empty.csv"), Catch::Contains("holds no numbers (it is empty)"));
    bobench::testing::write_file(dir / "m.csv", "x,y,z\n1,2,3\n3,1,2\n");
    const CsvMatrix m = read_matrix_csv(dir / "m.csv");
    CHECK(m.names == std::vector<std::string>{"x", "y", "z"});
    CHECK(m.rows.size() == 2);
    bobench::testing::write_file(dir / "ragged.csv", "1,2,3\n3,1\n");
    CHECK_THROWS_WITH(read_matrix_csv(dir / "ragged.csv"),
                      "'" + (dir / "ragged.csv") +
                          "' line 2: 2 values, but line 1 has 3; every row needs one value per column");

    const auto fr = friedman_report(m.rows, m.names);
    CHECK(render_name_value(fr).find("names x y z\nchi2 ") != std::string::npos);
    const std::vector<double> a{1, 2, 3}, b{4, 5, 6};
    const auto mw = mann_whitney_report(a, b, analysis::MannWhitneyMethod::exact);
    CHECK(render_name_value(mw) == "n_a 3\nn_b 3\nU 0\nU_b 9\np 0.10000000000000001\nmethod exact\nA12 0\n"
                                   "A12_magnitude large\nlower a\n");
}

TEST_CASE("reports: plots are drawn by gnuplot, a missing gnuplot is named", "[reports]") {
    bobench::testing::TempDir dir;
    const auto curves = summary_curves(abc_results());
    PlotOptions o;
    o.out_dir = dir / "plots";
    o.search_path = "/nonexistent-bin";
    CHECK_THROWS_WITH(plot_curves(curves, o), Catch::StartsWith("gnuplot is not installed (apt-get install gnuplot-nox)"));
    CHECK_FALSE(std::filesystem::exists(dir / "plots"));
    o.search_path.reset();
    const char* path = std::getenv("PATH");
    if (find_program("gnuplot", path ? path : "").empty()) {
        FAIL("gnuplot is not installed here; scripts/install-deps installs gnuplot-nox");
    }
    const PlotResult r = plot_curves(curves, o);
    REQUIRE(r.files.size() == 2);
    for (const PlotFile& f : r.files) {
        const std::string png = bobench::testing::read_file(f.png), svg = bobench::testing::read_file(f.svg);
        CHECK(png.rfind("\x89PNG", 0) == 0);
        CHECK(png.size() > 2000);
        CHECK(svg.find("<svg") != std::string::npos);
        CHECK(svg.find(">C<") != std::string::npos);  // the key names the optimizers
    }
    // auto: every plotted value (medians and quartiles) is > 0 on both problems
    CHECK(r.files[0].log_y);
    CHECK(r.files[1].log_y);
    CHECK(bobench::testing::read_file(r.script).find("set logscale y\n") != std::string::npos);
    // a run that reaches f* exactly: median 0, so auto draws it linear, and --log yes says what it drops
    results::Results zero = empty_results({problem("z", 0.0)}, {"A"});
    for (int rep = 0; rep < 3; ++rep) zero.runs.push_back(make_trace(0, 0, rep, {1.0, 0.0}));
    PlotOptions z;
    z.out_dir = dir / "zero";
    CHECK_FALSE(plot_curves(summary_curves(zero), z).files[0].log_y);
    z.log = LogScale::yes;
    const PlotResult forced = plot_curves(summary_curves(zero), z);
    CHECK(forced.files[0].log_y);
    REQUIRE(forced.notes.size() == 1);
    CHECK(forced.notes[0] == "problem 'z': values <= 0 cannot be drawn on the log scale asked for (--log yes) and are "
                             "left out of its plot");
    CHECK(bobench::testing::read_file(r.files[0].data).rfind("# A\n# x median q1 q3\n1 1.0449999999999999 1.0225 1.0675000000000001\n", 0) == 0);
}

TEST_CASE("reports: a problem without a successful evaluation is noted, the others are still plotted", "[reports]") {
    const char* path = std::getenv("PATH");
    if (find_program("gnuplot", path ? path : "").empty()) {
        FAIL("gnuplot is not installed here; scripts/install-deps installs gnuplot-nox");
    }
    bobench::testing::TempDir dir;
    results::Results r = empty_results({problem("dead", 0.0), problem("live", 0.0)}, {"A"});
    for (int rep = 0; rep < 3; ++rep) {
        r.runs.push_back(make_trace(0, 0, rep, {kNaN, kNaN}));
        r.runs.push_back(make_trace(1, 0, rep, {2.0, 1.0}));
    }
    PlotOptions o;
    o.out_dir = dir / "plots";
    const PlotResult p = plot_curves(summary_curves(r), o);
    REQUIRE(p.files.size() == 1);
    CHECK(p.files[0].problem == "live");
    CHECK(std::filesystem::file_size(p.files[0].png) > 0);
    REQUIRE(p.notes.size() == 1);
    CHECK(p.notes[0] == "problem 'dead' has no successful evaluation in any run: nothing to plot");
    results::Results none = empty_results({problem("dead", 0.0)}, {"A"});
    none.runs.push_back(make_trace(0, 0, 0, {kNaN}));
    CHECK_THROWS_WITH(plot_curves(summary_curves(none), o), "nothing to plot: no problem has a successful evaluation");
}
