// NAS-Bench-201 in bobench's HDF5 layout: the fixture's layout, lookups, regret references,
// per-row repeat counts, and bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/info.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "cli/catalog.hpp"
#include "tests/hpobench_tables/raw_h5.hpp"
#include "tests/support/cli.hpp"
#include "tests/hpobench_tables/table_problems.hpp"

using namespace bobench;
using namespace bobench::testing;
namespace raw = bobench::testing::raw_h5;
namespace nb = bobench::tables::nasbench201;

namespace {

// The raw arrays of a table file.
struct Raw {
    raw::Array arch, valid, test, runtime, repeats;
    explicit Raw(const std::string& file)
        : arch(raw::read(file, "/", "arch")), valid(raw::read(file, "/", "valid_error")),
          test(raw::read(file, "/", "test_error")), runtime(raw::read(file, "/", "runtime")),
          repeats(raw::read(file, "/", "repeats")) {}
    std::size_t rows() const { return arch.dims[0]; }
    Point point(std::size_t row) const { return Point(arch.values.begin() + row * 6, arch.values.begin() + row * 6 + 6); }
    double mean(const raw::Array& a, std::size_t row) const { return (a.values[row * 3] + a.values[row * 3 + 1] + a.values[row * 3 + 2]) / 3; }
};

}  // namespace

TEST_CASE("nasbench201 fixture: bobench's documented layout, rows in scrambled order", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "nb.h5";
    nb::write_fixture(file, "cifar100", 0);
    CHECK(raw::text_attribute(file, "layout") == "bobench-nasbench201");
    CHECK(raw::text_attribute(file, "dataset") == "cifar100");
    CHECK(raw::text_attribute(file, "operations") ==
          "[\"none\",\"skip_connect\",\"nor_conv_1x1\",\"nor_conv_3x3\",\"avg_pool_3x3\"]");
    CHECK(raw::text_attribute(file, "edges") == "[\"1<-0\",\"2<-0\",\"2<-1\",\"3<-0\",\"3<-1\",\"3<-2\"]");
    CHECK(raw::text_attribute(file, "bobench_fixture").find("SYNTHETIC") != std::string::npos);
    const Raw r(file);
    CHECK(r.arch.dims == std::vector<hsize_t>{15625, 6});
    CHECK(r.arch.uint8);
    for (const raw::Array* a : {&r.valid, &r.test, &r.runtime}) {
        CHECK(a->dims == std::vector<hsize_t>{15625, 3});
        CHECK(a->float64);
    }
    CHECK(r.repeats.dims == std::vector<hsize_t>{15625});
    std::set<Point> archs;
    for (std::size_t i = 0; i < r.rows(); ++i) archs.insert(r.point(i));
    CHECK(archs.size() == 15625);
    CHECK(r.point(1) != Point{0, 0, 0, 0, 0, 1});  // not in index order
    CHECK(nb::arch_string({0, 1, 2, 3, 4, 0}) ==
          "|none~0|+|skip_connect~0|nor_conv_1x1~1|+|nor_conv_3x3~0|avg_pool_3x3~1|none~2|");
}

TEST_CASE("nasbench201: lookups, and the regret references, against the raw arrays", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "nb.h5";
    nb::write_fixture(file, "cifar10", 0);
    const Raw r(file);
    const std::string id = "nasbench201:file=" + file;
    Rng rng(5);
    for (std::size_t row = 0; row < r.rows(); row += 997) {
        for (int k = 0; k < 3; ++k) {
            const Evaluation e = table_problem(id + ",repeat=" + std::to_string(k))->evaluate(r.point(row), rng);
            CHECK(e.value == r.valid.values[row * 3 + static_cast<std::size_t>(k)]);
            CHECK(e.cost == r.runtime.values[row * 3 + static_cast<std::size_t>(k)]);
            CHECK(e.test_value == Approx(r.mean(r.test, row)).epsilon(1e-14));
        }
    }
    double star_valid = INFINITY, star_test = INFINITY, valid_of_best_test = NAN;
    for (std::size_t row = 0; row < r.rows(); ++row) {
        star_valid = std::min(star_valid, r.mean(r.valid, row));
        if (r.mean(r.test, row) < star_test) {
            star_test = r.mean(r.test, row);
            valid_of_best_test = r.mean(r.valid, row);
        }
    }
    const auto p = table_problem(id);
    CHECK(*p->optimum() == Approx(star_valid).epsilon(1e-14));
    CHECK(*p->test_optimum() == Approx(star_test).epsilon(1e-14));
    CHECK(*table_problem(id + ",valid_optimum=best-test-config")->optimum() == Approx(valid_of_best_test).epsilon(1e-14));
    CHECK(p->metadata().at("suite") == "nasbench201");
    CHECK(p->metadata().at("dataset") == "cifar10");
    CHECK(tables::describe(p->table()).find("configurations: 15625 of 15625 in the space") != std::string::npos);
}

