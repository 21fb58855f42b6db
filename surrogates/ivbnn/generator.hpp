#pragma once
// The IVBNN hypernetwork (Aryan 2020 ch. 6; implicit variational inference as in
// Mescheder et al. 2017, "Adversarial Variational Bayes"): an implicit distribution
// q(w) over the main network's flat parameter vector w, sampled as w = g(z, e) with a
// latent z ~ N(0, I_latent) and scalar noises e0, e2 ~ N(0, 1) injected at the input and
// at every other layer:
//
//   a1 = relu(W1 [z; e0] + b1)        (width units)
//   a2 = relu(W2 a1 + b2)             (width units)
//   w  =      W3 [a2; e2] + b3        (output_dim: the main network's parameters)
//
// Three layers, weights initialised by variance scaling, N(0, init_scale / fan_in) (the
// thesis' "variance scaling, 2.0": He initialisation for the relu units), biases 0.
// The thesis does not name the hidden activation; relu is our reading of the scale 2.0.
// q has no tractable density; the critic (critic.hpp) estimates log q - log p.
#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/ivbnn/adam.hpp"

namespace bobench::ivbnn {

class Generator {
public:
    // UserError when latent_dim, width or output_dim < 1 or init_scale <= 0.
    Generator(int latent_dim, int width, Eigen::Index output_dim, double init_scale, Rng& rng);

    Eigen::Index output_dim() const { return output_dim_; }
    Eigen::Index parameter_count() const { return theta_.size(); }
    int width() const { return width_; }

    // count samples w (output_dim x count, one per column); keeps what backward() needs.
    const Eigen::MatrixXd& sample(Eigen::Index count, Rng& rng);
    // After sample(): the gradient of sum_b G(:, b) . w_b with respect to the generator's
    // parameters, for G = d loss / d w (output_dim x count).
    const Eigen::VectorXd& backward(const Eigen::MatrixXd& G);
    // One Adam step along the last backward().
    void step(Adam& adam) { adam.step(theta_, gradient_); }
    // The flat parameters (layer by layer: W1, b1, W2, b2, W3, b3; W column-major).
    Eigen::VectorXd& parameters() { return theta_; }

private:
    int latent_dim_, width_;
    Eigen::Index output_dim_;
    Eigen::VectorXd theta_, gradient_;
    Eigen::Index w1_, b1_, w2_, b2_, w3_, b3_;  // offsets in theta_
    // Workspace of the last sample(): inputs [z; e0], hidden a1, [a2; e2], output w.
    Eigen::MatrixXd input_, a1_, a2_, output_, d2_, d1_;
};

}  // namespace bobench::ivbnn
