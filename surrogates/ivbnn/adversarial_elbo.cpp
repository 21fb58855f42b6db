#include "surrogates/ivbnn/adversarial_elbo.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::ivbnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

void validate(const AdversarialElboOptions& o) {
    auto fail = [](const std::string& what) { throw UserError("IVBNN training: " + what); };
    if (o.steps < 0) fail("steps = " + std::to_string(o.steps) + " must be >= 0");
    if (o.critic_iterations < 1) fail("critic_iterations = " + std::to_string(o.critic_iterations) + " must be >= 1");
    if (o.batch < 1) fail("batch = " + std::to_string(o.batch) + " must be >= 1");
    if (!(o.learning_rate > 0)) fail("learning_rate = " + format_double(o.learning_rate) + " must be > 0");
    if (!(o.critic_learning_rate > 0))
        fail("critic_learning_rate = " + format_double(o.critic_learning_rate) + " must be > 0");
    if (!(o.noise_start > 0) || !(o.noise_end > 0) || !std::isfinite(o.noise_start) || !std::isfinite(o.noise_end))
        fail("noise_start = " + format_double(o.noise_start) + ", noise_end = " + format_double(o.noise_end) +
             ": both must be finite and > 0");
}

double annealed_noise(const AdversarialElboOptions& o, long t) {
    if (o.steps <= 1) return o.noise_end;
    const double f = static_cast<double>(t) / static_cast<double>(o.steps - 1);
    return o.noise_start * std::pow(o.noise_end / o.noise_start, f);
}

double GaussianLikelihood::add_negative_log_likelihood(const MatrixXd& W, double sigma, MatrixXd& dW) {
    const double B = static_cast<double>(W.cols()), precision = 1 / (sigma * sigma);
    double nll = 0;
    grad_.resize(W.rows());
    for (Index b = 0; b < W.cols(); ++b) {
        const VectorXd w = W.col(b);
        const VectorXd residual = net_.forward(w, Xt_) - y_;
        nll += 0.5 * precision * residual.squaredNorm() / B;
        grad_.setZero();
        net_.backward(w, residual * (precision / B), grad_);
        dW.col(b) += grad_;
    }
    return nll;
}

ElboTrace train_adversarial_elbo(Generator& generator, Critic& critic, const ScaleMixturePrior& prior,
                                 GaussianLikelihood* data, const AdversarialElboOptions& o, Rng& rng) {
    validate(o);
    Adam generator_adam, critic_adam;
    generator_adam.learning_rate = o.learning_rate;
    critic_adam.learning_rate = o.critic_learning_rate;
    const Index P = generator.output_dim();
    ElboTrace trace;
    MatrixXd dW;
    for (long t = 0; t < o.steps; ++t) {
        trace.critic_loss = 0;
        for (int k = 0; k < o.critic_iterations; ++k) {
            const MatrixXd& q = generator.sample(o.batch, rng);
            trace.critic_loss += critic.train_step(q, prior.sample(P, o.batch, rng), critic_adam) / o.critic_iterations;
        }
        const MatrixXd& w = generator.sample(o.batch, rng);
        trace.kl = critic.input_gradient(w, dW).mean();
        dW /= static_cast<double>(o.batch);
        trace.nll = data ? data->add_negative_log_likelihood(w, annealed_noise(o, t), dW) : 0.0;
        generator.backward(dW);
        generator.step(generator_adam);
    }
    return trace;
}

}  // namespace bobench::ivbnn
