// `bobench tabular fixture|info`, and tabular problems through `bobench run` end to end:
// the data folder flag, the recorded test values and optima, failed evaluations.
#include <catch2/catch.hpp>

#include "core/text.hpp"

#include <cmath>
#include <map>

#include "hpobench_tables/nasbench201.hpp"
#include "runners/spec.hpp"
#include "results/store.hpp"
#include "tests/hpobench_tables/raw_h5.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using bobench::testing::has;
using bobench::testing::run_cli;
using bobench::testing::run_ok;
using bobench::testing::TempDir;
namespace raw = bobench::testing::raw_h5;

namespace {

// Row of each architecture, and the raw arrays, of a NAS-Bench-201 table file.
struct RawTable {
    raw::Array arch, valid, test, runtime;
    std::map<Point, std::size_t> row;
    explicit RawTable(const std::string& file)
        : arch(raw::read(file, "/", "arch")), valid(raw::read(file, "/", "valid_error")),
          test(raw::read(file, "/", "test_error")), runtime(raw::read(file, "/", "runtime")) {
        for (std::size_t i = 0; i < arch.dims[0]; ++i)
            row[Point(arch.values.begin() + i * 6, arch.values.begin() + i * 6 + 6)] = i;
    }
    double mean(const raw::Array& a, std::size_t i) const { return (a.values[i * 3] + a.values[i * 3 + 1] + a.values[i * 3 + 2]) / 3; }
};
}  // namespace

TEST_CASE("cli tabular: fixture writes a marked synthetic table and info summarises it", "[tabular][cli]") {
    TempDir dir;
    const std::string f = dir / "nb.h5";
    const auto w = run_ok("tabular fixture --layout nasbench201 --dataset cifar100 --out " + f);
    CHECK(has(w.out, "15625 of 15625 configurations in the nasbench201 layout with SYNTHETIC values"));
    const auto i = run_ok("tabular info " + f);
    CHECK(has(i.out, "SYNTHETIC FIXTURE"));
    CHECK(has(i.out, "dataset: cifar100"));
    CHECK(has(i.out, "configurations: 15625 of 15625 in the space"));
    CHECK(has(i.out, "repeats: 3"));
    CHECK(has(i.out, "/valid_error float64 [15625, 3]"));
    CHECK(has(i.out, "objective valid_error: ["));
    CHECK(has(i.out, "NaN entries: 0"));
    CHECK(has(i.out, "best configuration (lowest mean objective): 1<-0="));
    CHECK(has(i.out, "best test configuration (lowest mean test): "));

    const auto again = run_cli("tabular fixture --layout nasbench201 --out " + f);
    CHECK(again.status == 2);
    CHECK(has(again.err, "--out '" + f + "' exists; pass --force to overwrite it"));
    const auto bad = run_cli("tabular fixture --layout nb301 --out " + (dir / "x.h5"));
    CHECK(bad.status == 2);
    CHECK(has(bad.err, "--layout 'nb301' is not valid; expected fcnet or nasbench201"));
    const auto configs = run_cli("tabular fixture --layout fcnet --configs 0 --out " + (dir / "x.h5"));
    CHECK(configs.status == 2);
    CHECK(has(configs.err, "--configs '0' is not valid; expected 'all' or an integer in [1, 62208]"));

    REQUIRE(run_cli("tabular fixture --layout fcnet --configs 5 --out " + (dir / "fc.h5")).status == 0);
    const auto fc = run_cli("tabular info " + (dir / "fc.h5"));
    CHECK(has(fc.out, "layout: fcnet"));
    CHECK(has(fc.out, "configurations: 5 of 62208 in the space (62203 missing)"));
    CHECK(has(fc.out, "valid_mse float64 [4, 100]"));

    testing::write_file(dir / "t.csv", "lr,loss\n0.1,3\n0.2,\n");
    const auto csv = run_cli("tabular info " + (dir / "t.csv"));
    CHECK(csv.status == 0);
    CHECK(has(csv.out, "loss: numeric, 1 distinct values in [3, 3], 1 empty or NaN"));
    const auto csv_full = run_cli("tabular info " + (dir / "t.csv") + " --objective loss");
    CHECK(has(csv_full.out, "configurations: 2 of 2 in the space"));
    CHECK(has(csv_full.out, "NaN entries: 1 in 1 configurations (evaluated as failed)"));
    CHECK(run_cli("tabular info " + (dir / "none.h5")).status == 2);
    CHECK(run_cli("tabular frobnicate").status == 2);
}

