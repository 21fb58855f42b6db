// `bobench report FILE --html DIR` through the real binary: the page's elements, escaping,
// size, refusals, and the page in a real browser (Debian's headless Chromium).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "analysis/reports/html_report.hpp"
#include "analysis/reports/palette.hpp"
#include "results/store.hpp"
#include "tests/analysis/reports_fixtures.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {

// The small experiment: two problems, two optimizers, 3 replicates.
std::string small_results(const TempDir& dir) {
    const std::string file = dir / "small.h5";
    run_ok("run --problem branin --problem levy:d=2 --optimizer random-search --optimizer de "
           "--budget 30 --replicates 3 --quiet --output " + file);
    return file;
}

std::string page_of(const std::string& results, const std::string& dir) {
    const auto r = run_ok("report " + results + " --html " + dir);
    CHECK(r.out == dir + "/index.html\n");
    return read_file(dir + "/index.html");
}

// The text between `<table id="ranking-table"` and its end.
std::string ranking_table(const std::string& page) {
    const auto at = page.find("id=\"ranking-table\"");
    REQUIRE(at != std::string::npos);
    return page.substr(at, page.find("</table>", at) - at);
}

}  // namespace

TEST_CASE("html report: escaping", "[html]") {
    CHECK(analysis::reports::html_escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
    CHECK(analysis::reports::html_escape("plain") == "plain");
    // Colours are stable per position; the eighth on are another colour set, dashed.
    CHECK(analysis::reports::palette_colour(0) == "#E69F00");
    CHECK(analysis::reports::palette_colour(8) != analysis::reports::palette_colour(0));
    CHECK(analysis::reports::palette_dash(0).empty());
    CHECK_FALSE(analysis::reports::palette_dash(8).empty());
}

namespace {

// A curve whose median after evaluation t + 1 is medians[t] (NaN: no success yet).
analysis::reports::CurveSummary curve(const std::string& optimizer, const std::vector<double>& medians) {
    analysis::reports::CurveSummary c;
    c.problem = "p<1>";
    c.optimizer = optimizer;
    for (double m : medians) {
        analysis::Summary s;
        s.count = std::isnan(m) ? 0 : 1;
        s.q1 = s.median = s.q3 = m;  // one run: its quartiles are its value
        c.by_iteration.push_back(s);
    }
    return c;
}

// The x,y pairs of the first `points="..."` at or after `from` in `svg`.
std::vector<std::pair<double, double>> points_of(const std::string& svg, std::size_t from = 0) {
    const auto at = svg.find("points=\"", from);
    REQUIRE(at != std::string::npos);
    std::istringstream in(svg.substr(at + 8, svg.find('"', at + 8) - at - 8));
    std::vector<std::pair<double, double>> out;
    double x = 0, y = 0;
    char comma = 0;
    while (in >> x >> comma >> y) out.emplace_back(x, y);
    return out;
}

// The section of the page with id `id`.
std::string section_of(const std::string& page, const std::string& id) {
    const auto at = page.find("<section id=\"" + id + "\">");
    REQUIRE(at != std::string::npos);
    return page.substr(at, page.find("</section>", at) - at);
}

}  // namespace

TEST_CASE("html report: a regret panel", "[html]") {
    const double nan = std::nan("");
    const auto wide = curve("a&b", {nan, 100, 10, 0.5, 0.5}), narrow = curve("c", {9, 5, 2, 1, 1});
    // Medians from 100 down to 0.5: more than two decades, a log axis.
    REQUIRE(analysis::reports::regret_figure_log_y({{&wide, &narrow}}));
    const std::string log_panel = analysis::reports::regret_panel_svg({&wide, &narrow}, {0, 9}, true);
    CHECK(log_panel.find("median regret and IQR (log)") != std::string::npos);
    CHECK(log_panel.find("aria-label=\"p&lt;1&gt;\"") != std::string::npos);
    CHECK(occurrences(log_panel, "<polyline") == 2);  // the NaN start is left out, not drawn at 0
    CHECK(log_panel.find("<title>a&amp;b</title>") != std::string::npos);
    CHECK(log_panel.find("stroke=\"#E69F00\"") != std::string::npos);
    CHECK(log_panel.find("stroke=\"#2E6B1F\" stroke-dasharray") != std::string::npos);  // colour 9: dashed dark green
    // From 9 down to 1: one decade, a linear axis in a figure of this panel alone.
    REQUIRE_FALSE(analysis::reports::regret_figure_log_y({{&narrow}}));
    const std::string linear = analysis::reports::regret_panel_svg({&narrow}, {2}, false);
    CHECK(linear.find("(log)") == std::string::npos);
    CHECK(occurrences(linear, "<polyline") == 1);
    // Without f* the best values themselves, on a linear axis whose padded range starts just
    // below 0: its tick there prints "0", never "-0".
    auto best = curve("b", {3, 1, 0.05});
    best.regret = false;
    const std::string values = analysis::reports::regret_panel_svg({&best}, {0}, true);  // linear all the same
    CHECK(values.find("median best value and IQR<") != std::string::npos);
    CHECK(values.find(">0</text>") != std::string::npos);
    CHECK(values.find(">-0</text>") == std::string::npos);
    // A gap inside a curve splits it into two polylines.
    const auto gap = curve("g", {5, nan, 3});
    CHECK(occurrences(analysis::reports::regret_panel_svg({&gap}, {0}, false), "<polyline") == 2);
}

TEST_CASE("html report: a regret panel draws each curve's inter-quartile band, as the PNGs do", "[html]") {
    const double nan = std::nan("");
    // a: median 4, 2, 1 with q1..q3 of 3..8, 1..3, 0.5..1.5; b: no quartiles at its first point
    auto a = curve("a", {4, 2, 1}), b = curve("b", {6, 5, 5});
    const double q1[] = {3, 1, 0.5}, q3[] = {8, 3, 1.5};
    for (std::size_t t = 0; t < 3; ++t) a.by_iteration[t].q1 = q1[t], a.by_iteration[t].q3 = q3[t];
    b.by_iteration[0].q1 = b.by_iteration[0].q3 = nan;
    const std::string panel = analysis::reports::regret_panel_svg({&a, &b}, {0, 1}, false);
    CHECK(panel.find("median regret and IQR<") != std::string::npos);
    REQUIRE(occurrences(panel, "<polygon class=\"band\"") == 2);
    CHECK(panel.find("<polygon class=\"band\" fill=\"#E69F00\" fill-opacity=\"0.15\"") != std::string::npos);
    CHECK(panel.find("<polygon class=\"band\" fill=\"#56B4E9\"") != std::string::npos);
    CHECK(panel.find("<polygon") < panel.find("<polyline"));  // the bands under the lines

    // a's band: q3 forwards then q1 backwards, around its median line at every evaluation
    const auto band = points_of(panel, panel.find("fill=\"#E69F00\""));
    const auto line = points_of(panel, panel.find("<polyline class=\"curve\" stroke=\"#E69F00\""));
    REQUIRE(band.size() == 6);
    REQUIRE(line.size() == 3);
    for (std::size_t t = 0; t < 3; ++t) {
        const auto top = band[t], bottom = band[5 - t];
        CHECK(top.first == line[t].first);
        CHECK(bottom.first == line[t].first);
        // linear axis: the pixels between q3, median and q1 keep the values' proportions
        CHECK((bottom.second - line[t].second) / (line[t].second - top.second) ==
              Approx((a.by_iteration[t].median - q1[t]) / (q3[t] - a.by_iteration[t].median)).epsilon(0.02));
    }
    CHECK(points_of(panel, panel.find("fill=\"#56B4E9\"")).size() == 4);  // b's from its second point on

    // more curves than the PNGs draw bands for (5): the lines alone, as there
    std::vector<analysis::reports::CurveSummary> six(6, a);
    std::vector<const analysis::reports::CurveSummary*> crowd;
    for (const auto& c : six) crowd.push_back(&c);
    const std::string crowded = analysis::reports::regret_panel_svg(crowd, {0, 1, 2, 3, 4, 5}, false);
    CHECK(occurrences(crowded, "<polygon") == 0);
    CHECK(occurrences(crowded, "<polyline") == 6);
    CHECK(crowded.find("median regret<") != std::string::npos);
}

TEST_CASE("html report: one y scale for every regret panel of the page", "[html]") {
    // p1: medians from 11 down to 0.045, over two decades; p2: from 2.0 to 0.55, under one.
    const results::Results abc = reports_testing::abc_results();
    const std::string page = analysis::reports::render_html_report(abc, {});
    const std::string curves = section_of(page, "curves");
    CHECK(occurrences(curves, "<svg") == 2);
    CHECK(occurrences(curves, " (log)</text>") == 2);  // p2 too, on the scale p1 needs
    CHECK(curves.find("One y scale for every panel: log10 when the positive medians of any one panel span more "
                      "than two decades, else linear (here: log10)") != std::string::npos);

    // without p1, no panel needs a log axis: the figure is linear
    results::Results narrow = abc;
    narrow.problems.erase(narrow.problems.begin());
    narrow.runs.erase(std::remove_if(narrow.runs.begin(), narrow.runs.end(),
                                     [](const results::Trace& t) { return t.key.problem == 0; }),
                      narrow.runs.end());
    for (results::Trace& t : narrow.runs) t.key.problem = 0;
    const std::string linear = section_of(analysis::reports::render_html_report(narrow, {}), "curves");
    CHECK(occurrences(linear, "<svg") == 1);
    CHECK(occurrences(linear, "(log)") == 0);
    CHECK(linear.find("else linear (here: linear)") != std::string::npos);
}

TEST_CASE("html report: the page of a small experiment", "[html]") {
    TempDir dir;
    const std::string page = page_of(small_results(dir), dir / "html");
    CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
    for (const char* section : {"id=\"provenance\"", "id=\"spec\"", "id=\"ranking\"", "id=\"final\"", "id=\"curves\"",
                                "id=\"ecdf\"", "id=\"ert\""})
        CHECK(occurrences(page, section) == 1);
    // Provenance: the command that wrote the file.
    CHECK(page.find("bobench run --problem branin") != std::string::npos);
    // one regret panel per problem, one ECDF panel (both problems are 2-D), the CD diagram
    CHECK(occurrences(page, "<svg") == 4);
    CHECK(occurrences(page, "aria-label=\"all\"") == 1);
    const auto cd = page.find("<figure id=\"cd-diagram\">");
    REQUIRE(cd != std::string::npos);
    const std::string figure = page.substr(cd, page.find("</figure>", cd) - cd);
    CHECK(occurrences(figure, ">random-search (") == 1);  // its label and mean rank
    CHECK(occurrences(figure, ">de (") == 1);
    CHECK(occurrences(page, "aria-label=\"branin\"") == 1);
    CHECK(occurrences(page, "aria-label=\"levy\"") == 1);  // levy:d=2's label
    CHECK(occurrences(page, "<polyline") >= 4);  // both optimizers on both panels
    const std::string ranking = ranking_table(page);
    CHECK(occurrences(ranking, "<td>random-search</td>") == 1);
    CHECK(occurrences(ranking, "<td>de</td>") == 1);
    CHECK(page.find("id=\"ert-table\"") != std::string::npos);
    // Each final-regret table marks at least one best cell per problem.
    CHECK(occurrences(page, "class=\"best\"") >= 4);
    // Nothing fetched from elsewhere, no script.
    CHECK(page.find("<script") == std::string::npos);
    CHECK(page.find("src=") == std::string::npos);
    CHECK(page.find("http://") == page.find("http://www.w3.org/2000/svg"));
    CHECK(page.find("https://") == std::string::npos);
}

TEST_CASE("html report: runtime ECDFs of all problems and per dimension, a step line per optimizer", "[html]") {
    TempDir dir;
    const std::string file = dir / "abc.h5";
    // p1 (2-D): A reaches regret 0.00-0.09, B 1.00-1.09, C 10.00-10.09; p2 (10-D): all reach 0.5-0.59
    results::write_results(file, reports_testing::abc_results());
    const std::string page = page_of(file, dir / "html");
    const auto at = page.find("id=\"ecdf\"");
    REQUIRE(at != std::string::npos);
    const std::string ecdf = page.substr(at, page.find("</section>", at) - at);
    for (const char* panel : {"aria-label=\"all\"", "aria-label=\"dimension = 2\"", "aria-label=\"dimension = 10\""})
        CHECK(occurrences(ecdf, panel) == 1);
    for (const char* o : {"<title>A</title>", "<title>B</title>", "<title>C</title>"}) CHECK(occurrences(ecdf, o) == 3);
    CHECK(occurrences(ecdf, "<polyline") == 9);
    CHECK(occurrences(ecdf, ">×</text>") == 9);  // each optimizer's budget
    // all runs on one axis: each step line ends at its share, A's highest on p1 (it reaches the most targets)
    const auto end_y = [&](const std::string& panel, const std::string& optimizer) {
        const auto p = ecdf.find("aria-label=\"" + panel + "\"");
        const auto t = ecdf.find("<title>" + optimizer + "</title>", p);
        const auto last = ecdf.rfind(',', t);
        return std::stod(ecdf.substr(last + 1, ecdf.find('"', last) - last - 1));
    };
    CHECK(end_y("dimension = 2", "A") < end_y("dimension = 2", "B"));  // SVG y grows downwards
    CHECK(end_y("dimension = 2", "B") < end_y("dimension = 2", "C"));
    CHECK(end_y("dimension = 10", "A") == end_y("dimension = 10", "C"));  // p2: all three the same
}

TEST_CASE("html report: labels from the file are escaped", "[html]") {
    TempDir dir;
    write_file(dir / "spec.ini", "[experiment]\nbudget = 12\nreplicates = 2\nseed = 3\n"
                                 "[problems]\nb<r&n = branin\n[optimizers]\n"
                                 "rs<\"x\"&'y' = random-search\nde = de\n");
    run_ok("run " + (dir / "spec.ini") + " --quiet --output " + (dir / "esc.h5"));
    const std::string page = page_of(dir / "esc.h5", dir / "html");
    CHECK(page.find("rs<\"x") == std::string::npos);
    CHECK(page.find("b<r&") == std::string::npos);
    CHECK(occurrences(ranking_table(page), "<td>rs&lt;&quot;x&quot;&amp;&#39;y&#39;</td>") == 1);
    CHECK(occurrences(page, "aria-label=\"b&lt;r&amp;n\"") == 1);
}

TEST_CASE("html report: the demo's page is under 2 MB", "[html][demo]") {
    TempDir dir;
    const std::string demo = std::string(BOBENCH_SOURCE_DIR) + "/experiments/demo.ini";
    run_ok("run '" + demo + "' --quiet --output " + (dir / "demo.h5"));
    const std::string page = page_of(dir / "demo.h5", dir / "html");
    // a regret panel per problem; ECDFs of all problems and of each of the 3 dimensions; the CD diagram
    CHECK(occurrences(page, "<svg") == 9);
    for (const char* d : {"2", "5", "6"}) CHECK(occurrences(page, "aria-label=\"dimension = " + std::string(d) + "\"") == 1);
    CHECK(page.size() < 2'000'000);
}

TEST_CASE("html report: bad input is refused with status 2", "[html]") {
    TempDir dir;
    check_refused("report --html " + (dir / "out"), "no results file given");
    check_refused("report " + (dir / "missing.h5") + " --html " + (dir / "out"), "is not a file");
    write_file(dir / "text.h5", "not hdf5\n");
    check_refused("report " + (dir / "text.h5") + " --html " + (dir / "out"), "is not a bobench results file");
    const std::string results = small_results(dir);
    check_refused("report " + results, "--html DIR is required");
    write_file(dir / "taken", "a file\n");
    check_refused("report " + results + " --html " + (dir / "taken"), "is an existing file, not a folder");
    CHECK(read_file(dir / "taken") == "a file\n");
    // The page never replaces a spec (or a results file) that happens to be called index.html.
    std::filesystem::create_directory(dir / "specs");
    write_file(dir / "specs/index.html", "[experiment]\nbudget = 5\n");
    check_refused("report " + results + " --html " + (dir / "specs"), "is an existing experiment spec");
    CHECK(read_file(dir / "specs/index.html") == "[experiment]\nbudget = 5\n");
    // ... but a page of its own, which quotes the stored spec, is written again, the same.
    const std::string page = page_of(results, dir / "html");
    REQUIRE(page.find("\n[problems]\n") != std::string::npos);  // a section line of a spec
    CHECK(page_of(results, dir / "html") == page);
    const auto help = run_cli("report --help");
    CHECK(help.status == 0);
    CHECK(help.out.find("--html") != std::string::npos);
}

TEST_CASE("html report: a real browser renders the page", "[html]") {
    const auto which = run_shell("command -v chromium");
    if (which.status != 0)
        FAIL("chromium is not installed: run scripts/install-deps (it installs Debian's chromium for this test)");
    TempDir dir;
    const std::string page = dir / "html/index.html";
    page_of(small_results(dir), dir / "html");
    // A private profile, so parallel runs and a user's browser do not share state.
    const std::string chromium = "chromium --headless --no-sandbox --disable-gpu --user-data-dir=" +
                                 (dir / "profile") + " --enable-logging=stderr --v=0 ";
    const auto dom = run_shell(chromium + "--dump-dom 'file://" + page + "'");
    INFO("chromium's standard error:\n" << dom.err);
    REQUIRE(dom.status == 0);
    CHECK(occurrences(dom.out, "<svg") == 4);
    CHECK(occurrences(dom.out, "<polyline") >= 4);
    CHECK(dom.out.find("id=\"ranking-table\"") != std::string::npos);
    CHECK(dom.out.find("<td>random-search</td>") != std::string::npos);
    // No script error and no console message at all: the page has no script.
    CHECK(dom.err.find("Uncaught") == std::string::npos);
    CHECK(dom.err.find("CONSOLE") == std::string::npos);
    const std::string png = dir / "page.png";
    const auto shot = run_shell(chromium + "--screenshot=" + png + " --window-size=1280,2000 'file://" + page + "'");
    INFO(shot.err);
    REQUIRE(shot.status == 0);
    REQUIRE(std::filesystem::exists(png));
    CHECK(std::filesystem::file_size(png) > 0);
    CHECK(read_file(png).substr(1, 3) == "PNG");
}

TEST_CASE("html report: a kept reproduction page in a real browser shows the verdict, every cell's cause and the claims",
          "[html][reproduce]") {
    const auto which = run_shell("command -v chromium");
    if (which.status != 0)
        FAIL("chromium is not installed: run scripts/install-deps (it installs Debian's chromium for this test)");
    TempDir dir;
    const std::string kept = std::string(BOBENCH_SOURCE_DIR) + "/experiments/results/aryan-ch4-synthetic/";
    const std::string md = read_file(kept + "aryan-ch4-synthetic.md");
    const auto dom = run_shell("chromium --headless --no-sandbox --disable-gpu --user-data-dir=" + (dir / "profile") +
                               " --dump-dom 'file://" + kept + "html/index.html'");
    INFO("chromium's standard error:\n" << dom.err);
    REQUIRE(dom.status == 0);
    // the headline verdict, first in the reproduction's section, as the Markdown report states it
    const auto headline = md.find("\n**");
    REQUIRE(headline != std::string::npos);
    const std::string sentence = md.substr(headline + 3, md.find("**\n", headline) - headline - 3);
    CHECK(sentence.rfind("Not reproduced: ", 0) == 0);
    // (the browser writes text back with only &, < and > escaped)
    std::string text;
    for (const char c : sentence) text += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
    CHECK(dom.out.find("<p id=\"verdict\" class=\"verdict\"><strong>" + text + "</strong></p>") != std::string::npos);
    // every disagreeing cell is a row of the cell table that links its cause, which is listed once
    const auto disagree = md.find(" cells disagree, grouped by their cause");
    REQUIRE(disagree != std::string::npos);
    const std::size_t disagreeing = std::stoul(md.substr(md.rfind('\n', disagree) + 1));
    CHECK(disagreeing > 0);
    std::size_t rows = 0;
    for (auto at = dom.out.find("<tr class=\"disagrees\">"); at != std::string::npos;
         at = dom.out.find("<tr class=\"disagrees\">", at + 1)) {
        ++rows;
        const std::string row = dom.out.substr(at, dom.out.find("</tr>", at) - at);
        const auto link = row.find("<a href=\"#cause-");
        REQUIRE(link != std::string::npos);
        const std::string target = row.substr(link + 10, row.find('"', link + 10) - link - 10);  // cause-K
        CHECK(occurrences(dom.out, "<li id=\"" + target + "\">") == 1);
    }
    CHECK(rows == disagreeing);
    CHECK(occurrences(dom.out, "id=\"cells-table\"") == 1);
    // the claims: one row each, and the tally the Markdown gives
    const auto claims = md.find("\n## The paper's claims");
    REQUIRE(claims != std::string::npos);
    const std::string section = md.substr(claims + 1, md.find("\n## ", claims + 1) - claims - 1);
    CHECK(occurrences(dom.out, "<tr class=\"claim-") == occurrences(section, "\n| ") - 1);  // less the header
    const auto tally_end = section.find(" not run (a claim naming");
    REQUIRE(tally_end != std::string::npos);
    const std::string tally = section.substr(section.rfind('\n', tally_end) + 1, tally_end + 8 - section.rfind('\n', tally_end) - 1);
    CHECK(dom.out.find("<p id=\"claim-tally\">" + tally) != std::string::npos);
}

namespace {
// 14 optimizers on 2 problems: tables of 15 and 16 columns, wider than an 800-pixel window.
results::Results wide_results() {
    std::vector<std::string> labels;
    for (int o = 1; o <= 14; ++o) labels.push_back(fmt::format("optimizer-{:02}", o));
    results::Results r = reports_testing::empty_results(
        {reports_testing::problem("p1", 0.0), reports_testing::problem("p2", 1.0)}, labels);
    for (int o = 0; o < 14; ++o)
        for (int rep = 1; rep <= 3; ++rep)
            for (int p = 0; p < 2; ++p)
                r.runs.push_back(reports_testing::make_trace(p, o, rep, {5.0 + o + rep, 2.0 + 0.1 * o + 0.01 * rep}));
    r.sort_runs();
    return r;
}
}  // namespace

TEST_CASE("html report: every table sits in a box that scrolls sideways", "[html]") {
    const std::string page = analysis::reports::render_html_report(wide_results(), {});
    CHECK(page.find(".scroll { overflow-x: auto; max-width: 100%; }") != std::string::npos);
    std::size_t tables = 0;
    for (auto at = page.find("<table"); at != std::string::npos; at = page.find("<table", at + 1), ++tables) {
        const std::string box = "<div class=\"scroll\">\n";
        INFO(page.substr(at, 60));
        CHECK(page.compare(at - box.size(), box.size(), box) == 0);
        CHECK(page.compare(page.find("</table>", at), 15, "</table>\n</div>") == 0);
    }
    CHECK(tables == 7);  // provenance, problems, optimizers, ranking, median and mean, ERT
}

TEST_CASE("html report: in a browser, a table wider than the window scrolls in its box, not the page", "[html]") {
    if (run_shell("command -v chromium").status != 0)
        FAIL("chromium is not installed: run scripts/install-deps (it installs Debian's chromium for this test)");
    TempDir dir;
    // The page as written, and a script the test adds to a copy to read the layout back
    // through the DOM (the page itself has none).
    const std::string page = analysis::reports::render_html_report(wide_results(), {});
    const std::string probe =
        "<script>\nconst boxes = [...document.querySelectorAll('table')].map(t => t.parentElement);\n"
        "document.body.dataset.pageWidth = document.documentElement.scrollWidth;\n"
        "document.body.dataset.windowWidth = document.documentElement.clientWidth;\n"
        "document.body.dataset.scrollingBoxes = boxes.filter(b => b.scrollWidth > b.clientWidth && "
        "getComputedStyle(b).overflowX === 'auto').length;\n</script>\n</body>";
    std::string probed = page;
    probed.replace(probed.rfind("</body>"), 7, probe);
    write_file(dir / "index.html", probed);
    const auto dom = run_shell("chromium --headless --no-sandbox --disable-gpu --user-data-dir=" + (dir / "profile") +
                               " --window-size=800,600 --dump-dom 'file://" + (dir / "index.html") + "'");
    INFO("chromium's standard error:\n" << dom.err);
    REQUIRE(dom.status == 0);
    const auto number = [&](const std::string& name) {
        const auto at = dom.out.find(name + "=\"");
        REQUIRE(at != std::string::npos);
        return std::stoi(dom.out.substr(at + name.size() + 2));
    };
    INFO(dom.out.substr(0, 300));
    CHECK(number("data-window-width") <= 800);
    CHECK(number("data-page-width") == number("data-window-width"));  // the page itself does not scroll sideways
    CHECK(number("data-scrolling-boxes") >= 3);  // the median, mean and ERT tables scroll in their boxes
}
