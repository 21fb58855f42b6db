// The paper's claims checked on our runs: each kind of check on a hand-built ranking and
// hand-built regret curves, not run when a method is missing, and bad claims tables refused.
#include <catch2/catch.hpp>

#include <cmath>
#include <tuple>
#include <vector>

#include "reproductions/claims.hpp"
#include "reproductions/comparison.hpp"
#include "reproductions/render.hpp"
#include "core/error.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::analysis;
using namespace bobench::analysis::reports;
using namespace bobench::reproductions;
using bobench::testing::TempDir;

namespace {
// The claims' section of a report that holds these claims alone (`judge` false: a smoke test).
std::string claims_markdown(const std::vector<Claim>& claims, const std::vector<ClaimVerdict>& verdicts, bool judge = true) {
    ReproductionReport r;
    r.quick = !judge;
    for (std::size_t i = 0; i < claims.size(); ++i) r.claims.push_back({claims[i], verdicts[i]});
    r.tally = tally_of(r.claims);
    return render_report(r, ReportFormat::markdown);
}
}  // namespace

namespace {
// Borda: A 9, B 7, C 7, D 1; per problem Friedman ranks of A, B, C, D.
RankReport ranking() {
    RankReport r;
    FriedmanScoreTable t;
    t.optimizers = {"A", "B", "C", "D"};
    t.borda = {9, 7, 7, 1};
    r.friedman = t;
    const std::vector<std::vector<double>> ranks = {{1, 2, 3, 4}, {1, 3, 2, 4}, {2, 1, 4, 3}, {1, 4, 2, 3}};
    for (std::size_t p = 0; p < ranks.size(); ++p) {
        FriedmanProblemRanking pr;
        pr.problem = "P" + std::to_string(p);
        pr.optimizers = t.optimizers;
        pr.rank = ranks[p];
        r.friedman_rankings.push_back(pr);
    }
    return r;
}

// Median regret curves on problem L: C falls below A at evaluation 4, B below A at 6.
std::vector<CurveSummary> curves() {
    const std::vector<std::pair<std::string, std::vector<double>>> medians = {
        {"A", {5, 4, 3, 2.0, 1.9, 1.8, 1.7, 1.6}},
        {"B", {6, 5, 4, 3.0, 2.5, 1.7, 1.6, 1.5}},
        {"C", {6, 5, 4, 1.5, 1.2, 1.0, 0.9, 0.8}},
    };
    std::vector<CurveSummary> out;
    for (const auto& [name, m] : medians) {
        CurveSummary c{"L", name, true, {}, {}, 0, {}};
        for (double v : m) {
            Summary s;
            s.median = v;
            c.by_iteration.push_back(s);
        }
        out.push_back(c);
    }
    return out;
}

ClaimVerdict check(const std::string& text) { return evaluate_claim({"id", "place", "quote", text}, ranking(), curves()); }

// Median regret curves on four problems; the last evaluation's medians are A 1 everywhere,
// B 2 / 3 / 1 / 2 and C 3 / 2 / 2 on P / Q / R (C did not run S). The first evaluation's
// order is the reverse, so a check that read it would say otherwise.
std::vector<CurveSummary> finals() {
    const std::vector<std::tuple<std::string, std::string, double>> last = {
        {"P", "A", 1}, {"P", "B", 2}, {"P", "C", 3}, {"Q", "A", 1}, {"Q", "B", 3}, {"Q", "C", 2},
        {"R", "A", 1}, {"R", "B", 1}, {"R", "C", 2}, {"S", "A", 1}, {"S", "B", 2}};
    std::vector<CurveSummary> out;
    for (const auto& [problem, name, value] : last) {
        CurveSummary c{problem, name, true, {}, {}, 0, {}};
        for (double v : {10 - value, value}) {
            Summary s;
            s.median = v;
            c.by_iteration.push_back(s);
        }
        out.push_back(c);
    }
    return out;
}

ClaimVerdict final_check(const std::string& text) {
    return evaluate_claim({"id", "place", "quote", text}, ranking(), finals());
}
}  // namespace

