#pragma once
// Laplace approximation with the generalised Gauss-Newton (GGN) matrix around a MAP-trained
// MLP classifier, as BOGGN uses it (Hassen & Rish 2021; the linearised-model predictive of
// Immer, Korzepa & Bauer 2021).
//
//   posterior precision   P = sum_n pi_n (1 - pi_n) J_n^T J_n + delta I
//                          (J_n = d logit(x_n) / d theta at the MAP, pi_n = sigmoid(logit))
//   linearised predictive f(x) ~ N(m(x), v(x)),  m(x) = logit(x; theta_MAP),
//                          v(x) = J(x) P^{-1} J(x)^T
//   class probability     probit approximation  sigma(m / sqrt(1 + pi v / 8))   (MacKay 1992)
//                          or Monte Carlo        (1/S) sum_s sigma(m + sqrt(v) eps_s)
//
// Choices the paper leaves open, and why:
//  * delta (prior precision): by default tuned after every fit by maximising the Laplace
//    approximation of the log marginal likelihood (MacKay 1992; the post-hoc "marglik"
//    tuning of Daxberger et al. 2021, "Laplace Redux") with theta_MAP held fixed:
//        log Z(delta) = log p(D | theta) - (delta / 2) ||theta||^2 + (P / 2) log delta
//                       - (1 / 2) log det(H + delta I),            H = sum_n pi_n (1 - pi_n) J_n^T J_n.
//    With lambda_1..r the eigenvalues of H that can be non-zero (r = min(N, P), from the
//    N x N Gram matrix when N < P), d/d delta log Z = 0 is MacKay's fixed point
//    delta ||theta||^2 = gamma(delta) = sum_i lambda_i / (lambda_i + delta); the left side
//    grows and the right side falls with delta, so the maximum is unique; it is found by
//    bisection on log delta in [1e-6, 1e6] (the bracket's ends when the root lies outside).
//    The diagonal variant uses diag(H) (P terms) in the determinant, as the diagonal
//    Laplace does. Why not a fixed delta = 1 (Laplace Redux's untuned default): used as
//    the weight decay of the MAP fit too, it drives BORE's 1 313-parameter MLP on Hartmann6
//    to the zero network within 20-40 evaluations (||theta||^2 ~ 0.45, the output bias
//    alone: the constant base-rate classifier, a saddle where every gradient vanishes);
//    pi_bar is then flat, L-BFGS-B stays at its random starts and BOGGN is random search.
//    Tuning delta during training instead (MacKay's alternation) falls into the same
//    collapse, a fixed point of the update, so the MAP network is BORE's own (no weight
//    decay, as bore-mlp) and only the Laplace precision is tuned, as Laplace Redux does
//    post hoc. A fixed delta (also the weight decay, so the approximation sits at the
//    posterior mode) stays selectable. delta > 0: with a zero prior P is singular wherever
//    the data do not constrain a direction of parameter space (dead units, redundant weights).
//    Known limit: the unregularised network's full-GGN variance grows by orders of
//    magnitude away from the data (v ~ 1 at the data, 1e3-1e5 at random points), so where
//    m < 0 pi_bar rises with v and L-BFGS-B from random starts often ends far from the data;
//    the diagonal GGN fares better (6-D sphere, 100 evaluations, 10 seeds, median regret:
//    diag 4.0, full 10.5, delta = 1 fixed 12.5-12.8, random search 11, bore-mlp 2.0).
//  * Monte Carlo samples S = 1000, drawn once per posterior as 500 antithetic pairs
//    (eps, -eps) from the Rng and reused for every x (common random numbers): the
//    estimate is then a smooth, deterministic function of x that a gradient-based
//    acquisition maximiser can follow, exact when v = 0 (sigma(m + a) + sigma(m - a)
//    averages to sigma(m) there), and its error (under 0.5/sqrt(1000) ~ 0.016, far less in
//    practice) is below the probit approximation's own (~0.02). Sampling the 1-D logit
//    costs S sigmoids, nothing next to the O(P^2) solve for v(x).
//  * full P by default, diagonal on request (Options::diagonal): O(P^2) memory and an
//    O(P^2) triangular solve per prediction versus O(P).
#include <cstddef>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/mlp/mlp.hpp"

namespace bobench::mlp {

struct LaplaceOptions {
    double prior_precision = 1.0;  // delta > 0 (unused when tune_prior_precision)
    bool tune_prior_precision = false;  // delta = argmax of the Laplace evidence
    bool diagonal = false;         // keep only diag(P)
    int mc_samples = 1000;         // S, rounded up to an even number (antithetic pairs)
};

// The delta maximising the Laplace log evidence for curvature eigenvalues lambda (>= 0;
// r = lambda.size() of them, the rest of the P directions being flat) and ||theta_MAP||^2
// = theta_squared_norm: the root of delta ||theta||^2 = sum_i lambda_i / (lambda_i + delta),
// clamped to [1e-6, 1e6].
double evidence_prior_precision(const Eigen::VectorXd& lambda, double theta_squared_norm);

// sigma(m / sqrt(1 + pi v / 8)): the probit approximation of E[sigma(f)], f ~ N(m, v).
double probit_probability(double mean, double variance);

class LaplaceGgn {
public:
    // X: the training inputs (rows). Copies the network. Throws UserError for delta <= 0 or
    // mc_samples < 2.
    LaplaceGgn(const Classifier& map_network, const Eigen::MatrixXd& X, LaplaceOptions options, Rng& rng);

    struct LogitDistribution {
        double mean, variance;
    };
    LogitDistribution logit_distribution(const Eigen::Ref<const Eigen::VectorXd>& x) const;
    // Also the input gradients of the mean and variance.
    LogitDistribution logit_distribution_and_gradients(const Eigen::Ref<const Eigen::VectorXd>& x,
                                                       Eigen::Ref<Eigen::VectorXd> mean_grad,
                                                       Eigen::Ref<Eigen::VectorXd> var_grad) const;

    double probit_probability(const Eigen::Ref<const Eigen::VectorXd>& x) const;
    double probit_probability_and_gradient(const Eigen::Ref<const Eigen::VectorXd>& x,
                                           Eigen::Ref<Eigen::VectorXd> grad) const;
    double mc_probability(const Eigen::Ref<const Eigen::VectorXd>& x) const;
    double mc_probability_and_gradient(const Eigen::Ref<const Eigen::VectorXd>& x,
                                       Eigen::Ref<Eigen::VectorXd> grad) const;
    // The MC estimate for a given logit distribution (same fixed draws).
    double mc_probability(double mean, double variance) const;

    // P itself (diagonal matrix when Options::diagonal).
    Eigen::MatrixXd precision() const;
    const Classifier& network() const { return net_; }
    const LaplaceOptions& options() const { return options_; }
    double prior_precision() const { return delta_; }  // the delta in use (tuned or given)

private:
    // v(x) and, when u != nullptr, u = P^{-1} J(x)^T.
    double variance(const Eigen::VectorXd& jrow, Eigen::VectorXd* u) const;

    Classifier net_;
    LaplaceOptions options_;
    double delta_;
    Eigen::LLT<Eigen::MatrixXd> chol_;  // full P = L L^T
    Eigen::VectorXd diag_;              // diagonal P
    std::vector<double> eps_;           // standard normal draws, antithetic pairs
};

}  // namespace bobench::mlp
