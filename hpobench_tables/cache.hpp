#pragma once
// Where table files are found, and loading each one once per process.
//
// Problems built from the same file (several spec entries, every thread) share one
// read-only Table. The cache holds weak references: a table lives as long as some problem
// uses it, and is read again only after all of them are gone. One mutex guards the map
// and every load, which also keeps HDF5 (not built thread-safe on Debian) single-threaded.
#include <functional>
#include <memory>
#include <string>

#include "hpobench_tables/table.hpp"

namespace bobench::tables {

// The folder benchmark files are read from: the problem's `data_dir=` parameter when not
// empty, else the run's folder (setup.data_dir: --data-dir, a spec's data_dir, or
// $BOBENCH_DATA, which only the command line reads), else "data" (relative to the working
// directory).
std::string data_directory(const std::string& param, const ProblemSetup& setup);
// Where that choice came from, for messages.
std::string data_directory_origin(const std::string& param, const ProblemSetup& setup);

// The table in `path` as read by `load` (`kind` names the reader: "fcnet", "table:..."),
// read at most once while someone holds the result. The key includes the file's size and
// modification time, so a file rewritten in place is read again.
std::shared_ptr<const Table> load_once(const std::string& kind, const std::string& path,
                                       const std::function<Table(const std::string&)>& load);

}  // namespace bobench::tables