TEST_CASE("nasbench201: /repeats limits the repeats a row has and the rest of the row is ignored", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "nb.h5";
    nb::write_fixture(file, "cifar10", 200);
    Raw r(file);
    std::vector<double> counts(r.rows(), 3);
    counts[17] = 1;
    raw::write(file, "/", "repeats", {r.rows()}, counts);
    r.valid.values[17 * 3 + 2] = NAN;  // beyond the row's repeats: not a failure
    raw::write(file, "/", "valid_error", r.valid.dims, r.valid.values);
    const std::string id = "nasbench201:file=" + file + ",missing=fail";
    const auto p = table_problem(id);
    CHECK(p->table().nan_counts().objective == 0);
    Rng rng(2);
    for (int i = 0; i < 50; ++i) CHECK(p->evaluate(r.point(17), rng).value == r.valid.values[17 * 3]);
    CHECK(std::isnan(table_problem(id + ",repeat=2")->evaluate(r.point(17), rng).value));
    CHECK(table_problem(id + ",repeat=mean")->evaluate(r.point(17), rng).value == r.valid.values[17 * 3]);
    CHECK(table_problem(id + ",repeat=mean")->evaluate(r.point(18), rng).value == Approx(r.mean(r.valid, 18)).epsilon(1e-14));

    counts[17] = 4;
    raw::write(file, "/", "repeats", {r.rows()}, counts);
    CHECK(message_of([&] { nb::load(file); }).find("/repeats row 17 is 4; expected an integer in [1, 3]") != std::string::npos);
}

TEST_CASE("nasbench201: NaN entries are failed evaluations and are reported", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "nb.h5";
    nb::write_fixture(file, "cifar10", 0);
    Raw r(file);
    r.valid.values[5 * 3 + 0] = NAN;
    r.valid.values[9 * 3 + 1] = NAN;
    raw::write(file, "/", "valid_error", r.valid.dims, r.valid.values);
    const auto p = table_problem("nasbench201:file=" + file + ",repeat=0");
    CHECK(p->table().nan_counts().objective == 2);
    CHECK(p->table().nan_counts().configs == 2);
    Rng rng(1);
    CHECK(std::isnan(p->evaluate(r.point(5), rng).value));
    CHECK(std::isfinite(p->evaluate(r.point(9), rng).value));
    CHECK(tables::describe(p->table()).find("NaN entries: 2 in 2 configurations (evaluated as failed)") != std::string::npos);
}

TEST_CASE("nasbench201: bad input is refused with a message naming the fault", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "nb.h5";
    nb::write_fixture(file, "cifar10", 100);
    const std::string who = "NAS-Bench-201 table '" + file + "'";

    // missing configurations (the default, auto, accepts them in a fixture)
    CHECK(message_of([&] { table_problem("nasbench201:file=" + file + ",missing=error"); })
              .find("has 100 of the 15625 configurations of its space") != std::string::npos);
    // a file for another dataset
    CHECK(message_of([&] { table_problem("nasbench201:dataset=imagenet16,missing=fail,file=" + file); }) ==
          "nasbench201:dataset=imagenet16,file=" + file + ": '" + file + "' holds dataset 'cifar10', not 'imagenet16'");

    Raw r(file);
    raw::write(file, "/", "test_error", {100, 2}, std::vector<double>(200, 0.1));
    CHECK(message_of([&] { nb::load(file); }) ==
          who + ": /test_error has shape [100, 2]; expected [100, 3] like /valid_error");
    raw::write(file, "/", "test_error", r.test.dims, r.test.values);

    std::vector<double> arch = r.arch.values;
    arch[3 * 6 + 4] = 7;
    raw::write(file, "/", "arch", r.arch.dims, arch);
    CHECK(message_of([&] { nb::load(file); }).find("/arch row 3, edge 3<-1: operation index 7 is not in [0, 4]") !=
          std::string::npos);
    arch = r.arch.values;
    std::copy(arch.begin() + 8 * 6, arch.begin() + 9 * 6, arch.begin() + 2 * 6);  // row 2 := row 8
    raw::write(file, "/", "arch", r.arch.dims, arch);
    CHECK(message_of([&] { nb::load(file); }).find("/arch rows 2 and 8 are the same architecture |") != std::string::npos);
    raw::write(file, "/", "arch", r.arch.dims, r.arch.values);

    raw::set_attribute(file, "operations", std::string("[\"none\",\"nor_conv_3x3\",\"skip_connect\",\"nor_conv_1x1\",\"avg_pool_3x3\"]"));
    CHECK(message_of([&] { nb::load(file); }).find(": attribute 'operations' is [\"none\",\"nor_conv_3x3\"") != std::string::npos);
    raw::set_attribute(file, "operations", std::string("[\"none\",\"skip_connect\",\"nor_conv_1x1\",\"nor_conv_3x3\",\"avg_pool_3x3\"]"));
    raw::set_attribute(file, "layout_version", 2LL);
    CHECK(message_of([&] { nb::load(file); }) == who + ": layout_version 2 is not supported; this bobench reads 1");
    raw::set_attribute(file, "layout", std::string("something-else"));
    CHECK(message_of([&] { nb::load(file); }).find("is not a bobench NAS-Bench-201 table: layout = 'something-else'") !=
          std::string::npos);

    // files of other layouts
    tables::fcnet::write_fixture(dir / "fc.h5", 3);
    const std::string m = message_of([&] { nb::load(dir / "fc.h5"); });
    CHECK(m.find("is not a bobench NAS-Bench-201 table") != std::string::npos);
    CHECK(m.find("as in an FCNet table (read it with fcnet:file=...)") != std::string::npos);
    testing::write_file(dir / "x.txt", "not hdf5");
    CHECK(message_of([&] { nb::load(dir / "x.txt"); }).find("is not an HDF5 file") != std::string::npos);
}

