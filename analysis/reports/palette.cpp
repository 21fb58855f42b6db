#include "analysis/reports/palette.hpp"

#include <iterator>

#include <fmt/format.h>

namespace bobench::analysis::reports {

namespace {
constexpr const char* kOkabeIto[] = {"#E69F00", "#56B4E9", "#009E73", "#0072B2",
                                     "#D55E00", "#CC79A7", "#000000", "#F0E442"};
constexpr std::size_t kColours = std::size(kOkabeIto);
constexpr const char* kDashes[] = {"", "6 3", "2 2", "8 3 2 3"};
// filled circle, square, triangle, inverted triangle, diamond, then their outlines, then + x *
constexpr int kPoints[] = {7, 5, 9, 11, 13, 6, 4, 8, 10, 12, 1, 2, 3};
}  // namespace

std::string palette_colour(std::size_t index) { return kOkabeIto[index % kColours]; }

std::string palette_dash(std::size_t index) { return kDashes[(index / kColours) % std::size(kDashes)]; }

int palette_point(std::size_t index) { return kPoints[index % std::size(kPoints)]; }

std::string gnuplot_style(std::size_t index) {
    std::string dash = palette_dash(index);
    for (char& c : dash)
        if (c == ' ') c = ',';
    return fmt::format("linecolor rgb '{}' dashtype {} pointtype {}", palette_colour(index),
                       dash.empty() ? "solid" : "(" + dash + ")", palette_point(index));
}

}  // namespace bobench::analysis::reports
