// Tables with learning curves as multi-fidelity problems: FCNet's valid_mse[r][e] and
// NAS-Bench-201's /valid_error_curve read back at every epoch against the raw arrays, the
// cost rule runtime * e / E, full fidelity = evaluate(), and bad fidelities refused.
#include <catch2/catch.hpp>

#include <cmath>

#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "tests/hpobench_tables/raw_h5.hpp"
#include "tests/hpobench_tables/table_problems.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::testing;
namespace raw = bobench::testing::raw_h5;
namespace fcnet = bobench::tables::fcnet;
namespace nb = bobench::tables::nasbench201;

namespace {
Point fcnet_point(std::uint64_t c) {
    const Space space = fcnet::space();
    Point x(space.size());
    for (std::size_t i = space.size(); i-- > 0;) {
        x[i] = space[i].value_at(static_cast<std::size_t>(c % space[i].cardinality()));
        c /= space[i].cardinality();
    }
    return x;
}
}  // namespace

TEST_CASE("fcnet: the fidelity is the epoch, 1..100, read from valid_mse's curve", "[multifidelity][fcnet]") {
    TempDir dir;
    const std::string file = dir / "fc.h5";
    fcnet::write_fixture(file, 5);
    const std::string id = "fcnet:file=" + file + ",missing=fail";
    const auto problem = table_problem(id + ",repeat=2");
    const auto fidelity = problem->fidelity();
    REQUIRE(fidelity);
    CHECK(fidelity->name == "epoch");
    CHECK(fidelity->lowest == 1);
    CHECK(fidelity->full == 100);
    CHECK(fidelity->integer);
    Rng rng(1);
    for (const std::uint64_t c : fcnet::fixture_configs(5)) {
        const Point x = fcnet_point(c);
        const std::string group = fcnet::group_name(x);
        const raw::Array curve = raw::read(file, group, "valid_mse"), runtime = raw::read(file, group, "runtime");
        for (const int e : {1, 2, 17, 99}) {
            const Evaluation ev = problem->evaluate_at(x, e, rng);
            // single precision in memory: within a relative 2^-24
            CHECK(ev.value == Approx(curve.values[2 * 100 + static_cast<std::size_t>(e - 1)]).epsilon(1e-7));
            CHECK(ev.true_value == ev.value);
            CHECK(ev.cost == Approx(runtime.values[2] * e / 100).epsilon(1e-15));  // nas_benchmarks' rule
            CHECK(std::isnan(ev.test_value));  // no test value below full fidelity
        }
        // full fidelity is evaluate(), bit for bit, test value included
        const Evaluation full = problem->evaluate_at(x, 100, rng), plain = problem->evaluate(x, rng);
        CHECK(full.value == plain.value);
        CHECK(full.cost == plain.cost);
        CHECK(full.test_value == plain.test_value);
        CHECK(full.value == curve.values[2 * 100 + 99]);
        // repeat=mean: the mean of the four curves at that epoch
        const Evaluation mean = table_problem(id + ",repeat=mean")->evaluate_at(x, 10, rng);
        double sum = 0;
        for (std::size_t r = 0; r < 4; ++r) sum += curve.values[r * 100 + 9];
        CHECK(mean.value == Approx(sum / 4).epsilon(1e-7));
    }
    // with repeat=random, evaluate_at draws the same repeat as evaluate from the same stream
    const auto random = table_problem(id);
    const Point x = fcnet_point(fcnet::fixture_configs(5)[0]);
    Rng a(9), b(9);
    const double runtime_drawn = random->evaluate(x, a).cost;
    CHECK(random->evaluate_at(x, 50, b).cost == Approx(runtime_drawn / 2).epsilon(1e-15));

    for (const double bad : {0.0, 101.0, 3.5, -1.0})
        CHECK_THAT(message_of([&] { problem->evaluate_at(x, bad, rng); }),
                   Catch::Contains("fidelity epoch = ") && Catch::Contains(file));
    CHECK_THAT(message_of([&] { problem->evaluate_at(x, 101, rng); }), Catch::Contains("is outside [1, 100]"));
}

