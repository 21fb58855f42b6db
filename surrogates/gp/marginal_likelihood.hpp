#pragma once
// Log marginal likelihood of a GP with a constant prior mean m (0 unless set) on
// standardised outputs, and its analytic gradient (Rasmussen & Williams 2006, eqs. 5.8 and
// 5.9), with r = y - m:
//
//   log p(y | X, theta, m) = -1/2 r' K^-1 r - 1/2 log|K| - N/2 log(2 pi)
//   d/d theta_j            =  1/2 tr((alpha alpha' - K^-1) dK/d theta_j),  alpha = K^-1 r
//   d/d m                  =  1' alpha
//
// With the mean profiled (set_gls_mean), every evaluation takes the m that maximises it at
// theta, the generalised least squares mean m = 1' K^-1 y / 1' K^-1 1 (the legacy scikit-learn
// GaussianProcess' constant regression); d/d m = 0 there, so the theta gradient keeps its form.
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

    // The constant prior mean m, in the outputs' units, for the evaluations that follow.
    void set_constant_mean(double m) {
        gls_mean_ = false;
        y_ = y_data_.array() - m;
    }
    // The generalised least squares mean at each evaluation's theta, from now on.
    void set_gls_mean() { gls_mean_ = true; }
    // d/d m of the last finite evaluation.
    double mean_gradient() const { return alpha_.sum(); }

    // Jitter added in the last evaluation (0 when none was needed).
    double jitter() const { return jitter_; }

private:
    void invert_from_cholesky();  // Kinv_ (lower triangle) from L_, via Linv_

    KernelFamily family_;
    Eigen::MatrixXd X_;  // N x D
    Eigen::VectorXd y_data_;
    Eigen::VectorXd y_;  // y_data_ less the constant mean
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
    bool gls_mean_ = false;
};

}  // namespace bobench::surrogates
