#pragma once
// AutoGluon's GPFIFOSearcher at its defaults (AutoGluon 0.0.15, whose
// `autogluon.searcher.GPFIFOSearcher` is the class BORE's App. I, Table 1 names for gp-bo;
// searcher/bayesopt/autogluon/searcher_factory.py, _common_defaults):
//  - Matern52 with ARD on inputs in [0,1], targets standardised (normalize_targets), a
//    constant mean learned with the hyperparameters (ScalarMeanFunction, gpmxnet/mean.py:
//    starting at the targets' mean, no bounds, Normal(0, 1) prior);
//  - hyperparameters by MAP (GpPrior::autogluon) refitted at every suggestion: opt_skip_period
//    1, so no evaluation is ever appended without a refit; fit_reset_params: each fit starts
//    again from the initial values (covariance scale 1, inverse bandwidths 1, noise 1e-3;
//    gpmxnet/constants.py), opt_nstarts 2 L-BFGS-B runs (the second perturbed by N(0, 1)),
//    opt_maxiter 50 iterations each;
//  - boxes (constants.py): covariance scale [1e-3, 1e3], inverse bandwidths [1e-4, 100]
//    (lengthscales [1e-2, 1e4]), noise variance [1e-9, 1e6];
//  - num_init_random 3 initial points, the first the space's default configuration
//    (first_is_default; ConfigSpace's default of a range is its midpoint, geometric on a log
//    scale: the centre of our encoded box); then EI: num_init_candidates 250 random
//    candidates ranked by independent Thompson samples (initial_scoring thompson_indep), the
//    best one the start of L-BFGS-B on EI (tuning_algorithms/default_algorithm.py,
//    bo_algorithm_components.py).
// Not followed (named in the specs that use it): a discrete parameter's default is the one its
// ConfigSpace declares (often the first choice), ours the middle of its encoding.
#include "optimizers/loop/model_based.hpp"
#include "surrogates/gp/gaussian_process.hpp"

namespace bobench::autogluon {

inline surrogates::GpOptions gp_options() {
    surrogates::GpOptions o;
    o.kernel = surrogates::KernelFamily::Matern52;
    o.lengthscales = surrogates::Lengthscales::Ard;
    o.prior = surrogates::GpPrior::autogluon();
    o.starts = surrogates::FitStarts::ResetThenPerturb;
    o.random_restarts = 1;
    o.max_iterations = 50;
    o.noise_variance = 1e-3;
    o.mean = surrogates::GpMean::Learned;
    o.initial_lengthscale = 1.0;  // INITIAL_INVERSE_BANDWIDTHS 1 (the covariance scale starts at 1 too)
    o.bounds.lengthscale_hi = 1e4;
    o.bounds.noise_variance_lo = 1e-9;
    o.bounds.noise_variance_hi = 1e6;
    return o;
}

inline model_based::LoopDefaults loop_defaults() {
    model_based::LoopDefaults loop;
    loop.acquisition = "ei";
    loop.maximizer = "lbfgsb";
    loop.n_init = 3;
    loop.init = "uniform";
    loop.first_point = "centre";
    loop.refit_every = 1;
    loop.random_samples = 250;
    loop.lbfgsb_starts = 1;
    loop.start_scoring = "thompson";
    return loop;
}

}  // namespace bobench::autogluon