TEST_CASE("nasbench201: /valid_error_curve gives the fidelity and tables without it have none", "[multifidelity][nasbench201]") {
    TempDir dir;
    const std::string with = dir / "nb.h5", without = dir / "nb0.h5";
    nb::write_fixture(with, "cifar10", 50, 12);
    nb::write_fixture(without, "cifar10", 50);
    const raw::Array arch = raw::read(with, "/", "arch"), valid = raw::read(with, "/", "valid_error"),
                     runtime = raw::read(with, "/", "runtime"), curve = raw::read(with, "/", "valid_error_curve");
    REQUIRE(curve.dims == std::vector<hsize_t>{50, 3, 12});
    const auto p = table_problem("nasbench201:file=" + with + ",missing=fail,repeat=1");
    REQUIRE(p->fidelity());
    CHECK(p->fidelity()->full == 12);
    Rng rng(2);
    for (std::size_t row = 0; row < 50; row += 7) {
        const Point x(arch.values.begin() + static_cast<std::ptrdiff_t>(row * 6),
                      arch.values.begin() + static_cast<std::ptrdiff_t>(row * 6 + 6));
        // the fixture's curve falls to the final validation error (README formula)
        const double v = valid.values[row * 3 + 1];
        for (std::size_t e = 1; e <= 12; ++e) {
            const double expected = v * (1 + 3 * (std::exp(-8.0 * static_cast<double>(e) / 12) - std::exp(-8.0)));
            CHECK(curve.values[(row * 3 + 1) * 12 + e - 1] == Approx(expected).epsilon(1e-14));
            const Evaluation ev = p->evaluate_at(x, static_cast<double>(e), rng);
            CHECK(ev.value == Approx(expected).epsilon(1e-7));
            CHECK(ev.cost == Approx(runtime.values[row * 3 + 1] * static_cast<double>(e) / 12).epsilon(1e-15));
        }
        CHECK(p->evaluate_at(x, 12, rng).value == v);
    }
    const auto flat = table_problem("nasbench201:file=" + without + ",missing=fail");
    CHECK_FALSE(flat->fidelity());
    CHECK_THAT(message_of([&] { flat->evaluate_at({0, 0, 0, 0, 0, 0}, 5, rng); }), Catch::Contains("has no fidelity"));

    // rows with fewer repeats (/repeats) keep their curves in place too
    std::vector<double> counts(50, 3);
    counts[0] = 1;
    raw::write(with, "/", "repeats", {50}, counts);
    const Point x0(arch.values.begin(), arch.values.begin() + 6), x1(arch.values.begin() + 6, arch.values.begin() + 12);
    const std::string partial = "nasbench201:file=" + with + ",missing=fail,repeat=";
    CHECK(table_problem(partial + "0")->evaluate_at(x0, 5, rng).value == Approx(curve.values[4]).epsilon(1e-7));
    CHECK(std::isnan(table_problem(partial + "2")->evaluate_at(x0, 5, rng).value));  // row 0 lacks repeat 2
    CHECK(table_problem(partial + "2")->evaluate_at(x1, 5, rng).value ==
          Approx(curve.values[(1 * 3 + 2) * 12 + 4]).epsilon(1e-7));

    // a curve of the wrong shape is refused by name
    raw::write(with, "/", "valid_error_curve", {50, 3}, std::vector<double>(150, 0.1));
    CHECK_THAT(message_of([&] { nb::load(with); }),
               Catch::Contains("/valid_error_curve has shape [50, 3]; expected [50, 3, E]"));
}

TEST_CASE("tabular fixture --epochs writes NAS-Bench-201's curves and bad values are refused", "[multifidelity][nasbench201]") {
    TempDir dir;
    REQUIRE(testing::run_cli("tabular fixture --layout nasbench201 --configs 20 --epochs 9 --out " + (dir / "a.h5")).status == 0);
    CHECK(raw::read(dir / "a.h5", "/", "valid_error_curve").dims == std::vector<hsize_t>{20, 3, 9});
    testing::check_refused("tabular fixture --layout nasbench201 --epochs -1 --out " + (dir / "b.h5"), "--epochs");
    testing::check_refused("tabular fixture --layout fcnet --epochs 5 --out " + (dir / "c.h5"),
                           "--epochs goes with --layout nasbench201");
}
