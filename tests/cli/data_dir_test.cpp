// The data folder of tabular problems: --data-dir, else a spec's data_dir, else
// $BOBENCH_DATA (read by the command line only), else ./data; passed to each problem, so
// one process can build problems over different folders.
#include <catch2/catch.hpp>

#include <string>

#include "results/store.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {

// A 3 x 3 lookup table whose objective is `offset` + the row number, so a value tells
// which folder's file was read.
void write_table(const std::string& path, int offset) {
    std::string text = "lr,layers,objective\n";
    int row = 0;
    for (const char* lr : {"0.001", "0.01", "0.1"})
        for (int layers = 1; layers <= 3; ++layers) text += std::string(lr) + "," + std::to_string(layers) + "," +
                                                            std::to_string(offset + row++) + "\n";
    write_file(path, text);
}

// `bobench <args>` with $BOBENCH_DATA set to `env`, or unset when `env` is empty.
testing::CliResult cli_with_env(const std::string& env, const std::string& args) {
    const std::string set = env.empty() ? "env -u BOBENCH_DATA " : "env BOBENCH_DATA='" + env + "' ";
    return run_shell(set + "'" + BOBENCH_CLI + "' " + args);
}

}  // namespace

TEST_CASE("cli: the data folder comes from --data-dir, else the spec, else $BOBENCH_DATA, else ./data",
          "[cli][tabular]") {
    TempDir a, b, work;
    const std::string table = "data_dir_test_table.csv";  // relative: looked up in the data folder
    write_table(a / table, 10);                          // row 4 (lr 0.01, 2 layers) = 14
    write_table(b / table, 100);                         // = 104
    write_file(work / "points.txt", "0.01,2\n");
    const std::string eval = "eval table:file=" + table + " --points " + (work / "points.txt");

    const auto from_env = cli_with_env(a.path().string(), eval);
    INFO(from_env.err);
    CHECK(from_env.status == 0);
    CHECK(from_env.out == "14\n");
    const auto flag_wins = cli_with_env(a.path().string(), eval + " --data-dir " + b.path().string());
    CHECK(flag_wins.out == "104\n");
    const auto neither = cli_with_env("", eval);
    CHECK(neither.status == 2);
    CHECK(neither.err.find("the default ./data (no data_dir=, --data-dir or $BOBENCH_DATA)") != std::string::npos);

    // run: the folder used is recorded in the stored spec; --data-dir over the spec over $BOBENCH_DATA
    const std::string run = "run --problem table:file=" + table +
                            " --optimizer random-search --budget 4 --replicates 1 --threads 1 --quiet --output ";
    auto values_of = [](const std::string& path) {
        const results::Results r = results::read_results(path);
        REQUIRE(r.runs.size() == 1);
        REQUIRE(r.runs[0].value.size() == 4);
        return r.runs[0].value;
    };
    REQUIRE(cli_with_env(a.path().string(), run + (work / "env.h5")).status == 0);
    CHECK(results::read_results(work / "env.h5").spec.find("data_dir = " + a.path().string() + "\n") !=
          std::string::npos);
    for (double v : values_of(work / "env.h5")) CHECK((v >= 10 && v < 100));

    write_file(work / "spec.ini", "[experiment]\ndata_dir = " + b.path().string() +
                                      "\n[problems]\nt = table:file=" + table + "\n[optimizers]\nrs = random-search\n");
    REQUIRE(cli_with_env(a.path().string(), "run " + (work / "spec.ini") + " --budget 4 --replicates 1 --threads 1 "
                                            "--quiet --output " + (work / "spec.h5")).status == 0);
    for (double v : values_of(work / "spec.h5")) CHECK(v >= 100);

    REQUIRE(cli_with_env(b.path().string(), "run " + (work / "spec.ini") + " --data-dir " + a.path().string() +
                                            " --budget 4 --replicates 1 --threads 1 --quiet --output " +
                                            (work / "flag.h5")).status == 0);
    for (double v : values_of(work / "flag.h5")) CHECK((v >= 10 && v < 100));
}
