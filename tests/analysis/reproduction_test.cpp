// The agreement statistics of `bobench reproduce` against independent computations: a
// fake "paper" table built from known samples, Kendall's tau-b by hand, and the bootstrap
// interval of a mean against the normal-theory interval.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include <boost/random/normal_distribution.hpp>

#include "analysis/reports/reproduction.hpp"
#include "analysis/statistics/kendall.hpp"
#include "core/error.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::analysis;
using namespace bobench::analysis::reports;
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
        {"A", "m1", mean(a1), 0.1},        // our own mean: inside our interval
        {"A", "m2", 10 * mean(a2), 1.0},   // ten times ours: outside
        {"A", "m3", 7.0, std::nullopt},    // a method we do not have
        {"B", "m1", 1.0, std::nullopt},    // B's order reversed: paper m1 < m2, ours m1 > m2
        {"B", "m2", 2.0, std::nullopt},
    };
    const Reproduction r = compare_with_published(ours, paper);
    REQUIRE(r.cells.size() == 5);
    CHECK(r.cells[0].agrees);
    CHECK(r.cells[0].ours == Approx(mean(a1)));
    CHECK(r.cells[0].ratio == Approx(1.0));
    CHECK(r.cells[0].low < mean(a1));
    CHECK(r.cells[0].high > mean(a1));
    CHECK_FALSE(r.cells[1].agrees);
    CHECK(r.cells[1].ratio == Approx(0.1));
    CHECK(r.cells[2].runs == 0);
    CHECK(r.compared() == 4);
    CHECK(r.agreeing() == 1);
    REQUIRE(r.not_run == std::vector<std::string>{"m3"});
    REQUIRE(r.orders.size() == 2);
    CHECK(r.orders[0].tau == Approx(1.0));   // A: paper m1 < m2, ours too
    CHECK(r.orders[1].tau == Approx(-1.0));  // B: reversed
    const std::string md = render_reproduction(r, TableFormat::markdown);
    CHECK(md.find("1 of 4 cells agree (25 %)") != std::string::npos);
    CHECK(md.find("A / m2 (ours 2, theirs 20, ratio 0.1)") != std::string::npos);
    CHECK(md.find("did not run: m3") != std::string::npos);
    // the same data give the same intervals (the bootstrap has its own fixed stream)
    CHECK(compare_with_published(ours, paper).cells[0].low == r.cells[0].low);
}

TEST_CASE("The bootstrap interval of a mean matches the normal-theory interval for n = 200", "[reproduce]") {
    Rng rng(7);
    boost::random::normal_distribution<double> normal(3.0, 2.0);
    std::vector<double> v(200);
    for (double& x : v) x = normal(rng);
    const ExperimentMetrics ours = fake_runs({{v, v}, {v, v}});
    const Reproduction r = compare_with_published(ours, {{"A", "m1", 3.0, std::nullopt}});
    const double m = mean(v);
    double ss = 0;
    for (double x : v) ss += (x - m) * (x - m);
    const double half = 1.96 * std::sqrt(ss / 199.0) / std::sqrt(200.0);
    CHECK(r.cells[0].low == Approx(m - half).margin(0.15 * half));
    CHECK(r.cells[0].high == Approx(m + half).margin(0.15 * half));
}

TEST_CASE("Reference tables: N/A cells skipped, malformed rows named", "[reproduce]") {
    TempDir dir;
    const ReferenceColumns cols{"function", "method", "mean", "sd", {{"setting", "x"}}};
    testing::write_file(dir / "good.csv",
                        "# source: a paper\nfunction,method,setting,mean,sd\nA,m1,x,1.5,0.1\nA,m2,x,,\nA,m3,x,nan,nan\nA,m1,y,9,1\n");
    const auto cells = read_published(dir / "good.csv", cols);
    REQUIRE(cells.size() == 1);
    CHECK(cells[0].value == 1.5);
    CHECK(*cells[0].sd == 0.1);

    testing::write_file(dir / "short.csv", "function,method,setting,mean,sd\nA,m1,x,1.5\n");
    CHECK_THROWS_WITH(read_published(dir / "short.csv", cols), Catch::Contains("line 2: 4 fields; the header has 5"));
    testing::write_file(dir / "text.csv", "function,method,setting,mean,sd\nA,m1,x,lots,1\n");
    CHECK_THROWS_WITH(read_published(dir / "text.csv", cols), Catch::Contains("mean = 'lots' is not a finite number"));
    testing::write_file(dir / "nocol.csv", "function,method,mean,sd\nA,m1,1,1\n");
    CHECK_THROWS_WITH(read_published(dir / "nocol.csv", cols), Catch::Contains("has no column 'setting'"));
}
