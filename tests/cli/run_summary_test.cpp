// The summary `bobench run` prints and `bobench table` agree: one regret definition, one
// computation (analysis::reports::final_cells), whatever the command.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>

#include "analysis/reports/format.hpp"
#include "core/csv.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using bobench::testing::run_cli;
using bobench::testing::run_ok;
using bobench::testing::TempDir;

namespace {

struct Row {
    std::string runs, failed, median;
};

// "problem optimizer runs failed median" lines after the header -> (problem, optimizer) -> row
std::map<std::pair<std::string, std::string>, Row> summary_rows(const std::string& out) {
    std::map<std::pair<std::string, std::string>, Row> rows;
    std::istringstream in(out);
    std::string line;
    bool header = false;
    while (std::getline(in, line)) {
        if (line.rfind("problem ", 0) == 0) {
            header = true;
            continue;
        }
        if (!header || line.rfind("results: ", 0) == 0) continue;
        std::istringstream words(line);
        std::string problem, optimizer;
        Row r;
        words >> problem >> optimizer >> r.runs >> r.failed >> r.median;
        REQUIRE(!r.median.empty());
        rows[{problem, optimizer}] = r;
    }
    return rows;
}

}  // namespace

TEST_CASE("cli run: the summary shows the numbers of `bobench table --stat median`", "[cli]") {
    TempDir dir;
    const std::string out = dir / "s.h5";
    // a table where 4 of 9 configurations fail: failed evaluations, yet no failed run
    testing::write_file(dir / "t.csv", "lr,layers,objective\n0.001,1,nan\n0.001,2,3\n0.001,3,nan\n0.01,1,5\n"
                                       "0.01,2,nan\n0.01,3,7\n0.1,1,nan\n0.1,2,9\n0.1,3,10\n");
    // branin: f* known (regret); racing-line: f* unknown (final best value)
    const auto run = run_ok("run --problem branin --problem levy:d=3,noise=0.1 --problem racing-line --problem "
                            "table:file=" + (dir / "t.csv") + " --optimizer random-search --optimizer de --budget 12 "
                            "--replicates 4 --threads 1 --output " + out);
    REQUIRE(run.err.find("evaluations returned NaN or inf") != std::string::npos);
    const auto summary = summary_rows(run.out);

    const auto table = run_cli("table " + out + " --stat median --format csv");
    REQUIRE(table.status == 0);
    std::istringstream in(table.out);
    std::string line;
    std::getline(in, line);
    REQUIRE(line == "problem,optimizer,measure,runs,failed_runs,median,q1,q3,best");
    std::size_t rows = 0;
    bool saw_best = false, saw_regret = false;
    while (std::getline(in, line)) {
        const std::vector<std::string> f = split_csv_line(line, "table");
        REQUIRE(f.size() == 9);
        INFO(line);
        const auto it = summary.find({f[0], f[1]});
        REQUIRE(it != summary.end());
        CHECK(it->second.runs == f[3]);
        CHECK(it->second.runs == "4");
        CHECK(it->second.failed == f[4]);  // runs without a successful evaluation, as the table counts them
        CHECK(f[4] == "0");
        CHECK(it->second.median == analysis::reports::format_significant(std::stod(f[5]), 4));
        if (f[0] == "branin") CHECK(std::stod(f[5]) >= 0);  // regret of a noise-free problem
        saw_best = saw_best || f[2] == "best";
        saw_regret = saw_regret || f[2] == "regret";
        ++rows;
    }
    CHECK(rows == 8);
    CHECK(summary.size() == rows);
    CHECK(saw_best);
    CHECK(saw_regret);
}
