#pragma once
// Log marginal likelihood of a zero-mean GP on standardised outputs, and its analytic
// gradient (Rasmussen & Williams 2006, eqs. 5.8 and 5.9):
//
//   log p(y | X, theta) = -1/2 y' K^-1 y - 1/2 log|K| - N/2 log(2 pi)
//   d/d theta_j         =  1/2 tr((alpha alpha' - K^-1) dK/d theta_j),  alpha = K^-1 y
//
// with K = k(X, X) + n2 I (+ jitter when needed). Cost: the Cholesky factorisation
// (N^3/3 flops) for the value; the gradient adds K^-1 = L^-T L^-1, formed with both
// factors' triangularity (2N^3/3 flops), and O(N^2 D) for the trace terms.
// Holds its own workspace, so one object serves the thousands of evaluations of an
// optimisation or a chain without allocating; it is therefore not const and belongs
// to one thread.
#include <Eigen/Core>

#include "surrogates/gp/kernels.hpp"

namespace bobench::surrogates {

class MarginalLikelihood {
public:
    // X: N x D clean inputs, y: N standardised (or only centred) outputs.
    MarginalLikelihood(KernelFamily family, const Eigen::MatrixXd& X, const Eigen::VectorXd& y);

    int dim() const { return static_cast<int>(X_.cols()); }
    Eigen::Index size() const { return X_.rows(); }

    // theta laid out as gp_hyperparameters.hpp. Returns -inf (gradient zeros) when theta
    // has a NaN or +inf entry or K cannot be factorised even with jitter.
    double operator()(const Eigen::VectorXd& theta, Eigen::VectorXd* grad);

    // Jitter added in the last evaluation (0 when none was needed).
    double jitter() const { return jitter_; }

private:
    void invert_from_cholesky();  // Kinv_ (lower triangle) from L_, via Linv_

    KernelFamily family_;
    Eigen::MatrixXd X_;  // N x D
    Eigen::VectorXd y_;
    // workspace, lower triangles unless said otherwise
    Eigen::MatrixXd Z_;      // N x D, X_ divided by the lengthscales
    Eigen::MatrixXd R2_;     // squared scaled distances, then W .* slope for the gradient
    Eigen::MatrixXd K_;      // covariance
    Eigen::MatrixXd slope_;  // kernel profile slope per pair
    Eigen::MatrixXd L_;      // Cholesky factor
    Eigen::MatrixXd Linv_;   // L^-1
    Eigen::MatrixXd Kinv_;   // K^-1
    Eigen::VectorXd alpha_;
    Eigen::VectorXd r_;      // square roots of one column of R2_
    Eigen::VectorXd g_len_;  // lengthscale gradient sums
    double jitter_ = 0.0;
};

}  // namespace bobench::surrogates
