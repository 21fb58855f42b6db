// FCNet tables: the layout bobench writes and reads, lookups, regret as HPOBench defines it,
// repeat selection, determinism, and every kind of bad input we could name.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>

#include <boost/random/uniform_int_distribution.hpp>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/fixture_noise.hpp"
#include "hpobench_tables/info.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "cli/catalog.hpp"
#include "results/trace.hpp"
#include "tests/hpobench_tables/raw_h5.hpp"
#include "tests/support/cli.hpp"
#include "tests/hpobench_tables/table_problems.hpp"

using namespace bobench;
using namespace bobench::testing;
namespace raw = bobench::testing::raw_h5;
namespace fcnet = bobench::tables::fcnet;

namespace {

// The fixture's configurations as points (in the order of fixture_configs).
std::vector<Point> points_of(const std::vector<std::uint64_t>& configs) {
    const Space space = fcnet::space();
    std::vector<Point> out;
    for (std::uint64_t c : configs) {
        Point x(space.size());
        std::uint64_t rest = c;
        for (std::size_t i = space.size(); i-- > 0;) {
            x[i] = space[i].value_at(static_cast<std::size_t>(rest % space[i].cardinality()));
            rest /= space[i].cardinality();
        }
        out.push_back(x);
    }
    return out;
}

// What a group holds, read with the bare HDF5 API.
struct RawGroup {
    std::vector<double> final_valid, test, runtime;  // per repeat
    double mean_valid = 0, mean_test = 0;
};

RawGroup raw_group(const std::string& file, const std::string& group) {
    RawGroup g;
    const raw::Array v = raw::read(file, group, "valid_mse"), t = raw::read(file, group, "final_test_error"),
                     r = raw::read(file, group, "runtime");
    for (std::size_t k = 0; k < 4; ++k) {
        g.final_valid.push_back(v.values[k * 100 + 99]);
        g.test.push_back(t.values[k]);
        g.runtime.push_back(r.values[k]);
        g.mean_valid += v.values[k * 100 + 99] / 4;
        g.mean_test += t.values[k] / 4;
    }
    return g;
}

struct Fixture {
    TempDir dir;
    std::string file;
    std::vector<std::uint64_t> configs;
    std::vector<Point> points;
    explicit Fixture(std::uint64_t n, const std::string& name = "fcnet.h5") : file(dir / name) {
        fcnet::write_fixture(file, n);
        configs = fcnet::fixture_configs(n);
        points = points_of(configs);
    }
    std::string id(const std::string& extra = "") const { return "fcnet:file=" + file + ",missing=fail" + extra; }
};

}  // namespace

TEST_CASE("fcnet: python_float prints doubles as Python's repr and json.dumps do", "[tabular]") {
    // expected strings printed by CPython 3.11: print(repr(v))
    const std::vector<std::pair<double, std::string>> cases = {
        {0.0, "0.0"},       {-0.0, "-0.0"},         {0.3, "0.3"},       {0.6, "0.6"},
        {5 * 1e-4, "0.0005"}, {1e-3, "0.001"},      {5e-3, "0.005"},    {1e-2, "0.01"},
        {5e-2, "0.05"},     {1e-1, "0.1"},          {1e-4, "0.0001"},   {1e-5, "1e-05"},
        {1.5e-7, "1.5e-07"}, {123.0, "123.0"},      {1e15, "1000000000000000.0"}, {1e16, "1e+16"},
        {1.2345678901234568e+17, "1.2345678901234568e+17"}, {0.1 + 0.2, "0.30000000000000004"},
        {2.5, "2.5"},       {100.0, "100.0"},       {1234567.125, "1234567.125"}};
    for (const auto& [v, text] : cases) CHECK(fcnet::python_float(v) == text);
}

