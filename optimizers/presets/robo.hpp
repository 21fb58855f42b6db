#pragma once
// The loop of RoBO's `fmin.bayesian_optimization` (automl/RoBO at 91366b1,
// robo/fmin/bayesian_optimization.py and robo/solver/bayesian_optimization.py), shared by
// the robo-* optimizers that run RoBO's model types as RoBO ran them (Aryan 2020's
// GP, GP_mcmc and Random Forest baselines; docs/ROBO_PRESETS.md lists every setting):
//  - acquisition log_ei with par 0 around the best observed value; for gp_mcmc the
//    average of the members' log-EI (robo/acquisition_functions/marginalization.py);
//  - maximizer RandomSampling: 500 points, int(0.7 * 500) uniform in the box, then
//    int(0.3 * 500) from N(incumbent, 0.1^2) in the problem's own units, clipped
//    (robo/maximizers/random_sampling.py);
//  - initial design: a Latin hypercube of n_init = 3 points
//    (robo/initial_design/init_latin_hypercube_sampling.py); the thesis ran n_init = 2;
//  - the model is retrained with hyperparameter optimisation or sampling at every step;
//  - a suggestion already evaluated is evaluated again: the solver appends whatever the
//    maximizer returns (on_repeat = evaluate).
#include "optimizers/loop/model_based.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "surrogates/gp/gaussian_process_mcmc.hpp"

namespace bobench::robo {

// RoBO's GaussianProcess (robo/models/gaussian_process.py) with fmin's kernel
// 2 * Matern52(metric = ones) (george) on inputs scaled to [0,1]: raw outputs around the
// constant mean mean(y), DefaultPrior as coded, noise 1e-3 to start, one L-BFGS-B run per
// fit from the previous optimum. See robo.cpp for what the amplitude quirk does to it.
surrogates::GpOptions gp_options(int dim);

// RoBO's GaussianProcessMCMC as fmin builds it (robo/models/gaussian_process_mcmc.py):
// GpMcmcOptions' schedule (walkers 3 (D + 1) rounded up to even, burn-in 100, chain 200)
// with raw outputs and DefaultPrior as coded, RoBO's box included.
surrogates::GpMcmcOptions gp_mcmc_options(int dim);

inline model_based::LoopDefaults loop_defaults() {
    model_based::LoopDefaults loop;
    loop.acquisition = "logei";
    loop.maximizer = "random";
    loop.n_init = 3;
    loop.init = "lhs";
    loop.random_samples = 500;
    loop.random_local_fraction = 0.3;
    loop.random_local_units = "native";
    loop.on_repeat = "evaluate";
    return loop;
}

}  // namespace bobench::robo
