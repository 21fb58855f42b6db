#pragma once
// What a results file records about the command that wrote it: when, where, which
// compiler and library versions, the command line and the plugins it loaded.
#include <chrono>
#include <string>

#include "results/store.hpp"

namespace bobench::cli {

results::Provenance provenance(std::chrono::system_clock::time_point started, const std::string& command_line);

// "eigen": "3.4.0", "boost": "1.74.0", "hdf5": "1.10.8", "xgboost": "1.7.4", ... as JSON
// text: the versions this binary was built with (HDF5 and XGBoost: the libraries loaded).
std::string dependency_versions();

// "host (CPU model, N hardware threads)", for a report's wall-time line.
std::string host_description();

}  // namespace bobench::cli
