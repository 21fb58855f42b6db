#pragma once
// `bobench plot`: median and inter-quartile regret curves per problem, drawn by gnuplot
// (run as a child process; gnuplot is optional at run time, bobench does not link it).
//
// For every problem, DIR gets <stem>.dat (one block per optimizer: x (the evaluation, or
// the curve's own x such as the cumulative cost), centre, low, high) and <stem>.png /
// <stem>.svg; one script DIR/plots.gp draws them all and gnuplot's output goes to
// DIR/gnuplot.log. The key sits outside the plot area, right of it, so it never hides a
// curve. <stem> is the curves' own stem (aggregate_curves: "mean-rank-all") or the slug of
// the problem label (gnuplot.hpp's slug), made unique by a suffix if needed.
//
// Each optimizer keeps its look (palette.hpp: colour, dash, marker) by its position in the
// results file, whatever else a plot holds. The bands: with up to `max_bands` curves in a
// plot each has its band, light (opacity 0.15) so that overlaps stay readable; with more,
// the bands would bury each other, so only the centre lines are drawn, and a note says so.
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
    std::string y_label_centre;  // where the bands are left out (empty: y_label, or "regret: median")
    std::size_t max_bands = 5;  // more curves in one plot: centre lines only
    // The results file's optimizer labels in order, for plots that know only labels (the
    // score histograms): each optimizer's look is its position here; empty: as drawn.
    std::vector<std::string> optimizers;
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
