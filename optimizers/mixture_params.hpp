#pragma once
// The parameters every mixture-density optimizer (mixture-kde, mixture-gmr, mixture-spn)
// shares: the thesis' prior blending and the cross-validation of hyperparameters.
#include <string>
#include <utility>
#include <vector>

#include "core/params.hpp"
#include "optimizers/loop/model_based.hpp"
#include "surrogates/mixtures/mixture_regression.hpp"

namespace bobench::mixture_params {

// cv_target: the default held-out score, "conditional" or "joint" (per model: see README).
inline std::vector<ParamSpec> with_shared(std::vector<ParamSpec> own, const char* cv_target) {
    own.push_back(ParamSpec::boolean("prior_blend", true,
                                     "blend the conditional with a broad prior by a_x = N p(x) / (N p(x) + 1) (the thesis')"));
    own.push_back(ParamSpec::positive("prior_weight", 1.0,
                                      "w in the blend a_x = N p(x) / (N p(x) + w): the broad prior's weight (the thesis': 1)"));
    own.push_back(ParamSpec::real("prior_sd", 2.0, "sd of the broad prior in units of the observed y's sd", 1e-6));
    own.push_back(ParamSpec::integer("cv_folds", 5,
                                     "folds of the cross-validated hyperparameter choice (fewer rows: leave-one-out)", 2));
    own.push_back(ParamSpec::choice("cv_target", cv_target, {"conditional", "joint"},
                                    "held-out score: log p(y | x) or log p(x, y)"));
    own.push_back(ParamSpec::choice("output", "rank", {"rank", "standardise"},
                                    "fit the density to the normal scores of y's ranks (EI in score units) or to y"));
    return own;
}

inline surrogates::mixtures::MixtureRegressionOptions options(const Args& args) {
    surrogates::mixtures::MixtureRegressionOptions o;
    o.prior_blend = args.boolean("prior_blend");
    o.prior_weight = args.real("prior_weight");
    o.prior_sd = args.real("prior_sd");
    o.cv_folds = static_cast<int>(args.integer("cv_folds"));
    o.cv_target = surrogates::mixtures::parse_cv_target(args.text("cv_target"));
    o.output = surrogates::mixtures::parse_output_transform(args.text("output"));
    return o;
}

// The loop of every mixture optimizer: moment-matched EI (the thesis' acquisition; the
// exact mixture EI is acquisition=mixture-ei), maximised by L-BFGS-B from random samples
// (finite-difference gradients: the mixture models have none).
inline model_based::LoopDefaults loop_defaults() {
    model_based::LoopDefaults loop;
    loop.acquisition = "ei";
    loop.n_init = 10;
    return loop;
}

// A mixture optimizer: its own parameters and the shared ones, in the loop above.
inline OptimizerFactory factory(std::string name, std::string description, std::vector<ParamSpec> own,
                                const char* cv_target, model_based::ModelFactory model) {
    return model_based::make_factory(std::move(name), std::move(description), with_shared(std::move(own), cv_target),
                                     loop_defaults(), std::move(model));
}

}  // namespace bobench::mixture_params
