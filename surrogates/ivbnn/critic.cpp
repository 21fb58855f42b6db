#include "surrogates/ivbnn/critic.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <boost/random/normal_distribution.hpp>

#include "core/error.hpp"

namespace bobench::ivbnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
bnn::Network critic_network(Index input_dim, int width, int layers) {
    if (input_dim < 1) throw UserError("IVBNN critic: input dimension " + std::to_string(input_dim) + " must be >= 1");
    if (width < 1) throw UserError("IVBNN critic: width " + std::to_string(width) + " must be >= 1");
    if (layers < 1) throw UserError("IVBNN critic: " + std::to_string(layers) + " hidden layers; need at least 1");
    return bnn::Network(static_cast<int>(input_dim), std::vector<int>(static_cast<std::size_t>(layers), width),
                        bnn::Activation::Relu);
}

// log(1 + e^x) without overflow.
double softplus(double x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }
double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
}  // namespace

Critic::Critic(Index input_dim, int width, int layers, double input_scale, Rng& rng)
    : net_(critic_network(input_dim, width, layers)), input_scale_(input_scale) {
    if (!(input_scale > 0)) throw UserError("IVBNN critic: input scale must be > 0");
    theta_ = VectorXd::Zero(net_.parameter_count());
    gradient_ = theta_;
    boost::random::normal_distribution<double> normal;
    for (const bnn::Network::Layer& L : net_.layers()) {
        const double sd = std::sqrt(2.0 / static_cast<double>(L.in));
        for (Index k = 0; k < L.in * L.out; ++k) theta_[L.w_offset + k] = sd * normal(rng);
    }
}

double Critic::train_step(const MatrixXd& q_samples, const MatrixXd& p_samples, Adam& adam) {
    const Index nq = q_samples.cols(), np = p_samples.cols();
    scaled_.resize(q_samples.rows(), nq + np);
    scaled_.leftCols(nq) = q_samples / input_scale_;
    scaled_.rightCols(np) = p_samples / input_scale_;
    const VectorXd& t = net_.forward(theta_, scaled_);
    // loss = mean over both sets of softplus(-T) (label 1) and softplus(T) (label 0);
    // d loss / d T = (sigmoid(T) - label) / count
    VectorXd r(nq + np);
    double loss = 0;
    for (Index b = 0; b < nq; ++b) {
        loss += softplus(-t[b]) / static_cast<double>(nq);
        r[b] = (sigmoid(t[b]) - 1) / static_cast<double>(nq);
    }
    for (Index b = nq; b < nq + np; ++b) {
        loss += softplus(t[b]) / static_cast<double>(np);
        r[b] = sigmoid(t[b]) / static_cast<double>(np);
    }
    gradient_.setZero();
    net_.backward(theta_, r, gradient_);
    adam.step(theta_, gradient_);
    return loss;
}

VectorXd Critic::logit(const MatrixXd& W) {
    scaled_ = W / input_scale_;
    return net_.forward(theta_, scaled_);
}

VectorXd Critic::input_gradient(const MatrixXd& W, MatrixXd& dW) {
    scaled_ = W / input_scale_;
    VectorXd t = net_.forward(theta_, scaled_);
    gradient_.setZero();
    net_.backward(theta_, VectorXd::Ones(W.cols()), gradient_, &dW);
    dW /= input_scale_;
    return t;
}

}  // namespace bobench::ivbnn
