// The comparison of `bobench reproduce` on fake "paper" tables built from known samples:
// which test each cell gets, the shares and their calibration, Kendall's tau-b by hand, and
// a simulated perfect reproduction against its calibrated share. The tests themselves are
// checked against scipy in agreement_test.cpp.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <cmath>
#include <numeric>

#include <boost/random/lognormal_distribution.hpp>

#include "reproductions/comparison.hpp"
#include "analysis/statistics/kendall.hpp"
#include "core/csv.hpp"
#include "core/error.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/markdown.hpp"

using namespace bobench;
using namespace bobench::analysis;
using namespace bobench::analysis::reports;
using namespace bobench::reproductions;
using bobench::testing::TempDir;

namespace {
// Two problems × two optimizers with the given final values.
ExperimentMetrics fake_runs(const std::vector<std::vector<std::vector<double>>>& finals) {
    ExperimentMetrics m;
    m.problems = {"A", "B"};
    m.optimum = {0.0, 0.0};
    m.metadata = {{}, {}};
    m.optimizers = {"m1", "m2"};
    for (const auto& row : finals) {
        std::vector<CellRuns> cells;
        for (const auto& values : row) {
            CellRuns c;
            c.final_value = values;
            for (std::size_t i = 0; i < values.size(); ++i) c.replicates.push_back(static_cast<int>(i));
            cells.push_back(c);
        }
        m.cells.push_back(cells);
    }
    return m;
}

double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size()); }
}  // namespace

TEST_CASE("Kendall's tau-b against hand-counted pairs", "[reproduce]") {
    const std::vector<double> a{1, 2, 3, 4}, b{1, 3, 2, 4};
    CHECK(kendall_tau_b(a, b) == Approx(4.0 / 6.0));  // 5 concordant, 1 discordant of 6 pairs
    CHECK(kendall_tau_b(a, a) == Approx(1.0));
    const std::vector<double> reversed{4, 3, 2, 1};
    CHECK(kendall_tau_b(a, reversed) == Approx(-1.0));
    // ties: x = 1,2,2,3 and y = 1,2,3,3: 4 concordant, no discordant, one tie on each side
    // -> (4 - 0) / sqrt((4 + 1) (4 + 1)) = 0.8
    const std::vector<double> x{1, 2, 2, 3}, y{1, 2, 3, 3};
    CHECK(kendall_tau_b(x, y) == Approx(0.8));
    const std::vector<double> constant{5, 5, 5, 5};
    CHECK(std::isnan(kendall_tau_b(a, constant)));
    CHECK_THROWS_AS(kendall_tau_b(a, std::vector<double>{1, 2}), UserError);
}

