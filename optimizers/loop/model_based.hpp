#pragma once
// The Bayesian-optimisation loop shared by every surrogate-model optimizer: an initial
// design, then per suggestion: fit the model on the encoded observations, build the
// acquisition around the incumbent, maximise it over the space, decode.
//
// gp-ei, gp-mcmc and smac-rf are this loop with different models and defaults; a new
// model-based optimizer only supplies a model factory and its defaults.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "surrogates/model.hpp"

namespace bobench::model_based {

using ModelFactory = std::function<std::unique_ptr<surrogates::RegressionModel>(int dim, const Args& args)>;

// Defaults of the loop's own parameters for one optimizer.
struct LoopDefaults {
    std::string acquisition = "ei";  // ei | logei | pi | lcb | empirical-ei | mixture-ei
    double kappa = 1.0;              // exploration weight of lcb
    std::string maximizer = "auto";  // auto | lbfgsb | de | random | local (any works on any space)
    long n_init = 10;
    std::string init = "lhs";
    std::string first_point = "design";  // design | centre (AutoGluon's first_is_default)
    long refit_every = 1;            // refit hyperparameters every k-th suggestion, append otherwise
    long random_interleave = 0;      // every k-th suggestion uniformly random (SMAC: 2), 0: never
    long maximizer_evaluations = 2000;
    long lbfgsb_starts = 5;
    long random_samples = 1000;      // for maximizer=random and the starts of lbfgsb/local
    double random_local_fraction = 0.0;  // maximizer=random: share drawn around the incumbent (RoBO: 0.3)
    std::string random_local_units = "box";  // their sd 0.1: of each side (box) or in the problem's units (native, RoBO)
    std::string on_repeat = "replace";       // a suggestion already evaluated: replace | evaluate (RoBO)
    std::string start_scoring = "acquisition";  // lbfgsb's starts ranked by: acquisition | thompson (AutoGluon)
};

// The loop's parameters (acquisition, maximizer, n_init, ...) with the given defaults,
// to be appended to an optimizer's model parameters.
std::vector<ParamSpec> loop_params(const LoopDefaults& defaults);

// A factory for an optimizer made of this loop and the model.
OptimizerFactory make_factory(std::string name, std::string description, std::vector<ParamSpec> model_params,
                              const LoopDefaults& defaults, ModelFactory model);

}  // namespace bobench::model_based
