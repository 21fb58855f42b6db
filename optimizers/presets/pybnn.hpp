#pragma once
// The loop the pybnn models (bohamiann, dngo) ran under in RoBO's fmin: the acquisition
// maximised over 500 random points, 30 % around the incumbent, after 3 Latin-hypercube
// points. Unlike the robo-* presets (presets/robo.hpp) the local points' sd is of each
// side of the box and a repeated suggestion is replaced.
#include <string>

#include "optimizers/loop/model_based.hpp"

namespace bobench::pybnn {

inline model_based::LoopDefaults loop_defaults(std::string acquisition) {
    model_based::LoopDefaults loop;
    loop.acquisition = std::move(acquisition);
    loop.maximizer = "random";
    loop.n_init = 3;
    loop.random_samples = 500;
    loop.random_local_fraction = 0.3;
    return loop;
}

}  // namespace bobench::pybnn
