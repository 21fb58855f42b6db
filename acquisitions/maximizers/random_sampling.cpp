#include "acquisitions/maximizers/random_sampling.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <boost/random/normal_distribution.hpp>

#include "acquisitions/maximizers/best_point.hpp"
#include "core/error.hpp"

namespace bobench::acquisitions {

RandomSampling::RandomSampling(RandomSamplingOptions options) : options_(options) {
    if (options_.n_samples < 1)
        throw UserError("RandomSampling: n_samples " + std::to_string(options_.n_samples) +
                        " must be >= 1");
    if (!(options_.local_fraction >= 0.0 && options_.local_fraction <= 1.0))
        throw UserError("RandomSampling: local_fraction " + std::to_string(options_.local_fraction) +
                        " must be in [0, 1]");
    if (!(options_.local_sd > 0.0) || !std::isfinite(options_.local_sd))
        throw UserError("RandomSampling: local_sd " + std::to_string(options_.local_sd) +
                        " must be finite and > 0");
    for (double sd : options_.local_sd_each)
        if (!(sd > 0.0) || !std::isfinite(sd))
            throw UserError("RandomSampling: local_sd_each entry " + std::to_string(sd) + " must be finite and > 0");
}

MaximizeResult RandomSampling::maximize(const Objective& f, const Box& box, Rng& rng,
                                        const Eigen::MatrixXd& candidates) const {
    detail::validate_arguments("RandomSampling", f, box, candidates);
    const Eigen::VectorXd& each = options_.local_sd_each;
    if (each.size() != 0 && each.size() != box.dim())
        throw UserError("RandomSampling: local_sd_each has " + std::to_string(each.size()) +
                        " entries but the box has " + std::to_string(box.dim()) + " dimensions");
    // All points are drawn first (a row each), then scored together (Objective::batch when
    // the objective has one) and offered in the order drawn: the objective draws nothing
    // from rng, so draws and offers are those of scoring each point as it is drawn.
    const int n_local = candidates.rows() > 0
                            ? static_cast<int>(options_.local_fraction * options_.n_samples)
                            : 0;
    Eigen::MatrixXd points(candidates.rows() + options_.n_samples, box.dim());
    Eigen::Index row = 0;
    for (Eigen::Index r = 0; r < candidates.rows(); ++r) points.row(row++) = candidates.row(r);
    for (int i = 0; i < options_.n_samples - n_local; ++i) points.row(row++) = detail::uniform_in(box, rng).transpose();
    if (n_local > 0) {
        using Normal = boost::random::normal_distribution<double>;
        std::vector<Normal> normal(static_cast<std::size_t>(box.dim()), Normal(0.0, options_.local_sd));
        for (Eigen::Index j = 0; j < each.size(); ++j) normal[static_cast<std::size_t>(j)] = Normal(0.0, each[j]);
        const Eigen::VectorXd centre = candidates.row(0).transpose();
        for (int i = 0; i < n_local; ++i) {
            Eigen::VectorXd x = centre;
            for (int j = 0; j < box.dim(); ++j)
                x[j] += normal[static_cast<std::size_t>(j)](rng) * (box.upper[j] - box.lower[j]);
            points.row(row++) = x.cwiseMax(box.lower).cwiseMin(box.upper).transpose();
        }
    }
    Eigen::VectorXd values;
    detail::score_rows(f, points, values);
    BestPoint<Eigen::VectorXd> best;
    for (Eigen::Index r = 0; r < points.rows(); ++r) best.offer(points.row(r).transpose(), values[r]);
    return {best.pick(rng), best.value(), static_cast<long>(points.rows())};
}

Eigen::VectorXd native_local_sd(const Space& space, double sd) {
    Eigen::VectorXd each = Eigen::VectorXd::Constant(static_cast<Eigen::Index>(space.size()), sd);
    for (std::size_t j = 0; j < space.size(); ++j) {
        const Param& p = space[j];
        const bool linear = (p.kind == ParamKind::Real && !p.log) || p.kind == ParamKind::Integer;
        if (linear && p.hi > p.lo) each[static_cast<Eigen::Index>(j)] = sd / (p.hi - p.lo);
    }
    return each;
}

}  // namespace bobench::acquisitions
