// The ivbnn optimizer through the real run loop: identical traces with 1 and 2 threads,
// better than random search over seeds (Mann-Whitney), and its bad parameters refused.
// Training is shortened (steps, batch, critic width) to keep the test to seconds; the
// defaults' cost and quality are in docs/PERFORMANCE.md and surrogates/ivbnn/README.md.
#include <catch2/catch.hpp>

#include "analysis/statistics/mann_whitney.hpp"
#include "analysis/summary.hpp"
#include "results/store.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;

namespace {
const std::string quick = "ivbnn:steps=60,critic_iterations=2,noise_end=0.05,ensemble=10";
}

TEST_CASE("ivbnn: identical traces with 1 and 2 threads", "[ivbnn][determinism]") {
    testing::TempDir dir;
    const std::string run = "run --problem branin --problem hartmann3 --budget 8 --replicates 2 --quiet --optimizer " + quick;
    const auto one = testing::run_cli(run + " --threads 1 --output " + (dir / "one.h5"));
    INFO(one.err);
    REQUIRE(one.status == 0);
    REQUIRE(testing::run_cli(run + " --threads 2 --output " + (dir / "two.h5")).status == 0);
    const results::Results a = results::read_results(dir / "one.h5"), b = results::read_results(dir / "two.h5");
    REQUIRE(a.runs.size() == 4);
    REQUIRE(a.runs.size() == b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) CHECK(a.runs[i].same_record(b.runs[i]));
}

TEST_CASE("ivbnn beats random search on Bohachevsky", "[ivbnn][quality]") {
    const std::vector<double> rs = testing::final_regrets("bohachevsky", "random-search", 15, 8);
    const std::vector<double> iv = testing::final_regrets("bohachevsky", quick, 15, 8);
    const analysis::MannWhitneyResult mw = analysis::mann_whitney_u(iv, rs);
    INFO("median final regret at 15 evaluations: random search " << analysis::summarize(rs).median << ", ivbnn "
                                                                   << analysis::summarize(iv).median << "; p = "
                                                                   << mw.p_value);
    CHECK(mw.a_tends_lower());
    CHECK(mw.p_value < 0.05);
}

TEST_CASE("ivbnn: bad parameters are refused naming the parameter", "[ivbnn]") {
    testing::TempDir dir;
    for (const char* bad : {"ivbnn:steps=-1", "ivbnn:width_multiplier=0", "ivbnn:critic_width_cap=-2", "ivbnn:batch=0"}) {
        const auto r = testing::run_cli(std::string("run --problem branin --budget 4 --quiet --optimizer ") + bad +
                                        " --output " + (dir / "bad.h5"));
        INFO(bad << ": " << r.err);
        CHECK(r.status != 0);
        const std::string key = std::string(bad).substr(6, std::string(bad).find('=') - 6);
        CHECK(r.err.find(key) != std::string::npos);
    }
}