TEST_CASE("Paper cells built from known samples: agreement, ratio, order, methods not run", "[reproduce]") {
    const std::vector<double> a1{1.0, 1.2, 0.8, 1.1, 0.9, 1.0, 1.05, 0.95}, a2{2.0, 2.2, 1.8, 2.1, 1.9, 2.0, 2.05, 1.95};
    const std::vector<double> b1{5.0, 5.5, 4.5, 5.2}, b2{3.0, 3.3, 2.7, 3.1};
    const ExperimentMetrics ours = fake_runs({{a1, a2}, {b1, b2}});
    const std::vector<PublishedCell> paper{
        {"A", "m1", mean(a1), 0.1, 8},       // our own mean: Welch's p = 1
        {"A", "m2", 10 * mean(a2), 1.0, 8},  // ten times ours
        {"A", "m3", 7.0, std::nullopt, 8},   // a method we do not have
        {"B", "m1", 1.0, std::nullopt, 8},   // B's order reversed: paper m1 < m2, ours m1 > m2
        {"B", "m2", 2.0, std::nullopt, 8},
    };
    const Comparison r = compare_with_published(ours, paper);
    REQUIRE(r.cells.size() == 5);
    CHECK(r.cells[0].agreement.test == AgreementTest::welch);
    CHECK(r.cells[0].agreement.p == Approx(1.0));
    CHECK(r.cells[0].agreement.agrees);
    CHECK(r.cells[0].ours == Approx(mean(a1)));
    CHECK(r.cells[0].agreement.ratio == Approx(1.0));
    CHECK(r.cells[0].agreement.ratio_low < 1.0);
    CHECK(r.cells[0].agreement.ratio_high > 1.0);
    CHECK_FALSE(r.cells[1].agreement.agrees);
    CHECK(r.cells[1].agreement.ratio == Approx(0.1));
    CHECK(r.cells[2].runs == 0);
    CHECK(r.cells[3].agreement.test == AgreementTest::sampling);  // no sd: the mean of 8 of our runs
    CHECK(r.cells[3].agreement.p == 2.0 / 2001);  // beyond every draw: the smallest p 2000 draws can tell
    CHECK(r.compared() == 4);
    CHECK(r.agreeing() == 1);
    REQUIRE(r.by_method.size() == 2);
    CHECK(r.by_method[0].method == "m1");
    CHECK(r.by_method[0].agreeing == 1);
    CHECK(r.by_method[0].compared == 2);
    // a perfect reproduction passes Welch's test about 95 % of the time, and the sampling test
    // most of the time (the paper's number then lies within our runs' own spread)
    CHECK(r.overall.perfect_mean > 3.0);
    CHECK(r.overall.perfect_mean <= 4.0);
    REQUIRE(r.not_run == std::vector<std::string>{"m3"});
    REQUIRE(r.orders.size() == 2);
    CHECK(r.orders[0].tau == Approx(1.0));          // A: paper m1 < m2, ours too
    CHECK(r.orders[1].tau == Approx(-1.0));         // B: reversed
    CHECK(r.orders[1].tau_perfect == Approx(1.0));  // a perfect reproduction keeps B's order
    CHECK(r.tau_mean == Approx(0.0));
    const std::string md = render_comparison(r, TableFormat::markdown);
    CHECK(md.find("1 of 4 cells agree; a perfect reproduction ") != std::string::npos);
    CHECK(md.find("| m1 | 1 of 2 | ") != std::string::npos);
    CHECK(md.find("A / m2 (ours 2, theirs 20, ratio 0.1, p ") != std::string::npos);
    CHECK(md.find("\nnot run: m3 (") != std::string::npos);
    CHECK(md.find("stand for 8 runs (the reference table's reference_runs)") != std::string::npos);
    // the same data give the same report (the bootstrap and the simulation have fixed streams)
    CHECK(render_comparison(compare_with_published(ours, paper), TableFormat::markdown) == md);
    const std::string csv = render_comparison(r, TableFormat::csv);
    CHECK(csv.rfind("problem,method,runs,ours_mean,ours_sd,theirs,theirs_sd,theirs_runs,test,p,", 0) == 0);
    CHECK(csv.find("\nB,m1,4,") != std::string::npos);
}

