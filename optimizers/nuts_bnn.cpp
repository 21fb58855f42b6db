// nuts-bnn: the NUTS-sampled network of the DTU master thesis "Investigation of Deep
// Probabilistic Surrogate-models in Bayesian Optimization" (its NumpyNN: 3 x 50 tanh)
// with EI. The thesis does not pin the sampler's settings down consistently; we take:
// N(0, 1) priors on weights and biases, sigma ~ Gamma(2, rate 20) (mean 0.1 on
// standardised outputs), NUTS with max depth 6, 400 iterations of which 200 warm-up,
// thin 2 (100 draws per fit), 2 uniform initial points; all parameters, to be changed
// freely.
#include "optimizers/nuts_network.hpp"

namespace bobench {

OptimizerFactory nuts_bnn_optimizer() {
    nuts_network::Defaults d;
    d.layers = 3, d.units = 50, d.activation = "tanh";
    d.prior_sd = 1;
    d.noise_shape = 2, d.noise_rate = 20;
    d.iterations = 400, d.warmup = 200, d.thin = 2, d.max_depth = 6;
    return nuts_network::factory(
        "nuts-bnn",
        "NUTS-sampled Bayesian network as the DTU thesis' NumpyNN (3x50 tanh, N(0,1) priors; sampler settings ours, "
        "see the source) + EI",
        d);
}

}  // namespace bobench
