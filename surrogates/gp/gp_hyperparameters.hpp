#pragma once
// Layout of the GP hyperparameter vector shared by the exact GP, the marginal
// likelihood, the priors, type-II ML and MCMC. Everything is in log space:
//
//   theta = [log s2, log l_1, ..., log l_D, log n2]
//
// s2: signal variance and n2: noise variance, both in standardised output units
// (outputs are standardised to mean 0, standard deviation 1 before fitting; with
// scale_outputs = false they are only centred and s2, n2 are in raw units);
// l_i: lengthscales in unit-cube input units. n2 may be -inf: a noise-free GP.
//
// RoBO/george parameterisation, for comparison (facts file, 2.3): its vector is
// [log(c), log l_1^2, ..., log l_D^2, log n2] with amplitude D*c in raw output units;
// so theta_robo[1 + i] = 2 * theta[1 + i] and theta_robo[0] = log s2 - log D (up to the
// output scale, which RoBO does not standardise).
#include <cmath>

#include <Eigen/Core>

namespace bobench::surrogates {

inline Eigen::Index gp_num_params(int dim) { return dim + 2; }
inline Eigen::Index gp_noise_index(int dim) { return dim + 1; }

// Unit signal variance, the given lengthscale (0.5 unless said) on every axis, the given noise
// variance.
inline Eigen::VectorXd gp_default_params(int dim, double noise_variance, double lengthscale = 0.5) {
    Eigen::VectorXd theta(gp_num_params(dim));
    theta[0] = 0.0;
    theta.segment(1, dim).setConstant(std::log(lengthscale));
    theta[gp_noise_index(dim)] = std::log(noise_variance);
    return theta;
}

}  // namespace bobench::surrogates