TEST_CASE("A perfect reproduction agrees about as often as its calibration says, a biased one does not",
          "[reproduce]") {
    // 12 problems × 3 methods; the paper's and our 30 runs per cell drawn from one log-normal
    Rng rng(2026);
    ExperimentMetrics ours;
    std::vector<PublishedCell> paper, biased;
    ours.optimizers = {"m1", "m2", "m3"};
    for (int p = 0; p < 12; ++p) {
        const std::string problem = "P" + std::to_string(p);
        ours.problems.push_back(problem);
        ours.optimum.push_back(0.0);
        ours.metadata.emplace_back();
        std::vector<CellRuns> row;
        for (int m = 0; m < 3; ++m) {
            boost::random::lognormal_distribution<double> truth(std::log(0.1 * (m + 1) * (p + 1)), 0.8);
            CellRuns c;
            for (int k = 0; k < 30; ++k) c.final_value.push_back(truth(rng)), c.replicates.push_back(k);
            std::vector<double> theirs(30);
            for (double& x : theirs) x = truth(rng);
            const double mu = mean(theirs);
            double ss = 0;
            for (double x : theirs) ss += (x - mu) * (x - mu);
            paper.push_back({problem, ours.optimizers[m], mu, std::sqrt(ss / 29), 30});
            biased.push_back({problem, ours.optimizers[m], 2.5 * mu, 2.5 * std::sqrt(ss / 29), 30});
            row.push_back(c);
        }
        ours.cells.push_back(row);
    }
    const Comparison r = compare_with_published(ours, paper);
    REQUIRE(r.compared() == 36);
    INFO("observed " << r.agreeing() << ", perfect " << r.overall.perfect_mean << " ± " << r.overall.perfect_sd);
    CHECK(r.overall.perfect_mean == Approx(34.2).margin(1.0));  // about 95 % of 36
    CHECK(std::fabs(double(r.agreeing()) - r.overall.perfect_mean) <= 3 * r.overall.perfect_sd + 1);
    CHECK(r.tau_mean > 0.6);  // the methods' true order is the same on both sides
    CHECK(std::fabs(r.tau_mean - r.tau_perfect_mean) <= 3 * r.tau_perfect_sd + 0.05);
    const Comparison off = compare_with_published(ours, biased);
    CHECK(off.agreeing() < 12);  // a factor 2.5 on every cell is found nearly everywhere
}

TEST_CASE("Reference tables: N/A cells skipped, malformed rows named", "[reproduce]") {
    TempDir dir;
    const ReferenceColumns cols{"function", "method", "mean", "sd", {{"setting", "x"}}};
    testing::write_file(dir / "good.csv",
                        "# source: a paper\nfunction,method,setting,mean,sd\nA,m1,x,1.5,0.1\nA,m2,x,,\nA,m3,x,nan,nan\nA,m1,y,9,1\n");
    std::vector<std::size_t> left_out;
    const auto cells = read_published(dir / "good.csv", cols, &left_out);
    REQUIRE(cells.size() == 1);
    CHECK(left_out == std::vector<std::size_t>{4, 5});  // named in a note, not dropped unseen (#43 part 4)
    CHECK(cells[0].value == 1.5);
    CHECK(*cells[0].sd == 0.1);
    CHECK_FALSE(cells[0].runs);  // the table does not say how many runs
    testing::write_file(dir / "runs.csv",
                        "# source: a paper\n# reference_runs: 30\nfunction,method,setting,mean,sd\nA,m1,x,1.5,0.1\n");
    CHECK(read_published(dir / "runs.csv", cols).at(0).runs == 30L);
    // a spreadsheet's byte-order mark is not part of the first column's name
    testing::write_file(dir / "bom.csv", "\xEF\xBB\xBF" "function,method,setting,mean,sd\nA,m1,x,1.5,0.1\n");
    CHECK(read_published(dir / "bom.csv", cols).at(0).problem == "A");
    // nor of a first comment line: its reference_runs counts
    testing::write_file(dir / "bom-runs.csv", "\xEF\xBB\xBF" "# reference_runs: 30\nfunction,method,setting,mean,sd\nA,m1,x,1.5,0.1\n");
    CHECK(read_published(dir / "bom-runs.csv", cols).at(0).runs == 30L);
    struct Refused {
        const char* file;
        const char* text;
        const char* error;
    };
    const Refused refused[] = {
        {"badruns.csv", "# reference_runs: thirty\nfunction,method,setting,mean,sd\nA,m1,x,1.5,0.1\n",
         "line 1: reference_runs = 'thirty' is not a whole number of runs >= 1"},
        {"tworuns.csv", "# reference_runs: 30\n# reference_runs: 2\nfunction,method,setting,mean,sd\nA,m1,x,1.5,0.1\n",
         "line 2: reference_runs again (first on line 1)"},
        {"twocols.csv", "function,method,setting,mean,mean\nA,m1,x,1.5,0.1\n",
         "line 1: column 'mean' appears twice (fields 4 and 5)"},
        {"short.csv", "function,method,setting,mean,sd\nA,m1,x,1.5\n", "line 2: 4 fields; the header has 5"},
        {"text.csv", "function,method,setting,mean,sd\nA,m1,x,lots,1\n", "mean = 'lots' is not a finite number"},
        // regrets and their sd are >= 0: a raw objective value or a sign slip is refused (#43 part 4)
        {"negative.csv", "function,method,setting,mean,sd\nA,m1,x,0,0\nB,m1,x,-3.32,0.1\n",
         "line 3: mean = '-3.32' is negative; a reference table holds regrets"},
        {"negative-sd.csv", "function,method,setting,mean,sd\nA,m1,x,1,-0.5\n", "line 2: sd = '-0.5' is negative"},
        // a second row for one cell would be counted twice (#43 part 4), also when one of them is N/A
        {"twice-na.csv", "function,method,setting,mean,sd\nA,m1,x,nan,nan\nA,m1,x,1.5,0.1\n",
         "line 3: function 'A', method 'm1' again"},
        {"nocol.csv", "function,method,mean,sd\nA,m1,1,1\n", "has no column 'setting'"},
    };
    for (const Refused& r : refused) {
        INFO(r.file);
        testing::write_file(dir / r.file, r.text);
        CHECK_THROWS_WITH(read_published(dir / r.file, cols), Catch::Contains(r.error));
    }
    testing::write_file(dir / "twice.csv", "function,method,setting,mean,sd\nA,m1,x,1.5,0.1\nB,m1,x,2,1\nA,m1,x,1.5,0.1\n");
    CHECK_THROWS_WITH(read_published(dir / "twice.csv", cols),
                      "reference table '" + (dir / "twice.csv") + "' line 4: function 'A', method 'm1' again (first on "
                                                                   "line 2); one row per cell");
    // millions of rows where a paper's table belongs: refused by size, before being parsed
    std::string huge = "function,method,setting,mean,sd\n";
    for (int i = 0; huge.size() <= max_paper_table_bytes; ++i) huge += "A,unknown" + std::to_string(i) + ",x,1,1\n";
    testing::write_file(dir / "huge.csv", huge);
    CHECK_THROWS_WITH(read_published(dir / "huge.csv", cols),
                      "cannot read reference table '" + (dir / "huge.csv") + "': it is larger than the 4 MB a "
                                                                             "reference table may be");
    CHECK_THROWS_WITH(read_causes(dir / "huge.csv"), Catch::Contains("larger than the 4 MB a causes table may be"));
}