TEST_CASE("claims: each kind of check holds or fails on our figures", "[claims]") {
    CHECK(check("borda_first A").status == ClaimStatus::holds);
    CHECK(check("borda_first B").status == ClaimStatus::fails);
    CHECK(check("borda_first A").figure == "Borda: A 9; the highest other: B 7");
    CHECK(check("borda_next B C").status == ClaimStatus::holds);  // any order
    CHECK(check("borda_next C B").status == ClaimStatus::holds);
    CHECK(check("borda_next B D").status == ClaimStatus::fails);
    CHECK(check("borda_below D < B C").status == ClaimStatus::holds);
    CHECK(check("borda_below C D < B").status == ClaimStatus::fails);  // C ties B: not below
    CHECK(check("borda_below C D < B").figure == "the highest left: C 7; the lowest right: B 7");
    CHECK(check("borda_order A B D").status == ClaimStatus::holds);
    CHECK(check("borda_order A B C").status == ClaimStatus::fails);  // B ties C
    CHECK(check("borda_order A B C").figure == "Borda: A 9, B 7, C 7");
    // leads_from: C lowest from evaluation 4 on; B second only from evaluation 6
    CHECK(check("leads_from L 6 C B").status == ClaimStatus::holds);
    CHECK(check("leads_from L 4 C B").status == ClaimStatus::fails);
    CHECK(check("leads_from L 4 C B").figure == "C first and B second by median regret at 3 of the 5 evaluations from 4 on");
}

TEST_CASE("claims: final_below and final_first count problems by the final median regret", "[claims]") {
    // A below B and C on P and Q; on R A ties B (not below); S has no C, so it is not counted
    CHECK(final_check("final_below all A < B C").status == ClaimStatus::fails);
    CHECK(final_check("final_below all A < B C").figure ==
          "A below B, C on 2 of 3 problems by final median regret; not on R: A 1, B 1");
    CHECK(final_check("final_below 2 A < B C").status == ClaimStatus::holds);
    CHECK(final_check("final_below 3 A < B C").status == ClaimStatus::fails);
    // without C, S counts: A below B on P, Q and S
    CHECK(final_check("final_below all A < B").figure ==
          "A below B on 3 of 4 problems by final median regret; not on R: A 1, B 1");
    CHECK(final_check("final_below 3 A < B").status == ClaimStatus::holds);
    CHECK(final_check("final_below all B < A").status == ClaimStatus::fails);
    // A is lowest everywhere, R by a tie with B, which counts for A
    CHECK(final_check("final_first all A").status == ClaimStatus::holds);
    CHECK(final_check("final_first all A").figure == "A lowest on 4 of 4 problems by final median regret");
    CHECK(final_check("final_first 1 C").status == ClaimStatus::fails);
    // B or C lowest only on R (B ties A there)
    CHECK(final_check("final_first all B C").figure ==
          "one of B, C lowest on 1 of 3 problems by final median regret; not on P: A 1 below B 2; Q: A 1 below C 2");
    CHECK(final_check("final_first 1 B C").status == ClaimStatus::holds);
    CHECK(final_check("final_first 2 B C").status == ClaimStatus::fails);
    // a NaN median (most runs failed) counts as the worst
    std::vector<CurveSummary> failed = finals();
    failed[0].by_iteration.back().median = std::nan("");  // P, A
    auto on_failed = [&](const std::string& text) { return evaluate_claim({"i", "p", "q", text}, ranking(), failed); };
    CHECK(on_failed("final_below all A < B").figure ==
          "A below B on 2 of 4 problems by final median regret; not on P: A nan, B 2; R: A 1, B 1");
    CHECK(on_failed("final_below 1 C < A").status == ClaimStatus::holds);  // on P
    CHECK(on_failed("final_first all A").figure ==
          "A lowest on 3 of 4 problems by final median regret; not on P: B 2 below A nan");
    // a method without runs
    CHECK(final_check("final_below all A < Z").status == ClaimStatus::not_run);
    CHECK(final_check("final_first 1 Z").figure == "Z has no runs here");
}

TEST_CASE("claims: without the Friedman ranking the Borda checks read the pairwise Borda", "[claims]") {
    // chapter 3's ranking and the figure-only reproductions': Mann-Whitney Borda, no Friedman
    RankReport r;
    r.total.optimizers = {"A", "B", "ELM"};
    r.total.borda = {5, 3, 0};
    auto pairwise = [&](const std::string& text) { return evaluate_claim({"id", "place", "quote", text}, r, {}); };
    CHECK(pairwise("borda_below ELM < A B").status == ClaimStatus::holds);
    CHECK(pairwise("borda_below B < ELM").status == ClaimStatus::fails);
    CHECK(pairwise("borda_first A").figure == "Borda: A 5; the highest other: B 3");
    CHECK(pairwise("borda_first ELM").status == ClaimStatus::fails);
    // top3_count reads the final values: without runs it is not run, rather than "0 of 0 problems"
    CHECK(pairwise("top3_count 1 A").status == ClaimStatus::not_run);
}

