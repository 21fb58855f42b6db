#include "acquisitions/maximizers/differential_evolution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "acquisitions/maximizers/best_point.hpp"
#include "core/error.hpp"

namespace bobench::acquisitions {

DifferentialEvolution::DifferentialEvolution(DifferentialEvolutionOptions options)
    : options_(options) {
    const auto& o = options_;
    if (o.population != 0 && o.population < 4)
        throw UserError("DifferentialEvolution: population " + std::to_string(o.population) +
                        " must be >= 4 (rand/1 needs three others), or 0 for 10 * D");
    if (!(o.F > 0.0 && o.F <= 2.0))
        throw UserError("DifferentialEvolution: F " + std::to_string(o.F) + " must be in (0, 2]");
    if (!(o.CR >= 0.0 && o.CR <= 1.0))
        throw UserError("DifferentialEvolution: CR " + std::to_string(o.CR) + " must be in [0, 1]");
    if (o.max_evaluations < 4)
        throw UserError("DifferentialEvolution: max_evaluations " +
                        std::to_string(o.max_evaluations) + " must be >= 4");
}

MaximizeResult DifferentialEvolution::maximize(const Objective& f, const Box& box, Rng& rng,
                                               const Eigen::MatrixXd& candidates) const {
    detail::validate_arguments("DifferentialEvolution", f, box, candidates);
    const int dim = box.dim();
    const int np = options_.population > 0 ? options_.population : std::max(8, 10 * dim);
    if (options_.max_evaluations < np)
        throw UserError("DifferentialEvolution: max_evaluations " +
                        std::to_string(options_.max_evaluations) + " must be >= the population " +
                        std::to_string(np));

    BestPoint<Eigen::VectorXd> best;
    long evaluations = 0;
    // A generation's points (a row each) are built first, then scored together
    // (Objective::batch when the objective has one), then offered in member order: the
    // objective draws nothing from rng, so this is the order of draws and offers of scoring
    // each point as it is built.
    Eigen::MatrixXd trials(np, dim);
    Eigen::VectorXd values;

    // Population as columns; the next generation is built in separate storage.
    Eigen::MatrixXd pop(dim, np), next(dim, np);
    Eigen::VectorXd score(np), next_score(np);
    for (int i = 0; i < np; ++i) {
        pop.col(i) = i < candidates.rows() ? Eigen::VectorXd(candidates.row(i).transpose())
                                           : detail::uniform_in(box, rng);
        trials.row(i) = pop.col(i).transpose();
    }
    detail::score_rows(f, trials, values);
    for (int i = 0; i < np; ++i) {
        score[i] = detail::sanitize(values[i]);
        ++evaluations;
        best.offer(pop.col(i), score[i]);
    }

    boost::random::uniform_int_distribution<int> pick(0, np - 1), pick_dim(0, dim - 1);
    boost::random::uniform_real_distribution<double> unit(0.0, 1.0);
    Eigen::VectorXd trial(dim);
    while (evaluations < options_.max_evaluations) {
        next = pop;
        next_score = score;
        const int n = static_cast<int>(std::min<long>(np, options_.max_evaluations - evaluations));
        if (trials.rows() != n) trials.resize(n, dim);  // the last generation may be cut short
        for (int i = 0; i < n; ++i) {
            int r1, r2, r3;
            do r1 = pick(rng); while (r1 == i);
            do r2 = pick(rng); while (r2 == i || r2 == r1);
            do r3 = pick(rng); while (r3 == i || r3 == r1 || r3 == r2);
            const int j_rand = pick_dim(rng);
            for (int j = 0; j < dim; ++j) {
                if (j == j_rand || unit(rng) < options_.CR) {
                    double v = pop(j, r1) + options_.F * (pop(j, r2) - pop(j, r3));
                    if (v < box.lower[j]) v = 0.5 * (pop(j, i) + box.lower[j]);
                    if (v > box.upper[j]) v = 0.5 * (pop(j, i) + box.upper[j]);
                    trial[j] = v;
                } else {
                    trial[j] = pop(j, i);
                }
            }
            trials.row(i) = trial.transpose();
        }
        detail::score_rows(f, trials, values);
        for (int i = 0; i < n; ++i) {
            trial = trials.row(i).transpose();
            const double v = detail::sanitize(values[i]);
            ++evaluations;
            best.offer(trial, v);
            if (v >= score[i]) {
                next.col(i) = trial;
                next_score[i] = v;
            }
        }
        pop.swap(next);
        score.swap(next_score);
    }
    return {best.pick(rng), best.value(), evaluations};
}

}  // namespace bobench::acquisitions
