#pragma once
// Gaussian-mixture regression (GMR): a full-covariance Gaussian mixture on (x, y) fitted by
// EM, whose conditional p(y | x) is again a Gaussian mixture by Gaussian conditioning
// (Ghahramani & Jordan 1994; Sung 2004):
//
//   p(y | x) = sum_k pi_k(x) N(y; m_k + b_k^T (x - mu_k,x), v_k),
//   pi_k(x) proportional to w_k N(x; mu_k,x, S_k,xx),  b_k = S_k,xx^-1 s_k,xy,
//   v_k = s_k,yy - s_k,xy^T b_k.
//
// EM starts from k-means++ seeding (Arthur & Vassilvitskii 2007) and a few Lloyd steps,
// runs `restarts` times and keeps the best. Covariances are regularised by an
// inverse-Wishart-type penalty -1/2 tr(Lambda S^-1) - 1/2 log|S| per component, whose M-step
//
//   S_k = (sum_n g_nk (z_n - mu_k)(z_n - mu_k)^T + Lambda) / (n_k + 1)
//
// keeps every covariance positive definite and EM a monotone ascent of log-likelihood +
// penalty (MAP-EM). Lambda is diagonal: r plus, by default, each coordinate's sample
// variance / K^(2/p) (K components, p = d + 1 coordinates), the data-scaled prior scale of
// Fraley & Raftery, "Bayesian Regularization for Normal Mixture Estimation and Model-Based
// Clustering", J. Classification 24 (2007) -- mclust's default: a component is never
// narrower than its share of the data's spread allows, so a component that holds 2-3 of
// N <= 40 rows does not collapse to a near-singular Gaussian. If a Cholesky factor still fails
// numerically, jitter is added until it succeeds. This is also the thesis' "EM mixture"
// (BO_em): see README.
#include <vector>

#include <Eigen/Cholesky>

#include "surrogates/mixtures/mixture_regression.hpp"

namespace bobench::surrogates::mixtures {

struct GaussianMixtureOptions {
    int components = 2;
    int restarts = 3;
    int max_iterations = 100;
    double tolerance = 1e-6;  // stop when an iteration gains less than tolerance * N
    double reg_covar = 1e-3;        // r above
    bool data_scaled_prior = true;  // Lambda = r + variance / K^(2/p) per coordinate; false: r alone
    int kmeans_iterations = 10;
};

class GaussianMixture final : public JointDensity {
public:
    // A mixture of given parameters (weights are normalised). Throws UserError on
    // mismatched sizes, a weight < 0 or a covariance that is not positive definite.
    GaussianMixture(std::vector<double> weights, std::vector<Eigen::VectorXd> means,
                    std::vector<Eigen::MatrixXd> covariances);

    // Fits by EM. Throws UserError when Z has fewer rows than components, or for
    // options out of range (components, restarts, max_iterations >= 1, reg_covar > 0).
    static GaussianMixture fit(const Eigen::MatrixXd& Z, const GaussianMixtureOptions& options, Rng& rng);

    double log_density(const Eigen::VectorXd& z) const override;
    double conditional(const Eigen::VectorXd& x, Components& out) const override;

    double log_likelihood(const Eigen::MatrixXd& Z) const;  // sum of log_density over rows
    // Log-likelihood + penalty after each EM iteration of the kept restart (empty when
    // built from parameters): EM makes it non-decreasing.
    const std::vector<double>& objective_trace() const { return trace_; }
    std::size_t components() const { return weights_.size(); }
    const std::vector<double>& weights() const { return weights_; }
    const std::vector<Eigen::VectorXd>& means() const { return means_; }
    const std::vector<Eigen::MatrixXd>& covariances() const { return covs_; }

private:
    GaussianMixture() = default;
    // Factorises the covariances (adding jitter if needed) and caches the conditioning.
    void prepare();

    // One EM run from a k-means++ start; returns the fitted mixture (trace filled).
    static GaussianMixture run_em(const Eigen::MatrixXd& Z, const GaussianMixtureOptions& options,
                                  const Eigen::VectorXd& scale, Rng& rng);
    // M-step from responsibilities R (N x K), keeping a mean whose component is empty.
    void maximise(const Eigen::MatrixXd& Z, const Eigen::MatrixXd& R, const Eigen::VectorXd& scale);
    // E-step: writes responsibilities, returns the log-likelihood.
    double expect(const Eigen::MatrixXd& Z, Eigen::MatrixXd& R) const;
    double penalty(const Eigen::VectorXd& scale) const;  // scale: Lambda's diagonal

    std::vector<double> weights_;
    std::vector<Eigen::VectorXd> means_;
    std::vector<Eigen::MatrixXd> covs_;
    std::vector<double> trace_;
    // caches of prepare()
    std::vector<Eigen::MatrixXd> chol_;        // lower factor of the full covariance
    std::vector<double> log_norm_;             // log w_k - log((2 pi)^(p/2) |S_k|^(1/2))
    std::vector<Eigen::MatrixXd> chol_x_;      // lower factor of S_k,xx
    std::vector<double> log_norm_x_;           // the same for the input marginal
    std::vector<Eigen::VectorXd> regression_;  // b_k
    std::vector<double> conditional_var_;      // v_k
    mutable std::vector<double> terms_;
};

struct GmrOptions {
    int max_components = 16;
    int min_rows_per_component = 3;  // fewer rows per component: the size is not used
    bool components_by_cv = false;   // false: the largest size; true: 1 .. that by cross-validation
    GaussianMixtureOptions em;       // components is set by the regression
};

// Regression with a Gaussian mixture of K components, K the largest size the rows support
// (min(max_components, rows / min_rows_per_component)) or, with components_by_cv (the
// thesis' rule), 1 .. that size by cross-validated log-likelihood. Cross-validation mostly
// picks one component at N <= 20 (a linear regression) and BO with it is no better than
// random search; the largest size makes the regression local (README).
class GaussianMixtureRegression final : public SizedMixtureRegression {
public:
    GaussianMixtureRegression(const MixtureRegressionOptions& options, const GmrOptions& gmr);
    std::size_t components() const { return chosen_candidate() + 1; }

protected:
    std::size_t candidates(std::size_t n) const override;
    std::unique_ptr<JointDensity> fit_candidate(std::size_t c, const Eigen::MatrixXd& Z, Rng& rng) const override;

private:
    GmrOptions gmr_;
};

}  // namespace bobench::surrogates::mixtures
