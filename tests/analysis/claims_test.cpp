// The paper's claims checked on our runs: each kind of check on a hand-built ranking and
// hand-built regret curves, not run when a method is missing, and bad claims tables refused.
#include <catch2/catch.hpp>

#include <cmath>
#include <tuple>

#include "analysis/reports/claims.hpp"
#include "core/error.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::analysis;
using namespace bobench::analysis::reports;
using bobench::testing::TempDir;

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
    // C or D in the top three: P0 (C 3), P1 (C 2), P2 (D 3), P3 (C 2): 4 of 4
    CHECK(check("top3_count 4 C D").status == ClaimStatus::holds);
    CHECK(check("top3_count 2 D").status == ClaimStatus::holds);  // D is third in P2 and P3
    CHECK(check("top3_count 3 D").status == ClaimStatus::fails);
    CHECK(check("top3_count 3 D").figure == "2 of 4 problems");
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
    // top3_count is the Friedman ranking's: not run, rather than "0 of 0 problems"
    CHECK(pairwise("top3_count 1 A").status == ClaimStatus::not_run);
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
    const std::string md = render_claims(claims, {check("borda_first A"), check("borda_first Z")});
    CHECK(md.find("| x | Fig. 1 | A wins | holds | Borda: A 9; the highest other: B 7 |") != std::string::npos);
    CHECK(md.find("| y | Fig. 2 | Z wins | not run | Z has no runs here |") != std::string::npos);
    CHECK(md.find("1 of 2 claims hold (1 checked, 1 not run).") != std::string::npos);
}

TEST_CASE("claims: a smoke test shows our figures and no verdict", "[claims]") {
    const std::vector<Claim> claims{{"x", "Fig. 1", "A wins", "borda_first A"}, {"y", "Fig. 2", "B wins", "borda_first B"}};
    const std::string md = render_claims(claims, {check("borda_first A"), check("borda_first B")}, /*judge=*/false);
    CHECK(md.find("| x | Fig. 1 | A wins | Borda: A 9; the highest other: B 7 |") != std::string::npos);
    CHECK(md.find("No verdicts on the claims: a smoke test's few runs cannot support one") != std::string::npos);
    for (const char* verdict : {"holds", "fails", "claims hold", "verdict |"}) CHECK(md.find(verdict) == std::string::npos);
}

TEST_CASE("claims: a bad claims table is refused naming the file, line and check", "[claims][bad-input]") {
    TempDir dir;
    testing::write_file(dir / "ok.csv", "# a paper's claims\nid,place,quote,check\na,Fig. 1,\"A, first\",borda_first A\n");
    const auto claims = read_claims(dir / "ok.csv");
    REQUIRE(claims.size() == 1);
    CHECK(claims[0].quote == "A, first");
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
    testing::write_file(dir / "cols.csv", "id,quote,check\na,q,borda_first A\n");
    CHECK_THROWS_WITH(read_claims(dir / "cols.csv"), Catch::Contains("has no column 'place'"));
}
