// The BORE optimizers end to end: quality on Hartmann6 and behaviour on awkward input.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/statistics/mann_whitney.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "cli/catalog.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"

using namespace bobench;

TEST_CASE("bore-rf and bore-xgb beat random search on Hartmann6 at 200 evaluations", "[optimizers][bore][quality]") {
    const auto rs = testing::final_regrets("hartmann6", "random-search", 200, 10);
    for (const std::string opt : {"bore-rf", "bore-xgb"}) {
        const auto r = testing::final_regrets("hartmann6", opt, 200, 10);
        const auto test = analysis::mann_whitney_u(r, rs);
        INFO(opt << " median " << analysis::summarize(r).median << ", random search " << analysis::summarize(rs).median
                 << ", p = " << test.p_value);
        CHECK(analysis::summarize(r).median < analysis::summarize(rs).median);
        CHECK(test.p_value < 0.01);
    }
}

TEST_CASE("bore-ggn (evidence-tuned delta) beats random search on the 6-D sphere at 100 evaluations",
          "[optimizers][bore][quality]") {
    // With delta = 1 as weight decay (prior=fixed, the old default) the MAP network collapses
    // to the constant classifier, the acquisition is flat and the suggestions are random
    // (measured: median 12.5 vs random search 11); the evidence keeps the network alive.
    // Diagonal GGN only: with the full GGN the evidence removes the collapse as well, but
    // pi_bar then chases the large logit variance far from the data and the result is not
    // significantly better than random search (median 10.5; see laplace_ggn.hpp).
    const std::string sphere = "bbob:f=1,i=1,d=6";
    const auto rs = testing::final_regrets(sphere, "random-search", 100, 10);
    const auto r = testing::final_regrets(sphere, "bore-ggn:hessian=diag", 100, 10);
    const auto test = analysis::mann_whitney_u(r, rs);
    INFO("bore-ggn median " << analysis::summarize(r).median << ", random search " << analysis::summarize(rs).median
                            << ", p = " << test.p_value);
    CHECK(analysis::summarize(r).median < 0.5 * analysis::summarize(rs).median);
    CHECK(test.p_value < 0.01);
}

TEST_CASE("bore: gamma outside (0, 1) is refused", "[optimizers][bore]") {
    for (const std::string bad : {"0", "1"})  // refused when binding, before anything is built
        CHECK_THROWS_WITH(bind_optimizer(cli::optimizer_catalog(), Identifier::parse("bore-rf:gamma=" + bad)),
                          "optimizer 'bore-rf': parameter 'gamma' = '" + bad + "' is not valid; expected a number in (0, 1)");
    CHECK_THROWS_WITH(bind_optimizer(cli::optimizer_catalog(), Identifier::parse("bore-mlp:gamma=1.5")),
                      "optimizer 'bore-mlp': parameter 'gamma' = '1.5' is not valid; expected a number in (0, 1)");
}