TEST_CASE("fcnet: group names are Python's json.dumps(config, sort_keys=True)", "[tabular]") {
    // a configuration as printed by CPython's json.dumps(..., sort_keys=True)
    CHECK(fcnet::group_name({128, 512, 0.3, 0.0, 1, 0, 1e-3, 0, 32}) ==
          "{\"activation_fn_1\": \"relu\", \"activation_fn_2\": \"tanh\", \"batch_size\": 32, \"dropout_1\": 0.3, "
          "\"dropout_2\": 0.0, \"init_lr\": 0.001, \"lr_schedule\": \"cosine\", \"n_units_1\": 128, \"n_units_2\": 512}");
    CHECK(fcnet::group_name({16, 16, 0.6, 0.6, 0, 1, 5e-4, 1, 8}).find("\"init_lr\": 0.0005,") != std::string::npos);
    // names parse back to their configuration, with keys in sorted order
    for (const Point& x : points_of(fcnet::fixture_configs(500))) {
        const std::string name = fcnet::group_name(x);
        const auto j = nlohmann::json::parse(name);
        REQUIRE(j.size() == 9);
        CHECK(j["n_units_1"].get<double>() == x[0]);
        CHECK(j["dropout_2"].get<double>() == x[3]);
        CHECK(j["activation_fn_2"] == (x[5] == 0 ? "tanh" : "relu"));
        CHECK(j["init_lr"].get<double>() == x[6]);
        CHECK(j["lr_schedule"] == (x[7] == 0 ? "cosine" : "const"));
        CHECK(j["batch_size"].is_number_integer());
        CHECK(j["dropout_1"].is_number_float());
        std::size_t at = 0;
        std::string previous;
        for (const auto& [key, value] : j.items()) {  // nlohmann iterates keys sorted: find them in that order
            const std::size_t pos = name.find("\"" + key + "\"");
            CHECK(pos >= at);
            at = pos;
            CHECK(key > previous);
            previous = key;
        }
    }
}

TEST_CASE("fcnet fixture: the real layout (names, datasets, shapes, float64), marked synthetic", "[tabular]") {
    Fixture f(24);
    REQUIRE(f.configs.size() == 24);
    std::vector<std::string> want;
    for (const Point& x : f.points) want.push_back(fcnet::group_name(x));
    std::sort(want.begin(), want.end());
    CHECK(raw::members(f.file) == want);
    const std::map<std::string, std::vector<hsize_t>> shapes = {
        {"final_test_error", {4}}, {"n_params", {4}},       {"runtime", {4}},  {"train_loss", {4, 100}},
        {"train_mse", {4, 100}},   {"valid_loss", {4, 100}}, {"valid_mse", {4, 100}}};
    for (const std::string& g : {want.front(), want.back()}) {
        std::vector<std::string> names;
        for (const auto& [name, dims] : shapes) {
            names.push_back(name);
            const raw::Array a = raw::read(f.file, g, name);
            CHECK(a.dims == dims);
            CHECK(a.float64);
            for (double v : a.values) CHECK(std::isfinite(v));
        }
        CHECK(raw::members(f.file, g) == names);
    }
    const hid_t file = raw::open(f.file);
    CHECK(H5Aexists(file, "bobench_fixture") > 0);
    H5Fclose(file);
    const auto problem = table_problem(f.id());
    CHECK(problem->table().is_fixture());
    CHECK(problem->metadata().count("synthetic_fixture") == 1);
    CHECK(tables::describe(problem->table()).find("SYNTHETIC FIXTURE") != std::string::npos);
}

TEST_CASE("fcnet: an evaluation is a lookup of valid_mse[r][99], runtime[r] and the mean test error", "[tabular]") {
    Fixture f(30);
    Rng rng(1);
    for (std::size_t i = 0; i < f.points.size(); i += 3) {
        const RawGroup g = raw_group(f.file, fcnet::group_name(f.points[i]));
        for (int r = 0; r < 4; ++r) {
            const Evaluation e = table_problem(f.id(",repeat=" + std::to_string(r)))->evaluate(f.points[i], rng);
            CHECK(e.value == g.final_valid[static_cast<std::size_t>(r)]);
            CHECK(e.true_value == e.value);
            CHECK(e.cost == g.runtime[static_cast<std::size_t>(r)]);
            CHECK(e.test_value == Approx(g.mean_test).epsilon(1e-14));
        }
        const Evaluation m = table_problem(f.id(",repeat=mean"))->evaluate(f.points[i], rng);
        CHECK(m.value == Approx(g.mean_valid).epsilon(1e-14));
        CHECK(m.cost == Approx((g.runtime[0] + g.runtime[1] + g.runtime[2] + g.runtime[3]) / 4).epsilon(1e-14));
    }
    // a configuration the fixture does not hold is a failed evaluation (missing=fail)
    Point absent = f.points[0];
    absent[8] = absent[8] == 8 ? 16 : 8;
    REQUIRE(std::find(f.points.begin(), f.points.end(), absent) == f.points.end());
    const Evaluation e = table_problem(f.id())->evaluate(absent, rng);
    CHECK(std::isnan(e.value));
    CHECK(e.cost == 0);
}

