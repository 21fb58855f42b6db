#pragma once
// One look per optimizer for every plot, the HTML report's SVG and gnuplot's PNG/SVG alike:
// Okabe & Ito's colour-blind-safe palette (yellow last: it is faint on white), chosen by the
// optimizer's position in the spec (the results file's order), never by its place in one
// plot, so a method keeps its look across plots and reports of the same spec. Beyond 8 the
// colours repeat with a dash pattern; every index has its own marker (gnuplot point type).
#include <cstddef>
#include <string>

namespace bobench::analysis::reports {

std::string palette_colour(std::size_t index);  // "#RRGGBB"
std::string palette_dash(std::size_t index);    // "" for the first 8, then an SVG stroke-dasharray ("6 3")
int palette_point(std::size_t index);           // a gnuplot point type, distinct for the first 13

// gnuplot's words for that look: "linecolor rgb '#..' dashtype solid|(6,3) pointtype N".
std::string gnuplot_style(std::size_t index);

}  // namespace bobench::analysis::reports
