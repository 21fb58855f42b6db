// mixture-gmr: Gaussian-mixture regression (full-covariance mixture on (x, y) by EM, as
// many components as the rows support or their number by cross-validated log-likelihood),
// blended with a broad prior, EI.
// The DTU thesis' "EM mixture" (BO_em) is this model (surrogates/mixtures/README.md).
// components=cv also chooses the prior weight w (a_x = N p(x) / (N p(x) + w)) from
// kPriorWeights, the thesis' BO_em setting "tuning number of components and prior weight"
// (the grid is ours: the thesis gives none); prior_weight_cv=false keeps w = prior_weight.
#include <vector>

#include "optimizers/mixture_params.hpp"
#include "surrogates/mixtures/gaussian_mixture.hpp"

namespace bobench {

namespace {
// Geometric around the thesis' w = 1: from nearly no blending inside the data to a prior
// worth ten observations.
const std::vector<double> kPriorWeights = {0.1, 0.3, 1.0, 3.0, 10.0};
}  // namespace

OptimizerFactory mixture_gmr_optimizer() {
    return mixture_params::factory(
        "mixture-gmr", "Gaussian-mixture regression (EM) on (x, y) + EI (the thesis' BO_em)",
        {ParamSpec::integer("max_components", 16, "largest number of mixture components", 1),
         ParamSpec::integer("min_rows", 3, "rows per component at least (fewer rows: fewer components)", 1),
         ParamSpec::choice("components", "most", {"most", "cv"},
                           "most: the largest number the rows allow; cv: 1 .. that by cross-validated "
                           "log-likelihood (the thesis')"),
         ParamSpec::integer("restarts", 3, "EM runs from k-means++ starts; the best is kept", 1),
         ParamSpec::real("reg_covar", 1e-3, "covariance regularisation r (S = (scatter + Lambda) / (n_k + 1))", 1e-12),
         ParamSpec::boolean("scaled_prior", true,
                            "Lambda = r + the data's variance / K^(2/p) per coordinate (Fraley & Raftery 2007); "
                            "false: r I"),
         ParamSpec::boolean("prior_weight_cv", true,
                            "with components=cv, choose the prior weight too, from 0.1, 0.3, 1, 3, 10 (ours)")},
        "joint", [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::mixtures::GmrOptions o;
            o.max_components = static_cast<int>(args.integer("max_components"));
            o.min_rows_per_component = static_cast<int>(args.integer("min_rows"));
            o.em.restarts = static_cast<int>(args.integer("restarts"));
            o.em.reg_covar = args.real("reg_covar");
            o.em.data_scaled_prior = args.boolean("scaled_prior");
            o.components_by_cv = args.text("components") == "cv";
            surrogates::mixtures::MixtureRegressionOptions m = mixture_params::options(args);
            if (o.components_by_cv && args.boolean("prior_weight_cv")) m.prior_weight_grid = kPriorWeights;
            return std::make_unique<surrogates::mixtures::GaussianMixtureRegression>(m, o);
        });
}

}  // namespace bobench