TEST_CASE("fcnet: validation and test regret as HPOBench reports them (independent computation)", "[tabular]") {
    Fixture f(40);
    // the reference values, from the raw file
    double star_valid = INFINITY, star_test = INFINITY, valid_of_best_test = NAN;
    std::map<std::string, RawGroup> groups;
    for (const Point& x : f.points) {
        const RawGroup g = raw_group(f.file, fcnet::group_name(x));
        groups[fcnet::group_name(x)] = g;
        star_valid = std::min(star_valid, g.mean_valid);
        if (g.mean_test < star_test) {
            star_test = g.mean_test;
            valid_of_best_test = g.mean_valid;
        }
    }
    const auto problem = table_problem(f.id());
    REQUIRE(problem->optimum());
    REQUIRE(problem->test_optimum());
    CHECK(*problem->optimum() == Approx(star_valid).epsilon(1e-14));
    CHECK(*problem->test_optimum() == Approx(star_test).epsilon(1e-14));
    CHECK(*table_problem(f.id(",valid_optimum=best-test-config"))->optimum() == Approx(valid_of_best_test).epsilon(1e-14));

    // 80 evaluations at random fixture configurations, a random repeat each
    Rng pick(11), stream(12);
    results::Trace trace;
    std::vector<double> want_valid, want_test;
    double inc_valid = INFINITY, inc_test = INFINITY;
    for (int i = 0; i < 80; ++i) {
        const Point& x = f.points[boost::random::uniform_int_distribution<std::size_t>(0, f.points.size() - 1)(pick)];
        const Evaluation e = problem->evaluate(x, stream);
        trace.value.push_back(e.value);
        trace.true_value.push_back(e.true_value);
        trace.test_value.push_back(e.test_value);
        trace.cost.push_back(e.cost);
        trace.failed.push_back(0);
        const RawGroup& g = groups[fcnet::group_name(x)];
        // the observed value is one of the configuration's four final-epoch values
        CHECK(std::find(g.final_valid.begin(), g.final_valid.end(), e.value) != g.final_valid.end());
        // HPOBench: the incumbent is the lowest observed value so far; validation regret is
        // its observed value minus the lowest mean, test regret its mean test error minus the
        // lowest mean test error
        if (e.value < inc_valid) {
            inc_valid = e.value;
            inc_test = g.mean_test;
        }
        want_valid.push_back(inc_valid - star_valid);
        want_test.push_back(inc_test - star_test);
    }
    const results::IncumbentCurve c = results::incumbent_curve(trace);
    for (std::size_t i = 0; i < want_valid.size(); ++i) {
        CHECK(c.best_true[i] - *problem->optimum() == Approx(want_valid[i]).margin(1e-15));
        CHECK(c.best_test[i] - *problem->test_optimum() == Approx(want_test[i]).margin(1e-15));
    }
}

TEST_CASE("fcnet: repeat selection: random draws each repeat equally often, fixed and mean as asked", "[tabular]") {
    Fixture f(5);
    const RawGroup g = raw_group(f.file, fcnet::group_name(f.points[2]));
    const auto random = table_problem(f.id());
    Rng rng(3);
    std::vector<int> seen(4, 0);
    for (int i = 0; i < 4000; ++i) {
        const double v = random->evaluate(f.points[2], rng).value;
        const auto it = std::find(g.final_valid.begin(), g.final_valid.end(), v);
        REQUIRE(it != g.final_valid.end());
        ++seen[static_cast<std::size_t>(it - g.final_valid.begin())];
    }
    for (int n : seen) CHECK(std::abs(n - 1000) < 150);  // binomial sd ~27: 5.5 sd
    CHECK(table_problem(f.id(",repeat=3"))->evaluate(f.points[2], rng).value == g.final_valid[3]);
    CHECK(table_problem(f.id(",repeat=3"))->repeat().str() == "3");
    CHECK(message_of([&] { table_problem(f.id(",repeat=4")); }).find(
              "repeat = '4' is not valid; expected random, mean or a repeat index in [0, 3]") != std::string::npos);
    CHECK(message_of([&] { table_problem(f.id(",repeat=median")); }).find("repeat = 'median' is not valid") != std::string::npos);
}

