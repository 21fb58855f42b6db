#pragma once
// The IVBNN critic (Aryan 2020 ch. 6; the discriminator of Mescheder et al. 2017,
// "Adversarial Variational Bayes", eq. 3.3): a relu network T(w) with `layers` hidden
// layers of `width` units, trained by logistic regression to tell samples of the
// generator's q(w) (label 1) from samples of the prior p(w) (label 0),
//
//   max_T  E_q[log sigmoid(T(w))] + E_p[log(1 - sigmoid(T(w)))],
//
// whose optimum is T*(w) = log q(w) - log p(w) (AVB Proposition 1): the KL term of the
// ELBO. The thesis' critic has 3 hidden layers as wide as the main network has
// parameters. It sees w / input_scale (the prior's sd: inputs of order 1 for its
// variance-scaling initialisation, weights N(0, 2 / fan_in), biases 0); T is still a
// function of w and input_gradient() is d T / d w.
#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/bnn/network.hpp"
#include "surrogates/ivbnn/adam.hpp"

namespace bobench::ivbnn {

class Critic {
public:
    // UserError when input_dim, width or layers < 1 or input_scale <= 0.
    Critic(Eigen::Index input_dim, int width, int layers, double input_scale, Rng& rng);

    // One Adam step of the logistic loss on q_samples (label 1) against p_samples
    // (label 0), both input_dim x B; returns the loss before the step (mean per sample).
    double train_step(const Eigen::MatrixXd& q_samples, const Eigen::MatrixXd& p_samples, Adam& adam);
    // T(w) for each column of W.
    Eigen::VectorXd logit(const Eigen::MatrixXd& W);
    // Column b: d T / d w at W's column b; returns T as logit() does.
    Eigen::VectorXd input_gradient(const Eigen::MatrixXd& W, Eigen::MatrixXd& dW);

    Eigen::Index parameter_count() const { return theta_.size(); }
    // The flat parameters (bnn::Network's layout).
    Eigen::VectorXd& parameters() { return theta_; }

private:
    bnn::Network net_;
    double input_scale_;
    Eigen::VectorXd theta_, gradient_;
    Eigen::MatrixXd scaled_;  // the last inputs / input_scale
};

}  // namespace bobench::ivbnn
