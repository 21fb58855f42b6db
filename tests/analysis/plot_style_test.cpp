// The look of the gnuplot plots, read from the scripts and file names they leave (not from
// pixels): one palette shared with the HTML report, each optimizer's look fixed by its
// place in the results file, bands left out when too many curves share a plot, and file
// names from the problem's or group's slug.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "analysis/reports/curve_views.hpp"
#include "analysis/reports/fixed_target_report.hpp"
#include "analysis/reports/gnuplot.hpp"
#include "analysis/reports/html_report.hpp"
#include "analysis/reports/palette.hpp"
#include "analysis/reports/plot.hpp"
#include "tests/analysis/reports_fixtures.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using namespace bobench::analysis::reports;
using namespace bobench::reports_testing;
using bobench::testing::occurrences;

namespace {
bool have_gnuplot() {
    const char* path = std::getenv("PATH");
    return !find_program("gnuplot", path ? path : "").empty();
}

// `labels` in the file's order; optimizer o runs on the problems listed for it.
results::Results runs_of(const std::vector<std::string>& labels, const std::vector<std::vector<int>>& problems_of) {
    results::Results r = empty_results({problem("p1", 0.0), problem("p2", 0.0)}, labels);
    for (std::size_t o = 0; o < labels.size(); ++o)
        for (int p : problems_of[o])
            for (int rep = 0; rep < 3; ++rep)
                r.runs.push_back(make_trace(p, static_cast<int>(o), rep, {2.0 + o + rep, 1.0 + o + rep}));
    r.sort_runs();
    return r;
}
}  // namespace

TEST_CASE("plots: one palette for HTML and gnuplot, dashed and marked apart past seven", "[plots]") {
    CHECK(palette_colour(0) == "#E69F00");  // Okabe & Ito, as the HTML report draws them
    CHECK(gnuplot_style(1) == "linecolor rgb '#56B4E9' dashtype solid pointtype 5");
    CHECK(gnuplot_style(7) == "linecolor rgb '#8E2C5A' dashtype (6,3) pointtype 8");  // the second set: dashed
    CHECK(palette_dash(6).empty());
    CHECK(palette_dash(15) == "6 3");
    CHECK(palette_colour(16) == palette_colour(0));  // past 16 the colours repeat, with another dash
    CHECK(palette_dash(16) == "2 2");
    CHECK(palette_dash(23) == "8 3 2 3");
    for (std::size_t i = 1; i < 13; ++i) CHECK(palette_point(i) != palette_point(i - 1));
}

namespace {
// CIELAB (D65) of "#RRGGBB", and its relative luminance (WCAG), from sRGB.
struct Lab {
    double l, a, b, luminance;
};
Lab lab_of(const std::string& hex) {
    double rgb[3];
    for (int i = 0; i < 3; ++i) {
        const double c = std::stoi(hex.substr(1 + 2 * static_cast<std::size_t>(i), 2), nullptr, 16) / 255.0;
        rgb[i] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }
    const double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047,
                 y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2],
                 z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
    const auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)), y};
}
}  // namespace

TEST_CASE("plots: sixteen optimizers get sixteen distinct colours, none faint on white", "[plots]") {
    for (std::size_t i = 0; i < 16; ++i) {
        const Lab a = lab_of(palette_colour(i));
        INFO("colour " << i << ": " << palette_colour(i));
        // WCAG contrast against white: Okabe & Ito's orange 2.2, their yellow 1.3 (too faint)
        CHECK(1.05 / (a.luminance + 0.05) >= 2.0);
        for (std::size_t j = 0; j < i; ++j) {
            const Lab b = lab_of(palette_colour(j));
            INFO("and colour " << j << ": " << palette_colour(j));
            // CIE76 distance: 26 is that of Okabe & Ito's sky blue and blue, told apart at a glance
            CHECK(std::hypot(a.l - b.l, a.a - b.a, a.b - b.b) >= 25.0);
        }
    }
}

TEST_CASE("plots: an optimizer keeps its look by its place in the file, whatever else a plot holds", "[plots]") {
    if (!have_gnuplot()) {
        FAIL("gnuplot is not installed here; scripts/install-deps installs gnuplot-nox");
    }
    bobench::testing::TempDir dir;
    // the file's order Z, A, M (sorted: A, M, Z); A does not run on p2
    const results::Results r = runs_of({"Z", "A", "M"}, {{0, 1}, {0}, {0, 1}});
    PlotOptions o;
    o.out_dir = dir / "plots";
    const PlotResult plotted = plot_curves(summary_curves(r), o);
    const std::string script = bobench::testing::read_file(plotted.script);
    INFO(script);
    CHECK(occurrences(script, gnuplot_style(0) + " title 'Z'") == 2);  // on p1 and on p2 alike
    CHECK(occurrences(script, gnuplot_style(1) + " title 'A'") == 1);
    CHECK(occurrences(script, gnuplot_style(2) + " title 'M'") == 2);
    CHECK(occurrences(script, "fillstyle transparent solid 0.15") == 5);  // light bands, one per curve
    CHECK(occurrences(script, "set ylabel 'regret: median and inter-quartile range'") == 2);
    CHECK(plotted.notes.empty());

    // six curves in one plot: centre lines only, and a note says so
    const results::Results crowd =
        runs_of({"o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9"}, std::vector<std::vector<int>>(9, {0}));
    o.out_dir = dir / "crowd";
    const PlotResult many = plot_curves(summary_curves(crowd), o);
    const std::string crowded = bobench::testing::read_file(many.script);
    CHECK(crowded.find("filledcurves") == std::string::npos);
    CHECK(crowded.find("set ylabel 'regret: median'\n") != std::string::npos);  // no band, so none named
    CHECK(crowded.find("inter-quartile range'") == std::string::npos);
    CHECK(crowded.find(gnuplot_style(8) + " title 'o9'") != std::string::npos);  // the ninth: dashed
    // a caller's label names its band, and gives the label without it (the aggregate views)
    o.out_dir = dir / "labelled";
    o.y_label = "mean rank ± standard error";
    o.y_label_centre = "mean rank";
    CHECK(bobench::testing::read_file(plot_curves(summary_curves(crowd), o).script).find("set ylabel 'mean rank'\n") !=
          std::string::npos);
    REQUIRE(many.notes.size() == 1);
    CHECK(many.notes[0] == "up to 9 curves in one plot: the bands are drawn for at most 5, so these plots show the "
                           "centre lines only");
}

