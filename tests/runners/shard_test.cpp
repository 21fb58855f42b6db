// Shards of a plan: a deterministic, cost-balanced partition; longest-first ordering.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "runners/plan.hpp"

using namespace bobench;
using namespace bobench::runners;

namespace {
ExperimentSpec mixed_spec() {
    ExperimentSpec spec;
    spec.budget = 40;
    spec.replicates = 7;
    for (const char* p : {"branin", "levy:d=5", "hartmann6"}) spec.problems.push_back({"", Identifier::parse(p)});
    for (const char* o : {"random-search", "de", "gp-ei", "tpe"}) spec.optimizers.push_back({"", Identifier::parse(o)});
    return spec;
}
}  // namespace

TEST_CASE("shards: K/N parsing and the shard file names", "[runners][shard]") {
    CHECK(parse_shard("2/5").index == 2);
    CHECK(parse_shard("2/5").count == 5);
    for (const char* bad : {"3/2", "0/0", "0/3", "1/0", "-1/2", "1", "a/b", "1/2x", ""})
        CHECK_THROWS_WITH(parse_shard(bad), Catch::Contains("is not valid; expected K/N with 1 <= K <= N"));
    CHECK(shard_output("out/x.h5", {2, 4}) == "out/x.shard-2-of-4.h5");
    CHECK(shard_output("x", {1, 1}) == "x.shard-1-of-1.h5");
}

TEST_CASE("shards: every run in exactly one shard, balanced by expected cost, the same every time",
          "[runners][shard]") {
    const ExperimentSpec spec = mixed_spec();
    const Plan whole = make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    REQUIRE(whole.runs.size() == 3 * 4 * 7);
    for (int n : {1, 2, 5, 13}) {
        std::vector<results::RunKey> all;
        std::vector<double> loads;
        double largest = 0;
        for (int k = 1; k <= n; ++k) {
            ExperimentSpec s = spec;
            s.shard = {k, n};
            const Plan part = make_plan(s, cli::problem_catalog(), cli::optimizer_catalog());
            CHECK(part.whole_plan_runs == whole.runs.size());
            CHECK(part.runs == shard_runs(whole, whole.runs, {k, n}));  // reproducible
            CHECK(std::is_sorted(part.runs.begin(), part.runs.end()));
            double load = 0;
            for (const auto& key : part.runs) {
                load += expected_cost(whole, key);
                largest = std::max(largest, expected_cost(whole, key));
            }
            loads.push_back(load);
            all.insert(all.end(), part.runs.begin(), part.runs.end());
        }
        std::sort(all.begin(), all.end());
        CHECK(all == whole.runs);  // a partition: nothing lost, nothing twice
        // greedy longest-first dealing: no shard exceeds another by more than one run
        const auto [lo, hi] = std::minmax_element(loads.begin(), loads.end());
        CHECK(*hi - *lo <= largest);
    }
}

TEST_CASE("shards: runs start longest expected first, model-based before model-free", "[runners][shard]") {
    const Plan plan = make_plan(mixed_spec(), cli::problem_catalog(), cli::optimizer_catalog());
    const auto order = longest_first(plan, plan.runs);
    REQUIRE(order.size() == plan.runs.size());
    for (std::size_t i = 1; i < order.size(); ++i) CHECK(expected_cost(plan, order[i - 1]) >= expected_cost(plan, order[i]));
    const auto& first = plan.optimizers[static_cast<std::size_t>(order.front().optimizer)].label;
    const auto& last = plan.optimizers[static_cast<std::size_t>(order.back().optimizer)].label;
    CHECK((first == "gp-ei" || first == "tpe"));
    CHECK((last == "random-search" || last == "de"));
    // hartmann6 (6 dimensions) before branin (2) for the same optimizer
    CHECK(plan.problems[static_cast<std::size_t>(order.front().problem)].label == "hartmann6");
}
