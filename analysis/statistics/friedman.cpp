#include "analysis/statistics/friedman.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/fisher_f.hpp>

#include "analysis/statistics/ranks.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis {

namespace {

void check_table(const std::vector<std::vector<double>>& blocks, std::size_t min_blocks) {
    if (blocks.size() < min_blocks) {
        throw UserError("Friedman test: got " + count_noun(blocks.size(), "block") + "; at least " +
                        std::to_string(min_blocks) + " are needed");
    }
    const std::size_t k = blocks.front().size();
    if (k < 2) {
        throw UserError("Friedman test: got " + count_noun(k, "treatment") + " per block; at least 2 are needed");
    }
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        if (blocks[b].size() != k) {
            throw UserError("Friedman test: block " + std::to_string(b) + " has " +
                            std::to_string(blocks[b].size()) + " values but block 0 has " +
                            std::to_string(k) + "; every block needs one value per treatment");
        }
    }
}

std::string block_name(std::size_t b) { return "Friedman block " + std::to_string(b); }

}  // namespace

std::vector<double> friedman_mean_ranks(const std::vector<std::vector<double>>& blocks) {
    check_table(blocks, 1);
    const std::size_t k = blocks.front().size();
    std::vector<double> rank_sums(k, 0.0);
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const std::vector<double> ranks = average_ranks(blocks[b], block_name(b));
        for (std::size_t j = 0; j < k; ++j) rank_sums[j] += ranks[j];
    }
    for (double& r : rank_sums) r /= static_cast<double>(blocks.size());
    return rank_sums;
}

FriedmanResult friedman_test(const std::vector<std::vector<double>>& blocks) {
    check_table(blocks, 2);
    FriedmanResult result;
    const std::size_t n = blocks.size();
    const std::size_t k = blocks.front().size();
    result.blocks = n;
    result.treatments = k;

    std::vector<double> rank_sums(k, 0.0);
    double ties = 0.0;
    for (std::size_t b = 0; b < n; ++b) {
        const std::vector<double> ranks = average_ranks(blocks[b], block_name(b));
        for (std::size_t j = 0; j < k; ++j) rank_sums[j] += ranks[j];
        ties += tie_term(blocks[b], block_name(b));
    }
    const double nd = static_cast<double>(n);
    const double kd = static_cast<double>(k);
    result.mean_ranks = rank_sums;
    for (double& r : result.mean_ranks) r /= nd;

    const double correction = 1.0 - ties / (kd * (kd * kd - 1.0) * nd);
    if (correction <= 0.0) return result;  // every block fully tied: chi2 = F = 0, p = 1

    double sum_sq = 0.0;
    for (double r : rank_sums) sum_sq += r * r;
    result.chi2 = (12.0 / (kd * nd * (kd + 1.0)) * sum_sq - 3.0 * nd * (kd + 1.0)) / correction;
    const boost::math::chi_squared_distribution<double> chi2_dist(kd - 1.0);
    result.p_chi2 = boost::math::cdf(boost::math::complement(chi2_dist, std::max(result.chi2, 0.0)));

    const double denominator = nd * (kd - 1.0) - result.chi2;
    // Perfect agreement between blocks makes the denominator 0 up to rounding.
    if (denominator <= 1e-12 * nd * (kd - 1.0)) {
        result.iman_davenport_f = std::numeric_limits<double>::infinity();
        result.p_f = 0.0;
    } else {
        result.iman_davenport_f = (nd - 1.0) * result.chi2 / denominator;
        const boost::math::fisher_f_distribution<double> f_dist(kd - 1.0, (kd - 1.0) * (nd - 1.0));
        result.p_f = boost::math::cdf(
            boost::math::complement(f_dist, std::max(result.iman_davenport_f, 0.0)));
    }
    return result;
}

}  // namespace bobench::analysis
