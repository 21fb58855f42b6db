#pragma once
// The posterior of a Bayesian regression network, as the log-density a sampler moves
// through. Unconstrained parameter vector q = [theta (P) | lambda (G) | l]:
//   theta   the network's weights and biases (Network's layout),
//   lambda  log prior sds, one per weight group, only with a hierarchical prior
//           (group = one layer's weights, or one layer's biases: G = 2 x layers),
//   l       log sigma, the noise sd (standardised output units).
// Likelihood y_n ~ N(f(x_n; theta), sigma^2). Priors:
//   theta_i ~ N(0, s^2) with s fixed (the biases' own bias_sd when set), or
//   s_g = e^lambda_g ~ Gamma(shape, rate) (HBNN);
//   noise: sigma ~ Gamma(shape, rate) (Aryan 2020, ch. 3), pybnn's Normal on the log
//   variance log sigma^2 ~ N(mean, variance) (pybnn/priors.py, log_variance_prior), or an
//   inverse gamma InvGa(shape, scale) on sigma or on sigma^2 (the DTU thesis' Table 5.1
//   and §3.2.2 put InvGa(1000, 1) on the one and the other).
// Densities of positive quantities are taken on their logarithm, Jacobian included (as
// Stan does for a declared lower bound of 0). Gamma is (shape, rate), Stan's convention.
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/bnn/network.hpp"
#include "surrogates/bnn/one_hidden_layer.hpp"

namespace bobench::bnn {

struct NetworkPrior {
    double weight_sd = 100;       // fixed prior sd of every weight, and of every bias unless bias_sd > 0
    double bias_sd = 0;           // > 0: the biases' own fixed prior sd
    bool hierarchical = false;    // per-group sds with a Gamma hyperprior instead
    double hyper_shape = 2, hyper_rate = 0.02;
    enum class Noise { GammaOnSigma, NormalOnLogVariance, InvGammaOnSigma, InvGammaOnVariance } noise = Noise::GammaOnSigma;
    double noise_a = 2, noise_b = 200;  // Gamma shape, rate; Normal mean, variance; inverse gamma shape, scale
};

void validate(const NetworkPrior& prior);  // UserError naming the field

class NetworkPosterior {
public:
    // Xt: inputs as columns (D x N), y: outputs (N); both are kept by reference.
    NetworkPosterior(Network& network, const NetworkPrior& prior, const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y);

    Eigen::Index dimension() const { return P_ + G_ + 1; }
    Eigen::Index parameter_count() const { return P_; }
    Eigen::Index noise_index() const { return P_ + G_; }
    Eigen::Index points() const { return y_.size(); }

    // Full-data log density (up to a constant) and its gradient.
    double log_density(const Eigen::VectorXd& q, Eigen::VectorXd& grad);
    // The same with the likelihood estimated from the points `rows`, scaled by N / |rows|.
    double log_density(const Eigen::VectorXd& q, Eigen::VectorXd& grad, const std::vector<int>& rows);

private:
    // The likelihood from Xt, y (any network) or from the same points in `points` (one
    // hidden layer: OneHiddenLayerGradient), its terms scaled by `scale`.
    double evaluate(const Eigen::VectorXd& q, Eigen::VectorXd& grad, const Eigen::MatrixXd& Xt,
                    const Eigen::Ref<const Eigen::VectorXd>& y, const PointsMajor& points, double scale);
    double log_prior(const Eigen::VectorXd& q, Eigen::VectorXd& grad) const;

    Network& net_;
    NetworkPrior prior_;
    const Eigen::MatrixXd& Xt_;
    const Eigen::VectorXd& y_;
    Eigen::Index P_, G_;
    std::vector<std::pair<Eigen::Index, Eigen::Index>> groups_;  // (offset, size) of each group
    bool one_hidden_layer_;
    PointsMajor points_, batch_points_;  // the data (and a mini-batch) for OneHiddenLayerGradient
    OneHiddenLayerGradient one_hidden_layer_gradient_;
    Eigen::MatrixXd batch_X_;
    Eigen::VectorXd batch_y_, residual_;
};

}  // namespace bobench::bnn
