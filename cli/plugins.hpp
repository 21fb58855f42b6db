#pragma once
// Loading plugins (core/plugin.hpp): shared libraries that add optimizers and problems to
// this bobench's catalogs, named by `--plugin PATH` (run, reproduce, slurm, list, eval) or
// by a spec's `plugins = PATH, PATH` in [experiment].
#include <string>
#include <vector>

#include <boost/program_options.hpp>

namespace bobench::cli {

// Loads each file (a path relative to the working folder) once per process, in order, and
// runs its registration. UserError (exit status 2) naming the file when it is missing,
// cannot be loaded (not a shared library, or calls a function this bobench lacks), has no
// entry point, was built against another bobench build, or registers a name already taken.
void load_plugins(const std::vector<std::string>& paths);

// The plugins loaded so far, for a results file's provenance: a JSON array of
// {"file": absolute path, "fnv1a64": hash of its bytes}; "" when none was loaded.
std::string loaded_plugins_json();

// The repeatable `--plugin PATH` option, and its words added to `plugins` (each path once).
void add_plugin_option(boost::program_options::options_description& opts);
void add_plugin_flags(const boost::program_options::variables_map& vm, std::vector<std::string>& plugins);

}  // namespace bobench::cli
