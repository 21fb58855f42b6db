// mixture-kde: kernel-estimator regression (product Gaussian kernels over (x, y),
// bandwidths by cross-validated log-likelihood), blended with a broad prior, EI.
#include "optimizers/mixture_params.hpp"
#include "surrogates/mixtures/kernel_density.hpp"

namespace bobench {

OptimizerFactory mixture_kde_optimizer() {
    return model_based::make_factory(
        "mixture-kde", "kernel density of (x, y), its conditional p(y|x) + EI",
        mixture_params::with_shared({}, "conditional"), mixture_params::loop_defaults(),
        [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            return std::make_unique<surrogates::mixtures::KernelDensityRegression>(mixture_params::options(args));
        });
}

}  // namespace bobench
