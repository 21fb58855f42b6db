#include "analysis/reports/palette.hpp"

#include <iterator>

#include <fmt/format.h>

namespace bobench::analysis::reports {

namespace {
// Okabe & Ito (2008) without yellow, then wine, indigo, dark green, olive, brown, grey,
// crimson, lavender, dark teal: each at least 26 CIELAB units from every other (as far as
// Okabe & Ito's own sky blue is from their blue), each with a contrast of at least 2 against
// white (their yellow's is 1.3).
constexpr const char* kColours[] = {"#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7",
                                    "#000000", "#8E2C5A", "#3B2F8F", "#2E6B1F", "#A3A33A", "#8C510A",
                                    "#8F8F8F", "#B2182B", "#8073D6", "#1D6F78"};
static_assert(std::size(kColours) == kPaletteColours);
constexpr std::size_t kFirstSet = 7;  // Okabe & Ito's
constexpr const char* kDashes[] = {"", "6 3", "2 2", "8 3 2 3"};
// filled circle, square, triangle, inverted triangle, diamond, then their outlines, then + x *
constexpr int kPoints[] = {7, 5, 9, 11, 13, 6, 4, 8, 10, 12, 1, 2, 3};
}  // namespace

std::string palette_colour(std::size_t index) { return kColours[index % kPaletteColours]; }

// Solid for Okabe & Ito's colours, dashed for the second set; each round of 16 after the
// first takes the next two patterns.
std::string palette_dash(std::size_t index) {
    const std::size_t round = index / kPaletteColours, second = index % kPaletteColours >= kFirstSet ? 1 : 0;
    return kDashes[(2 * round + second) % std::size(kDashes)];
}

int palette_point(std::size_t index) { return kPoints[index % std::size(kPoints)]; }

std::string gnuplot_style(std::size_t index) {
    std::string dash = palette_dash(index);
    for (char& c : dash)
        if (c == ' ') c = ',';
    return fmt::format("linecolor rgb '{}' dashtype {} pointtype {}", palette_colour(index),
                       dash.empty() ? "solid" : "(" + dash + ")", palette_point(index));
}

}  // namespace bobench::analysis::reports
