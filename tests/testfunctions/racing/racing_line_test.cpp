#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "testfunctions/racing/racing_line.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
namespace rl = bobench::racing;

static std::shared_ptr<const Problem> racing_line(const std::string& id) {
    return bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
}

static std::string join(const std::vector<double>& v) {
    std::ostringstream out;
    out.precision(17);
    for (std::size_t i = 0; i < v.size(); ++i) out << (i ? "," : "") << v[i];
    return out.str();
}

// The lap time from tests/testfunctions/racing/racing_line_reference.py (numpy/scipy: scipy's
// natural CubicSpline, SLSQP on the speeds), run now on the same track file.
static double python_lap_time(const std::string& track_file, const rl::Track& t, const std::vector<double>& offsets) {
    std::ostringstream nodes_text;
    for (std::size_t i = 0; i < t.nodes.size(); ++i) nodes_text << (i ? "," : "") << t.nodes[i];
    std::ostringstream cmd;
    cmd.precision(17);
    cmd << "/usr/bin/python3 " << BOBENCH_SOURCE_DIR << "/tests/testfunctions/racing/racing_line_reference.py "
        << BOBENCH_SOURCE_DIR << "/testfunctions/racing/tracks/" << track_file << " " << nodes_text.str() << " "
        << t.width << " " << t.vehicle.mass << " " << t.vehicle.lf << " " << t.vehicle.lr << " " << join(offsets);
    const auto r = testing::run_shell(cmd.str());
    INFO(cmd.str() << "\n" << r.err);
    REQUIRE(r.status == 0);
    return std::stod(r.out);
}

static double lap_time(const std::string& track, const std::vector<double>& offsets) {
    Rng rng(1);
    return racing_line("racing-line:track=" + track)->evaluate(offsets, rng).value;
}

TEST_CASE("racing-line: centre-line lap times equal an independent numpy/scipy reference", "[racing-line]") {
    for (const auto& [name, file] : {std::pair{"ucb", "ucb_center.txt"}, std::pair{"ethz-a", "ethzMobil_center.txt"},
                                     std::pair{"ethz-b", "ethz_center.txt"}}) {
        INFO(name);
        const rl::Track& t = rl::track(name);
        const std::vector<double> zeros(t.nodes.size(), 0.0);
        const double ours = lap_time(name, zeros);
        CHECK(ours > 1.0);
        CHECK(ours == Approx(python_lap_time(file, t, zeros)).epsilon(1e-7));
    }
}

TEST_CASE("racing-line: moved waypoints match the reference too, and change the lap time", "[racing-line]") {
    const rl::Track& t = rl::track("ucb");
    std::vector<double> offsets;
    for (std::size_t i = 0; i < t.nodes.size(); ++i) offsets.push_back(0.3 * (i % 2 ? 1 : -1) * (0.1 + 0.05 * i));
    const double ours = lap_time("ucb", offsets);
    CHECK(ours == Approx(python_lap_time("ucb_center.txt", t, offsets)).epsilon(1e-7));
    CHECK(std::abs(ours - lap_time("ucb", std::vector<double>(t.nodes.size(), 0.0))) > 1e-3);
}

TEST_CASE("racing-line: spaces, determinism and the path's ends", "[racing-line]") {
    CHECK(racing_line("racing-line")->space().size() == 12);
    CHECK(racing_line("racing-line:track=ethz-a")->space().size() == 20);
    CHECK(racing_line("racing-line:track=ethz-b")->space().size() == 21);
    const auto ucb = racing_line("racing-line:track=ucb");  // kept: the space lives in the problem
    const Space& s = ucb->space();
    CHECK(s.params()[0].lo == Approx(-0.38).epsilon(1e-14));
    CHECK(s.params()[11].hi == Approx(0.38).epsilon(1e-14));

    const rl::Track& t = rl::track("ethz-b");
    Rng rng(4);
    const auto p = racing_line("racing-line:track=ethz-b");
    const Point x = p->space().sample(rng);
    const double v = p->evaluate(x, rng).value;
    CHECK(p->evaluate(x, rng).value == v);
    CHECK(std::isfinite(v));
    // the line starts at the centre line's first point and ends 1 mm short of the first node
    const rl::Path path = rl::racing_line(t, x.data());
    REQUIRE(path.x.size() == 100);
    CHECK(path.x.front() == t.x.front());
    CHECK(path.y.front() == t.y.front());
    const double gap = std::hypot(path.x.back() - t.x[t.nodes[0]], path.y.back() - t.y[t.nodes[0]]);
    CHECK(gap < 2e-3);
}

TEST_CASE("racing-line: unknown track and wrong dimension are refused", "[racing-line]") {
    CHECK_THROWS_WITH(racing_line("racing-line:track=monza"), Catch::Contains("ucb, ethz-a, ethz-b"));
    CHECK_THROWS_WITH(rl::track("monza"), Catch::Contains("unknown track 'monza'"));
    Rng rng(1);
    CHECK_THROWS_WITH(racing_line("racing-line:track=ethz-a")->evaluate(Point(12, 0.0), rng),
                      Catch::Contains("takes 20 offsets, got 12"));
    testing::check_refused("run --problem racing-line:track=nurburgring --optimizer random-search --budget 2",
                           "nurburgring");
}

TEST_CASE("racing-line and robot-push run from the command line", "[racing-line][robot-push]") {
    testing::TempDir dir;
    for (const std::string problem : {"racing-line:track=ucb", "robot-push"}) {
        INFO(problem);
        const auto r = testing::run_cli("run --problem " + problem + " --optimizer random-search --budget 3 "
                                        "--replicates 1 --threads 1 --output " + (dir / "out.h5"));
        CHECK(r.status == 0);
        CHECK(r.out.find(problem.substr(0, 6)) != std::string::npos);
        std::filesystem::remove(dir / "out.h5");
        std::filesystem::remove(dir / "out.h5.journal");
    }
}
