#include "optimizers/network_scaling.hpp"

namespace bobench::network_scaling {

std::vector<ParamSpec> params(const std::string& default_inputs) {
    return {ParamSpec::choice("inputs", default_inputs, {"unit", "standardised", "first"},
                              "inputs as the loop encodes them, in [0,1]^D, standardised by each fit's data "
                              "(column mean and sd, pybnn's rule), or by the first fit's mean and sd, kept"),
            ParamSpec::choice("standardise", "every", {"every", "first", "none"},
                              "outputs standardised by each fit's data, or by the first fit's mean and sd, kept "
                              "(the DTU thesis' rule), or not at all (the priors meet the objective's scale)")};
}

void apply(const Args& args, bnn::SampledNetworkOptions& o) {
    using Inputs = bnn::SampledNetworkOptions::InputScaling;
    using Outputs = bnn::SampledNetworkOptions::OutputScaling;
    const std::string inputs = args.text("inputs"), outputs = args.text("standardise");
    o.inputs = inputs == "standardised" ? Inputs::Every : inputs == "first" ? Inputs::First : Inputs::None;
    o.outputs = outputs == "first" ? Outputs::First : outputs == "none" ? Outputs::Raw : Outputs::Every;
}

}  // namespace bobench::network_scaling