TEST_CASE("cli tabular: fixture --force over a larger table writes a whole new one", "[tabular][cli]") {
    TempDir dir;
    for (const std::string layout : {"fcnet", "nasbench201"}) {
        const std::string f = dir / (layout + ".hdf5");
        run_ok("tabular fixture --layout " + layout + " --out " + f);
        // HDF5 read the old file of that name into the table it built (free block size is zero?)
        const auto smaller = run_ok("tabular fixture --layout " + layout + " --out " + f + " --configs 50 --force");
        CHECK(has(smaller.out, "wrote " + f + ": 50 of "));
        const auto info = run_cli("tabular info " + f);
        INFO(layout << "\n" << info.err);
        CHECK(info.status == 0);
        CHECK(has(info.out, "configurations: 50 of "));
    }
}

TEST_CASE("cli tabular: fixture --force refuses to replace a results file, exit status 2", "[tabular][cli]") {
    TempDir dir;
    const std::string results = dir / "results.h5";
    run_ok("run --problem branin --optimizer random-search --budget 5 --replicates 1 --quiet --output " + results);
    const std::string before = testing::read_file(results);
    testing::check_refused("tabular fixture --layout fcnet --configs 5 --out " + results + " --force",
                           "--out '" + results + "' is a bobench results file; a fixture never replaces one");
    CHECK(testing::read_file(results) == before);
    testing::check_refused("tabular fixture --layout fcnet --configs 5 --out " + dir.path().string() + " --force",
                           "is a folder");
}

