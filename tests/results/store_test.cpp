#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

#include <hdf5.h>

#include "core/error.hpp"
#include "hdf5/hdf5.hpp"
#include "cli/catalog.hpp"
#include "runners/experiment.hpp"
#include "results/journal.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/function_problem.hpp"

using namespace bobench;
using namespace bobench::runners;
using namespace bobench::results;
using namespace bobench::cli;
using bobench::testing::TempDir;

namespace {
// An objective that is NaN inside a disc and +inf on a line.
std::shared_ptr<const Problem> holes_problem() {
    return bobench::testing::function_problem(real_box({-1, -1}, {1, 1}), [](const Point& x) {
        const double r2 = x[0] * x[0] + x[1] * x[1];
        if (r2 < 0.25) return std::nan("");
        return x[0] > 0.9 ? INFINITY : r2;
    }, 0.25);
}

Plan holes_plan(const std::string& output, FailurePolicy policy) {
    ExperimentSpec spec;
    spec.budget = 200;
    spec.replicates = 3;
    spec.output = output;
    spec.on_failure = policy;
    spec.threads = 2;
    spec.optimizers.push_back({"rs", Identifier::parse("random-search")});
    Plan plan;
    plan.spec = spec;
    plan.problems.push_back({"holes", "holes", holes_problem()});
    plan.optimizers.push_back({"rs", bind_optimizer(cli::optimizer_catalog(), Identifier::parse("random-search"))});
    for (int r = 0; r < 3; ++r) plan.runs.push_back({0, 0, r});
    return plan;
}
}  // namespace

TEST_CASE("store: NaN/inf objective values are failed evaluations, the run goes on", "[runners][store]") {
    TempDir dir;
    for (auto policy : {FailurePolicy::Penalty, FailurePolicy::Skip}) {
        const std::string out = dir / ("holes-" + policy_name(policy) + ".h5");
        std::atomic<bool> stop{false};
        const ExperimentOutcome outcome = run_experiment(holes_plan(out, policy), stop);
        CHECK(outcome.errors.empty());
        CHECK(outcome.completed == 3);
        const Results r = read_results(out);
        REQUIRE(r.runs.size() == 3);
        std::size_t failed = 0;
        for (const Trace& t : r.runs) {
            CHECK(t.size() == 200);  // the run went on to the full budget
            for (std::size_t i = 0; i < t.size(); ++i) {
                const bool bad = !std::isfinite(t.value[i]);
                CHECK(t.failed[i] == (bad ? 1 : 0));
                failed += bad;
            }
            const IncumbentCurve c = incumbent_curve(t);
            CHECK(std::isfinite(c.best.back()));  // failures never become the incumbent
            CHECK(c.best.back() >= 0.25);
        }
        CHECK(failed > 0);  // ~20% of the square is a hole (disc of radius 0.5 plus x > 0.9)
        CHECK(outcome.failed_evaluations == failed);
    }
}

TEST_CASE("store: results round-trip through HDF5 and are sorted by run", "[runners][store]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    std::atomic<bool> stop{false};
    run_experiment(holes_plan(out, FailurePolicy::Penalty), stop);
    const Results a = read_results(out);
    write_results(dir / "copy.h5", a);
    const Results b = read_results(dir / "copy.h5");
    REQUIRE(a.runs.size() == b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) CHECK(a.runs[i].same_record(b.runs[i]));
    CHECK(b.problems[0].params == std::vector<std::string>{"x0", "x1"});
    CHECK(b.problems[0].optimum == 0.25);
    CHECK(b.optimizers[0].id == "random-search");
    CHECK(b.spec.find("budget = 200") != std::string::npos);
    CHECK(a.runs[0].key < a.runs[1].key);
}

TEST_CASE("store: files that are not bobench results are refused by name", "[runners][store]") {
    TempDir dir;
    const std::string text = dir / "notes.h5";
    testing::write_file(text, "not hdf5 at all\n");
    CHECK_THROWS_WITH(read_results(text), "'" + text + "' is not a bobench results file (no format = \"bobench-traces\" "
                                                       "attribute); it was not written by `bobench run`");
    CHECK_THROWS_WITH(read_results(dir / "missing.h5"), "results file '" + (dir / "missing.h5") + "' does not exist");
}

