#include "acquisitions/maximizers/multistart_lbfgsb.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include <LBFGSB.h>

#include "acquisitions/maximizers/best_point.hpp"
#include "core/error.hpp"

namespace bobench::acquisitions {

namespace {

// -f for LBFGSpp; clips to the box, supplies finite-difference gradients when needed
// and records the best point of f it has seen.
class NegatedObjective {
public:
    NegatedObjective(const Objective& f, const Box& box, BestPoint<Eigen::VectorXd>& best, long& evaluations)
        : f_(f), box_(box), best_(best), evaluations_(evaluations), x_(box.dim()), xp_(box.dim()) {}

    double operator()(const Eigen::VectorXd& x, Eigen::VectorXd& grad) {
        x_ = x.cwiseMax(box_.lower).cwiseMin(box_.upper);
        double v;
        if (f_.has_gradient) {
            v = record(f_.fn(x_, &grad));
        } else {
            v = record(f_.fn(x_, nullptr));
            finite_difference(grad);
        }
        if (!std::isfinite(v) || !grad.allFinite()) {
            grad.setZero(x_.size());
            return std::numeric_limits<double>::max();
        }
        grad = -grad;
        return -v;
    }

private:
    double record(double value) {
        const double v = detail::sanitize(value);
        ++evaluations_;
        best_.offer(x_, v);
        return v;
    }

    void finite_difference(Eigen::VectorXd& grad) {
        grad.resize(x_.size());
        for (Eigen::Index i = 0; i < x_.size(); ++i) {
            const double h = 1e-6 * (box_.upper[i] - box_.lower[i]);
            xp_ = x_;
            const double hi = std::min(x_[i] + h, box_.upper[i]);
            const double lo = std::max(x_[i] - h, box_.lower[i]);
            if (hi <= lo) {
                grad[i] = 0.0;
                continue;
            }
            xp_[i] = hi;
            const double f_hi = f_.fn(xp_, nullptr);
            xp_[i] = lo;
            const double f_lo = f_.fn(xp_, nullptr);
            evaluations_ += 2;
            grad[i] = (f_hi - f_lo) / (hi - lo);
        }
    }

    const Objective& f_;
    const Box& box_;
    BestPoint<Eigen::VectorXd>& best_;
    long& evaluations_;
    Eigen::VectorXd x_, xp_;
};

}  // namespace

MultiStartLbfgsb::MultiStartLbfgsb(MultiStartLbfgsbOptions options) : options_(options) {
    const auto& o = options_;
    if (o.n_random < 0)
        throw UserError("MultiStartLbfgsb: n_random " + std::to_string(o.n_random) + " must be >= 0");
    if (o.n_starts < 1)
        throw UserError("MultiStartLbfgsb: n_starts " + std::to_string(o.n_starts) + " must be >= 1");
    if (o.max_iterations < 1)
        throw UserError("MultiStartLbfgsb: max_iterations " + std::to_string(o.max_iterations) +
                        " must be >= 1");
    if (!(o.gradient_tolerance >= 0.0) || !(o.relative_decrease >= 0.0))
        throw UserError("MultiStartLbfgsb: gradient_tolerance and relative_decrease must be >= 0");
}

MaximizeResult MultiStartLbfgsb::maximize(const Objective& f, const Box& box, Rng& rng,
                                          const Eigen::MatrixXd& candidates) const {
    detail::validate_arguments("MultiStartLbfgsb", f, box, candidates);
    const int dim = box.dim();
    BestPoint<Eigen::VectorXd> best;
    long evaluations = 0;

    // Score the candidates and the random points: all drawn first, then scored together
    // (Objective::batch when f has one) and offered in order; f draws nothing from rng, so
    // this is scoring each point as it is drawn.
    const Eigen::Index n_points = candidates.rows() + options_.n_random;
    Eigen::MatrixXd points(dim, std::max<Eigen::Index>(n_points, 1));
    std::vector<double> scores(static_cast<std::size_t>(n_points));
    for (Eigen::Index i = 0; i < n_points; ++i)
        points.col(i) = i < candidates.rows() ? Eigen::VectorXd(candidates.row(i).transpose())
                                              : detail::uniform_in(box, rng);
    if (n_points > 0) {
        Eigen::VectorXd values;
        if (f.start_scores)
            f.start_scores(points, values, rng);
        else
            detail::score_rows(f, points.leftCols(n_points).transpose(), values);
        for (Eigen::Index i = 0; i < n_points; ++i) {
            scores[static_cast<std::size_t>(i)] = detail::sanitize(values[i]);
            if (f.start_scores) continue;  // ranks the starts only, no candidate for the result
            ++evaluations;
            best.offer(points.col(i), scores[static_cast<std::size_t>(i)]);
        }
    }
    if (n_points == 0) {  // no candidates and n_random == 0: start from the box centre
        points.col(0) = 0.5 * (box.lower + box.upper);
        scores.push_back(-std::numeric_limits<double>::infinity());
    }

    // Starts: the best scored points (ties broken by index, so runs are reproducible).
    std::vector<Eigen::Index> order(scores.size());
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    const std::size_t n_starts = std::min<std::size_t>(options_.n_starts, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n_starts),
                      order.end(), [&](Eigen::Index a, Eigen::Index b) {
                          const double sa = scores[static_cast<std::size_t>(a)];
                          const double sb = scores[static_cast<std::size_t>(b)];
                          return sa > sb || (sa == sb && a < b);
                      });

    LBFGSpp::LBFGSBParam<double> param;
    param.max_iterations = options_.max_iterations;
    param.epsilon = options_.gradient_tolerance;
    param.epsilon_rel = 0.0;
    param.delta = options_.relative_decrease;
    LBFGSpp::LBFGSBSolver<double> solver(param);
    NegatedObjective objective(f, box, best, evaluations);
    for (std::size_t s = 0; s < n_starts; ++s) {
        Eigen::VectorXd x = points.col(order[s]);
        double fx = 0.0;
        try {
            solver.minimize(objective, x, fx, box.lower, box.upper);
        } catch (const std::exception&) {
            // Line-search failures (flat or kinked regions): the best point is kept.
        }
    }
    if (best.empty()) return {0.5 * (box.lower + box.upper), best.value(), evaluations};
    return {best.pick(rng), best.value(), evaluations};
}

}  // namespace bobench::acquisitions
