#pragma once
// `bobench report FILE --html DIR`: one self-contained HTML page per results file, for a
// browser with no network: for a reproduction (`reproduce --html`) the agreement with the
// paper and its claims first, then provenance and spec, the ranking (`bobench rank`'s Borda and
// Firsts, Friedman mean ranks and their critical-difference diagram), the final-regret
// table (`bobench table`'s cells), one inline-SVG panel of median regret curves per problem,
// runtime ECDF panels (all problems, per dimension and group), and the ERT table of
// `bobench table --target`. Every number comes from the functions those commands use;
// this file only lays them out. No script, no external resource.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/reports/curves.hpp"
#include "results/store.hpp"

namespace bobench::analysis::reports {

struct HtmlReportOptions {
    std::string source;  // the results file's name, shown in the title and in messages
    std::string lead_section;  // HTML placed first on the page (a reproduction's verdict and cells), or ""
};

// Text for HTML element content and quoted attribute values: & < > " ' escaped.
std::string html_escape(std::string_view text);

// Each optimizer's colour and dash: analysis/reports/palette.hpp, by its position in the
// file's optimizer table (the spec's order), the same as in the gnuplot plots.

// The y scale of a figure of regret panels, decided once for all of them: log10 when the
// positive medians of any one panel span more than two decades. "Any", not "every": a
// narrow panel still reads on a log axis, a wide one is a flat line on a linear axis. Panels
// of best values (f* unknown: values can be negative) are linear whatever the figure's scale.
bool regret_figure_log_y(const std::vector<std::vector<const CurveSummary*>>& panels);

// One inline <svg> panel: the median curve of each optimizer of one problem over
// evaluations, with its inter-quartile band where the panel has at most as many curves as
// the PNGs draw bands for (plot.hpp's max_bands); log10 y when `figure_log_y` (the figure's
// scale, regret_figure_log_y) and the panel is one of regrets with a positive value.
// `colour_index` gives each curve's palette index.
std::string regret_panel_svg(const std::vector<const CurveSummary*>& curves, const std::vector<std::size_t>& colour_index,
                             bool figure_log_y);

// The whole page (UTF-8). UserErrors of the sections (e.g. fewer than two optimizers to
// rank) become a note in that section, never a failed page.
std::string render_html_report(const results::Results& results, const HtmlReportOptions& options);

}  // namespace bobench::analysis::reports
