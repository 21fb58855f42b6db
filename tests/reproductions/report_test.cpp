// The reproduction report's verdicts: the headline's rule, the causes grouped once each, and
// claims that could not be checked counted as not run.
#include <catch2/catch.hpp>

#include "reproductions/render.hpp"
#include "reproductions/report.hpp"

using namespace bobench::reproductions;

namespace {

CellComparison cell(const std::string& problem, const std::string& method, bool agrees,
                    std::optional<DisagreementCause> cause = std::nullopt) {
    CellComparison c;
    c.problem = problem;
    c.method = method;
    c.runs = 5;
    c.agreement.test = AgreementTest::welch;
    c.agreement.agrees = agrees;
    c.agreement.p = agrees ? 0.5 : 0.001;
    c.cause = cause;
    return c;
}

// A comparison of `compared` cells of which `agreeing` agree; a perfect reproduction 9.5 ± 0.5 of 10.
ReproductionReport report(std::size_t agreeing, std::size_t compared = 10) {
    ReproductionReport r;
    Comparison c;
    c.overall = {"", compared, agreeing, 9.5, 0.5};
    c.by_method = {{"A", compared / 2, agreeing / 2, 4.75, 0.3}, {"B", compared - compared / 2, agreeing - agreeing / 2, 4.75, 0.3}};
    r.comparison = c;
    return r;
}

ClaimResult claim(ClaimStatus status) { return {Claim{"c", "§1", "q", "borda_first A"}, {status, ""}}; }

}  // namespace

TEST_CASE("report: the headline verdict follows the share a perfect reproduction reaches", "[reproductions][report]") {
    // within two of a perfect reproduction's sds of its mean: reproduced
    CHECK(decide_headline(report(9)).verdict == Verdict::reproduced);
    CHECK(decide_headline(report(9)).sentence == "Reproduced: 9 of 10 cells agree, a perfect reproduction 9.5 ± 0.5; of "
                                                 "the 1 miss, most in A (1).");
    CHECK(decide_headline(report(8)).verdict == Verdict::partly_reproduced);  // 8 < 9.5 - 2 × 0.5
    CHECK(decide_headline(report(5)).verdict == Verdict::partly_reproduced);  // at least half of 9.5
    CHECK(decide_headline(report(4)).verdict == Verdict::not_reproduced);
    CHECK(decide_headline(report(0, 0)).verdict == Verdict::no_verdict);  // nothing could be tested
    ReproductionReport quick = report(10);
    quick.quick = true;
    CHECK(decide_headline(quick).verdict == Verdict::no_verdict);
    CHECK(decide_headline(quick).sentence.rfind("No verdict: a smoke test (--quick)", 0) == 0);
}

TEST_CASE("report: the misses are counted by cause and by method in the headline", "[reproductions][report]") {
    ReproductionReport r = report(6);
    const DisagreementCause ours{"*", "A", "ours", "our reading"}, paper{"P", "*", "paper", "the paper's typo"};
    r.comparison->cells = {cell("P", "A", false, ours), cell("Q", "A", false, ours), cell("P", "B", false, paper),
                           cell("Q", "B", false), cell("R", "B", true)};
    r.causes = group_by_cause(*r.comparison);
    REQUIRE(r.causes.size() == 3);  // each cause once, in the order the cells first name it
    CHECK(r.causes[0].kind == "ours");
    CHECK(r.causes[0].cells == std::vector<std::size_t>{0, 1});
    CHECK(r.causes[1].kind == "paper");
    CHECK(r.causes[2].kind == "not examined");
    CHECK(r.causes[2].evidence.empty());
    r.claims = {claim(ClaimStatus::holds), claim(ClaimStatus::fails), claim(ClaimStatus::not_run)};
    r.tally = {1, 1, 1};
    CHECK(decide_headline(r).sentence == "Partly reproduced: 6 of 10 cells agree, a perfect reproduction 9.5 ± 0.5; "
                                         "of the 4 misses, 2 with a cause of ours, 1 with the paper's, 1 not examined; "
                                         "most in A (2), B (2); 1 of 2 checked claims hold, 1 not run.");
    r.tally = {0, 0, 3};
    CHECK(decide_headline(r).sentence.ends_with("; none of 3 claims could be checked."));
}

TEST_CASE("report: without the paper's numbers the checked claims decide, and unchecked ones are not run",
          "[reproductions][report]") {
    ReproductionReport r;
    r.figure_only = true;
    r.claims = {claim(ClaimStatus::not_run)};
    r.tally = {0, 0, 1};
    // a claim that could not be checked never counts as failed
    CHECK(decide_headline(r).verdict == Verdict::no_verdict);
    CHECK(decide_headline(r).sentence == "No verdict: the paper publishes a figure, no numbers, and none of its 1 claim "
                                         "could be checked (each names a method or problem without runs here).");
    r.tally = {3, 0, 1};
    CHECK(decide_headline(r).verdict == Verdict::reproduced);
    CHECK(decide_headline(r).sentence == "Reproduced: 3 of 3 checked claims hold, 1 not run; the paper publishes a "
                                         "figure, no numbers.");
    r.tally = {1, 2, 0};
    CHECK(decide_headline(r).verdict == Verdict::partly_reproduced);
    r.tally = {0, 2, 0};
    CHECK(decide_headline(r).verdict == Verdict::not_reproduced);
}

TEST_CASE("report: a spec's source, deviations and claim quotes reach the Markdown without HTML or links",
          "[reproductions][report]") {
    ReproductionReport r = report(9);
    r.name = "x<b>";
    r.source = "<script>alert(1)</script> a paper";
    r.deviations = {"<img src=x onerror=alert(2)>", "our reading `r1` (see [167]): [y](javascript:alert(3))"};
    r.claims = {{Claim{"c1", "§1", "[z](javascript:alert(4))", "borda_first A"}, {ClaimStatus::holds, ""}}};
    r.headline = decide_headline(r);
    r.headline.sentence += "; most in <script>m</script> (1)";  // the headline names methods by their labels
    const std::string md = render_report(r, ReportFormat::markdown);
    INFO(md);
    CHECK(md.find("most in \\<script>m\\</script> (1)") != std::string::npos);
    CHECK(md.find(" <script>m") == std::string::npos);
    CHECK(md.find("# Reproduction: x\\<b>") != std::string::npos);
    CHECK(md.find("Source: \\<script>alert(1)\\</script> a paper.") != std::string::npos);
    CHECK(md.find("- \\<img src=x onerror=alert(2)>\n") != std::string::npos);
    CHECK(md.find("- our reading `r1` (see [167]): [y]\\(javascript:alert(3))\n") != std::string::npos);
    CHECK(md.find("| [z]\\(javascript:alert(4)) |") != std::string::npos);
}
