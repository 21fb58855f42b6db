// The GP-EI speed work (issue #39, item 3) must change no result where the arithmetic is
// unchanged: the traces below were recorded with the build before it (main at 2fd56de) and
// are compared bit for bit. They cover the type-II ML refit (warm start + restarts, ARD and
// isotropic, learned and fixed noise), refit_every (O(N^2) appends) and robo-gp's MAP fit.
//
// To record them again (only when a change of results is intended):
//   BOBENCH_RECORD_GP_TRACES=1 build/bobench_tests "gp-ei traces equal the ones recorded before the speed work"
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/catalog.hpp"
#include "core/registry.hpp"
#include "results/trace.hpp"
#include "runners/executor.hpp"
#include "runners/plan.hpp"

using namespace bobench;

namespace {

std::string hex(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a", v);
    return buf;
}

// One line per evaluation: the value and the point, as hexadecimal floats (exact).
std::string describe(const results::Trace& t) {
    std::ostringstream out;
    const std::size_t dim = t.size() == 0 ? 0 : t.x.size() / t.size();
    for (std::size_t i = 0; i < t.size(); ++i) {
        out << hex(t.value[i]);
        for (std::size_t j = 0; j < dim; ++j) out << ' ' << hex(t.x[i * dim + j]);
        out << '\n';
    }
    return out.str();
}

struct Case {
    std::string name, problem, optimizer;
    long budget;
    int replicate;
};

std::vector<Case> cases() {
    return {
        {"branin", "branin", "gp-ei", 30, 0},
        {"hartmann6", "hartmann6", "gp-ei", 30, 1},
        {"hartmann3-matern32-isotropic", "hartmann3", "gp-ei:kernel=matern32,lengthscales=isotropic", 25, 0},
        {"branin-fixed-noise-refit3", "branin", "gp-ei:learn_noise=false,refit_every=3", 30, 2},
        {"hartmann6-robo-gp", "hartmann6", "robo-gp", 25, 0},
    };
}

// One run through the run loop `bobench run` uses.
results::Trace run(const Case& c) {
    runners::Plan plan;
    plan.spec.budget = c.budget;
    const BoundProblem problem = bind_problem(cli::problem_catalog(), Identifier::parse(c.problem));
    plan.problems.push_back({c.problem, problem.id, problem.problem});
    plan.optimizers.push_back({"optimizer", bind_optimizer(cli::optimizer_catalog(), Identifier::parse(c.optimizer))});
    plan.runs.push_back({0, 0, c.replicate});
    std::atomic<bool> stop{false};
    return runners::run_one(plan, plan.runs[0], stop);
}

std::string reference_path(const std::string& name) {
    return std::string(BOBENCH_TEST_DATA_DIR) + "/gp_ei_traces/" + name + ".txt";
}

}  // namespace

TEST_CASE("gp-ei traces equal the ones recorded before the speed work", "[optimizers][gp][traces]") {
    const bool record = std::getenv("BOBENCH_RECORD_GP_TRACES") != nullptr;
    for (const Case& c : cases()) {
        INFO(c.name << ": " << c.optimizer);
        const std::string got = describe(run(c));
        CHECK(got.size() > 0);
        if (record) {
            std::ofstream(reference_path(c.name)) << got;
            continue;
        }
        std::ifstream in(reference_path(c.name));
        REQUIRE(in);
        std::stringstream want;
        want << in.rdbuf();
        CHECK(got == want.str());
    }
}
