// The Bayesian-network optimizers (sbnn, hbnn, nuts-bnn, bohamiann, dngo, elm) through
// the real run loop, with reduced sampler budgets so the file runs in seconds: a
// statistical edge over random search on Branin, and refused bad parameters (determinism,
// bounds and failed evaluations: tests/optimizers/every_optimizer_test.cpp). The full-budget comparison (200
// evaluations, Aryan's protocol) is a benchmark run, see docs/PERFORMANCE.md.
#include <catch2/catch.hpp>

#include "analysis/statistics/mann_whitney.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "cli/catalog.hpp"
#include "results/store.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;

TEST_CASE("bnn optimizers: beat random search on Branin with a small budget", "[optimizers][bnn][quality]") {
    // 20 evaluations, 20 seeds, cheap sampler settings: dngo must be significantly better
    // than random search (Mann-Whitney), the sampled networks at least better in median.
    // (10 seeds were too few for sbnn: its median over seeds 1-10 moved from 0.95 to 1.37,
    // against random search's 1.15, when ties of its acquisition began to be broken at
    // random; over 40 seeds it is 1.07 against 1.52.)
    // (elm is left to the benchmark run: at 20 points its U[-10, 10] features make the
    // members disagree almost everywhere and EI explores like random search.)
    const auto rs = testing::final_regrets("branin", "random-search", 20, 20);
    const double rs_median = analysis::summarize(rs).median;
    for (const char* o : {"dngo:epochs=50", "sbnn:iterations=100,warmup=60,max_depth=6",
                          "bohamiann:units=20,burn_in_per_point=20,sample_steps=1000,keep_every=20"}) {
        const auto r = testing::final_regrets("branin", o, 20, 20);
        const auto test = analysis::mann_whitney_u(r, rs);
        INFO(o << ": median " << analysis::summarize(r).median << " vs random search " << rs_median << ", p = "
               << test.p_value);
        CHECK(analysis::summarize(r).median < rs_median);
        if (std::string(o).rfind("dngo", 0) == 0) CHECK(test.p_value < 0.05);
    }
}

TEST_CASE("bnn optimizers: bad parameters are refused with the culprit named", "[optimizers][bnn]") {
    const auto& catalog = cli::optimizer_catalog();
    auto make = [&](const std::string& id) {
        const BoundOptimizer b = bind_optimizer(catalog, Identifier::parse(id));
        const Space space{{Param::real("x", 0, 1), Param::real("y", 0, 1)}};
        return b.make({space, 10});
    };
    CHECK_THROWS_WITH(make("sbnn:units=0"), Catch::Contains("units"));
    CHECK_THROWS_WITH(make("hbnn:activation=softmax"), Catch::Contains("softmax"));
    CHECK_THROWS_WITH(make("elm:members=-1"), Catch::Contains("members"));
    CHECK_THROWS_WITH(make("bohamiann:sample_steps=-5"), Catch::Contains("sample_steps"));
    CHECK_THROWS_WITH(make("sbnn:iterations=100,warmup=100"), Catch::Contains("warmup = 100 must be below"));
    CHECK_THROWS_WITH(make("gp-ei:acquisition=empirical-ei"), Catch::Contains("needs a model with sampled functions"));
    CHECK_NOTHROW(make("elm:acquisition=empirical-ei"));
}

TEST_CASE("sbnn, nuts-bnn, bohamiann: the readings' options reach the network (scaling, EI variance, priors)",
          "[optimizers][bnn]") {
    // Aryan ch. 3 and the DTU thesis leave these open: each reading must change what the
    // network suggests
    const Space space{{Param::real("x", -5, 10), Param::real("y", 0, 15)}};
    auto suggestions = [&](const std::string& options) {
        auto opt = bind_optimizer(cli::optimizer_catalog(), Identifier::parse(options)).make({space, 5});
        Rng rng(11);
        std::vector<Point> xs;
        for (int i = 0; i < 5; ++i) {
            xs.push_back(opt->ask(rng));
            opt->tell(xs.back(), 100 + 50 * xs.back()[0] + xs.back()[1] * xs.back()[1]);
        }
        return xs;
    };
    auto check_differs = [&](const std::string& base, const std::string& reading) {
        const auto ours = suggestions(base), other = suggestions(base + reading);
        INFO(base << reading);
        for (int i = 0; i < 3; ++i) CHECK(ours[i] == other[i]);  // the same initial design
        CHECK((ours[3] != other[3] || ours[4] != other[4]));
    };
    for (const std::string base : {"sbnn:iterations=40,warmup=20,n_init=3",
                                   "nuts-bnn:layers=1,units=8,iterations=40,warmup=20,n_init=3"})
        for (const char* reading : {",inputs=standardised", ",inputs=first", ",standardise=none", ",bias_sd=2",
                                    ",noise_prior=invgamma-sigma,noise_rate=1",
                                    ",noise_prior=invgamma-variance,noise_rate=1"})
            check_differs(base, reading);
    check_differs("nuts-bnn:layers=1,units=8,iterations=40,warmup=20,n_init=3", ",chains=2");
    // bohamiann: pybnn's normalisation at every fit, or the DTU thesis' once (§5.1.1)
    for (const char* reading : {",inputs=first,standardise=first", ",inputs=unit", ",standardise=none"})
        check_differs("bohamiann:units=10,burn_in=50,sample_steps=200,keep_every=20,n_init=3", reading);
    // the noise variance in EI's: at sbnn's stated prior (mean sd 0.01 of the outputs' sd) it
    // moves no suggestion here, so the noise prior is made wide (mean sd 10)
    check_differs("sbnn:iterations=40,warmup=20,n_init=3,noise_rate=0.2", ",variance=predictive");
}