namespace {
// Final regrets on P and Q whose order by the mean differs from that by the median: on P, A
// has the lowest median (one bad run lifts its mean to the worst); on Q every order agrees.
std::vector<CurveSummary> mean_and_median() {
    const std::vector<std::tuple<std::string, std::string, double, double>> last = {
        {"P", "A", 5, 1}, {"P", "B", 2, 2}, {"P", "C", 3, 3}, {"P", "D", 4, 4},
        {"Q", "A", 4, 4}, {"Q", "B", 1, 1}, {"Q", "C", 2, 2}, {"Q", "D", 3, 3}};
    std::vector<CurveSummary> out;
    for (const auto& [problem, name, mean, median] : last) {
        Summary s;
        s.mean = mean;
        s.median = median;
        out.push_back({problem, name, true, {s}, {}, 0, {}});
    }
    return out;
}
}  // namespace

TEST_CASE("claims: top3_count and top_on rank the final values by the reproduction's statistic", "[claims]") {
    auto by = [](const std::string& text, TableStat statistic) {
        return evaluate_claim({"id", "place", "quote", text}, ranking(), mean_and_median(), statistic);
    };
    // A is first on P by the median, last by the mean (the thesis ranks "considering the mean regret")
    CHECK(by("top3_count 1 A", TableStat::median).status == ClaimStatus::holds);
    CHECK(by("top3_count 1 A", TableStat::mean).status == ClaimStatus::fails);
    CHECK(by("top3_count 1 A", TableStat::mean).figure == "0 of 2 problems by final mean regret");
    CHECK(by("top3_count 2 C D", TableStat::mean).figure == "2 of 2 problems by final mean regret: P, Q");
    CHECK(by("top_on P 3 B C D", TableStat::mean).status == ClaimStatus::holds);
    CHECK(by("top_on P 3 B C D", TableStat::mean).figure == "P best by final mean regret: B 2, C 3, D 4");
    CHECK(by("top_on P 3 B C D", TableStat::median).status == ClaimStatus::fails);  // D is fourth
    CHECK(by("top_on Q 1 B", TableStat::median).status == ClaimStatus::holds);
    CHECK(by("top_on Nowhere 1 B", TableStat::mean).figure == "no runs of problem Nowhere");
    CHECK(by("top_on P 2 Z", TableStat::mean).status == ClaimStatus::not_run);
    CHECK(by("final_first all B", TableStat::mean).status == ClaimStatus::holds);
    CHECK(by("final_first all B", TableStat::median).figure ==
          "B lowest on 1 of 2 problems by final median regret; not on P: A 1 below B 2");
}

TEST_CASE("claims: borda_first_in and borda_below_in read the Borda of one breakdown group", "[claims]") {
    // A beats B on the two group-1 problems, B beats A on the group-2 one
    RankReport r;
    for (const auto& [problem, group, a_wins] : std::vector<std::tuple<std::string, std::string, bool>>{
             {"f1", "1", true}, {"f2", "1", true}, {"f6", "2", false}}) {
        ProblemRanking p;
        p.problem = problem;
        p.metadata.tags = {{"group", group}};
        p.optimizers = {"A", "B"};
        p.borda = {a_wins ? 1 : 0, a_wins ? 0 : 1};
        p.firsts = {a_wins ? 1 : 0, a_wins ? 0 : 1};
        r.rankings.push_back(p);
    }
    auto in_group = [&](const std::string& text) { return evaluate_claim({"id", "place", "quote", text}, r, {}); };
    CHECK(in_group("borda_first_in group=1 A").status == ClaimStatus::holds);
    CHECK(in_group("borda_first_in group=1 A").figure == "in group=1, Borda: A 2; the highest other: B 0");
    CHECK(in_group("borda_first_in group=2 A").status == ClaimStatus::fails);
    CHECK(in_group("borda_below_in group=2 A < B").status == ClaimStatus::holds);
    CHECK(in_group("borda_first_in group=5 A").figure == "no problems of group=5 here (groups: group=1, group=2)");
    CHECK(in_group("borda_first_in group=1 Z").status == ClaimStatus::not_run);
}

