// mixture-gmr: Gaussian-mixture regression (full-covariance mixture on (x, y) by EM,
// number of components by cross-validated log-likelihood) blended with a broad prior, EI.
// The DTU thesis' "EM mixture" (BO_em) is this model (surrogates/mixtures/README.md).
#include "optimizers/mixture_params.hpp"
#include "surrogates/mixtures/gaussian_mixture.hpp"

namespace bobench {

OptimizerFactory mixture_gmr_optimizer() {
    return model_based::make_factory(
        "mixture-gmr", "Gaussian-mixture regression (EM) blended with a broad prior + EI (the thesis' BO_em)",
        mixture_params::with_shared(
            {ParamSpec::integer("max_components", 4, "largest number of mixture components tried", 1),
             ParamSpec::integer("min_rows", 3, "training rows per component at least (fewer: fewer components)", 1),
             ParamSpec::integer("restarts", 3, "EM runs from k-means++ starts; the best is kept", 1),
             ParamSpec::real("reg_covar", 1e-3, "covariance regularisation r (S = (scatter + r I) / (n_k + 1))", 1e-12)},
            "joint"),
        mixture_params::loop_defaults(), [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::mixtures::GmrOptions o;
            o.max_components = static_cast<int>(args.integer("max_components"));
            o.min_rows_per_component = static_cast<int>(args.integer("min_rows"));
            o.em.restarts = static_cast<int>(args.integer("restarts"));
            o.em.reg_covar = args.real("reg_covar");
            return std::make_unique<surrogates::mixtures::GaussianMixtureRegression>(mixture_params::options(args), o);
        });
}

}  // namespace bobench
