#pragma once
// Independent Thompson scores of points, for ranking the starts of an acquisition search
// (Objective::start_scores): each point scores minus one draw of its own predictive,
// y ~ N(mean, var), drawn independently of the other points' (AutoGluon's "thompson_indep",
// which its code calls a cheap variant of Thompson sampling: marginal, not joint, draws).
#include <functional>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/model.hpp"

namespace bobench::acquisitions {

// The model is held by reference: it must outlive the returned function. Points are columns.
std::function<void(const Eigen::MatrixXd& X, Eigen::VectorXd& scores, Rng& rng)> independent_thompson_scores(
    const surrogates::RegressionModel& model);

}  // namespace bobench::acquisitions
