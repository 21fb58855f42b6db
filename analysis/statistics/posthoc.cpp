#include "analysis/statistics/posthoc.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "analysis/statistics/studentized_range.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis {

namespace {

void check_alpha(double alpha) {
    if (!(alpha > 0.0 && alpha < 1.0)) {
        throw UserError("Nemenyi: alpha = " + std::to_string(alpha) + " is outside (0, 1)");
    }
}

double rank_standard_error(std::size_t k, std::size_t n) {
    const double kd = static_cast<double>(k);
    return std::sqrt(kd * (kd + 1.0) / (6.0 * static_cast<double>(n)));
}

}  // namespace

double nemenyi_q_alpha(double alpha, std::size_t treatments) {
    check_alpha(alpha);
    return studentized_range_quantile(1.0 - alpha, treatments) / std::sqrt(2.0);
}

double nemenyi_critical_difference(double alpha, std::size_t treatments, std::size_t blocks) {
    if (blocks == 0) throw UserError("Nemenyi: number of blocks is 0; at least 1 is needed");
    return nemenyi_q_alpha(alpha, treatments) * rank_standard_error(treatments, blocks);
}

std::vector<std::vector<double>> nemenyi_p_values(std::span<const double> mean_ranks,
                                                  std::size_t blocks) {
    const std::size_t k = mean_ranks.size();
    if (k < 2) {
        throw UserError("Nemenyi: got " + count_noun(k, "treatment") + "; at least 2 are needed");
    }
    if (blocks == 0) throw UserError("Nemenyi: number of blocks is 0; at least 1 is needed");
    for (std::size_t i = 0; i < k; ++i) {
        if (!std::isfinite(mean_ranks[i])) {
            throw UserError("Nemenyi: mean rank " + std::to_string(i) + " is not finite");
        }
    }
    const double se = rank_standard_error(k, blocks);
    std::vector<std::vector<double>> p(k, std::vector<double>(k, 1.0));
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
            const double z = std::abs(mean_ranks[i] - mean_ranks[j]) / se;
            p[i][j] = p[j][i] = studentized_range_sf(z * std::sqrt(2.0), k);
        }
    }
    return p;
}

std::vector<double> holm_adjust(std::span<const double> p_values) {
    const std::size_t m = p_values.size();
    for (std::size_t i = 0; i < m; ++i) {
        if (!(p_values[i] >= 0.0 && p_values[i] <= 1.0)) {
            throw UserError("Holm correction: p-value " + std::to_string(i) + " = " +
                            std::to_string(p_values[i]) + " is outside [0, 1]");
        }
    }
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
    std::vector<double> adjusted(m);
    double running_max = 0.0;
    for (std::size_t rank = 0; rank < m; ++rank) {
        const double scaled = std::min(1.0, static_cast<double>(m - rank) * p_values[order[rank]]);
        running_max = std::max(running_max, scaled);
        adjusted[order[rank]] = running_max;
    }
    return adjusted;
}

}  // namespace bobench::analysis