TEST_CASE("claims: a method or problem without runs makes the claim not run", "[claims]") {
    CHECK(check("borda_first GP_mcmc").status == ClaimStatus::not_run);
    CHECK(check("borda_below A < Z").status == ClaimStatus::not_run);
    CHECK(check("leads_from Nowhere 3 A B").status == ClaimStatus::not_run);
    CHECK(check("leads_from Nowhere 3 A B").figure == "no runs of problem Nowhere");  // the problem, not the methods
    CHECK(check("leads_from L 3 C Z").figure == "no runs of Z on L");
    CHECK(check("leads_from L 9 C B").status == ClaimStatus::not_run);
    CHECK(check("leads_from L 9 C B").figure == "the runs end before evaluation 9");
    const std::vector<Claim> claims{{"x", "Fig. 1", "A wins", "borda_first A"}, {"y", "Fig. 2", "Z wins", "borda_first Z"}};
    const std::string md = claims_markdown(claims, {check("borda_first A"), check("borda_first Z")});
    CHECK(md.find("| x | Fig. 1 | A wins | holds | Borda: A 9; the highest other: B 7 |") != std::string::npos);
    CHECK(md.find("| y | Fig. 2 | Z wins | not run | Z has no runs here |") != std::string::npos);
    CHECK(md.find("1 hold, 0 fail, 1 not run") != std::string::npos);
}

TEST_CASE("claims: a smoke test shows our figures and no verdict", "[claims]") {
    const std::vector<Claim> claims{{"x", "Fig. 1", "A wins", "borda_first A"}, {"y", "Fig. 2", "B wins", "borda_first B"}};
    const std::string md = claims_markdown(claims, {check("borda_first A"), check("borda_first B")}, /*judge=*/false);
    CHECK(md.find("| x | Fig. 1 | A wins | Borda: A 9; the highest other: B 7 |") != std::string::npos);
    CHECK(md.find("No verdicts on the claims: a smoke test's few runs cannot support one") != std::string::npos);
    for (const char* verdict : {"holds", "fails", " hold,", "verdict |"}) CHECK(md.find(verdict) == std::string::npos);
}

TEST_CASE("claims: a bad claims table is refused naming the file, line and check", "[claims][bad-input]") {
    TempDir dir;
    testing::write_file(dir / "ok.csv", "# a paper's claims\nid,place,quote,check\na,Fig. 1,\"A, first\",borda_first A\n");
    const auto claims = read_claims(dir / "ok.csv");
    REQUIRE(claims.size() == 1);
    CHECK(claims[0].quote == "A, first");
    testing::write_file(dir / "twice.csv", "id,place,quote,check\na,Fig. 1,q,borda_first A\na,Fig. 2,q,borda_first B\n");
    CHECK_THROWS_WITH(read_claims(dir / "twice.csv"), Catch::Contains("line 3: claim id 'a' again (first on line 2)"));
    testing::write_file(dir / "kind.csv", "id,place,quote,check\na,Fig. 1,q,best A\n");
    CHECK_THROWS_WITH(read_claims(dir / "kind.csv"), Catch::Contains("line 2: check 'best A' has no kind 'best'"));
    testing::write_file(dir / "args.csv", "id,place,quote,check\na,Fig. 1,q,leads_from L x A B\n");
    CHECK_THROWS_WITH(read_claims(dir / "args.csv"), Catch::Contains("leads_from takes a problem, an evaluation >= 1"));
    testing::write_file(dir / "below.csv", "id,place,quote,check\na,Fig. 1,q,borda_below A B\n");
    CHECK_THROWS_WITH(read_claims(dir / "below.csv"), Catch::Contains("borda_below takes A ... < B ..."));
    for (const char* bad : {"final_below x A < B", "final_below 0 A < B", "final_below all A B", "final_below all < B",
                            "final_below 2 A <"}) {
        testing::write_file(dir / "final.csv", "id,place,quote,check\na,Fig. 1,q," + std::string(bad) + "\n");
        CHECK_THROWS_WITH(read_claims(dir / "final.csv"),
                          Catch::Contains("final_below takes a count (a number >= 1 or all), then A ... < B ..."));
    }
    for (const char* bad : {"final_first all", "final_first none A", "final_first -1 A"}) {
        testing::write_file(dir / "first.csv", "id,place,quote,check\na,Fig. 1,q," + std::string(bad) + "\n");
        CHECK_THROWS_WITH(read_claims(dir / "first.csv"),
                          Catch::Contains("final_first takes a count (a number >= 1 or all) and one method or more"));
    }
    for (const auto& [bad, message] : std::vector<std::pair<std::string, std::string>>{
             {"borda_order A", "borda_order takes two methods or more"},
             {"borda_first_in A", "borda_first_in takes KEY=VALUE"},
             {"borda_first_in group= A", "borda_first_in takes KEY=VALUE"},
             {"borda_below_in group=1 A B", "borda_below_in takes KEY=VALUE (a breakdown group), then A ... < B ..."},
             {"top_on P 0 A", "top_on takes a problem, a count K >= 1"},
             {"top_on P A", "top_on takes a problem, a count K >= 1"}}) {
        testing::write_file(dir / "new.csv", "id,place,quote,check\na,Fig. 1,q," + bad + "\n");
        CHECK_THROWS_WITH(read_claims(dir / "new.csv"), Catch::Contains(message));
    }
    testing::write_file(dir / "cols.csv", "id,quote,check\na,q,borda_first A\n");
    CHECK_THROWS_WITH(read_claims(dir / "cols.csv"), Catch::Contains("has no column 'place'"));
}

