#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include "core/error.hpp"
#include "cli/catalog.hpp"
#include "runners/experiment.hpp"
#include "results/journal.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::runners;
using namespace bobench::results;
using namespace bobench::cli;
using bobench::testing::TempDir;

namespace {
// A test input, not a mock: an objective that is NaN inside a disc and +inf on a line.
class HolesProblem final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        Evaluation e;
        e.true_value = x[0] * x[0] + x[1] * x[1];
        if (e.true_value < 0.25) e.true_value = std::nan("");
        else if (x[0] > 0.9) e.true_value = INFINITY;
        e.value = e.true_value;
        return e;
    }
    std::optional<double> optimum() const override { return 0.25; }

private:
    Space space_ = real_box({-1, -1}, {1, 1});
};

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
    plan.problems.push_back({"holes", "holes", std::make_shared<HolesProblem>()});
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
    CHECK_THROWS_WITH(Journal(path, 98), Catch::Contains("belongs to an experiment with another seed"));
}

