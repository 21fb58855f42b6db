#pragma once
// `bobench table --target` and `bobench plot --view ecdf`: the fixed-target view of a
// results file (analysis/fixed_target.hpp has the definitions). A run's regret curve is
// its incumbent's noise-free value minus f* after each evaluation (run_regret_curve), so a
// target precision Δf is reached at the first evaluation where that regret is <= Δf.
// Problems without a known f* have no regret and are left out with a note.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/fixed_target.hpp"
#include "analysis/reports/table_report.hpp"
#include "results/store.hpp"

namespace bobench::analysis::reports {

struct FixedTargetOptions {
    std::vector<double> targets = coco_table_targets();
    std::size_t bootstrap = 1000;  // resamples for the ERT interval (10th and 90th percentiles)
    std::uint64_t seed = 1;        // of the bootstrap
    TableFormat format = TableFormat::markdown;
    int digits = 3;
};

struct TargetCell {
    std::vector<RunOutcome> runs;  // empty: the optimizer did not run the problem
    ExpectedRunningTime ert;
    Interval interval;
};

struct FixedTargetTable {
    std::vector<std::string> problems;    // with f*, file order
    std::vector<std::string> optimizers;  // sorted by label
    std::vector<double> targets;
    std::vector<std::vector<std::vector<TargetCell>>> cells;  // [problem][target][optimizer]
    std::vector<std::string> notes;
};

FixedTargetTable fixed_target_table(const results::Results& results, const FixedTargetOptions& options);

// Markdown / LaTeX: rows (problem, target), columns optimizers, cells "ERT [p10, p90]
// successes/runs", the lowest ERT of a row in bold. CSV (tidy): problem, optimizer, target,
// runs, successes, ert, ert_p10, ert_p90, best.
std::string render_fixed_target_table(const FixedTargetTable& table, const FixedTargetOptions& options);

// A row's lowest ERT over the optimizers that ran (+inf when none reached the target): the
// cells with it are the row's best.
double lowest_ert(const std::vector<TargetCell>& row);
// One cell as the Markdown (or LaTeX) table prints it: "ERT [p10, p90] successes/runs",
// "∞ 0/runs", "-" when the optimizer did not run; `bold` marks the ERT.
std::string target_cell_text(const TargetCell& cell, int digits, bool latex = false, bool bold = false);

// One runtime ECDF per optimizer and group of problems (COCO's "runtime distribution"):
// x = evaluations / dimension, over every (problem, target) pair of the group on which the
// optimizer ran. The dimension is the problem's "dimension" metadata, else its number of
// parameters.
struct EcdfCurve {
    std::string group, optimizer;  // group: "all", or "KEY = VALUE" with --by
    Ecdf ecdf;
    std::size_t problems = 0;
    double budget = 0;  // the largest evaluations / dimension among the runs
    std::size_t style = 0;  // the optimizer's index in the results file: its look (palette.hpp)
};

std::vector<EcdfCurve> ecdf_curves(const results::Results& results, const std::vector<double>& targets,
                                   const std::optional<std::string>& by, std::vector<std::string>& notes);

// Draws one PNG and one SVG per group, DIR/ecdf-<group>.png / .svg (log10 x, steps, a
// cross at each optimizer's largest budget as COCO draws it); returns the files.
struct PlotOptions;
std::vector<std::string> plot_ecdf(const std::vector<EcdfCurve>& curves, std::size_t targets,
                                   const PlotOptions& options);

}  // namespace bobench::analysis::reports
