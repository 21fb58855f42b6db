#include "analysis/statistics/kendall.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"

namespace bobench::analysis {

// O(n^2) pair count: the orderings compared here have a handful of methods.
double kendall_tau_b(std::span<const double> x, std::span<const double> y) {
    if (x.size() != y.size())
        throw UserError("kendall_tau_b: " + std::to_string(x.size()) + " and " + std::to_string(y.size()) +
                        " values; the orderings must have the same items");
    double concordant_minus_discordant = 0, untied_x = 0, untied_y = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (std::isnan(x[i]) || std::isnan(y[i])) throw UserError("kendall_tau_b: NaN at item " + std::to_string(i));
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            const double dx = x[i] - x[j], dy = y[i] - y[j];
            const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
            concordant_minus_discordant += sx * sy;
            untied_x += sx != 0;
            untied_y += sy != 0;
        }
    }
    if (untied_x == 0 || untied_y == 0) return std::numeric_limits<double>::quiet_NaN();
    return concordant_minus_discordant / std::sqrt(untied_x * untied_y);
}

}  // namespace bobench::analysis
