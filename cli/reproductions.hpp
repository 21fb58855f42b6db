#pragma once
// The papers' experiments that `bobench reproduce` runs: each names its spec under
// experiments/, the paper's published numbers under experiments/reference/ (when the
// paper has numbers), how those are read, and what the reproduction still lacks.
#include <string>
#include <vector>

#include "analysis/reports/reproduction.hpp"
#include "analysis/reports/table_report.hpp"

namespace bobench::cli {

struct ReproductionEntry {
    std::string name;
    std::string source;     // paper, table or figure
    std::string spec;       // file under experiments/
    std::string reference;  // file under experiments/reference/; empty: the paper has no numbers
    analysis::reports::ReferenceColumns columns;
    analysis::reports::TableStat statistic = analysis::reports::TableStat::mean;
    std::string by;         // metadata keys the ranking is broken down by ("" = none)
    double alpha = 0;       // per-pair Mann-Whitney level of the ranking; 0: the default family-wise 0.05
    long quick_replicates = 2, quick_budget = 20;  // --quick
    std::string cost;       // estimated wall time of the full protocol on 2 cores
    std::vector<std::string> deviations;  // every known departure from the paper's protocol
};

const std::vector<ReproductionEntry>& reproductions();
// UserError "unknown reproduction 'x'; known: ..." when there is none of that name.
const ReproductionEntry& find_reproduction(const std::string& name);

// The experiments/ folder: $BOBENCH_EXPERIMENTS, else ../experiments beside the binary's
// folder (the build tree), else ../share/bobench/experiments (an installed bobench).
std::string experiments_dir();

}  // namespace bobench::cli