TEST_CASE("A causes table names why cells disagree, cells without a row say unknown", "[reproduce]") {
    TempDir dir;
    testing::write_file(dir / "causes.csv", "problem,method,cause,evidence\n"
                                            "*,m2,ours,\"our reading of the prior, see README\"\n"
                                            "B,*,paper,one failed run\n");
    const auto causes = read_causes(dir / "causes.csv");
    REQUIRE(causes.size() == 2);
    CHECK(causes[0].evidence == "our reading of the prior, see README");
    const std::vector<double> low{1.0, 1.1, 0.9, 1.05}, high{5.0, 5.5, 4.5, 5.2};
    const ExperimentMetrics ours = fake_runs({{low, low}, {low, high}});
    const std::vector<PublishedCell> paper{{"A", "m1", 9.0, 0.1, 4}, {"A", "m2", 9.0, 0.1, 4},
                                           {"B", "m1", 9.0, 0.1, 4}, {"B", "m2", 9.0, 0.1, 4}};
    ComparisonOptions o;
    o.causes = causes;
    const std::string md = render_comparison(compare_with_published(ours, paper, o), TableFormat::markdown);
    INFO(md);
    CHECK(md.find("4 cells disagree, grouped by their cause") != std::string::npos);
    // each cause once, its cells under it, in the order the cells first name it; B / m2 matches
    // both rows, and the first row of the table wins
    const std::string ours_group = "- **ours**: our reading of the prior, see README (2 cells)\n"
                             "  - A / m2 (ours 1.01, theirs 9, ratio 0.11";
    const std::string paper_group = "- **paper**: one failed run (1 cell)\n  - B / m1 (ours 1.01, theirs 9, ratio 0.11";
    const std::string unexamined_group = "- **not examined** (1 cell)\n  - A / m1 (ours 1.01, theirs 9, ratio 0.11";
    const std::size_t at_ours = md.find(ours_group), at_paper = md.find(paper_group),
                      at_unexamined = md.find(unexamined_group);
    REQUIRE(at_ours != std::string::npos);
    REQUIRE(at_paper != std::string::npos);
    REQUIRE(at_unexamined != std::string::npos);
    CHECK(at_unexamined < at_ours);  // A / m1 comes first among the cells
    CHECK(at_ours < at_paper);
    const std::size_t b_m2 = md.find("  - B / m2 (ours");
    CHECK(b_m2 > at_ours);
    CHECK(b_m2 < at_paper);  // under ours, not under paper
    CHECK(md.find("our reading of the prior", at_ours + 20) == std::string::npos);  // its text once

    // a cause's text is data: no HTML from it reaches the Markdown
    testing::write_file(dir / "html.csv", "problem,method,cause,evidence\n*,*,paper,<script>alert(1)</script>\n");
    o.causes = read_causes(dir / "html.csv");
    const std::string escaped = render_comparison(compare_with_published(ours, paper, o), TableFormat::markdown);
    for (std::size_t at = escaped.find('<'); at != std::string::npos; at = escaped.find('<', at + 1))
        CHECK(escaped[at - 1] == '\\');  // every '<' escaped
    CHECK(escaped.find("- **paper**: \\<script>alert(1)\\</script> (4 cells)") != std::string::npos);

    testing::write_file(dir / "bad.csv", "problem,method,cause,evidence\nA,m1,theirs,x\n");
    CHECK_THROWS_WITH(read_causes(dir / "bad.csv"), Catch::Contains("line 2: cause = 'theirs'; expected ours, paper or unknown"));
    testing::write_file(dir / "nocol.csv", "problem,method,why\nA,m1,x\n");
    CHECK_THROWS_WITH(read_causes(dir / "nocol.csv"), Catch::Contains("causes table '"));
}