TEST_CASE("claims: with some of the paper's methods not run, only final_below is checked", "[claims]") {
    auto without_e = [](const std::string& text) {
        return evaluate_claim({"id", "place", "quote", text}, ranking(), finals(), TableStat::median, {"E", "F"});
    };
    // first places, Borda counts and top threes rank against every method of the paper
    for (const char* check : {"borda_first A", "borda_below D < B", "top3_count 1 A", "final_first all A",
                              "top_on P 1 A", "leads_from L 6 C B"}) {
        CHECK(without_e(check).status == ClaimStatus::not_run);
        CHECK(without_e(check).figure == "ranks against the paper's every method; not run here: E, F");
    }
    // A below B compares the two alone
    CHECK(without_e("final_below 3 A < B").status == ClaimStatus::holds);
}

namespace {
// The thesis' own final means (Tables 4.2-4.9) as one-point curves: a claim about its tables
// must hold on them.
std::vector<CurveSummary> thesis_means(const std::string& setting) {
    const ReferenceColumns columns{"function", "method", "mean_final_regret", "", {{"setting", setting}}};
    std::vector<CurveSummary> out;
    for (const PublishedCell& c :
         read_published(std::string(BOBENCH_SOURCE_DIR) + "/experiments/reference/aryan2020_table4_synthetic.csv", columns)) {
        Summary s;
        s.mean = c.value;
        out.push_back({c.problem, c.method, true, {s}, {}, 0, {}});
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.problem < b.problem; });
    return out;
}
}  // namespace

TEST_CASE("claims: the top-three count ranks by the mean, and so gives the thesis' own 7 and 9 on its tables",
          "[claims]") {
    const std::string rvfls = "BRVFL1 BRVFL2 BRVFL3 BRVFL4 ERVFL1 ERVFL2 ERVFL3 ERVFL4";
    auto on = [&](const std::string& setting, const std::string& check) {
        return evaluate_claim({"id", "place", "quote", check}, ranking(), thesis_means(setting), TableStat::mean);
    };
    // §4.4.1: "in 7 out of 12 functions at least one RVFL-based method has appeared among the top-three"
    CHECK_THAT(on("fixed_alpha", "top3_count 7 " + rvfls).figure, Catch::StartsWith("7 of 12 problems by final mean regret"));
    CHECK(on("fixed_alpha", "top3_count 8 " + rvfls).status == ClaimStatus::fails);
    // the evidence setting's "in 9 out of 12 functions"
    CHECK_THAT(on("evidence_alpha", "top3_count 9 " + rvfls).figure, Catch::StartsWith("9 of 12 problems"));
    // Goldstein-Price's top three, GP_mcmc, Bohamiann and GP
    CHECK(on("fixed_alpha", "top_on Goldsteinprice 3 GP_mcmc Bohamiann GP").status == ClaimStatus::holds);
}

TEST_CASE("claims: every check of chapter 4's claims that reads final values holds on the thesis' own tables", "[claims]") {
    for (const auto& [file, setting] : std::vector<std::pair<std::string, std::string>>{
             {"aryan2020_ch4_claims.csv", "fixed_alpha"}, {"aryan2020_ch4_evidence_claims.csv", "evidence_alpha"}}) {
        const auto means = thesis_means(setting);
        std::size_t checked = 0;
        for (const Claim& c : read_claims(std::string(BOBENCH_SOURCE_DIR) + "/experiments/reference/" + file)) {
            const std::string kind = c.check.substr(0, c.check.find(' '));
            if (kind != "top3_count" && kind != "top_on" && kind != "final_first" && kind != "final_below") continue;
            INFO(file << ": " << c.id << ": " << c.check);
            const ClaimVerdict v = evaluate_claim(c, ranking(), means, TableStat::mean);
            INFO(v.figure);
            CHECK(v.status == ClaimStatus::holds);
            ++checked;
        }
        CHECK(checked >= 3);
    }
}
