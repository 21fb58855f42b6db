// elm: Aryan 2020 (ch. 3) ensemble of extreme learning machines (surrogates/bnn/
// elm_ensemble.hpp: 500 members, 10 tanh units, input weights U[-10, 10], output weights
// by pseudo-inverse) with Gaussian EI from the members' mean and variance, or
// acquisition=empirical-ei over the members; 2 uniform initial points. biases=zero and
// outputs=raw are the other readings of what §3.5 leaves open (ElmOptions).
#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/aryan.hpp"
#include "surrogates/bnn/elm_ensemble.hpp"

namespace bobench {

OptimizerFactory elm_optimizer() {
    return model_based::make_factory(
        "elm", "ensemble of 500 extreme learning machines (Aryan 2020: 10 tanh units, U[-10,10] input weights) + EI",
        {ParamSpec::integer("members", 500, "ensemble size", 1),
         ParamSpec::integer("units", 10, "hidden units per member", 1, 10000),
         ParamSpec::positive("weight_scale", 10, "input weights and biases ~ U[-scale, scale]"),
         ParamSpec::choice("biases", "uniform", {"uniform", "zero"},
                           "hidden biases: drawn as the input weights, or none"),
         ParamSpec::choice("outputs", "standardised", {"standardised", "raw"},
                           "outputs standardised before each fit, or fitted as observed")},
        aryan::loop_defaults(), [](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            bnn::ElmOptions o;
            o.members = static_cast<int>(args.integer("members"));
            o.units = static_cast<int>(args.integer("units"));
            o.weight_scale = args.real("weight_scale");
            o.biases = args.text("biases") == "zero" ? bnn::ElmOptions::Biases::Zero : bnn::ElmOptions::Biases::Uniform;
            o.standardise_outputs = args.text("outputs") == "standardised";
            return std::make_unique<bnn::ElmEnsemble>(dim, o);
        });
}

}  // namespace bobench