TEST_CASE("A cell with one run of ours gets no verdict, and a smoke test gives none at all", "[reproduce]") {
    const std::vector<double> a1{1.0, 1.2, 0.8, 1.1}, one{2.0};
    const ExperimentMetrics ours = fake_runs({{a1, one}, {a1, a1}});
    const std::vector<PublishedCell> paper{
        {"A", "m1", 1.0, 0.1, 8}, {"A", "m2", 5.0, 1.0, 8}, {"B", "m1", 1.0, 0.1, 8}, {"B", "m2", 9.0, 0.1, 8}};
    const Comparison r = compare_with_published(ours, paper);
    // one run: neither Welch (two a side) nor the bootstrap (no spread) can judge it
    CHECK(r.cells[1].agreement.test == AgreementTest::none);
    CHECK(std::isnan(r.cells[1].agreement.p));
    CHECK(r.cells[1].agreement.ratio == Approx(0.4));
    CHECK(r.untested == 1);
    CHECK(r.compared() == 3);
    const std::string md = render_comparison(r, TableFormat::markdown);
    CHECK(md.find("| A | m2 | 1 | 2 ± ") != std::string::npos);
    CHECK(md.find("| none, one run |  | not tested |") != std::string::npos);
    CHECK(md.find("1 cells with a single run of ours are not tested and not counted") != std::string::npos);
    CHECK(md.find("- A / m2") == std::string::npos);  // not listed as a disagreement
    CHECK(md.find("- B / m2") != std::string::npos);  // the real one is
    CHECK(render_comparison(r, TableFormat::csv).find("\nA,m2,1,2,") != std::string::npos);

    ComparisonOptions smoke;
    smoke.verdicts = false;
    const Comparison s = compare_with_published(ours, paper, smoke);
    for (const TableFormat f : {TableFormat::markdown, TableFormat::latex}) {
        const std::string text = render_comparison(s, f);
        INFO(text);
        CHECK(text.find("No verdicts: this is a smoke test") != std::string::npos);
        for (const char* verdict : {"agrees", "cells agree", "perfect reproduction", "**no**", "textbf{no}",
                                    "Disagreements", "Kendall", "Welch"})
            CHECK(text.find(verdict) == std::string::npos);
    }
    // the CSV keeps its columns, the verdicts' left empty: B / m2 disagrees above, says nothing here
    const std::string csv = render_comparison(s, TableFormat::csv);
    const auto row = csv.find("\nB,m2,");
    REQUIRE(row != std::string::npos);
    const std::string line = csv.substr(row + 1, csv.find('\n', row + 1) - row - 1);
    CHECK(line.substr(line.size() - 6) == ",,mean");  // agrees empty; the statistic: a mean (the paper's sd)
    CHECK(line.find(",Welch,") == std::string::npos);
}

