// Restarts within a run (restart_on = target,revisit): the target is hit early on a
// sphere, a revisiting optimizer is restarted, the budget is always spent in full, and the
// traces are the same with any thread count and on resume.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"
#include "runners/plan.hpp"
#include "runners/restart.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using bobench::testing::TempDir;

namespace {

// Four integers 0..3 with f(x) = x: a space so small that any optimizer soon repeats itself.
class FourPoints : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override { return {x[0], x[0], 0, x[0]}; }

private:
    Space space_{{Param::integer("x", 0, 3)}};
};

// Proposes 0, 1, 2, 0, 1, 2, ...: the fourth point revisits the first.
class Cycle : public Optimizer {
public:
    Point ask(Rng&) override { return {static_cast<double>(next_++ % 3)}; }
    void tell(const Point&, double) override {}

private:
    int next_ = 0;
};

runners::ExperimentSpec sphere_spec(const std::string& output) {
    runners::ExperimentSpec spec;
    spec.problems.push_back({"sphere", Identifier::parse("bbob:f=1,i=1,d=2")});
    spec.optimizers.push_back({"rs", Identifier::parse("random-search")});
    spec.optimizers.push_back({"tpe", Identifier::parse("tpe:n_startup=3")});
    spec.budget = 40;
    spec.replicates = 3;
    spec.output = output;
    spec.restart = runners::parse_restart_on("target,revisit", "test");
    spec.restart.target = 5.0;  // f1 on [-5,5]^2 spans ~0..90: a random point gets within 5 of f* about 1 in 10
    return spec;
}

results::Results run(const runners::ExperimentSpec& spec, const ProblemRegistry& problems = cli::problem_catalog(),
                     const OptimizerRegistry& optimizers = cli::optimizer_catalog()) {
    std::atomic<bool> stop{false};
    const auto outcome = runners::run_experiment(runners::make_plan(spec, problems, optimizers), stop);
    REQUIRE(outcome.errors.empty());
    return results::read_results(spec.output);
}

}  // namespace

TEST_CASE("restart_on parses, names and refuses", "[runners][restart]") {
    CHECK(runners::restart_on_name(runners::parse_restart_on("revisit, target", "x")) == "target,revisit");
    CHECK_FALSE(runners::parse_restart_on("none", "x").active());
    CHECK_THROWS_WITH(runners::parse_restart_on("target,stall", "spec 'a.ini': experiment.restart_on"),
                      Catch::Contains("experiment.restart_on: 'stall' is not a restart condition"));
    const auto spec = runners::parse_spec("[experiment]\nrestart_target = 0.5\nrestart_on = target\n", "s");
    CHECK(spec.restart.on_target);
    CHECK(spec.restart.target == 0.5);
    CHECK(runners::parse_spec(runners::to_ini(spec), "again").restart == spec.restart);
    CHECK_THROWS_WITH(runners::parse_spec("[experiment]\nrestart_target = -1\n", "s"),
                      Catch::Contains("s: experiment.restart_target: '-1' is not a target precision"));
    // a problem without f* cannot restart on its target: refused while planning
    runners::ExperimentSpec noopt;
    noopt.optimizers.push_back({"rs", Identifier::parse("random-search")});
    noopt.restart.on_target = true;
    ProblemRegistry problems("problem");
    problems.add({"four", "0..3", {}, [](const ProblemSetup&, const Args&) { return std::make_shared<const FourPoints>(); }});
    noopt.problems = {{"four", Identifier::parse("four")}};
    CHECK_THROWS_WITH(runners::make_plan(noopt, problems, cli::optimizer_catalog()),
                      Catch::Contains("restart_on = target needs the optimum f* of every problem; problem 'four'"));
}

TEST_CASE("restart on target: a sphere's target is hit early, restarts follow each hit, the budget is spent",
          "[runners][restart]") {
    TempDir dir;
    runners::ExperimentSpec spec = sphere_spec(dir / "restart.h5");
    const results::Results r = run(spec);
    REQUIRE(r.runs.size() == 6);
    const double fopt = *r.problems[0].optimum;
    std::size_t restarted_runs = 0;
    for (const results::Trace& t : r.runs) {
        CHECK(t.size() == 40);  // every restart continues the same budget
        // a fresh optimizer starts right after every evaluation that reaches f* + 5, and
        // after a revisit (which is not evaluated): the hits are a subset of the restarts
        std::set<long> hits;
        for (std::size_t i = 0; i + 1 < t.size(); ++i)
            if (t.true_value[i] - fopt <= 5.0) hits.insert(static_cast<long>(i + 1));
        const std::vector<long> restarts = runners::restart_indices(t);
        const std::set<long> restart_set(restarts.begin(), restarts.end());
        CHECK(std::includes(restart_set.begin(), restart_set.end(), hits.begin(), hits.end()));
        CHECK(std::is_sorted(restarts.begin(), restarts.end()));
        // on a continuous box neither optimizer repeats a point: the restarts are the hits
        CHECK(restart_set == hits);
        if (!restarts.empty()) ++restarted_runs;
    }
    CHECK(restarted_runs >= 5);  // each of 40 random points hits with p ~ 0.1

    // random search keeps no state: restarting it changes nothing but the notes, which
    // shows that the run's stream goes on rather than being reseeded
    runners::ExperimentSpec plain = spec;
    plain.restart = {};
    plain.output = dir / "plain.h5";
    const results::Results p = run(plain);
    for (std::size_t k = 0; k < r.runs.size(); ++k) {
        const results::Trace& a = r.runs[k];
        const auto it = std::find_if(p.runs.begin(), p.runs.end(), [&](const results::Trace& b) { return b.key == a.key; });
        REQUIRE(it != p.runs.end());
        if (r.optimizers[static_cast<std::size_t>(a.key.optimizer)].label == "rs") {
            CHECK(a.x == it->x);
        } else if (const auto restarts = runners::restart_indices(a); !restarts.empty()) {
            // TPE restarts with a fresh random initial design: identical up to the first restart
            const std::size_t first = static_cast<std::size_t>(restarts.front());
            CHECK(std::equal(a.x.begin(), a.x.begin() + static_cast<long>(2 * first), it->x.begin()));
        }
    }
}

