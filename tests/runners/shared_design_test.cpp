// init_stream=shared: every model-based method of a run's problem and replicate starts from
// the same initial design (one reading of the DTU thesis' "the same initial design for every
// method"); init_stream=own draws it from each optimizer's stream, as before.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <vector>

#include "cli/catalog.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"
#include "runners/plan.hpp"
#include "runners/restart.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using bobench::testing::TempDir;

namespace {

constexpr long n_init = 5;

results::Results run_pair(const std::string& stream, const std::string& output) {
    runners::ExperimentSpec spec;
    spec.problems.push_back({"branin", Identifier::parse("branin")});
    for (const char* model : {"gp-ei", "smac-rf"})
        spec.optimizers.push_back(
            {model, Identifier::parse(std::string(model) + ":n_init=5,init=lhs,init_stream=" + stream)});
    spec.budget = n_init + 1;
    spec.replicates = 2;
    spec.output = output;
    std::atomic<bool> stop{false};
    const auto outcome = runners::run_experiment(
        runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog()), stop);
    REQUIRE(outcome.errors.empty());
    return results::read_results(spec.output);
}

// The initial design of the run of optimizer `label` at `replicate`: its first n_init points.
std::vector<double> design(const results::Results& r, const std::string& label, int replicate) {
    const auto info = std::find_if(r.optimizers.begin(), r.optimizers.end(),
                                   [&](const results::OptimizerInfo& i) { return i.label == label; });
    REQUIRE(info != r.optimizers.end());
    const int o = static_cast<int>(info - r.optimizers.begin());
    const auto it = std::find_if(r.runs.begin(), r.runs.end(), [&](const results::Trace& t) {
        return t.key.optimizer == o && t.key.replicate == replicate;
    });
    REQUIRE(it != r.runs.end());
    return {it->x.begin(), it->x.begin() + 2 * n_init};
}

}  // namespace

TEST_CASE("init_stream=shared: the methods of one problem and replicate start from the same points",
          "[runners][design]") {
    TempDir dir;
    const results::Results shared = run_pair("shared", dir / "shared.h5");
    const results::Results own = run_pair("own", dir / "own.h5");
    for (int rep = 0; rep < 2; ++rep) {
        INFO("replicate " << rep);
        CHECK(design(shared, "gp-ei", rep) == design(shared, "smac-rf", rep));
        CHECK(design(own, "gp-ei", rep) != design(own, "smac-rf", rep));
    }
    CHECK(design(shared, "gp-ei", 0) != design(shared, "gp-ei", 1));  // each replicate its own design
}

TEST_CASE("init_stream=shared: a restarted optimizer draws a fresh design, not the first one again",
          "[runners][design][restart]") {
    // on the sphere f1 a target of f* + 50 is hit within the first design points of most runs.
    // A restart that drew the first design again would revisit its first point, which the
    // runner then evaluates (a fresh optimizer's first point is taken as it is): a repeat
    TempDir dir;
    runners::ExperimentSpec spec;
    spec.problems.push_back({"sphere", Identifier::parse("bbob:f=1,i=1,d=2")});
    spec.optimizers.push_back({"gp", Identifier::parse("gp-ei:n_init=5,init=lhs,init_stream=shared")});
    spec.budget = 20;
    spec.replicates = 3;
    spec.output = dir / "restart.h5";
    spec.restart = runners::parse_restart_on("target,revisit", "test");
    spec.restart.target = 50.0;
    std::atomic<bool> stop{false};
    const auto outcome =
        runners::run_experiment(runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog()), stop);
    REQUIRE(outcome.errors.empty());
    const results::Results r = results::read_results(spec.output);
    std::size_t restarts = 0;
    for (const results::Trace& t : r.runs) {
        CHECK(t.size() == 20);
        restarts += runners::restart_indices(t).size();
        std::vector<std::vector<double>> points;
        for (std::size_t i = 0; i < t.size(); ++i) points.emplace_back(t.x.begin() + 2 * i, t.x.begin() + 2 * i + 2);
        std::sort(points.begin(), points.end());
        CHECK(std::adjacent_find(points.begin(), points.end()) == points.end());  // no point evaluated twice
    }
    CHECK(restarts >= 3);
}
