#pragma once
// The data scaling of the sampled networks (sbnn, hbnn, nuts-bnn, bohamiann) as optimizer
// parameters: `inputs` (unit: as the loop encodes them, in [0,1]^D; standardised: by each
// fit's column mean and sd, pybnn's rule; first: by the first fit's, kept) and
// `standardise` (the outputs: by every fit's data, by the first fit's kept, or not at all).
#include <string>
#include <vector>

#include "core/params.hpp"
#include "surrogates/bnn/sampled_network.hpp"

namespace bobench::network_scaling {

std::vector<ParamSpec> params(const std::string& default_inputs);
void apply(const Args& args, bnn::SampledNetworkOptions& options);

}  // namespace bobench::network_scaling