TEST_CASE("fcnet: evaluations are deterministic given the stream's seed", "[tabular]") {
    Fixture f(12);
    const auto a = table_problem(f.id()), b = table_problem(f.id(",valid_optimum=best-test-config"));
    Rng r1(21), r2(21), r3(22);
    bool differs = false;
    for (int i = 0; i < 200; ++i) {
        const Point& x = f.points[static_cast<std::size_t>(i) % f.points.size()];
        const Evaluation e1 = a->evaluate(x, r1), e2 = b->evaluate(x, r2), e3 = a->evaluate(x, r3);
        CHECK(e1.value == e2.value);
        CHECK(e1.cost == e2.cost);
        differs |= e1.value != e3.value;
    }
    CHECK(differs);
}

TEST_CASE("fcnet: a table is loaded once and shared by every problem over it", "[tabular]") {
    Fixture f(6);
    const auto a = table_problem(f.id()), b = table_problem(f.id(",repeat=mean"));
    CHECK(&a->table() == &b->table());
}

TEST_CASE("fcnet: the data folder comes from data_dir=, else the run's folder, else ./data", "[tabular]") {
    TempDir dir, other;
    std::filesystem::create_directories(dir.path() / "fcnet_tabular_benchmarks");
    fcnet::write_fixture(dir / "fcnet_naval_propulsion_data.hdf5", 7);  // as the tarball unpacks, or flat
    fcnet::write_fixture((dir.path() / "fcnet_tabular_benchmarks" / "fcnet_slice_localization_data.hdf5").string(), 9);
    fcnet::write_fixture(other / "fcnet_naval_propulsion_data.hdf5", 5);
    CHECK(table_problem("fcnet:dataset=naval,missing=fail,data_dir=" + dir.path().string())->table().present() == 7);
    CHECK(table_problem("fcnet:dataset=slice,missing=fail,data_dir=" + dir.path().string())->table().present() == 9);

    // the run's folder (--data-dir, a spec's data_dir, $BOBENCH_DATA) is passed to each
    // problem, not kept in the process: two folders in one process give two tables
    const auto p = table_problem("fcnet:dataset=naval,missing=fail", {dir.path().string()});
    const auto q = table_problem("fcnet:dataset=naval,missing=fail", {other.path().string()});
    CHECK(p->table().present() == 7);
    CHECK(q->table().present() == 5);
    CHECK(p->metadata().at("file") == dir / "fcnet_naval_propulsion_data.hdf5");
    CHECK(q->metadata().at("file") == other / "fcnet_naval_propulsion_data.hdf5");
    CHECK(p->metadata().at("dataset") == "naval");
    CHECK(p->metadata().at("suite") == "hpobench-fcnet");
    // a problem's own data_dir= wins over the run's folder
    CHECK(table_problem("fcnet:dataset=naval,missing=fail,data_dir=" + dir.path().string(), {other.path().string()})
              ->table().present() == 7);
    // nothing given: ./data, named in the message
    const std::string m = message_of([&] { table_problem("fcnet:dataset=parkinsons,missing=fail", {}); });
    CHECK(m.find("is not in the data folder 'data'") != std::string::npos);
    CHECK(m.find("the default ./data") != std::string::npos);
}

