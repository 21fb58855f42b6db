// autogluon-gp (optimizers/presets/autogluon.hpp): AutoGluon 0.0.15's GPFIFOSearcher defaults
// reach the loop and the GP, and its own parameters are wired.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "cli/catalog.hpp"
#include "core/registry.hpp"
#include "core/space.hpp"
#include "optimizers/catalog.hpp"
#include "optimizers/presets/autogluon.hpp"

using namespace bobench;

TEST_CASE("autogluon-gp binds GPFIFOSearcher's defaults", "[autogluon][gp]") {
    OptimizerRegistry registry("optimizer");
    register_optimizers(registry);
    const BoundOptimizer b = bind_optimizer(registry, Identifier::parse("autogluon-gp"));
    // searcher_factory.py _common_defaults: num_init_random 3, num_init_candidates 250,
    // opt_nstarts 2, opt_maxiter 50; constants.py: INITIAL_NOISE_VARIANCE 1e-3
    CHECK(b.args.integer("n_init") == 3);
    CHECK(b.args.text("init") == "uniform");
    CHECK(b.args.integer("random_samples") == 250);
    CHECK(b.args.integer("lbfgsb_starts") == 1);
    CHECK(b.args.text("maximizer") == "lbfgsb");
    CHECK(b.args.text("acquisition") == "ei");
    CHECK(b.args.integer("refit_every") == 1);
    CHECK(b.args.text("start_scoring") == "thompson");  // initial_scoring thompson_indep
    CHECK(b.args.integer("hyper_restarts") == 1);
    CHECK(b.args.integer("hyper_iterations") == 50);
    CHECK(b.args.text("hyper_starts") == "reset");
    CHECK(b.args.text("hyper_prior") == "autogluon");
    CHECK(b.args.real("noise") == 1e-3);
    CHECK(b.args.text("kernel") == "matern52");
    CHECK(b.args.text("lengthscales") == "ard");
    CHECK(b.args.text("mean") == "learned");  // gpmxnet/mean.py: ScalarMeanFunction, N(0, 1)
    CHECK(b.args.text("standardise") == "every");

    const surrogates::GpOptions o = autogluon::gp_options();
    CHECK(o.bounds.lengthscale_lo == 1e-2);  // inverse bandwidths [1e-4, 100]
    CHECK(o.bounds.lengthscale_hi == 1e4);
    CHECK(o.bounds.signal_variance_lo == 1e-3);
    CHECK(o.bounds.signal_variance_hi == 1e3);
    CHECK(o.bounds.noise_variance_lo == 1e-9);
    CHECK(o.bounds.noise_variance_hi == 1e6);
    const Eigen::VectorXd theta = surrogates::GaussianProcess(4, o).params();  // before any fit
    CHECK(theta.head(5).isZero());  // covariance scale 1, inverse bandwidths 1
    CHECK(theta[5] == std::log(1e-3));
}

TEST_CASE("gp-ei keeps its own fit by default", "[autogluon][gp]") {
    OptimizerRegistry registry("optimizer");
    register_optimizers(registry);
    const BoundOptimizer g = bind_optimizer(registry, Identifier::parse("gp-ei"));
    CHECK(g.args.text("hyper_starts") == "warm");
    CHECK(g.args.text("hyper_prior") == "flat");
    CHECK(g.args.integer("hyper_restarts") == 2);
    CHECK(g.args.integer("hyper_iterations") == 100);
    CHECK(g.args.real("noise") == 1e-6);
    CHECK(g.args.text("start_scoring") == "acquisition");
    CHECK(g.args.text("mean") == "zero");
    CHECK(g.args.text("standardise") == "every");
}

TEST_CASE("autogluon-gp: its first point is the space's centre, and each fit option changes its points",
          "[autogluon][gp]") {
    const Space space{{Param::real("x", -5, 10), Param::real("lr", 1e-4, 1.0, true), Param::integer("n", 1, 11)}};
    auto suggestions = [&](const std::string& options) {
        auto opt = bind_optimizer(cli::optimizer_catalog(), Identifier::parse("autogluon-gp" + options)).make({space, 5});
        Rng rng(17);
        std::vector<Point> xs;
        for (int i = 0; i < 7; ++i) {
            xs.push_back(opt->ask(rng));
            const double lr = std::log10(xs.back()[1]) + 2.5;
            opt->tell(xs.back(), (xs.back()[0] - 1) * (xs.back()[0] - 1) + lr * lr + 0.1 * xs.back()[2]);
        }
        return xs;
    };
    const std::vector<Point> ours = suggestions("");
    // first_is_default: ConfigSpace's default of a range is its midpoint, geometric on a log scale
    CHECK(ours[0][0] == Approx(2.5));
    CHECK(ours[0][1] == Approx(1e-2));
    CHECK(ours[0][2] == 6);
    CHECK(suggestions(":first_point=design")[0] != ours[0]);
    CHECK(suggestions("") == ours);
    for (const char* option : {":hyper_starts=warm", ":hyper_prior=flat", ":start_scoring=acquisition",
                               ":hyper_iterations=3", ":learn_signal=false", ":mean=zero", ":standardise=first"}) {
        INFO(option);
        const std::vector<Point> other = suggestions(option);
        CHECK(std::vector<Point>(other.begin(), other.begin() + 3) ==
              std::vector<Point>(ours.begin(), ours.begin() + 3));  // the initial design
        CHECK(other != ours);
    }
}