TEST_CASE("restart on revisit: a cycling optimizer and random search on four points", "[runners][restart]") {
    ProblemRegistry problems("problem");
    problems.add({"four", "0..3", {}, [](const ProblemSetup&, const Args&) { return std::make_shared<const FourPoints>(); }});
    OptimizerRegistry optimizers = cli::optimizer_catalog();
    optimizers.add({"cycle", "0, 1, 2, 0, ...", {}, [](const OptimizerSetup&, const Args&) {
                        return std::unique_ptr<Optimizer>(new Cycle);
                    }});
    TempDir dir;
    runners::ExperimentSpec spec;
    spec.problems.push_back({"four", Identifier::parse("four")});
    spec.optimizers.push_back({"cycle", Identifier::parse("cycle")});
    spec.optimizers.push_back({"rs", Identifier::parse("random-search")});
    spec.budget = 30;
    spec.replicates = 2;
    spec.output = dir / "revisit.h5";
    spec.restart.on_revisit = true;
    const results::Results r = run(spec, problems, optimizers);
    REQUIRE(r.runs.size() == 4);
    for (const results::Trace& t : r.runs) {
        REQUIRE(t.size() == 30);
        const std::vector<long> restarts = runners::restart_indices(t);
        if (r.optimizers[static_cast<std::size_t>(t.key.optimizer)].label == "cycle") {
            // the fourth point (0 again) is not evaluated: a fresh cycle starts at 0, so the
            // trace is 0,1,2 repeated and a restart starts every third evaluation
            for (std::size_t i = 0; i < t.size(); ++i) CHECK(t.x[i] == static_cast<double>(i % 3));
            std::vector<long> every_third;
            for (long i = 3; i < 30; i += 3) every_third.push_back(i);
            CHECK(restarts == every_third);
        } else {
            // random search on 4 points repeats itself within a few draws; between restarts
            // no point is evaluated twice, and every segment ends in a revisit (so has at most 4 points)
            REQUIRE(restarts.size() >= 7);  // at most 4 distinct points per segment: 30 / 4 -> 7 restarts
            std::vector<long> bounds{0};
            bounds.insert(bounds.end(), restarts.begin(), restarts.end());
            bounds.push_back(30);
            for (std::size_t s = 0; s + 1 < bounds.size(); ++s) {
                std::set<double> seen(t.x.begin() + bounds[s], t.x.begin() + bounds[s + 1]);
                CHECK(seen.size() == static_cast<std::size_t>(bounds[s + 1] - bounds[s]));
            }
        }
    }
}

TEST_CASE("restarts: the same traces with 1 or 2 threads and on resume and another rule is refused",
          "[runners][restart]") {
    TempDir dir;
    runners::ExperimentSpec one = sphere_spec(dir / "one.h5");
    one.threads = 1;
    const results::Results a = run(one);
    runners::ExperimentSpec two = sphere_spec(dir / "two.h5");
    two.threads = 2;
    two.replicates = 1;  // then resumed to 3
    run(two);
    two.replicates = 3;
    const results::Results b = run(two);
    REQUIRE(a.runs.size() == b.runs.size());
    for (const results::Trace& t : a.runs) {
        const auto it = std::find_if(b.runs.begin(), b.runs.end(), [&](const results::Trace& u) { return u.key == t.key; });
        REQUIRE(it != b.runs.end());
        CHECK(t.same_record(*it));
    }
    runners::ExperimentSpec other = two;
    other.restart.on_revisit = false;
    std::atomic<bool> stop{false};
    CHECK_THROWS_WITH(runners::run_experiment(runners::make_plan(other, cli::problem_catalog(), cli::optimizer_catalog()),
                                              stop),
                      Catch::Contains("holds an experiment with restart_on = target,revisit (target 5)"));
}