TEST_CASE("nasbench201: a missing file names the converter, the official data and how to point at it", "[tabular]") {
    TempDir dir;
    const std::string m = message_of([&] { table_problem("nasbench201:dataset=cifar100,data_dir=" + (dir / "none")); });
    CHECK(m.find("nasbench201_cifar100.hdf5") != std::string::npos);
    CHECK(m.find(dir / "none") != std::string::npos);
    CHECK(m.find("scripts/convert_nasbench201.py") != std::string::npos);
    CHECK(m.find("NAS-Bench-201-v1_1-096897.pth") != std::string::npos);
    CHECK(m.find("--data-dir") != std::string::npos);
    CHECK(m.find("BOBENCH_DATA") != std::string::npos);
    nb::write_fixture(dir / "nasbench201_imagenet16.hdf5", "imagenet16", 0);
    CHECK(table_problem("nasbench201:dataset=imagenet16,data_dir=" + dir.path().string())->table().present() == 15625);
}

TEST_CASE("nasbench201: regret along a run, against an independent computation and deterministic streams", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "nb.h5";
    nb::write_fixture(file, "cifar10", 0);
    const Raw r(file);
    double star_valid = INFINITY, star_test = INFINITY;
    for (std::size_t row = 0; row < r.rows(); ++row) {
        star_valid = std::min(star_valid, r.mean(r.valid, row));
        star_test = std::min(star_test, r.mean(r.test, row));
    }
    const auto p = table_problem("nasbench201:file=" + file), q = table_problem("nasbench201:file=" + file + ",missing=fail");
    Rng pick(3), s1(4), s2(4);
    double inc = INFINITY, inc_test = INFINITY, best_true = INFINITY, best_test = NAN;
    for (int i = 0; i < 300; ++i) {
        const std::size_t row = boost::random::uniform_int_distribution<std::size_t>(0, r.rows() - 1)(pick);
        const Evaluation e = p->evaluate(r.point(row), s1), f = q->evaluate(r.point(row), s2);
        CHECK(e.value == f.value);  // same seed, same draws
        CHECK(e.cost == f.cost);
        const bool drawn = e.value == r.valid.values[row * 3] || e.value == r.valid.values[row * 3 + 1] ||
                           e.value == r.valid.values[row * 3 + 2];
        CHECK(drawn);
        if (e.value < inc) {  // independent: HPOBench's incumbent and its mean test error
            inc = e.value;
            inc_test = r.mean(r.test, row);
        }
        if (e.value < best_true) {  // what bobench's incumbent curve does with the evaluations
            best_true = e.true_value;
            best_test = e.test_value;
        }
        CHECK(best_true - *p->optimum() == Approx(inc - star_valid).margin(1e-15));
        CHECK(best_test - *p->test_optimum() == Approx(inc_test - star_test).margin(1e-15));
    }
}
