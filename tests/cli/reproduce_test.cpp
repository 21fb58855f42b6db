// `bobench reproduce` through the real binary: the list, the quick versions end to end,
// and bad input (unknown name, a broken reference table).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tests/support/cli.hpp"
#include "tests/support/markdown.hpp"
#include "tests/support/text_table.hpp"

using namespace bobench::testing;

TEST_CASE("reproduce list names every reproduction with what it still needs", "[reproduce][cli]") {
    const auto r = run_cli("reproduce list");
    REQUIRE(r.status == 0);
    for (const char* name : {"aryan-ch4-synthetic", "aryan-ch3-bbob", "dtu-bbob40", "bore-synthetic", "bore-hpobench",
                             "bore-nasbench201", "hassen-boggn", "bore-toy", "aryan-ch4-synthetic-evidence",
                             "bore-racing-line", "bore-robot-push"})
        CHECK(table_row(r.out, name).size() == 5);
    CHECK(r.out.find("not measured yet") == std::string::npos);  // every row has a measured or extrapolated cost
    // runs are counted after bbob:f=1-24,i=1,d=2,3,5,10 is expanded into its 96 problems
    const std::vector<std::string> ch3 = table_row(r.out, "aryan-ch3-bbob");
    CHECK(std::vector<std::string>(ch3.begin(), ch3.begin() + 4) ==
          std::vector<std::string>{"aryan-ch3-bbob", "96 × 7 × 15", "100", "nothing"});
    // every shipped reproduction has a figure for each of its methods in experiments/costs.csv
    for (const char* name : {"aryan-ch4-synthetic", "aryan-ch3-bbob", "dtu-bbob40", "bore-synthetic", "bore-hpobench",
                             "bore-nasbench201", "hassen-boggn", "aryan-ch4-synthetic-evidence", "bore-racing-line",
                             "bore-robot-push"}) {
        const std::string cost = table_row(r.out, name).at(4);
        CHECK(cost.rfind("~", 0) == 0);
        CHECK(cost.back() != '*');
    }
    CHECK(r.out.find("bobench reproduce show NAME") != std::string::npos);
    // the evidence table's baselines are run by aryan-ch4-synthetic: show says so
    const auto show = run_ok("reproduce show aryan-ch4-synthetic-evidence");
    CHECK(show.out.find("\nthe paper's methods not run: Bohamiann, GP, GP_mcmc, RandomForest, RandomSearch\n") !=
          std::string::npos);
}

TEST_CASE("reproduce list fits 100 columns and is honest about the tables the tabular reproductions need",
          "[reproduce][cli][help]") {
    const auto r = run_cli("reproduce list");
    REQUIRE(r.status == 0);
    CHECK(widest_line(r.out) <= 100);
    for (const char* name : {"bore-hpobench", "bore-nasbench201", "hassen-boggn"})
        CHECK(table_row(r.out, name).at(3) == "tables or SYNTHETIC fixture");
    for (const char* name : {"aryan-ch4-synthetic", "bore-synthetic", "dtu-bbob40", "bore-toy"})
        CHECK(table_row(r.out, name).at(3) == "nothing");
    // show names every table and the fixture it runs on without them
    const auto show = run_ok("reproduce show bore-nasbench201");
    CHECK(show.out.find("\nneeds: the benchmark tables in --data-dir DIR") != std::string::npos);
    CHECK(show.out.find("\n  NB201-cifar10: nasbench201_cifar10.hdf5\n") != std::string::npos);
    CHECK(show.out.find("\n  without --data-dir, `bobench reproduce bore-nasbench201` runs these problems on") !=
          std::string::npos);
    CHECK(show.out.find("SYNTHETIC fixture") != std::string::npos);
    CHECK(run_cli("reproduce show hassen-boggn").out.find("\n  FCNet-protein: fcnet_protein_structure_data.hdf5\n") !=
          std::string::npos);
    CHECK(run_cli("reproduce show dtu-bbob40").out.find("\nneeds: nothing (every problem is computed)\n") !=
          std::string::npos);
    CHECK(widest_line(show.out) <= 100);
}

TEST_CASE("reproduce --quick runs dtu-bbob40 and aryan-ch4-synthetic end to end", "[reproduce][cli]") {
    TempDir dir;
    for (const char* name : {"dtu-bbob40", "aryan-ch4-synthetic"}) {
        const std::string out = dir / (std::string(name) + ".h5");
        const auto r = run_ok(std::string("reproduce ") + name + " --quick -q --threads 2 --output '" + out + "'");
        // a smoke test: the numbers side by side, no verdict
        CHECK(r.out.find("smoke test (--quick), not a reproduction") != std::string::npos);
        CHECK(r.out.find("No verdicts: this is a smoke test") != std::string::npos);
        CHECK(r.out.find("cells agree") == std::string::npos);
        CHECK(r.out.find("--quick: ") != std::string::npos);
        CHECK(std::filesystem::exists(dir / (std::string(name) + ".md")));
    }
    // chapter 4's own ranking comes with the comparison, under the report's one H1
    const std::string report = bobench::testing::read_file(dir / "aryan-ch4-synthetic.md");
    CHECK(report.find("\n## Our ranking (Friedman + Borda") != std::string::npos);
    CHECK(bobench::testing::heading_outline_error(report) == "");
}

