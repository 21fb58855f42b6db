#include "optimizers/nuts_network.hpp"

#include "core/error.hpp"
#include "optimizers/loop/model_based.hpp"
#include "optimizers/network_scaling.hpp"
#include "optimizers/presets/aryan.hpp"
#include "surrogates/bnn/sampled_network.hpp"

namespace bobench::nuts_network {

std::vector<ParamSpec> params(const Defaults& d) {
    std::vector<ParamSpec> p = {
        ParamSpec::integer("layers", d.layers, "hidden layers", 1, 10),
        ParamSpec::integer("units", d.units, "units per hidden layer", 1, 10000),
        ParamSpec::choice("activation", d.activation, {"tanh", "sigmoid", "relu"}, "hidden activation"),
    };
    if (d.hierarchical) {
        p.push_back(ParamSpec::positive("hyper_shape", d.hyper_shape, "Gamma shape of the prior sds' hyperprior"));
        p.push_back(ParamSpec::positive("hyper_rate", d.hyper_rate, "Gamma rate of the prior sds' hyperprior"));
    } else {
        p.push_back(ParamSpec::positive("prior_sd", d.prior_sd,
                                        "prior sd of every weight, and of every bias unless bias_sd is set"));
        p.push_back(ParamSpec::real("bias_sd", 0, "the biases' own prior sd (0: prior_sd)", 0));
    }
    for (ParamSpec s : {
             ParamSpec::choice("noise_prior", "gamma", {"gamma", "invgamma-sigma", "invgamma-variance"},
                               "the noise prior: a Gamma on the noise sd (standardised y), or an inverse gamma on "
                               "the sd or on the variance"),
             ParamSpec::positive("noise_shape", d.noise_shape, "shape of the noise prior"),
             ParamSpec::positive("noise_rate", d.noise_rate,
                                 "rate of the Gamma noise prior; of an inverse gamma, its scale (the rate of the "
                                 "Gamma on the reciprocal)"),
             ParamSpec::integer("iterations", d.iterations, "NUTS iterations per fit, warm-up included (pyStan's iter)",
                                1),
             ParamSpec::integer("warmup", d.warmup, "NUTS warm-up iterations (< iterations)", 0),
             ParamSpec::integer("thin", d.thin, "keep every thin-th draw after warm-up", 1),
             ParamSpec::integer("max_depth", d.max_depth, "NUTS maximum tree depth", 1, 30),
             ParamSpec::integer("chains", 1,
                                "NUTS chains per fit, each from its own start, their draws pooled (pyStan's default "
                                "is 4)",
                                1, 64),
             ParamSpec::choice("variance", "latent", {"latent", "predictive"},
                               "the Gaussian EI's variance: the sampled latent functions' spread, or the predictive "
                               "of y (the draws' noise variance added)"),
         })
        p.push_back(std::move(s));
    for (ParamSpec s : network_scaling::params("unit")) p.push_back(std::move(s));
    return p;
}

std::unique_ptr<surrogates::RegressionModel> make_model(int dim, const Args& args) {
    bnn::SampledNetworkOptions o;
    o.hidden.assign(static_cast<std::size_t>(args.integer("layers")), static_cast<int>(args.integer("units")));
    o.activation = bnn::parse_activation(args.text("activation"));
    const auto& v = args.values();
    o.prior.hierarchical = v.count("hyper_shape") > 0;
    if (o.prior.hierarchical) {
        o.prior.hyper_shape = args.real("hyper_shape");
        o.prior.hyper_rate = args.real("hyper_rate");
    } else {
        o.prior.weight_sd = args.real("prior_sd");
        o.prior.bias_sd = args.real("bias_sd");
    }
    using Noise = bnn::NetworkPrior::Noise;
    const std::string noise = args.text("noise_prior");
    o.prior.noise = noise == "invgamma-sigma"      ? Noise::InvGammaOnSigma
                    : noise == "invgamma-variance" ? Noise::InvGammaOnVariance
                                                   : Noise::GammaOnSigma;
    o.prior.noise_a = args.real("noise_shape");
    o.prior.noise_b = args.real("noise_rate");
    o.sampler = bnn::SampledNetworkOptions::Sampler::Nuts;
    const long iterations = args.integer("iterations"), warmup = args.integer("warmup");
    if (warmup >= iterations)
        throw UserError("warmup = " + std::to_string(warmup) + " must be below iterations = " +
                        std::to_string(iterations) + " (pyStan's iter counts the warm-up)");
    o.nuts.warmup = static_cast<int>(warmup);
    o.nuts.draws = static_cast<int>(iterations - warmup);
    o.nuts.thin = static_cast<int>(args.integer("thin"));
    o.nuts.max_depth = static_cast<int>(args.integer("max_depth"));
    o.nuts_chains = static_cast<int>(args.integer("chains"));
    o.init = bnn::SampledNetworkOptions::Init::StanUniform;
    o.noise_in_predictive = args.text("variance") == "predictive";
    network_scaling::apply(args, o);
    return std::make_unique<bnn::SampledNetwork>(dim, std::move(o));
}

OptimizerFactory factory(std::string name, std::string description, const Defaults& defaults) {
    return model_based::make_factory(std::move(name), std::move(description), params(defaults),
                                     aryan::loop_defaults(), make_model);
}

}  // namespace bobench::nuts_network
