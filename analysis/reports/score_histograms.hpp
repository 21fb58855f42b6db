#pragma once
// Borda and first-place histograms of a ranking broken down by a metadata key (e.g. the
// dimension, or COCO's function group), as M. Aryan's thesis (VUW 2020) draws them in
// Fig. 3.3: one cluster of bars per key value, one bar per optimizer. Drawn by gnuplot
// into PNG and SVG; the numbers also go into a Markdown table.
#include <map>
#include <string>
#include <vector>

#include "analysis/ranking.hpp"
#include "analysis/reports/plot.hpp"

namespace bobench::analysis::reports {

// COCO's bbob function groups by their number (bbob problems' "group" metadata):
// 1 separable (f1-5), 2 moderate conditioning (f6-9), 3 ill-conditioned (f10-14),
// 4 multimodal with adequate global structure (f15-19), 5 weak global structure (f20-24).
std::string coco_group_name(const std::string& group);

// Markdown: one row per key value (natural order), Borda and Firsts per optimizer.
// `value_name` renames a key value for display (identity when empty).
std::string render_score_breakdown(const std::map<std::string, ScoreTable>& by, const std::string& key,
                                   std::string (*value_name)(const std::string&) = nullptr);

// Writes <stem>-borda.{png,svg} and <stem>-firsts.{png,svg} (and their data and script)
// into options.out_dir; returns the files written. UserError when gnuplot is missing.
std::vector<std::string> plot_score_histograms(const std::map<std::string, ScoreTable>& by, const std::string& key,
                                               const std::string& stem, const PlotOptions& options,
                                               std::string (*value_name)(const std::string&) = nullptr);

}  // namespace bobench::analysis::reports
