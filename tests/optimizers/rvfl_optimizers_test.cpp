// brvfl1..4, ervfl1..4, criterion=cl and criterion=cl-inverse through the real run loop:
// every suggestion in the space, identical traces with 1 and 2 threads, and better than
// random search (the criteria's own checks are in tests/acquisitions/).
#include <catch2/catch.hpp>

#include "analysis/summary.hpp"
#include "results/store.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;

TEST_CASE("rvfl optimizers and criterion=cl: identical traces with 1 and 2 threads", "[rvfl][cl][determinism]") {
    testing::TempDir dir;
    std::string run = "run --problem branin --problem hartmann3 --budget 12 --replicates 2 --quiet";
    for (const char* o : {"brvfl1", "brvfl2:alpha=evidence", "brvfl3", "brvfl4:alpha=evidence", "ervfl1:alpha=evidence",
                          "ervfl2", "ervfl3:alpha=evidence", "ervfl4", "gp-ei:criterion=cl,cl_steps=50",
                          "gp-ei:criterion=cl-inverse,cl_steps=50", "smac-rf:criterion=cl,cl_steps=50"})
        run += std::string(" --optimizer ") + o;
    const auto one = testing::run_cli(run + " --threads 1 --output " + (dir / "one.h5"));
    INFO(one.err);
    REQUIRE(one.status == 0);
    REQUIRE(testing::run_cli(run + " --threads 2 --output " + (dir / "two.h5")).status == 0);
    const results::Results a = results::read_results(dir / "one.h5"), b = results::read_results(dir / "two.h5");
    REQUIRE(a.runs.size() == 2 * 11 * 2);
    REQUIRE(a.runs.size() == b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) CHECK(a.runs[i].same_record(b.runs[i]));
}

TEST_CASE("brvfl2 and ervfl4 (evidence) beat random search on Branin", "[rvfl][quality]") {
    const auto rs = analysis::summarize(testing::final_regrets("branin", "random-search", 40, 8)).median;
    const auto b = analysis::summarize(testing::final_regrets("branin", "brvfl2:alpha=evidence", 40, 8)).median;
    const auto e = analysis::summarize(testing::final_regrets("branin", "ervfl4:alpha=evidence", 40, 8)).median;
    INFO("median final regret at 40 evaluations: random search " << rs << ", brvfl2 " << b << ", ervfl4 " << e);
    CHECK(b < rs / 10);
    CHECK(e < rs);
}
