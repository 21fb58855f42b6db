#pragma once
// Our runs beside a paper's published numbers: per cell (problem × method) our statistic
// of the final value and its bootstrap 95 % interval, the paper's number, their ratio and
// whether the paper's number lies inside our interval; per problem Kendall's tau-b between
// the paper's method order and ours; overall the share of cells that agree.
//
// Cells are matched by name: a spec written for a reproduction labels its problems and
// optimizers with the paper's own function and method names.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/reports/run_metrics.hpp"
#include "analysis/reports/table_report.hpp"

namespace bobench::analysis::reports {

// One published number.
struct PublishedCell {
    std::string problem, method;
    double value;
    std::optional<double> sd;
};

// Which columns of a reference CSV hold what, and which rows to keep (column = value).
struct ReferenceColumns {
    std::string problem, method, value, sd;  // sd: empty when the paper gives none
    std::vector<std::pair<std::string, std::string>> keep;
};

// Reads a reference table ('#' lines are its provenance); rows whose value is empty, NaN
// or NA are the paper's N/A and left out. UserError naming the file and line for a missing column,
// a row of the wrong length, or a value that is not a number.
std::vector<PublishedCell> read_published(const std::string& path, const ReferenceColumns& columns);

struct CellComparison {
    std::string problem, method;
    std::size_t runs = 0;     // our successful runs; 0: we have no runs of this cell
    double ours = 0, ours_sd = 0, low = 0, high = 0;  // our statistic, sd, bootstrap 95 % interval
    double theirs = 0;
    std::optional<double> theirs_sd;
    double ratio = 0;          // ours / theirs
    bool agrees = false;       // theirs in [low, high]
};

struct ProblemOrder {
    std::string problem;
    std::size_t methods = 0;  // methods both sides have
    double tau = 0;           // NaN when fewer than two methods or an order is all ties
};

struct Reproduction {
    TableStat statistic = TableStat::mean;
    std::vector<CellComparison> cells;  // problems in the paper's order, then methods
    std::vector<ProblemOrder> orders;
    std::vector<std::string> not_run;   // paper methods with no runs here (missing in bobench)
    std::size_t compared() const;       // cells with runs
    std::size_t agreeing() const;
};

struct ReproductionOptions {
    TableStat statistic = TableStat::mean;
    int resamples = 2000;        // bootstrap resamples per cell
    std::uint64_t seed = 20240;  // the bootstrap's stream: same data, same intervals
};

Reproduction compare_with_published(const ExperimentMetrics& ours, const std::vector<PublishedCell>& theirs,
                                    const ReproductionOptions& options = {});

// The side-by-side table, the per-problem tau, the share that agrees and the list of
// disagreements, as Markdown or LaTeX; CSV is one row per cell.
std::string render_reproduction(const Reproduction& r, TableFormat format);

}  // namespace bobench::analysis::reports
