// mixture-spn: a random sum-product network (RAT-SPN style, Gaussian leaves) on (x, y)
// fitted by EM, its conditional by marginalisation, blended with a broad prior, EI.
#include "optimizers/mixture_params.hpp"
#include "surrogates/mixtures/sum_product_network.hpp"

namespace bobench {

OptimizerFactory mixture_spn_optimizer() {
    return mixture_params::factory(
        "mixture-spn", "random sum-product network on (x, y) by EM, its conditional p(y|x) + EI",
        {ParamSpec::integer("repetitions", 4, "random region graphs under the root", 1),
         ParamSpec::integer("depth", 1, "region splits below the root", 0),
         ParamSpec::boolean("full_covariance", true,
                            "leaves: Gaussians with a full covariance over their region's variables, or factorised"),
         ParamSpec::integer("max_leaves", 4, "leaves (and sums) per region, at most the rows", 1),
         ParamSpec::choice("leaves", "most", {"most", "cv"},
                           "most: max_leaves; cv: 1 .. max_leaves by cross-validated log-likelihood (the thesis')"),
         ParamSpec::integer("em_iterations", 50, "EM iterations at most", 1)},
        "joint", [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::mixtures::SpnRegressionOptions o;
            o.max_leaves = static_cast<int>(args.integer("max_leaves"));
            o.leaves_by_cv = args.text("leaves") == "cv";
            o.spn.repetitions = static_cast<int>(args.integer("repetitions"));
            o.spn.depth = static_cast<int>(args.integer("depth"));
            o.spn.full_covariance = args.boolean("full_covariance");
            o.spn.max_iterations = static_cast<int>(args.integer("em_iterations"));
            return std::make_unique<surrogates::mixtures::SumProductNetworkRegression>(mixture_params::options(args), o);
        });
}

}  // namespace bobench