TEST_CASE("A reproduction report leads with the agreement, then the disagreements, then the cells we ran",
          "[reproduce]") {
    const std::vector<double> a{1.0, 1.2, 0.8, 1.1}, b{5.0, 5.5, 4.5, 5.2};
    const ExperimentMetrics ours = fake_runs({{a, a}, {b, b}});
    const std::vector<PublishedCell> paper{{"A", "m1", 1.0, 0.2, 8}, {"A", "m2", 9.0, std::nullopt, 8},
                                           {"A", "m3", 7.0, std::nullopt, 8}, {"B", "m1", 5.0, 0.5, 8},
                                           {"B", "m2", 5.0, std::nullopt, 8}, {"B", "m3", 2.0, 0.1, 8}};
    ComparisonOptions o;
    o.statistic = TableStat::median;  // the definition's; the cells with the paper's sd are means
    const std::string md = render_comparison(compare_with_published(ours, paper, o), TableFormat::markdown);
    INFO(md);
    const auto agreement = md.find("## Agreement\n\n| method | cells agreeing | a perfect reproduction |"),
               disagreements = md.find("## Disagreements\n\n1 cell disagrees, grouped by their cause"), order = md.find("## Method order"),
               cells = md.find("## All cells\n\n| problem | method | runs | ours (median ± sd; mean ± sd where the "
                               "paper gives an sd) | theirs |");
    REQUIRE(agreement != std::string::npos);
    REQUIRE(disagreements != std::string::npos);
    REQUIRE(order != std::string::npos);
    REQUIRE(cells != std::string::npos);
    CHECK(agreement < disagreements);
    CHECK(disagreements < order);
    CHECK(order < cells);
    CHECK(md.find("- **not examined** (1 cell)\n  - A / m2 (ours") != std::string::npos);
    // the method not run gets no rows, one line instead
    CHECK(md.find("| m3 |") == std::string::npos);
    CHECK(md.find("\nnot run: m3 (the paper's methods with no runs here") != std::string::npos);
    CHECK(md.find("m3") == md.find("not run: m3") + 9);  // named once
    CHECK(testing::heading_outline_error("# Reproduction\n" + md) == "");

    // every cell with the paper's sd: the header says mean, in LaTeX too; CSV names each row's statistic
    const std::vector<PublishedCell> with_sd{{"A", "m1", 1.0, 0.2, 8}, {"B", "m1", 5.0, 0.5, 8}};
    const Comparison means = compare_with_published(ours, with_sd, o);
    CHECK(render_comparison(means, TableFormat::markdown).find("| ours (mean ± sd) |") != std::string::npos);
    CHECK(render_comparison(means, TableFormat::latex).find("& ours (mean $\\pm$ sd) &") != std::string::npos);
    const std::string csv = render_comparison(compare_with_published(ours, paper, o), TableFormat::csv);
    CHECK(csv.rfind("problem,method,runs,ours_statistic,", 0) == 0);
    CHECK(csv.find("\nA,m2,4,") != std::string::npos);
    CHECK(csv.find(",median\n") != std::string::npos);
    CHECK(csv.find("\nA,m3,0,") != std::string::npos);  // CSV keeps every cell
}

