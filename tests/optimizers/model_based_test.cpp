// The model-based optimizers (gp-ei, gp-mcmc, smac-rf): quality over seeds and behaviour
// on awkward data, through the real run loop.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "analysis/statistics/mann_whitney.hpp"
#include "analysis/summary.hpp"
#include "cli/catalog.hpp"
#include "runners/executor.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/function_problem.hpp"

using namespace bobench;

TEST_CASE("gp-ei: Branin to median regret below 1e-3 in 60 evaluations", "[optimizers][gp][quality]") {
    const auto r = testing::final_regrets("branin", "gp-ei", 60, 20);
    const double median = analysis::summarize(r).median;
    INFO("median final regret over 20 seeds: " << median);
    CHECK(median < 1e-3);
}

TEST_CASE("gp-ei: Hartmann6 to median regret below 0.1 in 100 evaluations", "[optimizers][gp][quality]") {
    const auto r = testing::final_regrets("hartmann6", "gp-ei", 100, 20);
    const double median = analysis::summarize(r).median;
    INFO("median final regret over 20 seeds: " << median);
    CHECK(median < 0.1);
}

TEST_CASE("smac-rf: clearly beats random search on Hartmann6 at 200 evaluations", "[optimizers][smac][quality]") {
    const auto smac = testing::final_regrets("hartmann6", "smac-rf", 200, 20);
    const auto rs = testing::final_regrets("hartmann6", "random-search", 200, 20);
    const auto test = analysis::mann_whitney_u(smac, rs);
    INFO("medians: smac-rf " << analysis::summarize(smac).median << ", random search "
                             << analysis::summarize(rs).median << ", p = " << test.p_value);
    CHECK(analysis::summarize(smac).median < analysis::summarize(rs).median);
    CHECK(test.p_value < 0.01);
}

TEST_CASE("gp-mcmc: improves on random search on Branin", "[optimizers][gp][quality]") {
    // short chains keep the test quick; the defaults are RoBO's (chain 200, burn-in 100)
    const auto mcmc = testing::final_regrets("branin", "gp-mcmc:chain_length=20,burn_in=20", 30, 8);
    const auto rs = testing::final_regrets("branin", "random-search", 30, 8);
    CHECK(analysis::summarize(mcmc).median < 0.5 * analysis::summarize(rs).median);
}

namespace {
// An objective with a NaN column on a small grid of integers, where repeated points are
// unavoidable.
std::shared_ptr<const Problem> grid_problem() {
    return testing::function_problem(
        Space({Param::integer("a", 0, 3), Param::integer("b", 0, 2)}),
        [](const Point& x) { return x[0] == 1 ? std::nan("") : (x[0] - 2) * (x[0] - 2) + x[1]; }, 0.0);
}
}  // namespace

TEST_CASE("gp-ei: a singular kernel matrix is repaired by jitter and the trace says so", "[optimizers][gp]") {
    // 12 points of a 4 x 3 grid, 20 evaluations: repeats; without noise K is singular
    const results::Trace t =
        testing::run_single(grid_problem(), "gp-ei:learn_noise=false,noise=0,n_init=3", 20);
    REQUIRE(t.size() == 20);
    REQUIRE_FALSE(t.notes.empty());
    const auto notes = nlohmann::json::parse(t.notes);
    CHECK(std::stoi(notes.at("jitter_fits").get<std::string>()) > 0);
    CHECK(std::stod(notes.at("max_jitter").get<std::string>()) > 0);
}

namespace {
// f(a) = a on the integers 0..9: once 0 is found, the GP's mean is lowest at that observed
// point, so a mean-minimising loop suggests it again and again.
std::shared_ptr<const Problem> line_problem() {
    return testing::function_problem(Space({Param::integer("a", 0, 9)}), [](const Point& x) { return x[0]; }, 0.0);
}

std::size_t distinct_points(const results::Trace& t) {
    std::set<double> seen;
    for (double a : t.x) seen.insert(a);  // one coordinate per point
    return seen.size();
}
}  // namespace

TEST_CASE("on_repeat: a repeated suggestion is replaced by an unseen point, or evaluated again as RoBO does",
          "[optimizers][model-based]") {
    const auto problem = line_problem();
    const std::string base = "gp-ei:acquisition=lcb,kappa=0,maximizer=local,n_init=1";
    std::size_t repeating_runs = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const results::Trace replace = testing::run_single(problem, base, 10, static_cast<int>(seed));
        const results::Trace evaluate = testing::run_single(problem, base + ",on_repeat=evaluate", 10, static_cast<int>(seed));
        INFO("seed " << seed);
        CHECK(distinct_points(replace) == 10);  // the ten integers, each once
        repeating_runs += distinct_points(evaluate) < 10;
    }
    CHECK(repeating_runs >= 4);
}
