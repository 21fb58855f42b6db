// smac-rf: the SMAC recipe (Hutter et al. 2011) with RoBO's random-forest settings
// (facts file 2.6: 30 trees, bootstrap, every feature at every split, mean and variance by
// the law of total variance): expected improvement maximised by local search from the
// best observed points and random samples, every second suggestion uniformly random.
// robo-rf: the same forest in RoBO's fmin loop (model_type="rf", optimizers/presets/robo.hpp):
// log-EI by random sampling, no interleaving. RoBO's forest (robo/models/random_forest.py
// over pyrfr) works on raw inputs; ours on the unit cube, which draws the same trees
// (split values are uniform between neighbours, so they scale with the inputs).
#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/robo.hpp"
#include "surrogates/trees/regression_forest.hpp"

namespace bobench {

namespace {

OptimizerFactory forest_factory(std::string name, std::string description, const model_based::LoopDefaults& loop) {
    return model_based::make_factory(
        std::move(name), std::move(description),
        {ParamSpec::integer("trees", 30, "trees in the forest", 1),
         ParamSpec::integer("max_features", 0, "features tried per split; 0: all", 0)},
        loop, [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::RegressionForestOptions o;
            o.num_trees = static_cast<int>(args.integer("trees"));
            o.max_features = static_cast<int>(args.integer("max_features"));
            return std::make_unique<surrogates::RegressionForest>(o);
        });
}

}  // namespace

OptimizerFactory smac_rf_optimizer() {
    model_based::LoopDefaults loop;
    loop.acquisition = "ei";
    loop.maximizer = "local";
    loop.n_init = 10;
    loop.random_interleave = 2;
    return forest_factory("smac-rf", "SMAC-style random forest + EI by local search, interleaved random points", loop);
}

OptimizerFactory robo_rf_optimizer() {
    return forest_factory("robo-rf", "RoBO's random forest as the thesis ran it: 30 bootstrapped trees + log-EI",
                          robo::loop_defaults());
}

}  // namespace bobench
