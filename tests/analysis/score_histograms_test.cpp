// Borda and first-place breakdowns (Aryan 2020, Fig. 3.3): the table against scores set by
// hand, natural order of the key values, COCO group names, and the drawn histograms.
#include <catch2/catch.hpp>

#include <filesystem>

#include "analysis/reports/palette.hpp"
#include "analysis/reports/score_histograms.hpp"
#include "core/error.hpp"
#include "tests/support/cli.hpp"

using namespace bobench::analysis;
using namespace bobench::analysis::reports;

namespace {
ScoreTable table(std::vector<std::string> optimizers, std::vector<long> borda, std::vector<long> firsts, std::size_t n) {
    ScoreTable t;
    t.optimizers = std::move(optimizers);
    t.borda = std::move(borda);
    t.firsts = std::move(firsts);
    for (std::size_t i = 0; i < n; ++i) t.problems.push_back("p" + std::to_string(i));
    return t;
}
}  // namespace

TEST_CASE("score breakdown: rows in natural order, absent optimizers score 0, COCO group names", "[reproduce][histograms]") {
    const std::map<std::string, ScoreTable> by = {{"10", table({"a", "b"}, {3, 1}, {2, 0}, 4)},
                                                  {"2", table({"a"}, {0}, {5}, 5)}};
    const std::string md = render_score_breakdown(by, "dimension");
    // "2" before "10" although the map orders "10" first; b took no part in dimension 2
    const auto two = md.find("| 2 | 5 | 0 | 0 |"), ten = md.find("| 10 | 4 | 3 | 1 |");
    REQUIRE(two != std::string::npos);
    REQUIRE(ten != std::string::npos);
    CHECK(two < ten);
    CHECK(md.find("| 2 | 5 | 5 | 0 |") != std::string::npos);   // first places of dimension 2
    CHECK(md.find("| 10 | 4 | 2 | 0 |") != std::string::npos);
    CHECK(coco_group_name("3") == "ill-conditioned (f10-14)");
    CHECK(coco_group_name("9") == "9");
    const std::map<std::string, ScoreTable> groups = {{"4", table({"a"}, {1}, {1}, 5)}};
    CHECK(render_score_breakdown(groups, "group", &coco_group_name).find("| multimodal (f15-19) | 5 | 1 |") !=
          std::string::npos);
}

TEST_CASE("score histograms: PNG and SVG per score, or a clear error without gnuplot", "[reproduce][histograms]") {
    bobench::testing::TempDir dir;
    const std::map<std::string, ScoreTable> by = {{"2", table({"a", "b"}, {3, 1}, {2, 0}, 4)}};
    PlotOptions o;
    o.out_dir = dir / "h";
    o.search_path = "/nonexistent";
    CHECK_THROWS_AS(plot_score_histograms(by, "dimension", "s", o), bobench::UserError);
    o.search_path.reset();
    if (find_program("gnuplot", std::getenv("PATH") ? std::getenv("PATH") : "").empty()) return;  // optional at run time
    const auto files = plot_score_histograms(by, "dimension", "s", o);
    CHECK(files.size() == 4);
    for (const std::string& f : files) CHECK(std::filesystem::file_size(f) > 0);
    CHECK(bobench::testing::read_file(dir / "h/s-borda.dat").find("\"2\"\t3\t1") != std::string::npos);
    // the frame holds every cluster whole and rises above the highest bar (Borda 3)
    const std::string script = bobench::testing::read_file(dir / "h/s-histograms.gp");
    CHECK(script.find("set xrange [-0.6:0.6]\nset yrange [0:4]\n") != std::string::npos);
    // the folder's files by their names alone: the script works wherever the folder goes
    CHECK(script.find("set output 's-borda.png'") != std::string::npos);
    CHECK(script.find(dir.path().string()) == std::string::npos);
    // the colours follow the file's order of the optimizers, not the histogram's (sorted)
    o.optimizers = {"b", "a"};
    plot_score_histograms(by, "dimension", "t", o);
    const std::string ordered = bobench::testing::read_file(dir / "h/t-histograms.gp");
    CHECK(ordered.find("title 'b' linecolor rgb '" + palette_colour(0) + "'") != std::string::npos);
    CHECK(ordered.find("title 'a' linecolor rgb '" + palette_colour(1) + "'") != std::string::npos);
}