TEST_CASE("fcnet: a missing file names the data's source and the flag and variable that point to it", "[tabular]") {
    TempDir dir;
    const std::string m = message_of([&] { table_problem("fcnet:dataset=parkinsons,data_dir=" + (dir / "nowhere")); });
    CHECK(m.find("fcnet_parkinsons_telemonitoring_data.hdf5") != std::string::npos);
    CHECK(m.find(dir / "nowhere") != std::string::npos);
    CHECK(m.find(fcnet::download_url) != std::string::npos);
    CHECK(m.find("--data-dir") != std::string::npos);
    CHECK(m.find("BOBENCH_DATA") != std::string::npos);
    CHECK(m.find("bobench tabular fixture") != std::string::npos);
    const std::string f = message_of([&] { table_problem("fcnet:file=" + (dir / "x.hdf5")); });
    CHECK(f.find("file = '" + (dir / "x.hdf5") + "' does not exist") != std::string::npos);
    CHECK(f.find(fcnet::download_url) != std::string::npos);
}

TEST_CASE("fcnet: files of another layout are refused, saying what the layout is", "[tabular]") {
    TempDir dir;
    tables::nasbench201::write_fixture(dir / "nb.h5", "cifar10", 10);
    std::string m = message_of([&] { fcnet::load(dir / "nb.h5"); });
    CHECK(m.find("is not an FCNet table") != std::string::npos);
    CHECK(m.find("layout = 'bobench-nasbench201'") != std::string::npos);

    testing::write_file(dir / "t.csv", "a,objective\n1,2\n");
    CHECK(message_of([&] { fcnet::load(dir / "t.csv"); }).find("is not an HDF5 file") != std::string::npos);

    raw::write(dir / "nb.h5", "/", "zzz", {1}, {1.0});  // an HDF5 file whose members are datasets
    const hid_t f = H5Fcreate((dir / "plain.h5").c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    H5Fclose(f);
    raw::write(dir / "plain.h5", "/", "values", {3}, {1, 2, 3});
    m = message_of([&] { fcnet::load(dir / "plain.h5"); });
    CHECK(m.find("is not an FCNet table") != std::string::npos);
    CHECK(m.find("this file has 'values'") != std::string::npos);
    CHECK(tables::detect_layout(dir / "plain.h5") == tables::Layout::Generic);
}

TEST_CASE("fcnet: missing configurations, missing datasets and wrong shapes are reported", "[tabular]") {
    Fixture f(24);
    std::string m = message_of([&] { table_problem("fcnet:file=" + f.file + ",missing=error"); });
    CHECK(m.find("has 24 of the 62208 configurations of its space; missing e.g. n_units_1=16") != std::string::npos);
    CHECK(m.find("missing=fail") != std::string::npos);
    // the default (auto) evaluates a fixture's absent configurations as failed, and refuses
    // an incomplete table that is not a fixture
    CHECK(table_problem("fcnet:file=" + f.file)->table().present() == 24);
    {
        const hid_t file = raw::open(f.file, true);
        H5Adelete(file, "bobench_fixture");
        H5Fclose(file);
    }
    CHECK(message_of([&] { table_problem("fcnet:file=" + f.file); }).find("has 24 of the 62208 configurations") !=
          std::string::npos);

    const std::vector<std::string> groups = raw::members(f.file);
    raw::remove(f.file, groups[2], "runtime");
    m = message_of([&] { fcnet::load(f.file); });
    CHECK(m == "FCNet table '" + f.file + "': group '" + groups[2] + "': dataset runtime is missing");

    Fixture shapes(24);
    const std::vector<std::string> g2 = raw::members(shapes.file);
    raw::write(shapes.file, g2[3], "valid_mse", {4, 99}, std::vector<double>(396, 0.5));
    m = message_of([&] { fcnet::load(shapes.file); });
    CHECK(m == "FCNet table '" + shapes.file + "': group '" + g2[3] +
                   "': valid_mse has shape [4, 99]; expected [4, 100] like the other groups (repeats x epochs)");
    raw::write(shapes.file, g2[3], "valid_mse", {4, 100}, std::vector<double>(400, 0.5));
    raw::write(shapes.file, g2[5], "final_test_error", {3}, {1, 2, 3});
    m = message_of([&] { fcnet::load(shapes.file); });
    CHECK(m.find("group '" + g2[5] + "': final_test_error has shape [3]; expected [4] (one per repeat)") != std::string::npos);
    raw::write(shapes.file, g2[0], "valid_mse", {400}, std::vector<double>(400, 0.5));
    m = message_of([&] { fcnet::load(shapes.file); });
    CHECK(m.find("group '" + g2[0] + "': valid_mse has shape [400]; expected [repeats, epochs]") != std::string::npos);
}

TEST_CASE("fcnet: group names that are not configurations of the space are reported", "[tabular]") {
    Fixture f(24);
    std::vector<std::string> groups = raw::members(f.file);
    // a value outside the space
    std::string bad = groups[4];
    const auto at = bad.find("\"dropout_1\": ");
    bad.replace(at, bad.find(',', at) - at, "\"dropout_1\": 0.4");
    raw::rename(f.file, groups[4], bad);
    std::string m = message_of([&] { fcnet::load(f.file); });
    CHECK(m.find("group '" + bad + "': dropout_1 = 0.4 is not one of 0, 0.3, 0.6") != std::string::npos);
    raw::rename(f.file, bad, groups[4]);

    // the same configuration twice, written differently ("0.3" and "0.30")
    const auto same = std::find_if(groups.begin(), groups.end(),
                                   [](const std::string& g) { return g.find("\"dropout_1\": 0.3,") != std::string::npos; });
    REQUIRE(same != groups.end());
    std::string twin = *same;
    twin.replace(twin.find("\"dropout_1\": 0.3,"), 17, "\"dropout_1\": 0.30,");
    const std::string victim = *same == groups[0] ? groups[1] : groups[0];
    raw::rename(f.file, victim, twin);
    m = message_of([&] { fcnet::load(f.file); });
    CHECK(m.find("names the same configuration as an earlier group") != std::string::npos);
    raw::rename(f.file, twin, victim);

    // a stray group: names sort '{' after letters, so it is met first
    raw::create_group(f.file, "metadata");
    m = message_of([&] { fcnet::load(f.file); });
    CHECK(m.find("is not an FCNet table") != std::string::npos);
    CHECK(m.find("this file has 'metadata'") != std::string::npos);
}

TEST_CASE("fcnet: NaN entries are failed evaluations and are reported", "[tabular]") {
    Fixture f(20);
    const std::string g = fcnet::group_name(f.points[7]);
    raw::Array v = raw::read(f.file, g, "valid_mse");
    v.values[1 * 100 + 99] = NAN;  // repeat 1, final epoch
    raw::write(f.file, g, "valid_mse", v.dims, v.values);

    const auto fixed1 = table_problem(f.id(",repeat=1")), fixed0 = table_problem(f.id(",repeat=0")), mean = table_problem(f.id(",repeat=mean"));
    const tables::Table& t = fixed1->table();
    CHECK(t.nan_counts().objective == 1);
    CHECK(t.nan_counts().configs == 1);
    Rng rng(1);
    CHECK(std::isnan(fixed1->evaluate(f.points[7], rng).value));
    CHECK(std::isfinite(fixed0->evaluate(f.points[7], rng).value));
    CHECK(std::isnan(mean->evaluate(f.points[7], rng).value));
    CHECK(std::isfinite(fixed1->evaluate(f.points[6], rng).value));
    CHECK(tables::describe(t).find("NaN entries: 1 in 1 configurations (evaluated as failed)") != std::string::npos);
    // the optimum skips the configuration whose mean is NaN
    double star = INFINITY;
    for (const Point& x : f.points)
        if (x != f.points[7]) star = std::min(star, raw_group(f.file, fcnet::group_name(x)).mean_valid);
    CHECK(*mean->optimum() == Approx(star).epsilon(1e-14));
}

TEST_CASE("fcnet: a point outside the space is refused, naming the coordinate", "[tabular]") {
    Fixture f(4);
    const auto p = table_problem(f.id());
    Rng rng(1);
    Point x = f.points[0];
    x[2] = 0.35;
    CHECK(message_of([&] { p->evaluate(x, rng); }).find("dropout_1 = 0.35 is not one of the values {0, 0.3, 0.6}") !=
          std::string::npos);
    x = f.points[0];
    x[4] = 2;
    CHECK(message_of([&] { p->evaluate(x, rng); }).find("activation_fn_1 = 2 is not a choice index in [0, 1]") !=
          std::string::npos);
    x.pop_back();
    CHECK(message_of([&] { p->evaluate(x, rng); }).find("point has 8 coordinates, the space has 9") != std::string::npos);
}
