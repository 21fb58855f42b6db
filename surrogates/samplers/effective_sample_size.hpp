#pragma once
// Effective sample size of one chain (Geyer 1992, "Practical Markov chain Monte Carlo",
// Statist. Sci. 7: initial monotone sequence estimator): n / (1 + 2 sum_k rho_k) with the
// autocorrelations summed in adjacent pairs while the pair sums stay positive, each pair
// sum capped by the previous one. Used by the samplers' tests and diagnostics.
#include <Eigen/Core>

namespace bobench::samplers {

double effective_sample_size(const Eigen::VectorXd& chain);

}  // namespace bobench::samplers
