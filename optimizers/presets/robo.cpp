#include "optimizers/presets/robo.hpp"

#include <cmath>
#include <limits>

#include "surrogates/gp/gp_hyperparameters.hpp"

namespace bobench::robo {

surrogates::GpOptions gp_options(int dim) {
    surrogates::GpOptions o;
    o.kernel = surrogates::KernelFamily::Matern52;
    o.scale_outputs = false;
    o.prior = surrogates::GpPrior::robo_as_run(dim);
    o.bounds = {1e-30, 1e30, 1e-30, 1e30, 1e-30, 1e30};  // RoBO's box is the prior's support
    o.random_restarts = 0;
    o.max_iterations = 1000;
    // RoBO starts at amplitude 2 = D exp(theta0), lengthscales 1, noise 1e-3. For D >= 3,
    // theta0 = log(2 / D) < 0, where the amplitude prior is -inf: RoBO's MLE cannot move
    // and keeps these values for the whole run (so does ours: a start without a finite log
    // posterior is kept). For D = 2, theta0 = 0 is the support's edge; scipy's forward
    // difference (step 1e-8) sees the finite side and L-BFGS-B steps in (scipy 1.10 moves
    // theta0 to about 6e-6 on the first fit, then optimises freely), so we start 1e-8 inside.
    o.initial_params = surrogates::gp_default_params(dim, 1e-3);
    o.initial_params[0] = std::log(2.0);
    if (dim == 2) o.initial_params[0] += 1e-8;
    o.initial_params.segment(1, dim).setZero();
    return o;
}

surrogates::GpMcmcOptions gp_mcmc_options(int dim) {
    surrogates::GpMcmcOptions o;
    o.scale_outputs = false;
    o.prior = surrogates::GpPrior::robo_as_run(dim);
    o.log_bound = std::numeric_limits<double>::infinity();  // RoBO's box is the prior's support
    return o;
}

}  // namespace bobench::robo
