#pragma once
// What the NUTS-sampled network optimizers (sbnn, hbnn, nuts-bnn) share: their model
// parameters, the model built from them and the optimizer around it.
#include <memory>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "core/registry.hpp"
#include "surrogates/model.hpp"

namespace bobench::nuts_network {

struct Defaults {
    long layers = 1, units = 10;
    std::string activation = "sigmoid";
    bool hierarchical = false;
    double prior_sd = 100;                        // fixed prior sd (not hierarchical)
    double hyper_shape = 2, hyper_rate = 0.02;    // Gamma on the prior sds (hierarchical)
    double noise_shape = 2, noise_rate = 200;     // Gamma on the noise sd
    long iterations = 3500, warmup = 2500, thin = 2, max_depth = 8;
};

std::vector<ParamSpec> params(const Defaults& defaults);
std::unique_ptr<surrogates::RegressionModel> make_model(int dim, const Args& args);
// The optimizer: this network's parameters with `defaults`, in the loop of Aryan's protocol.
OptimizerFactory factory(std::string name, std::string description, const Defaults& defaults);

}  // namespace bobench::nuts_network
