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
    // Metadata keys the ranking is broken down by (the first also in the rank report), each
    // with Borda and first-place histograms (PNG/SVG); empty: no breakdown.
    std::vector<std::string> breakdowns;
    double alpha = 0;       // per-pair Mann-Whitney level of the ranking; 0: the default family-wise 0.05
    bool friedman = false;  // add the Friedman ranking with Borda counts (Aryan 2020, chapter 4)
    std::string figure;     // the paper's figure redrawn from our traces (regret: median and quartiles); "" none
    bool toy = false;       // not an experiment: an illustration computed in place (bore-toy)
    long quick_replicates = 2, quick_budget = 20;  // --quick
    std::vector<std::string> quick_methods;        // --quick runs only these (empty: all)
    std::string cost;       // wall time of the full protocol on 2 cores: measured or extrapolated, labelled
    std::vector<std::string> deviations;  // every known departure from the paper's protocol
};

const std::vector<ReproductionEntry>& reproductions();
// UserError "unknown reproduction 'x'; known: ..." when there is none of that name.
const ReproductionEntry& find_reproduction(const std::string& name);

// The experiments/ folder: $BOBENCH_EXPERIMENTS, else ../experiments beside the binary's
// folder (the build tree), else ../share/bobench/experiments (an installed bobench).
std::string experiments_dir();

}  // namespace bobench::cli
