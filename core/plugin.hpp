#pragma once
// A plugin: a shared library that adds optimizers and problems to an installed bobench
// without rebuilding it. Built against the installed package (find_package(bobench), then
// `add_library(mine MODULE ...)` linking `bobench::plugin`), loaded by
// `bobench run --plugin mine.so` or `plugins = mine.so` in a spec's [experiment]. Its
// sources end with the one entry point:
//
//   #include "core/plugin.hpp"
//   BOBENCH_PLUGIN(registrar) { registrar.add(bobench::my_optimizer()); }
//
// A plugin calls into the bobench executable that loads it (which exports its symbols):
// it must not link bobench's libraries itself, which would give it registries of its own
// that bobench never reads. A C++ interface has no stable binary layout, so a plugin only
// loads into the bobench build it was compiled against: the loader compares the version
// and git revision below with its own and refuses another, naming both.
#include "core/registry.hpp"
#include "core/version.hpp"

namespace bobench {

// What a plugin's entry point registers through. A name bobench (or an earlier plugin)
// already has is refused with an error naming both.
class PluginRegistrar {
public:
    virtual void add(OptimizerFactory factory) = 0;
    virtual void add(ProblemFactory factory) = 0;

protected:
    ~PluginRegistrar() = default;
};

// The entry points' names, as the loader looks them up.
inline constexpr const char* plugin_register_symbol = "bobench_plugin_register";
inline constexpr const char* plugin_build_symbol = "bobench_plugin_build";

}  // namespace bobench

// The two entry points: the build the plugin was compiled against (constants folded into
// the plugin itself, never read from the loading executable), and its registration, whose
// body follows the macro.
#define BOBENCH_PLUGIN(registrar)                                                             \
    extern "C" void bobench_plugin_build(const char** version, const char** git_revision) {  \
        constexpr const char* built_version = ::bobench::version;                            \
        constexpr const char* built_revision = ::bobench::git_revision;                      \
        *version = built_version;                                                            \
        *git_revision = built_revision;                                                      \
    }                                                                                        \
    static void bobench_plugin_register_body(::bobench::PluginRegistrar& registrar);         \
    extern "C" void bobench_plugin_register(::bobench::PluginRegistrar& registrar) {         \
        bobench_plugin_register_body(registrar);                                             \
    }                                                                                        \
    static void bobench_plugin_register_body(::bobench::PluginRegistrar& registrar)
