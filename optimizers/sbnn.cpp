// sbnn: Aryan 2020 (PhD thesis, VUW, ch. 3) "SBNN": a 1 x 10 sigmoid network with a
// N(0, 100^2) prior on every weight and bias, sampled by NUTS (max tree depth 8; 3500
// iterations of which 2500 warm-up, thin 2: read as pyStan's iter = 3500 including the
// warm-up, so 500 draws per fit). Readings we chose where the thesis is terse: the noise
// sd sigma ~ Gamma(2, 200) is Stan's gamma(shape 2, rate 200) (mean 0.01, on standardised
// outputs; HBNN's Gamma(2, 0.02) has mean 100 = SBNN's fixed sd under the same reading);
// every fit starts afresh from Stan's default U(-2, 2) initialisation; the Gaussian EI
// uses the mean and variance of the sampled latent functions f_theta(x) (no noise term;
// variance=predictive adds the draws' mean noise variance).
// acquisition=empirical-ei is eq. 3.5. 2 uniform initial points, as the thesis' protocol.
#include "optimizers/nuts_network.hpp"

namespace bobench {

OptimizerFactory sbnn_optimizer() {
    return nuts_network::factory(
        "sbnn",
        "NUTS-sampled Bayesian network (Aryan 2020 SBNN: 1x10 sigmoid, prior sd 100, sigma ~ Gamma(2, rate 200), "
        "depth 8, 3500 iter incl. 2500 warm-up, thin 2) + Gaussian or empirical EI",
        {});
}

}  // namespace bobench
