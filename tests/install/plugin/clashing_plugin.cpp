// A plugin that registers a name bobench has already: refused, naming the plugin and the name.
#include "core/plugin.hpp"

BOBENCH_PLUGIN(registrar) {
    registrar.add(bobench::OptimizerFactory{"random-search", "a second random search", {},
                                            [](const bobench::OptimizerSetup&, const bobench::Args&) {
                                                return std::unique_ptr<bobench::Optimizer>();
                                            }});
}
