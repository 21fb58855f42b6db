#pragma once
// Bayesian linear regression t = Phi w + e, prior w ~ N(0, alpha^-1 I), noise
// e ~ N(0, beta^-1 I) (Bishop, PRML 2006, §3.3), with alpha and beta either fixed or set
// by the evidence approximation: MacKay's fixed-point iteration (PRML §3.5.2, eqs.
// 3.91-3.95; Aryan 2020, eqs. 4.8-4.9)
//
//   gamma = sum_i beta l_i / (alpha + beta l_i),  alpha = gamma / |m|^2,
//   beta  = (N - gamma) / |t - Phi m|^2,
//
// where l_i are the eigenvalues of Phi^T Phi and m the posterior mean.
//
// Everything runs on the spectral form of the posterior precision
// A = alpha I + beta Phi^T Phi = V diag(alpha + beta l) V^T + alpha (I - V V^T), with V the
// right singular vectors of Phi for its r = rank(Phi) non-negligible singular values. They
// come from the eigenvectors of the smaller Gram matrix (Phi Phi^T when N <= M), so a fit
// costs O(min(N, M)^2 max(N, M)) and a predictive variance O(M r). Singular directions
// (duplicate points, dead relu units, N < M) are simply absent from V: the posterior there
// is the prior, which is exact, not a fallback.
#include <Eigen/Core>

namespace bobench::surrogates::rvfl {

struct BlrOptions {
    bool evidence = false;  // false: keep alpha, beta; true: they are the iteration's start
    bool tune_beta = true;  // with evidence: false iterates alpha alone, beta kept (Aryan 2020 ch. 4)
    double alpha = 1.0;     // prior precision of each weight
    double beta = 10.0;     // noise precision
    int max_iterations = 500;
    double tolerance = 1e-8;  // relative change of alpha and beta that ends the iteration
    // The iteration's bounds: the evidence can be maximal at alpha or beta = infinity (no
    // signal; a perfect fit), so both are kept in [lower, upper].
    double lower = 1e-10, upper = 1e10;
};

class BayesianLinearRegression {
public:
    explicit BayesianLinearRegression(BlrOptions options = {});

    // Phi: N x M design matrix; t: N targets. N = 0 leaves the prior. All-zero targets
    // (constant outputs, once standardised) give no evidence to maximise: alpha, beta stay
    // at their starting values.
    void fit(const Eigen::MatrixXd& Phi, const Eigen::VectorXd& t);

    double mean(const Eigen::VectorXd& phi) const { return phi.dot(m_); }
    // phi^T A^-1 phi: the variance of the latent phi^T w (add 1/beta for a new observation).
    double latent_variance(const Eigen::VectorXd& phi) const;
    // A^-1 r for any r of length M.
    Eigen::VectorXd solve(const Eigen::VectorXd& r) const;

    double alpha() const { return alpha_; }
    double beta() const { return beta_; }
    double gamma() const { return gamma_; }     // effective number of parameters
    int iterations() const { return iterations_; }
    const Eigen::VectorXd& weights() const { return m_; }  // posterior mean m
    const Eigen::VectorXd& eigenvalues() const { return l_; }  // non-negligible eigenvalues of Phi^T Phi

    // ln p(t | alpha, beta) by the spectral form (PRML eq. 3.86).
    double log_evidence() const;

private:
    // d = coordinates of m in V, d_i = beta c_i / (alpha + beta l_i); then m = V d.
    void posterior_mean();
    double squared_residual() const;  // |t - Phi m|^2 = |t|^2 - 2 c.d + sum l_i d_i^2

    BlrOptions options_;
    Eigen::MatrixXd V_;  // M x r
    Eigen::VectorXd l_;  // r
    Eigen::VectorXd c_;  // V^T Phi^T t
    Eigen::VectorXd d_;  // r
    Eigen::VectorXd m_;  // M
    double tt_ = 0;      // |t|^2
    long n_ = 0, dim_ = 0;
    double alpha_, beta_, gamma_ = 0;
    int iterations_ = 0;
};

}  // namespace bobench::surrogates::rvfl
