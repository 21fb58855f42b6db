#pragma once
// `bobench table`: final regret per problem (rows) and optimizer (columns), as the
// papers print it: mean ± std over replicates (or median [q1, q3]), 3 significant digits,
// the best cell of each row marked (bold in Markdown/LaTeX, a `*` in the CSV's best
// column). Problems without a known f* show the final best value instead (marked †).
// Runs without a successful evaluation are left out of the statistics and counted in the
// cell ("k failed"), never silently dropped; the best cell is the lowest statistic among
// optimizers with at least one successful run.
#include <string>
#include <string_view>

#include "analysis/reports/run_metrics.hpp"
#include "analysis/summary.hpp"

namespace bobench::analysis::reports {

enum class TableFormat { markdown, latex, csv };
enum class TableStat { mean, median };

TableFormat parse_table_format(std::string_view name);  // md | latex | csv
TableStat parse_table_stat(std::string_view name);      // mean | median

struct TableOptions {
    TableFormat format = TableFormat::markdown;
    TableStat stat = TableStat::mean;
    int digits = 3;  // significant digits in md/latex (the CSV keeps 17)
};

// One cell of the table: the summary of its runs' final regrets (final best values without f*).
struct FinalCell {
    bool ran = false;  // at least one kept run
    std::size_t runs = 0, failed = 0;  // kept runs; of those, runs without a successful evaluation
    Summary summary;
};
// cells[problem][optimizer], as ExperimentMetrics orders them; what render_final_table
// prints and `bobench run`'s summary shows.
std::vector<std::vector<FinalCell>> final_cells(const ExperimentMetrics& data);

// best[problem][optimizer]: the cells whose statistic (mean or median) is the lowest of
// their row among cells with a successful run; ties all marked.
std::vector<std::vector<bool>> best_final_cells(const std::vector<std::vector<FinalCell>>& cells, TableStat stat);
// A cell as the Markdown table prints it: "1.2 ± 0.3", "0.5 [0.1, 0.9]", "-", "n/a", "(k failed)".
std::string final_cell_text(const FinalCell& cell, const TableOptions& options);

// CSV (tidy, one row per problem and optimizer): problem, optimizer, measure (regret or
// best), runs, failed_runs, then mean, std or median, q1, q3, then best ("*" or empty).
std::string render_final_table(const ExperimentMetrics& data, const TableOptions& options = {});

}  // namespace bobench::analysis::reports
