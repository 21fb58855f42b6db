#pragma once
// `bobench plot`: median and inter-quartile regret curves per problem, drawn by gnuplot
// (run as a child process; gnuplot is optional at run time, bobench does not link it).
//
// For every problem, DIR gets <stem>.dat (one block per optimizer: x (the evaluation, or
// the curve's own x such as the cumulative cost), centre, low, high) and <stem>.png /
// <stem>.svg; one script DIR/plots.gp draws them all and gnuplot's output goes to
// DIR/gnuplot.log. The key sits outside the plot area, right of it, so it never hides a
// curve. <stem> is the problem label with characters other than
// letters, digits, '-', '.' and '_' replaced by '_' (made unique by a suffix if needed).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/reports/curves.hpp"
#include "analysis/reports/gnuplot.hpp"

namespace bobench::analysis::reports {

enum class LogScale { automatic, yes, no };
LogScale parse_log_scale(std::string_view name);  // auto | yes | no

struct PlotOptions {
    std::string out_dir;
    LogScale log = LogScale::automatic;  // auto: log y when every plotted value is > 0
    std::string program = "gnuplot";
    std::optional<std::string> search_path;  // PATH to search; the environment's when unset
    std::string x_label = "evaluation";
    bool log_x = false;
    // What each curve shows: median with the inter-quartile band, or mean with a band of
    // one standard error either side (for mean ranks).
    enum class Band { median_iqr, mean_se } band = Band::median_iqr;
    std::string y_label;  // empty: "regret: median and inter-quartile range" (or best value)
};

struct PlotFile {
    std::string problem, stem, data, png, svg;
    bool log_y = false;
};

struct PlotResult {
    std::vector<PlotFile> files;
    std::string script;
    std::vector<std::string> notes;  // e.g. a log scale asked for but values <= 0 present
};

// Writes the data files and the script, runs gnuplot. UserError naming the fix when
// gnuplot is not installed, when there is nothing to plot or DIR cannot be created;
// std::runtime_error with gnuplot's messages when it fails.
PlotResult plot_curves(const std::vector<CurveSummary>& curves, const PlotOptions& options);

}  // namespace bobench::analysis::reports
