// The agreement test of `bobench reproduce` and its calibration against scipy and numpy
// (tests/data/agreement_reference.json, written by make_agreement_reference.py beside it).
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "reproductions/agreement.hpp"
#include "analysis/statistics/welch.hpp"
#include "core/error.hpp"

using namespace bobench;
using namespace bobench::analysis;
using namespace bobench::analysis::reports;
using namespace bobench::reproductions;

namespace {
nlohmann::json reference() {
    std::ifstream in(std::string(BOBENCH_TEST_DATA_DIR) + "/agreement_reference.json");
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

bool close(double ours, double theirs, double relative) {
    return ours == theirs || std::fabs(ours - theirs) <= relative * std::fabs(theirs);
}

// The share of rounds in which one cell agrees, over `rounds` perfect reproductions.
double perfect_share(const CalibrationCell& cell, int rounds, int resamples) {
    AgreementOptions o;
    o.calibration_rounds = rounds;
    o.calibration_resamples = resamples;
    const Calibration cal = calibrate({cell}, 1, 1, o, 11);
    double agreeing = 0;
    for (int a : cal.agreeing) agreeing += a;
    return agreeing / rounds;
}
}  // namespace

TEST_CASE("Welch's t-test from summary statistics equals scipy's ttest_ind_from_stats to 1e-9", "[agreement]") {
    const auto ref = reference();
    REQUIRE(ref["welch"].size() >= 15);
    for (const auto& c : ref["welch"]) {
        const SampleStats a{c["a"][0], c["a"][1], c["a"][2]}, b{c["b"][0], c["b"][1], c["b"][2]};
        const WelchTest w = welch_test(a, b);
        INFO("a = " << c["a"].dump() << ", b = " << c["b"].dump() << ": t " << w.t << ", p " << w.p);
        CHECK(close(w.t, c["t"], 1e-9));
        CHECK(close(w.p, c["p"], 1e-9));
        CHECK(close(w.df, c["df"], 1e-9));
    }
    // both sides without spread: scipy says NaN, we say whether the means match
    CHECK(welch_test({2, 0, 5}, {2, 0, 7}).p == 1);
    CHECK(welch_test({2, 0, 5}, {3, 0, 7}).p == 0);
    CHECK_THROWS_WITH(welch_test({2, 1, 1}, {3, 1, 7}), Catch::Contains("sample a needs n >= 2"));
}

TEST_CASE("The ratio of means and its delta-method interval", "[agreement]") {
    const RatioInterval r = ratio_of_means({2, 1, 10}, {1, 0.5, 10});
    const double se = std::sqrt(1.0 / (10 * 4) + 0.25 / 10);  // sd²/(n mean²) summed over both sides
    CHECK(r.ratio == Approx(2.0));
    CHECK(r.low == Approx(2 * std::exp(-1.959964 * se)));
    CHECK(r.high == Approx(2 * std::exp(1.959964 * se)));
    CHECK(std::isnan(ratio_of_means({0, 1, 10}, {1, 0.5, 10}).ratio));
}

TEST_CASE("A number without spread against the sampling distribution of our mean: exact p's", "[agreement]") {
    AgreementOptions o;
    o.resamples = 20000;
    const auto ref = reference();  // kept alive: a range-for over a temporary's element dangles
    for (const auto& c : ref["sampling"]) {
        const std::vector<double> ours = c["ours"];
        const PaperValue paper{c["theirs"], std::nullopt, c["k"]};
        Rng rng(5);
        const CellAgreement a = test_agreement(ours, paper, o, rng);
        INFO("theirs " << paper.value << ", k " << paper.runs << ": p " << a.p << ", exact " << c["p"]);
        CHECK(a.test == AgreementTest::sampling);
        CHECK(a.p == Approx(double(c["p"])).margin(0.02));
        CHECK(a.agrees == (a.p >= 0.05));
    }
}

TEST_CASE("One run dominating the paper's mean sends the cell to the sampling test", "[agreement]") {
    bool dominated = false;
    // the thesis' GP on Branin: sd / mean 5.3 of at most sqrt(30) = 5.48
    CHECK(agreement_test({0.05, 0.265, 30}, 30, dominated) == AgreementTest::sampling);
    CHECK(dominated);
    CHECK(agreement_test({0.05, 0.1, 30}, 30, dominated) == AgreementTest::welch);
    CHECK_FALSE(dominated);
    // one run of ours: no sd for Welch, no spread for the bootstrap, so no test at all
    CHECK(agreement_test({0.05, 0.1, 30}, 1, dominated) == AgreementTest::none);
    CHECK(agreement_test({0.05, std::nullopt, 30}, 1, dominated) == AgreementTest::none);
    CHECK(agreement_test({0.05, std::nullopt, 30}, 30, dominated) == AgreementTest::sampling);
    // a dominated cell: one of 30 thesis runs failed at 1.5, ours never fail; the mean of 30
    // of our runs never comes near, so the cell disagrees
    const std::vector<double> ours(30, 0.0004);
    Rng rng(1);
    const CellAgreement a = test_agreement(ours, {0.05, 0.265, 30}, {}, rng);
    CHECK(a.dominated);
    CHECK(a.p == 2.0 / 2001);  // beyond every one of the 2000 draws
    CHECK_FALSE(a.agrees);
}

TEST_CASE("A perfect reproduction's share under each test matches numpy's simulation", "[agreement]") {
    const auto ref = reference();
    for (const auto& c : ref["perfect_welch"]) {
        CalibrationCell cell;
        cell.ours.assign(c["our_runs"].get<std::size_t>(), 1.0);  // only their number counts: the truth is the paper's
        cell.theirs = {c["mean"], double(c["sd"]), c["reference_runs"]};
        const double share = perfect_share(cell, 4000, 0);
        INFO("mean " << c["mean"] << ", sd " << c["sd"] << ", our runs " << c["our_runs"] << ": " << share);
        CHECK(share == Approx(double(c["share"])).margin(0.015));  // 4.4 standard errors at 4,000 rounds
    }
    for (const auto& c : ref["perfect_sampling"]) {
        CalibrationCell cell;
        cell.ours = c["ours"].get<std::vector<double>>();  // the truth: our own runs
        cell.theirs = {0.0, std::nullopt, c["reference_runs"]};
        const double share = perfect_share(cell, 2000, 1000);
        INFO("reference_runs " << c["reference_runs"] << ": " << share);
        CHECK(share == Approx(double(c["share"])).margin(0.03));
    }
}

TEST_CASE("A number beyond every bootstrap draw gets the smallest p the draws can tell, never 0", "[agreement]") {
    AgreementOptions o;
    o.resamples = 999;
    const std::vector<double> ours{4, 5, 6, 7, 8};
    for (const double theirs : {0.5, 100.0}) {  // below and above every run of ours
        Rng rng(5);
        const CellAgreement a = test_agreement(ours, {theirs, std::nullopt, 1}, o, rng);
        CHECK(a.test == AgreementTest::sampling);
        CHECK(a.p == 2.0 / 1000);  // (0 + 1) / (B + 1), two-sided
        CHECK_FALSE(a.agrees);
    }
}
