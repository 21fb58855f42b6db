// mixture-kde: kernel-estimator regression (product Gaussian kernels over (x, y),
// bandwidths by cross-validated log-likelihood), blended with a broad prior, EI.
#include "optimizers/mixture_params.hpp"
#include "surrogates/mixtures/kernel_density.hpp"

namespace bobench {

OptimizerFactory mixture_kde_optimizer() {
    return mixture_params::factory(
        "mixture-kde", "kernel density of (x, y), its conditional p(y|x) + EI", {}, "conditional",
        [](int, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            return std::make_unique<surrogates::mixtures::KernelDensityRegression>(mixture_params::options(args));
        });
}

}  // namespace bobench
