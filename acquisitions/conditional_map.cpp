#include "acquisitions/conditional_map.hpp"

#include <cmath>

#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"
#include "core/error.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::acquisitions {

ExpectedMinimum expected_minimum_at(const surrogates::RegressionModel& model, int dim, double y_min, int samples,
                                    Rng& rng) {
    const ExpectedImprovement ei(model, y_min);
    RandomSamplingOptions o;
    o.n_samples = samples;
    MaximizeResult best = RandomSampling(o).maximize(make_objective(ei), Box::unit(dim), rng);
    return {y_min - std::max(best.value, 0.0), std::move(best.x)};
}

double expected_minimum(const surrogates::RegressionModel& model, int dim, double y_min, int samples, Rng& rng) {
    return expected_minimum_at(model, dim, y_min, samples, rng).value;
}

InverseConditionalMap::InverseConditionalMap(int dim, int steps) : dim_(dim), steps_(steps) {
    if (dim < 1) throw UserError("cl-inverse criterion: dimension must be >= 1");
    if (steps < 1) throw UserError("cl-inverse criterion: cl_steps = " + std::to_string(steps) + " must be >= 1");
}

Eigen::VectorXd InverseConditionalMap::propose(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double target, Rng& rng) {
    const surrogates::CleanData data = surrogates::clean_training_data(X, y, dim_, "cl-inverse criterion");
    if (data.y.size() == 0) throw UserError("cl-inverse criterion: no finite observation to learn from");
    if (!std::isfinite(target)) throw UserError("cl-inverse criterion: the target E[y*] is not finite");
    if (!network_) {
        mlp::TanhRegressorOptions o;  // the thesis' 2 x 50 tanh, lambda1 = lambda2 = 5e-5
        o.steps = steps_;
        network_.emplace(1, dim_, o, rng);
    }
    const surrogates::Standardization s = surrogates::Standardization::of(data.y);
    network_->fit(s.apply(data.y), data.X);
    Eigen::VectorXd u(1);
    u[0] = (target - s.mean) / s.scale;
    return network_->predict(u).cwiseMax(0.0).cwiseMin(1.0);
}

}  // namespace bobench::acquisitions
