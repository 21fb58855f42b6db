// mixture-spn: a random sum-product network (RAT-SPN style) on (x, y) fitted by EM, its
// conditional by marginalisation, blended with a broad prior, EI.
#include "optimizers/mixture_params.hpp"
#include "surrogates/mixtures/sum_product_network.hpp"

namespace bobench {

OptimizerFactory mixture_spn_optimizer() {
    return model_based::make_factory(
        "mixture-spn", "random sum-product network on (x, y) by EM, conditional blended with a broad prior + EI",
        mixture_params::with_shared(
            {ParamSpec::integer("repetitions", 4, "random region graphs under the root", 1),
             ParamSpec::integer("depth", 2, "region splits below the root", 0),
             ParamSpec::integer("max_leaves", 4, "largest number of leaves (and sums) per region tried", 1),
             ParamSpec::integer("em_iterations", 50, "EM iterations at most", 1)},
            "joint"),
        mixture_params::loop_defaults(), [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::mixtures::SpnRegressionOptions o;
            o.max_leaves = static_cast<int>(args.integer("max_leaves"));
            o.spn.repetitions = static_cast<int>(args.integer("repetitions"));
            o.spn.depth = static_cast<int>(args.integer("depth"));
            o.spn.max_iterations = static_cast<int>(args.integer("em_iterations"));
            return std::make_unique<surrogates::mixtures::SumProductNetworkRegression>(mixture_params::options(args), o);
        });
}

}  // namespace bobench