TEST_CASE("plots: file names come from the problem's or the group's slug", "[plots]") {
    CHECK(slug("(missing)") == "missing");
    CHECK(slug("group = 1") == "group-1");
    CHECK(slug("bbob f1 (d=2)") == "bbob-f1-d-2");
    CHECK(slug("%%") == "plot");
    std::vector<std::string> notes;
    CHECK(aggregate_curves(abc_results(), Aggregate::rank, std::nullopt, notes).at(0).stem == "mean-rank-all");
    results::Results grouped = abc_results();
    grouped.problems[0].metadata["group"] = "1";
    grouped.problems[1].metadata["group"] = "2";
    const auto by_group = aggregate_curves(grouped, Aggregate::normalised, std::string("group"), notes);
    std::vector<std::string> stems;
    for (const CurveSummary& c : by_group) stems.push_back(c.stem);
    CHECK(std::count(stems.begin(), stems.end(), "normalised-regret-group-1") == 3);
    CHECK(std::count(stems.begin(), stems.end(), "normalised-regret-group-2") == 3);
    if (!have_gnuplot()) return;
    bobench::testing::TempDir dir;
    PlotOptions o;
    o.out_dir = dir / "agg";
    const PlotResult plotted = plot_curves(by_group, o);
    REQUIRE(plotted.files.size() == 2);
    CHECK(plotted.files[0].png == dir / "agg/normalised-regret-group-1.png");
    CHECK(plotted.files[1].png == dir / "agg/normalised-regret-group-2.png");
}

TEST_CASE("plots: a problem without a COCO group gets no \"group = (missing)\" panel or file", "[plots]") {
    results::Results mixed = abc_results();
    mixed.problems[0].metadata["group"] = "1";  // p2 is of no bbob group (another suite)
    std::vector<std::string> notes;
    const auto aggregated = aggregate_curves(mixed, Aggregate::normalised, std::string("group"), notes);
    REQUIRE(aggregated.size() == 3);  // one curve per optimizer, of group 1 alone
    for (const CurveSummary& c : aggregated) {
        CHECK(c.stem == "normalised-regret-group-1");
        CHECK(c.problem.find("(missing)") == std::string::npos);
    }
    CHECK(std::count(notes.begin(), notes.end(), "problem 'p2' has no 'group': left out of the view by group") == 1);

    notes.clear();
    const auto ecdfs = ecdf_curves(mixed, analysis::coco_ecdf_targets(), std::string("group"), notes);
    REQUIRE(ecdfs.size() == 3);
    for (const EcdfCurve& c : ecdfs) CHECK(c.group == "group = 1");
    CHECK(std::count(notes.begin(), notes.end(), "problem 'p2' has no 'group': left out of the view by group") == 1);

    // the page's ECDFs by group: group 1 and group 2, no third panel for p3
    mixed.problems[1].metadata["group"] = "2";
    mixed.problems.push_back(problem("p3", 0.0));
    mixed.problems.back().metadata.erase("group");
    for (int o = 0; o < 3; ++o)
        for (int rep = 1; rep <= 3; ++rep) mixed.runs.push_back(make_trace(2, o, rep, {2.0, 1.0}));
    mixed.sort_runs();
    const std::string page = render_html_report(mixed, {});
    CHECK(page.find("aria-label=\"group = 1\"") != std::string::npos);
    CHECK(page.find("aria-label=\"group = 2\"") != std::string::npos);
    CHECK(page.find("(missing)") == std::string::npos);
    CHECK(page.find("<li>problem &#39;p3&#39; has no &#39;group&#39;: left out of the view by group</li>") !=
          std::string::npos);
    if (!have_gnuplot()) return;
    bobench::testing::TempDir dir;
    PlotOptions o;
    o.out_dir = dir / "ecdf";
    const auto files = plot_ecdf(ecdf_curves(mixed, analysis::coco_ecdf_targets(), std::string("group"), notes), 51, o);
    CHECK(std::find_if(files.begin(), files.end(), [](const std::string& f) {
              return f.find("missing") != std::string::npos;
          }) == files.end());
    CHECK(std::filesystem::exists(dir / "ecdf/ecdf-group-1.png"));
    CHECK(std::filesystem::exists(dir / "ecdf/ecdf-group-2.png"));
}