TEST_CASE("reproduce --quick runs the BORE reproductions end to end, tabular ones on labelled fixtures",
          "[reproduce][cli]") {
    TempDir dir;
    for (const char* name : {"bore-synthetic", "bore-hpobench", "bore-nasbench201", "hassen-boggn",
                             "aryan-ch4-synthetic-evidence"}) {
        const std::string out = dir / (std::string(name) + ".h5");
        const auto r = run_cli(std::string("reproduce ") + name + " --quick -q --threads 2 --output '" + out + "'");
        INFO(name << ": " << r.err);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("Deviations from the paper's protocol") != std::string::npos);
        CHECK(r.out.find("\nwall time ") != std::string::npos);  // printed after the report, not in it
        CHECK(r.out.find("written by `bobench reproduce ") != std::string::npos);
        const bool tabular = std::string(name) != "bore-synthetic" && std::string(name).find("aryan") == std::string::npos;
        CHECK((r.out.find("SYNTHETIC FIXTURE: these results are not the benchmark's") != std::string::npos) == tabular);
        if (std::string(name).find("aryan") == std::string::npos) {
            // the paper's figure, redrawn: one regret plot per problem
            CHECK(r.out.find("redrawn from our traces") != std::string::npos);
            CHECK(std::filesystem::exists(dir / (std::string(name) + "-figures/plots.gp")));
            const std::string report = bobench::testing::read_file(dir / (std::string(name) + ".md"));
            CHECK(report.find(": `" + std::string(name) + "-figures/") != std::string::npos);  // relative to the report
            CHECK(report.find("`" + (dir / (std::string(name) + "-figures"))) == std::string::npos);
            CHECK(bobench::testing::heading_outline_error(report) == "");
        }
    }
}

TEST_CASE("reproduce bore-toy draws the density-ratio illustration", "[reproduce][cli]") {
    TempDir dir;
    const auto r = run_ok("reproduce bore-toy --report '" + (dir / "toy.md") + "'");
    CHECK(r.out.find("| true r_gamma | -3.200 | 0 |") != std::string::npos);  // the closed form's maximiser on the grid
    CHECK(std::filesystem::exists(dir / "toy-figures/bore-toy.png"));
    CHECK(std::filesystem::exists(dir / "toy-figures/bore-toy.svg"));
    CHECK(r.out.find("`toy-figures/bore-toy.png`") != std::string::npos);  // relative to the report
}

TEST_CASE("reproduce --quick runs aryan-ch3-bbob, a ranking without published numbers", "[reproduce][cli]") {
    TempDir dir;
    const auto r = run_ok("reproduce aryan-ch3-bbob --quick -q --threads 2 --output '" + (dir / "c3.h5") + "'");
    CHECK(r.out.find("\n## Our ranking\n") != std::string::npos);
    const std::string report = bobench::testing::read_file(dir / "c3.md");
    CHECK(bobench::testing::heading_outline_error(report) == "");
    // the histograms are named relative to the report's folder, so the two can move together
    CHECK(report.find("Histograms: `c3-figures/scores-by-dimension-borda.png`") != std::string::npos);
    CHECK(report.find("`" + (dir / "c3-figures")) == std::string::npos);
    CHECK(r.out.find("alpha per pair = 5e-04") != std::string::npos);  // the thesis' per-pair level
    CHECK(r.out.find("restart_on = target,revisit") != std::string::npos);
    CHECK(r.out.find("runs restarted their optimizer") != std::string::npos);
    CHECK(r.out.find("96 problems") != std::string::npos);  // f1-24 x d = 2, 3, 5, 10
    CHECK(r.out.find("| multimodal (f15-19) | 20 |") != std::string::npos);
    for (const char* key : {"dimension", "group"})
        for (const char* what : {"borda", "firsts"})
            for (const char* ext : {".png", ".svg"})
                CHECK(std::filesystem::exists(dir / (std::string("c3-figures/scores-by-") + key + "-" + what + ext)));
}

TEST_CASE("reproduce refuses unknown names and broken reference tables", "[reproduce][cli]") {
    check_refused("reproduce no-such-paper", "unknown reproduction 'no-such-paper'; known: aryan-ch3-bbob, aryan-ch4-synthetic");
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

    // a data folder without the tables: the missing file is named, nothing runs
    std::filesystem::create_directories(dir / "data");
    check_refused("reproduce bore-nasbench201 --quick --data-dir '" + (dir / "data") + "' --output '" + (dir / "n.h5") + "'",
                  "reproduction 'bore-nasbench201' needs the table 'nasbench201_cifar10.hdf5' (problem 'NB201-cifar10'), "
                  "which is not in --data-dir '" + (dir / "data") + "'");
    CHECK_FALSE(std::filesystem::exists(dir / "n.h5"));
    check_refused("reproduce dtu-bbob40 --quick --methods BO_Gaus,GP-EI --output '" + (dir / "m.h5") + "'",
                  "--methods: 'GP-EI' is not a method of this reproduction; its methods: BO_numpy, BO_BOH, BO_Gaus");
}

TEST_CASE("reproduce reads --budget --replicates and --threads as run does and names the flag", "[reproduce][cli]") {
    TempDir dir;
    const std::string out = " --output '" + (dir / "x.h5") + "'";
    check_refused("reproduce aryan-ch3-bbob --budget ten" + out,
                  "--budget = 'ten' is not valid; expected an integer in [1, 10000000]");
    check_refused("reproduce aryan-ch3-bbob --budget 0" + out,
                  "--budget = '0' is not valid; expected an integer in [1, 10000000]");
    check_refused("reproduce aryan-ch3-bbob --replicates -1" + out,
                  "--replicates = '-1' is not valid; expected an integer in [1, 100000]");
    check_refused("reproduce aryan-ch3-bbob --threads 5000" + out,
                  "--threads = '5000' is not valid; expected an integer in [0, 1024]");
    CHECK_FALSE(std::filesystem::exists(dir / "x.h5"));
}