TEST_CASE("cli tabular: bobench run finds the table through --data-dir and records test values and optima",
          "[tabular][cli]") {
    TempDir dir;
    const std::string table = dir / "nasbench201_cifar10.hdf5";
    tables::nasbench201::write_fixture(table, "cifar10", 0);
    const RawTable t(table);
    const std::string out = dir / "out.h5";
    const auto r = run_ok("run --problem nasbench201 --optimizer random-search --budget 25 --replicates 2 --threads 1 "
                          "--quiet --data-dir " + dir.path().string() + " --output " + out);
    CHECK(has(r.err, "warning: problem 'nasbench201' reads a SYNTHETIC fixture table (" + table +
                         "): its results are not the benchmark's"));
    const results::Results res = results::read_results(out);
    REQUIRE(res.problems.size() == 1);
    CHECK(res.problems[0].id == "nasbench201");  // where the data lives is not part of the id (nor the seeds)
    CHECK(res.problems[0].metadata.count("synthetic_fixture") == 1);
    double star_valid = INFINITY, star_test = INFINITY;
    for (std::size_t i = 0; i < t.arch.dims[0]; ++i) {
        star_valid = std::min(star_valid, t.mean(t.valid, i));
        star_test = std::min(star_test, t.mean(t.test, i));
    }
    CHECK(*res.problems[0].optimum == Approx(star_valid).epsilon(1e-14));
    CHECK(*res.problems[0].test_optimum == Approx(star_test).epsilon(1e-14));
    REQUIRE(res.runs.size() == 2);
    for (const results::Trace& tr : res.runs) {
        REQUIRE(tr.size() == 25);
        for (std::size_t e = 0; e < tr.size(); ++e) {
            const Point x(tr.x.begin() + static_cast<long>(e * 6), tr.x.begin() + static_cast<long>(e * 6 + 6));
            const std::size_t row = t.row.at(x);
            bool found = false;
            for (std::size_t k = 0; k < 3; ++k)
                found |= tr.value[e] == t.valid.values[row * 3 + k] && tr.cost[e] == t.runtime.values[row * 3 + k];
            CHECK(found);
            CHECK(tr.true_value[e] == tr.value[e]);
            CHECK(tr.test_value[e] == Approx(t.mean(t.test, row)).epsilon(1e-14));
        }
    }

    // the export's test regret: the incumbent's (lowest observed value so far) mean test
    // error minus the table's lowest mean test error
    const auto csv = run_cli("export " + out);
    REQUIRE(csv.status == 0);
    const results::Trace& first = res.runs[0];
    std::size_t inc = 0;
    for (std::size_t e = 1; e < first.size(); ++e)
        if (first.value[e] < first.value[inc]) inc = e;
    const std::string last_row = csv.out.substr(csv.out.find("\nnasbench201,random-search,0,25,") + 1);
    const auto cols = split(last_row.substr(0, last_row.find('\n')), ',');
    REQUIRE(cols.size() == 12);
    CHECK(std::stod(cols[7]) == Approx(first.test_value[inc] - star_test).margin(1e-15));

    // the same through the spec's data_dir
    testing::write_file(dir / "spec.ini", "[experiment]\nbudget = 5\nreplicates = 1\nthreads = 1\ndata_dir = " +
                                              dir.path().string() + "\noutput = " + (dir / "spec.h5") +
                                              "\n[problems]\nnb = nasbench201\n[optimizers]\nrs = random-search\n");
    const auto s = run_cli("run " + (dir / "spec.ini") + " --quiet");
    INFO(s.err);
    CHECK(s.status == 0);
    CHECK(runners::parse_spec(runners::to_ini(runners::read_spec(dir / "spec.ini")), "again").data_dir == dir.path().string());

    const auto missing = run_cli("run --problem nasbench201:dataset=cifar100 --optimizer random-search --quiet "
                                 "--data-dir " + dir.path().string() + " --output " + (dir / "m.h5"));
    CHECK(missing.status == 2);
    CHECK(has(missing.err, "nasbench201_cifar100.hdf5 is not in the data folder '" + dir.path().string() + "'"));
    CHECK(has(missing.err, "--data-dir DIR, BOBENCH_DATA=DIR"));
}

TEST_CASE("cli tabular: NaN entries become failed evaluations of the run, with a warning", "[tabular][cli]") {
    TempDir dir;
    const std::string table = dir / "nb.h5";
    tables::nasbench201::write_fixture(table, "cifar10", 0);
    RawTable t(table);
    for (std::size_t i = 0; i < t.arch.dims[0]; i += 2) t.valid.values[i * 3] = NAN;  // repeat 0 of every other row
    raw::write(table, "/", "valid_error", t.valid.dims, t.valid.values);
    const std::string out = dir / "out.h5";
    const auto r = run_ok("run --problem nasbench201:file=" + table + ",repeat=0 --optimizer random-search --budget 40 "
                          "--replicates 1 --threads 1 --quiet --output " + out);
    CHECK(has(r.err, "evaluations returned NaN or inf; they are recorded as failed"));
    const results::Results res = results::read_results(out);
    const results::Trace& tr = res.runs.at(0);
    std::size_t failed = 0;
    for (std::size_t e = 0; e < tr.size(); ++e) {
        const Point x(tr.x.begin() + static_cast<long>(e * 6), tr.x.begin() + static_cast<long>(e * 6 + 6));
        const bool nan_row = t.row.at(x) % 2 == 0;
        CHECK(tr.failed[e] == (nan_row ? 1 : 0));
        failed += tr.failed[e];
    }
    CHECK(failed > 5);
    CHECK(failed < 35);
}
