#pragma once
// The conditional-MAP criterion of Aryan 2020 (thesis ch. 5, eq. 5.9, Algorithm 4; "_cl" in
// its tables). Instead of maximising an acquisition over x, it learns the inverse map
// y -> x: a 2 x 50 tanh network trained to the elastic-net MAP (lambda1 = lambda2 = 5e-5) on
// the observations (standardised y in, encoded x in [0,1]^D out), and asks it where the
// expected minimum is:
//
//   E[y*] = y_min - max_x EI(x),    x_next = g(E[y*]) clipped to [0,1]^D,
//
// with EI from any regression surrogate (GP, random forest, BNN) maximised by random search.
// Not stated in the thesis, chosen here: the squared error is averaged over points and
// summed over coordinates, biases are not penalised, full-batch Adam with learning rate
// 0.01 for `steps` steps per suggestion warm-started from the previous suggestion's
// network (so later fits refine rather than restart), a linear output layer clipped to the
// cube.
#include <optional>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/mlp/tanh_regressor.hpp"
#include "surrogates/model.hpp"

namespace bobench::acquisitions {

// y_min - max EI, EI of `model` below y_min maximised over `samples` uniform points of [0,1]^D.
double expected_minimum(const surrogates::RegressionModel& model, int dim, double y_min, int samples, Rng& rng);

class ConditionalMap {
public:
    ConditionalMap(int dim, int steps);

    // Fits the inverse network on (X, y) (rows with a non-finite y are skipped) and returns
    // g(target) in [0,1]^D. The network is created from rng at the first call.
    Eigen::VectorXd propose(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double target, Rng& rng);

private:
    int dim_;
    int steps_;
    std::optional<mlp::TanhRegressor> network_;
};

}  // namespace bobench::acquisitions
