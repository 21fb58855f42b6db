// A plugin that says it was built against another bobench build (the entry points
// BOBENCH_PLUGIN writes, with other values): refused before it registers anything.
#include "core/plugin.hpp"

extern "C" void bobench_plugin_build(const char** version, const char** git_revision) {
    *version = "0.0.1";
    *git_revision = "0123456789ab";
}

extern "C" void bobench_plugin_register(bobench::PluginRegistrar& registrar) {
    registrar.add(bobench::OptimizerFactory{"from-another-build", "never registered", {},
                                            [](const bobench::OptimizerSetup&, const bobench::Args&) {
                                                return std::unique_ptr<bobench::Optimizer>();
                                            }});
}
