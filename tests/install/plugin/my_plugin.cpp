#include "core/plugin.hpp"

namespace bobench {
OptimizerFactory my_optimizer();  // my_optimizer.cpp
}

BOBENCH_PLUGIN(registrar) { registrar.add(bobench::my_optimizer()); }
