#pragma once
// Scale-adapted stochastic-gradient HMC (Springenberg, Klein, Falkner & Hutter 2016,
// "Bayesian optimization with robust Bayesian neural networks", NIPS, eqs. 8-10), as
// BOHAMIANN's sampler (pybnn, pybnn/sampler/adaptive_sghmc.py) runs it. Per coordinate,
// with U the negative log posterior and g_hat an unbiased estimate of dU/dtheta:
//   during burn-in (the first burn_in steps), with r = 1 / (tau + 1):
//     tau <- tau - tau g^2 / (v + eps) + 1,  g <- g - r g + r g_hat,  v <- v - r v + r g_hat^2
//   always: Minv = 1 / (sqrt(v) + eps),
//     m <- m - lr^2 Minv g_hat - mdecay m + N(0, max(1e-16, 2 lr^2 mdecay Minv - lr^4)),
//     theta <- theta + m
// starting from tau = g = v = 1, m = 0. The N(0, 1) draws come from StandardNormals
// (standard_normals.hpp), seeded by one word of rng before the first step; the target
// draws its mini-batches from rng itself. A draw is kept after step s (counted from 0)
// when s > burn_in and (s - burn_in) is a multiple of keep_every (pybnn's rule; with
// 13000 steps, 3000 burn-in and keep_every 100 that is 99 draws).
#include <functional>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::samplers {

// Writes an unbiased estimate of d log p / d q into grad (sized like q), from a
// mini-batch the callee chooses (it may draw from rng); returns the estimate of log p
// (used only to detect divergence).
using StochasticLogDensity = std::function<double(const Eigen::VectorXd& q, Eigen::VectorXd& grad, Rng& rng)>;

struct SghmcOptions {
    long steps = 13000;     // total steps, burn-in included
    long burn_in = 3000;
    long keep_every = 100;
    double learning_rate = 1e-2;
    double momentum_decay = 0.05;
    double epsilon = 1e-10;
};

void validate(const SghmcOptions& options);  // UserError naming the option

struct SghmcResult {
    Eigen::MatrixXd draws;      // dim x kept
    long steps = 0;             // steps taken
    bool diverged = false;      // a parameter or the gradient became non-finite
    long diverged_at = -1;      // the step at which it did (then draws holds those before)
};

SghmcResult adaptive_sghmc(const StochasticLogDensity& target, const Eigen::VectorXd& q0, const SghmcOptions& options,
                           Rng& rng);

}  // namespace bobench::samplers
