#pragma once
// The benchmark tables a reproduction's tabular problems read (FCNet, NAS-Bench-201): the
// real ones from a data folder, or SYNTHETIC fixtures in their layout written beside the
// results, so that every reproduction runs without downloads (and says so in its report).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reproductions/entry.hpp"
#include "runners/spec.hpp"

namespace bobench::reproductions {

// The problems that read a benchmark table, each with its table's file name.
std::vector<std::pair<std::string, std::string>> needed_tables(const runners::ExperimentSpec& spec);

// The data folder of the spec's tabular problems: `data_dir` when given (every table must be
// there), else a folder of SYNTHETIC fixtures written once beside the results file (1,000
// FCNet configurations with `quick`, else all; the FCNet fixture formula does not depend on
// the dataset, so one table serves the four datasets' names). The problems keep their
// identifiers, so their seeds do not depend on where the tables lie. Returns the folder, or
// "" when the spec has no tabular problem. `write` false checks and writes nothing (a report
// on results that exist).
struct TableFolder {
    std::string path;      // "" when no problem reads a table
    bool fixture = false;  // SYNTHETIC fixtures, not the benchmark's tables
};
TableFolder prepare_tables(const runners::ExperimentSpec& spec, const ReproductionEntry& entry,
                           const std::optional<std::string>& data_dir, bool quick, bool write);

}  // namespace bobench::reproductions