TEST_CASE("journal: records survive, a torn tail is dropped", "[runners][journal]") {
    TempDir dir;
    const std::string path = dir / "j.journal";
    Trace t;
    t.key.replicate = 4;
    t.problem_seed = 11;
    t.optimizer_seed = 12;
    t.value = {1, 2};
    t.true_value = {1, 2};
    t.cost = {0, 0};
    t.test_value = {NAN, NAN};
    t.failed = {0, 1};
    t.x = {0.5, 0.25};
    {
        Journal j(path, 99);
        CHECK(j.recovered().empty());
        j.append("p", "o", t);
        j.append("p", "o2", t);
    }
    // simulate a process killed in the middle of writing a third record
    const std::string whole = testing::read_file(path);
    testing::write_file(path, whole + whole.substr(16, 40));
    {
        Journal j(path, 99);
        REQUIRE(j.recovered().size() == 2);
        CHECK(j.recovered()[1].optimizer_id == "o2");
        Trace back = j.recovered()[0].trace;
        back.key = t.key;
        CHECK(back.same_record(t));
    }
    CHECK(testing::read_file(path) == whole);  // the torn bytes were cut off
    CHECK_THROWS_WITH(Journal(path, 98), Catch::Contains("belongs to another experiment: it differs in one of the settings"));
}

