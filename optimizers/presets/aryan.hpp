#pragma once
// The loop of Aryan 2020's protocol (PhD thesis, VUW), shared by its network optimizers
// (elm, sbnn, hbnn, nuts-bnn): EI after 2 uniform initial points.
#include "optimizers/loop/model_based.hpp"

namespace bobench::aryan {

inline model_based::LoopDefaults loop_defaults() {
    model_based::LoopDefaults loop;
    loop.acquisition = "ei";
    loop.n_init = 2;
    loop.init = "uniform";
    return loop;
}

}  // namespace bobench::aryan