TEST_CASE("The disagreements' lean: per method, and the problems where most methods disagree one way",
          "[reproduce]") {
    const std::vector<double> a{1.0, 1.2, 0.8, 1.1};
    const ExperimentMetrics ours = fake_runs({{a, a}, {a, a}});
    // A: both methods' published numbers far above ours; B: m1 agrees, m2's far below ours
    const std::vector<PublishedCell> paper{{"A", "m1", 9.0, std::nullopt, 8},
                                           {"A", "m2", 9.0, std::nullopt, 8},
                                           {"B", "m1", 1.0, std::nullopt, 8},
                                           {"B", "m2", 0.1, std::nullopt, 8}};
    const Comparison r = compare_with_published(ours, paper);
    const DisagreementPattern pattern = disagreement_pattern(r);
    REQUIRE(pattern.by_method.size() == 2);
    CHECK(pattern.by_method[0].name == "m1");
    CHECK(pattern.by_method[0].compared == 2);
    CHECK(pattern.by_method[0].below == 1);
    CHECK(pattern.by_method[0].above == 0);
    CHECK(pattern.by_method[1].below == 1);
    CHECK(pattern.by_method[1].above == 1);
    REQUIRE(pattern.by_problem.size() == 2);
    CHECK(pattern.by_problem[0].name == "A");
    CHECK(pattern.by_problem[0].below == 2);
    CHECK(pattern.by_problem[1].above == 1);

    const std::string md = render_comparison(r, TableFormat::markdown);
    INFO(md);
    CHECK(md.find("### Which way they lean\n\n| method | cells tested | ours below the paper's | ours above |\n"
                  "|---|---:|---:|---:|\n| m1 | 2 | 1 | 0 |\n| m2 | 2 | 1 | 1 |\n") != std::string::npos);
    // A is shared by both methods; B's one disagreement is no majority
    CHECK(md.find("disagree the same way (where those methods share no model, this points at the problem as the "
                  "paper ran it rather than at a method): A (2 of 2 methods below).\n") != std::string::npos);
    CHECK(testing::heading_outline_error("# Reproduction\n" + md) == "");

    // no problem where most methods disagree one way: said so
    const std::vector<PublishedCell> one_off{{"A", "m1", 9.0, std::nullopt, 8}, {"A", "m2", 1.0, std::nullopt, 8}};
    CHECK(render_comparison(compare_with_published(ours, one_off), TableFormat::markdown)
              .find("\nNo problem has most of its methods disagreeing the same way.\n") != std::string::npos);
}

TEST_CASE("A reference table of many methods bobench lacks names the first twenty and counts the rest",
          "[reproduce]") {
    const std::vector<double> a1{1.0, 1.2, 0.8, 1.1}, a2{2.0, 2.2, 1.8, 2.1};
    const ExperimentMetrics ours = fake_runs({{a1, a2}});
    std::vector<PublishedCell> paper{{"A", "m1", 1.0, 0.1, 4}, {"A", "m2", 2.0, 0.1, 4}};
    for (int k = 0; k < 1000; ++k) paper.push_back({"A", fmt::format("unknown{:04}", k), 1.0, std::nullopt, 4});
    const Comparison r = compare_with_published(ours, paper);
    CHECK(r.not_run.size() == 1000);
    const std::string md = render_comparison(r, TableFormat::markdown);
    CHECK(md.find("not run: unknown0000, unknown0001, ") != std::string::npos);
    CHECK(md.find("unknown0019, and 980 more (the paper's methods") != std::string::npos);
    CHECK(md.find("unknown0020") == std::string::npos);
    CHECK(md.size() < 5000);
}
