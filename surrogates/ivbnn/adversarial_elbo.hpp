#pragma once
// Training of the IVBNN posterior (Aryan 2020 ch. 6) by the adversarial ELBO of
// Mescheder et al. 2017 ("Adversarial Variational Bayes", Algorithm 1): per step,
//   1. critic_iterations logistic-regression steps of the critic T on batch fresh
//      generator samples against batch fresh prior samples (T -> log q - log p);
//   2. one Adam step of the generator on the negative ELBO's Monte-Carlo estimate over
//      batch fresh samples w_b = g(z_b, e_b),
//        L = 1/B sum_b [ T(w_b) + sum_i (y_i - f(x_i; w_b))^2 / (2 sigma_n^2) ],
//      differentiated through T with T's parameters held fixed (AVB Proposition 2:
//      E_q[d/dphi log q] = 0, so the critic's own dependence on q adds nothing).
// The likelihood noise sigma_n is annealed geometrically from noise_start to noise_end
// over the steps (the thesis: 1.0 -> 0.002; the schedule's shape is not stated).
// Without data (no GaussianLikelihood) the generator just learns the prior: a check.
#include <optional>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/bnn/network.hpp"
#include "surrogates/ivbnn/critic.hpp"
#include "surrogates/ivbnn/generator.hpp"
#include "surrogates/ivbnn/scale_mixture_prior.hpp"

namespace bobench::ivbnn {

// The defaults are the usable setting of surrogates/ivbnn/README.md, not the thesis'
// (40 critic iterations, batches of 100, rate 3e-5: ~110 s per generator step at N = 200,
// D = 6, and thousands of steps needed at that rate; the README has the measurements).
struct AdversarialElboOptions {
    long steps = 300;              // generator steps (not stated in the thesis)
    int critic_iterations = 5;     // critic steps per generator step (thesis: 40)
    int batch = 32;                // weight samples per batch (thesis: 100)
    double learning_rate = 3e-3;   // Adam, generator (thesis: 3e-5)
    double critic_learning_rate = 3e-3;  // Adam, critic (thesis: one rate, 3e-5)
    double noise_start = 1.0, noise_end = 0.002;  // sigma_n annealing (thesis)
};
// UserError naming the option when a count is < 1 (steps < 0), a rate or noise <= 0.
void validate(const AdversarialElboOptions& o);

// sigma_n at step t of steps: noise_start * (noise_end / noise_start)^(t / (steps - 1)).
double annealed_noise(const AdversarialElboOptions& o, long t);

// The data term: Gaussian likelihood of y (N) at the columns of Xt (D x N) under the
// main network f(x; w).
class GaussianLikelihood {
public:
    GaussianLikelihood(bnn::Network& net, const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y)
        : net_(net), Xt_(Xt), y_(y) {}
    // Returns 1/B sum_b sum_i (y_i - f(x_i; w_b))^2 / (2 sigma^2) for the columns w_b of W
    // and adds its gradient with respect to W to dW.
    double add_negative_log_likelihood(const Eigen::MatrixXd& W, double sigma, Eigen::MatrixXd& dW);

private:
    bnn::Network& net_;
    const Eigen::MatrixXd& Xt_;
    const Eigen::VectorXd& y_;
    Eigen::VectorXd grad_;
};

struct ElboTrace {
    double critic_loss = 0;  // mean logistic loss of the last step's critic iterations (2 log 2 = chance)
    double kl = 0;           // last step's mean T(w_b), the KL estimate
    double nll = 0;          // last step's data term (0 without data)
};

ElboTrace train_adversarial_elbo(Generator& generator, Critic& critic, const ScaleMixturePrior& prior,
                                 GaussianLikelihood* data, const AdversarialElboOptions& options, Rng& rng);

}  // namespace bobench::ivbnn
