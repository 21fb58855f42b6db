// `bobench reproduce` through the real binary: the list, the quick versions end to end,
// and bad input (unknown name, a broken reference table).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tests/support/cli.hpp"

using bobench::testing::check_refused;
using bobench::testing::run_cli;
using bobench::testing::run_shell;
using bobench::testing::TempDir;

TEST_CASE("reproduce list names every reproduction with what it still needs", "[reproduce][cli]") {
    const auto r = run_cli("reproduce list");
    REQUIRE(r.status == 0);
    for (const char* name : {"aryan-ch4-synthetic", "aryan-ch3-bbob", "dtu-bbob40"})
        CHECK(r.out.find(name) != std::string::npos);
    CHECK(r.out.find("aryan-ch4-synthetic-evidence") != std::string::npos);
    CHECK(r.out.find("paper's methods not run: Bohamiann, GP, GP_mcmc") != std::string::npos);  // the evidence table's baselines
}

TEST_CASE("reproduce --quick runs dtu-bbob40 and aryan-ch4-synthetic end to end", "[reproduce][cli]") {
    TempDir dir;
    for (const char* name : {"dtu-bbob40", "aryan-ch4-synthetic"}) {
        const std::string out = dir / (std::string(name) + ".h5");
        const auto r = run_cli(std::string("reproduce ") + name + " --quick -q --threads 2 --output '" + out + "'");
        INFO(r.err);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("cells agree") != std::string::npos);
        CHECK(r.out.find("Kendall's tau-b") != std::string::npos);
        CHECK(r.out.find("--quick: ") != std::string::npos);
        CHECK(std::filesystem::exists(dir / (std::string(name) + ".md")));
    }
}

TEST_CASE("reproduce --quick runs aryan-ch3-bbob, a ranking without published numbers", "[reproduce][cli]") {
    TempDir dir;
    const auto r = run_cli("reproduce aryan-ch3-bbob --quick -q --threads 2 --output '" + (dir / "c3.h5") + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("# Optimizer ranking") != std::string::npos);
    CHECK(r.out.find("dimension") != std::string::npos);
}

TEST_CASE("reproduce refuses unknown names and broken reference tables", "[reproduce][cli]") {
    check_refused("reproduce no-such-paper", "unknown reproduction 'no-such-paper'; known: aryan-ch4-synthetic");
    TempDir dir;
    const std::string src = std::string(BOBENCH_SOURCE_DIR) + "/experiments";
    REQUIRE(run_shell("cp -r '" + src + "' '" + dir.path().string() + "/experiments'").status == 0);
    // a row with a field missing, at the end of the DTU table
    std::ofstream(dir / "experiments/reference/dtu_thesis_bbob_40evals.csv", std::ios::app) << "f24,BO_Gaus\n";
    const auto r = run_shell("BOBENCH_EXPERIMENTS='" + (dir / "experiments") + "' '" + BOBENCH_CLI +
                             "' reproduce dtu-bbob40 --quick -q --output '" + (dir / "x.h5") + "'");
    CHECK(r.status == 2);
    CHECK(r.err.find("dtu_thesis_bbob_40evals.csv' line") != std::string::npos);
    CHECK(r.err.find("2 fields; the header has 4") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir / "x.h5"));  // refused before any run
}
