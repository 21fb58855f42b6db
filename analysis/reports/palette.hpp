#pragma once
// One look per optimizer for every plot, the HTML report's SVG and gnuplot's PNG/SVG alike,
// chosen by the optimizer's position in the spec (the results file's order), never by its
// place in one plot, so a method keeps its look across plots and reports of the same spec.
// 16 distinct colours: Okabe & Ito's colour-blind-safe palette without its yellow (faint on
// white, in print too), solid; then 9 darker or lighter hues between theirs, dashed. Beyond
// 16 the colours repeat with other dash patterns (dotted, then dash-dot), so the first 32
// looks differ; every index also has its own marker (gnuplot point type) among 13.
#include <cstddef>
#include <string>

namespace bobench::analysis::reports {

inline constexpr std::size_t kPaletteColours = 16;

std::string palette_colour(std::size_t index);  // "#RRGGBB"
std::string palette_dash(std::size_t index);    // "" (solid) or an SVG stroke-dasharray ("6 3")
int palette_point(std::size_t index);           // a gnuplot point type, distinct for the first 13

// gnuplot's words for that look: "linecolor rgb '#..' dashtype solid|(6,3) pointtype N".
std::string gnuplot_style(std::size_t index);

}  // namespace bobench::analysis::reports
