#include "surrogates/calibration/isotonic_regression.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/trees/input_checks.hpp"

namespace bobench::surrogates {

namespace {

constexpr const char* kWho = "IsotonicRegression";

}  // namespace

void IsotonicRegression::fit(const Eigen::VectorXd& scores, const Eigen::VectorXd& targets) {
    fit(scores, targets, Eigen::VectorXd::Ones(scores.size()));
}

void IsotonicRegression::fit(const Eigen::VectorXd& scores, const Eigen::VectorXi& labels) {
    detail::check_binary_labels(kWho, labels);
    fit(scores, Eigen::VectorXd(labels.cast<double>()));
}

void IsotonicRegression::fit(const Eigen::VectorXd& scores, const Eigen::VectorXd& targets,
                             const Eigen::VectorXd& weights) {
    const Eigen::Index n = scores.size();
    detail::require(kWho, n > 0, "no scores given; at least 1 is required");
    detail::require(kWho, targets.size() == n, "targets has " + std::to_string(targets.size()) +
                                                   " entries but scores has " + std::to_string(n) +
                                                   "; they must be equal");
    detail::require(kWho, weights.size() == n, "weights has " + std::to_string(weights.size()) +
                                                   " entries but scores has " + std::to_string(n) +
                                                   "; they must be equal");
    detail::check_finite(kWho, "scores", scores);
    detail::check_finite(kWho, "targets", targets);
    detail::check_finite(kWho, "weights", weights);
    for (Eigen::Index i = 0; i < n; ++i)
        detail::require(kWho, weights[i] > 0.0, "weights(" + std::to_string(i) + ") = " +
                                                    format_double(weights[i]) + " is invalid; weights must be > 0");

    std::vector<Eigen::Index> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](Eigen::Index i, Eigen::Index j) { return scores[i] < scores[j]; });

    // One weighted point per distinct score, then blocks pooled on a stack: a block is
    // merged with its predecessor while the predecessor's mean is larger.
    struct Block {
        double sum_wy, sum_w;
        Eigen::Index first_knot, n_knots;
    };
    std::vector<double> xs;
    std::vector<Block> blocks;
    for (Eigen::Index k = 0; k < n;) {
        const double x = scores[order[k]];
        Block b{0.0, 0.0, static_cast<Eigen::Index>(xs.size()), 1};
        for (; k < n && scores[order[k]] == x; ++k) {
            b.sum_wy += weights[order[k]] * targets[order[k]];
            b.sum_w += weights[order[k]];
        }
        xs.push_back(x);
        while (!blocks.empty() &&
               blocks.back().sum_wy * b.sum_w >= b.sum_wy * blocks.back().sum_w) {
            // previous mean >= this mean (cross-multiplied; weights are positive): pool.
            // Pooling equal means changes nothing but keeps the blocks maximal.
            const Block prev = blocks.back();
            blocks.pop_back();
            b = Block{prev.sum_wy + b.sum_wy, prev.sum_w + b.sum_w, prev.first_knot,
                      prev.n_knots + b.n_knots};
        }
        blocks.push_back(b);
    }

    Eigen::VectorXd kx(static_cast<Eigen::Index>(xs.size())), ky(kx.size());
    for (Eigen::Index i = 0; i < kx.size(); ++i) kx[i] = xs[i];
    for (const Block& b : blocks)
        ky.segment(b.first_knot, b.n_knots).setConstant(b.sum_wy / b.sum_w);
    knots_x_ = std::move(kx);
    knots_y_ = std::move(ky);
}

double IsotonicRegression::transform(double score) const {
    if (!fitted()) throw UserError(std::string(kWho) + "::transform called before fit");
    if (std::isnan(score)) return score;  // NaN in, NaN out (as PlattScaling)
    const Eigen::Index n = knots_x_.size();
    if (score <= knots_x_[0]) return knots_y_[0];
    if (score >= knots_x_[n - 1]) return knots_y_[n - 1];
    const double* begin = knots_x_.data();
    const Eigen::Index hi = std::upper_bound(begin, begin + n, score) - begin;  // 1 <= hi < n
    const Eigen::Index lo = hi - 1;
    const double t = (score - knots_x_[lo]) / (knots_x_[hi] - knots_x_[lo]);
    return knots_y_[lo] + t * (knots_y_[hi] - knots_y_[lo]);
}

void IsotonicRegression::transform(const Eigen::VectorXd& scores, Eigen::VectorXd& out) const {
    out.resize(scores.size());
    for (Eigen::Index i = 0; i < scores.size(); ++i) out[i] = transform(scores[i]);
}

}  // namespace bobench::surrogates