namespace {
// A copy of `from` changed through HDF5's C API (as h5py would), independently of the store.
std::string changed_copy(const TempDir& dir, const std::string& from, const std::string& name,
                         const std::function<void(hid_t)>& change) {
    const std::string to = dir / name;
    std::filesystem::copy_file(from, to);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    const hid_t f = H5Fopen(to.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    REQUIRE(f >= 0);
    change(f);
    H5Fclose(f);
    return to;
}

void shorten(hid_t f, const char* dataset, hsize_t rows) {
    const hid_t d = H5Dopen2(f, dataset, H5P_DEFAULT);
    REQUIRE(H5Dset_extent(d, &rows) >= 0);
    H5Dclose(d);
}

void overwrite(hid_t f, const char* dataset, const std::vector<std::int64_t>& values) {
    const hid_t d = H5Dopen2(f, dataset, H5P_DEFAULT);
    REQUIRE(H5Dwrite(d, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) >= 0);
    H5Dclose(d);
}
}  // namespace

TEST_CASE("store: every dataset length and offset is checked when a file is read", "[runners][store]") {
    TempDir dir;
    const std::string good = dir / "good.h5";
    std::atomic<bool> stop{false};
    run_experiment(holes_plan(good, FailurePolicy::Penalty), stop);  // 3 runs x 200 evaluations, 2-D
    // the checksums see any change made after the file was written; without them (files before
    // format_version 2), the lengths and offsets are checked as ever
    auto damaged = [&](const std::string& name, const std::function<void(hid_t)>& change, const std::string& why) {
        const std::string checked = changed_copy(dir, good, "checked-" + name, change);
        CHECK_THROWS_WITH(read_results(checked), Catch::StartsWith("'" + checked + "' is damaged: "));
        const std::string file = changed_copy(dir, checked, name, [](hid_t f) { H5Adelete(f, "checksums"); });
        CHECK_THROWS_WITH(read_results(file), "'" + file + "' is damaged: " + why);
        CHECK_THROWS_WITH(read_results(file, /*with_points=*/false), "'" + file + "' is damaged: " + why);
    };
    damaged("notes.h5", [](hid_t f) { shorten(f, "runs/notes", 2); }, "/runs/notes has 2 rows, /runs/problem has 3");
    damaged("xoff.h5", [](hid_t f) { shorten(f, "runs/x_offset", 1); }, "/runs/x_offset has 1 rows, /runs/problem has 3");
    damaged("cost.h5", [](hid_t f) { shorten(f, "evals/cost", 10); }, "/evals/cost has 10 rows, /evals/value has 600");
    damaged("x.h5", [](hid_t f) { overwrite(f, "runs/x_offset", {0, 400, 1000}); },
            "run 2 has points 1000 + 400 beyond /evals/x (1200 values)");
    damaged("offset.h5", [](hid_t f) { overwrite(f, "runs/eval_offset", {0, -5, 400}); },
            "run 1 has evaluations -5 + 200 beyond /evals/value (600 rows)");
    damaged("count.h5", [](hid_t f) { overwrite(f, "runs/eval_count", {200, 200, 201}); },
            "run 2 has evaluations 400 + 201 beyond /evals/value (600 rows)");
    damaged("plugins.h5", [](hid_t f) { h5::write_attribute(f, "plugins", "[{\"file\": \"a.so\"}]"); },
            "its plugins attribute is not a JSON list of {file, fnv1a64}");
    const std::string gone = changed_copy(dir, good, "gone.h5", [](hid_t f) { H5Ldelete(f, "evals/failed", H5P_DEFAULT); });
    CHECK_THROWS_WITH(read_results(gone), Catch::StartsWith("'" + gone + "' is damaged: HDF5: cannot open dataset '/evals/failed'"));
    CHECK(read_results(good).runs.size() == 3);
}

TEST_CASE("journal: a damaged record in the middle costs only itself", "[runners][journal]") {
    TempDir dir;
    const std::string path = dir / "j.journal";
    Trace t;
    t.value = t.true_value = t.cost = t.test_value = {1, 2, 3};
    t.failed = {0, 0, 1};
    t.x = {0.1, 0.2, 0.3};
    std::size_t first_end = 0;
    {
        Journal j(path, 5);
        j.append("p", "a", t);
        first_end = testing::read_file(path).size();
        j.append("p", "b", t);
        j.append("p", "c", t);
    }
    std::string bytes = testing::read_file(path);
    bytes[first_end + 30] = static_cast<char>(bytes[first_end + 30] ^ 0x5a);  // inside record "b"
    testing::write_file(path, bytes);
    Journal j(path, 5);
    REQUIRE(j.recovered().size() == 2);
    CHECK(j.recovered()[0].optimizer_id == "a");
    CHECK(j.recovered()[1].optimizer_id == "c");
    CHECK(j.damaged_bytes() == (bytes.size() - first_end) / 2);  // record "b", as long as "c"
}

TEST_CASE("journal: a damaged length near 2^64 is refused, not read past the record", "[runners][journal]") {
    // Found by fuzzing (tests/fuzz/corpus/journal): the check "bytes left >= length + 4"
    // wrapped around for such a length and the reader went past the buffer.
    Trace t;
    t.value = t.true_value = t.cost = t.test_value = {1, 2};
    t.failed = {0, 0};
    t.x = {0.1, 0.2};
    const std::string record = Journal::encode("p", "a", t);
    REQUIRE(Journal::decode(record.data(), record.size()));
    for (const std::uint64_t length : {~std::uint64_t{0}, ~std::uint64_t{0} - 3, ~std::uint64_t{0} - 4}) {
        std::string damaged = record;
        std::memcpy(damaged.data() + sizeof(std::uint32_t), &length, sizeof length);  // after the record magic
        std::size_t used = 0;
        CHECK_FALSE(Journal::decode(damaged.data(), damaged.size(), &used));
        CHECK(used == 0);
    }
}

TEST_CASE("journal: a journal refused at opening leaves no file descriptor open", "[runners][journal]") {
    // Found by fuzzing: the constructor threw after opening the file, and a constructor that
    // throws runs no destructor, so every refusal leaked a descriptor (a long-lived process,
    // such as Python's, would run out).
    TempDir dir;
    const std::string path = dir / "j.journal";
    { Journal j(path, 1); }
    auto open_descriptors = [] {
        return std::distance(std::filesystem::directory_iterator("/proc/self/fd"), std::filesystem::directory_iterator{});
    };
    const auto before = open_descriptors();
    for (int i = 0; i < 50; ++i)
        CHECK_THROWS_WITH(Journal(path, 2), Catch::Contains("belongs to another experiment: it differs in one of the settings"));
    CHECK(open_descriptors() == before);
}
