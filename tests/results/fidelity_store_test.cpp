// Multi-fidelity traces in the results file and the journal: fidelities round-trip, files of
// single-fidelity experiments are unchanged (no /evals/fidelity, no "fidelity" key), and the
// incumbent counts only full-fidelity evaluations.
#include <catch2/catch.hpp>

#include <cmath>

#include <nlohmann/json.hpp>

#include "hdf5/hdf5.hpp"
#include "results/journal.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::results;
using bobench::testing::TempDir;

namespace {
Trace make_trace(int problem, std::vector<double> values, std::vector<double> fidelity, double full) {
    Trace t;
    t.key = {problem, 0, 0};
    const std::size_t n = values.size();
    t.value = values;
    t.true_value = values;
    t.cost = std::vector<double>(n, 2.0);
    t.test_value = std::vector<double>(n, NAN);
    t.failed = std::vector<std::uint8_t>(n, 0);
    t.x = std::vector<double>(n, 0.5);
    t.fidelity = std::move(fidelity);
    t.full_fidelity = full;
    return t;
}

Results two_problems() {
    Results r;
    r.bobench_version = "test";
    r.spec = "";
    r.budget = 4;
    r.problems.push_back({"mf", "mf", {"x"}, 0.0, std::nullopt, {}, Fidelity{"epoch", 1, 100, true}});
    r.problems.push_back({"sf", "sf", {"x"}, 0.0, std::nullopt, {}, std::nullopt});
    r.optimizers.push_back({"o", "o"});
    r.runs.push_back(make_trace(0, {5, 1, 4, 3}, {1, 3, 100, 100}, 100));
    r.runs.push_back(make_trace(1, {5, 1, 4, 3}, {}, NAN));
    return r;
}
}  // namespace

TEST_CASE("trace: only full-fidelity evaluations become the incumbent", "[multifidelity][store]") {
    const Trace mf = two_problems().runs[0];
    const IncumbentCurve c = incumbent_curve(mf);
    CHECK(std::isnan(c.best[0]));
    CHECK(std::isnan(c.best[1]));  // 1 after 3 epochs is lower than anything, but not the benchmark's value
    CHECK(c.best[2] == 4);
    CHECK(c.best[3] == 3);
    const IncumbentCurve single = incumbent_curve(two_problems().runs[1]);
    CHECK(single.best == std::vector<double>{5, 1, 1, 1});
}

TEST_CASE("store: fidelities round-trip and single-fidelity files are as before", "[multifidelity][store]") {
    TempDir dir;
    const Results r = two_problems();
    write_results(dir / "mf.h5", r);
    const Results back = read_results(dir / "mf.h5");
    REQUIRE(back.runs.size() == 2);
    CHECK(back.runs[0].same_record(r.runs[0]));
    CHECK(back.runs[1].same_record(r.runs[1]));  // NaN on disk, empty in memory
    REQUIRE(back.problems[0].fidelity);
    CHECK(back.problems[0].fidelity->full == 100);
    CHECK(back.problems[0].fidelity->name == "epoch");
    CHECK_FALSE(back.problems[1].fidelity);

    // a run recorded before its problem had a fidelity (resumed file) stays all-full-fidelity
    Results mixed = r;
    mixed.runs.push_back(make_trace(0, {5, 1, 4, 3}, {}, NAN));
    mixed.runs.back().key.replicate = 1;
    write_results(dir / "mixed.h5", mixed);
    const Results mixed_back = read_results(dir / "mixed.h5");
    REQUIRE(mixed_back.runs.size() == 3);
    CHECK(mixed_back.runs[1].key.replicate == 1);
    CHECK(mixed_back.runs[1].fidelity.empty());
    CHECK(incumbent_curve(mixed_back.runs[1]).best.back() == 1);
    {
        h5::Handle f = h5::open_file(dir / "mf.h5");
        h5::Handle evals = h5::open_group(f.get(), "evals");
        const auto on_disk = h5::read_vector<double>(evals.get(), "fidelity");
        REQUIRE(on_disk.size() == 8);
        CHECK(on_disk[2] == 100);
        CHECK(std::isnan(on_disk[4]));
    }

    // an experiment without multi-fidelity problems writes exactly the former layout
    Results single = r;
    single.problems.erase(single.problems.begin());
    single.runs.erase(single.runs.begin());
    single.runs[0].key.problem = 0;
    write_results(dir / "sf.h5", single);
    h5::Handle f = h5::open_file(dir / "sf.h5");
    h5::Handle evals = h5::open_group(f.get(), "evals");
    CHECK_FALSE(h5::exists(evals.get(), "fidelity"));
    CHECK_FALSE(nlohmann::json::parse(h5::read_string_attribute(f.get(), "problems"))[0].contains("fidelity"));
    CHECK(read_results(dir / "sf.h5").runs[0].same_record(single.runs[0]));
}

TEST_CASE("journal: a multi-fidelity record keeps its fidelities and older records still read", "[multifidelity][store]") {
    TempDir dir;
    const Results r = two_problems();
    {
        Journal j(dir / "j", 5);
        j.append("mf", "o", r.runs[0]);
        j.append("sf", "o", r.runs[1]);
    }
    Journal j(dir / "j", 5);
    REQUIRE(j.recovered().size() == 2);
    Trace a = j.recovered()[0].trace, b = j.recovered()[1].trace;
    a.key = r.runs[0].key;
    b.key = r.runs[1].key;
    CHECK(a.same_record(r.runs[0]));
    CHECK(b.same_record(r.runs[1]));
}
