#pragma once
// Per-run metrics of a results file, grouped by (problem, optimizer): the input of every
// report (rank, table, curves). Nothing is re-run: everything comes from the traces.
//
// Final value of a run = noise-free value of its final incumbent (results::incumbent_curve,
// the point with the lowest *observed* value), minus f* when the problem knows f* (the
// final regret), the value itself otherwise. AUC = analysis::auc over the incumbent's
// noise-free values (offset f* when known), from evaluation auc_start on.
// A run without a successful evaluation has NaN metrics (the report's NanPolicy decides);
// a run with no evaluation at all (eval_count 0) is skipped with a note.
//
// Optimizers are listed sorted by label, problems in file order, runs by replicate, so
// nothing downstream depends on the order of the optimizer table in the file.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "results/store.hpp"

namespace bobench::analysis::reports {

struct CellRuns {
    std::vector<int> replicates;     // replicate numbers of the runs kept, ascending
    std::vector<double> final_value;  // final regret (final best value without f*)
    std::vector<double> auc;          // NaN when not computed or undefined
    std::vector<std::size_t> evaluations;  // per run
    std::size_t empty_runs = 0;      // eval_count 0, skipped
    std::size_t failed_runs = 0;     // no successful evaluation (metrics NaN)
    std::size_t failed_evals = 0;    // failed evaluations in the kept runs
};

struct MetricsOptions {
    bool with_auc = true;
    std::size_t auc_start = 1;  // 1-based evaluation where the AUC starts (kurobako's default 1)
};

struct ExperimentMetrics {
    std::vector<std::string> problems;  // labels, file order
    std::vector<std::optional<double>> optimum;
    std::vector<Metadata> metadata;
    std::vector<std::string> optimizers;      // labels, sorted
    std::vector<std::vector<CellRuns>> cells;  // cells[problem][optimizer]
    std::size_t runs = 0;                      // runs kept (non-empty)
    // Things a reader must know about the data (empty runs, missing f*, unequal replicate
    // counts, runs without a successful evaluation), in a fixed order.
    std::vector<std::string> notes;

    bool has_regret(std::size_t problem) const { return optimum[problem].has_value(); }
};

// UserError when auc_start is 0 or beyond the evaluations of a non-empty run.
ExperimentMetrics compute_metrics(const results::Results& results, const MetricsOptions& options = {});

// UserError when no problem has metadata key `key` ("--by KEY": it would put every problem
// under "(missing)", most likely a typo), naming the keys present and the closest one.
// `source` names the results file in the message.
void require_metadata_key(const std::vector<Metadata>& metadata, const std::string& key, const std::string& source);

// The regret (or best value without f*) curve of one run: incumbent's true value minus f*.
std::vector<double> run_regret_curve(const results::Trace& trace, std::optional<double> optimum);

}  // namespace bobench::analysis::reports
