// hbnn: Aryan 2020 (ch. 3) "HBNN": SBNN (optimizers/sbnn.cpp) with the prior sds given
// Gamma(2, 0.02) hyperpriors (Stan's shape-rate: mean 100) and sampled by NUTS with the
// weights. Reading we chose: one sd per layer's weights and one per layer's biases (four
// for the 1 x 10 network). Everything else as sbnn.
#include "optimizers/nuts_network.hpp"

namespace bobench {

OptimizerFactory hbnn_optimizer() {
    nuts_network::Defaults d;
    d.hierarchical = true;
    return nuts_network::factory(
        "hbnn",
        "NUTS-sampled hierarchical Bayesian network (Aryan 2020 HBNN: SBNN with Gamma(2, rate 0.02) hyperpriors on "
        "per-layer weight and bias sds) + Gaussian or empirical EI",
        d);
}

}  // namespace bobench
