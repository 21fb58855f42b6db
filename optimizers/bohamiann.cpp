// bohamiann: Springenberg et al. 2016 through RoBO's fmin (model_type "bohamiann",
// WrapperBohamiann -> pybnn's Bohamiann) with pybnn's defaults: D-50-50-1 tanh network
// (RoBO's get_default_network; two hidden layers, "3 x 50" in the literature counts the output)
// plus a learned noise log variance; weights initialised N(0, 1/fan_in), biases 0, noise
// log variance log(1e-2); inputs and outputs standardised at every fit (inputs=,
// standardise=: network_scaling.hpp); likelihood N(y | f, e^s);
// priors as pybnn/priors.py: every weight N(0, P) (its weight prior sums -p^2/2 over the
// P parameters and divides by P; we leave s out of that sum), s ~ N(log 1e-6, 0.01);
// adaptive SGHMC (lr 1e-2, mdecay 0.05, epsilon 1e-10) on mini-batches of 20,
// 100 N burn-in steps (burn_in=B: B steps whatever N), then 10000 steps keeping every
// 100th (99 draws: pybnn keeps step s when s - burn-in is a positive multiple of 100 below
// 10000); the hidden activation is always tanh (pybnn's and the DTU thesis'); the predictive
// variance adds the mean noise variance. Acquisition as RoBO's fmin: log-EI on the
// predictive (not marginalised), maximised over 500 random points, 30 % around the
// incumbent; 3 Latin-hypercube initial points.
#include "optimizers/loop/model_based.hpp"
#include "optimizers/network_scaling.hpp"
#include "optimizers/presets/pybnn.hpp"
#include "surrogates/bnn/sampled_network.hpp"

namespace bobench {

OptimizerFactory bohamiann_optimizer() {
    const model_based::LoopDefaults loop = pybnn::loop_defaults("logei");
    std::vector<ParamSpec> params = {
        ParamSpec::integer("layers", 2, "hidden layers", 1, 10),
        ParamSpec::integer("units", 50, "units per hidden layer", 1, 10000),
        ParamSpec::integer("burn_in_per_point", 100, "SGHMC burn-in steps per observation", 0),
        ParamSpec::integer("burn_in", -1,
                           "SGHMC burn-in steps whatever the number of observations; -1: burn_in_per_point x observations",
                           -1),
        ParamSpec::integer("sample_steps", 10000,
                           "SGHMC steps after burn-in; draws kept: (sample_steps - 1) / keep_every, rounded down (pybnn)", 1),
        ParamSpec::integer("keep_every", 100, "keep every k-th SGHMC step after burn-in", 1),
        ParamSpec::integer("batch_size", 20, "mini-batch size", 1),
        ParamSpec::positive("lr", 1e-2, "SGHMC learning rate"),
        ParamSpec::real("mdecay", 0.05, "SGHMC momentum decay", 0, 1)};
    // pybnn normalises the inputs and outputs at every fit
    for (ParamSpec p : network_scaling::params("standardised")) params.push_back(std::move(p));
    return model_based::make_factory(
        "bohamiann", "Bayesian network sampled by adaptive SGHMC (BOHAMIANN, pybnn defaults) + log-EI as RoBO",
        std::move(params), loop, [](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            bnn::SampledNetworkOptions o;
            o.hidden.assign(static_cast<std::size_t>(args.integer("layers")), static_cast<int>(args.integer("units")));
            o.activation = bnn::Activation::Tanh;
            o.prior.weight_sd = 0;  // sqrt(P)
            o.prior.noise = bnn::NetworkPrior::Noise::NormalOnLogVariance;
            o.prior.noise_a = std::log(1e-6);
            o.prior.noise_b = 0.01;
            o.sampler = bnn::SampledNetworkOptions::Sampler::Sghmc;
            o.sghmc.learning_rate = args.real("lr");
            o.sghmc.momentum_decay = args.real("mdecay");
            o.sghmc.epsilon = 1e-10;
            o.sghmc.keep_every = args.integer("keep_every");
            o.burn_in_per_point = args.integer("burn_in_per_point");
            o.burn_in = args.integer("burn_in");
            o.sample_steps = args.integer("sample_steps");
            o.batch_size = static_cast<int>(args.integer("batch_size"));
            o.init = bnn::SampledNetworkOptions::Init::FanIn;
            o.initial_log_variance = std::log(1e-2);
            network_scaling::apply(args, o);
            o.noise_in_predictive = true;
            return std::make_unique<bnn::SampledNetwork>(dim, std::move(o));
        });
}

}  // namespace bobench
