#pragma once
// The expected minimum E[y*] = y_min - max EI that both conditional-MAP criteria aim at, and
// `criterion=cl-inverse`: an inverse network y -> x, which this repository's `cl` was before
// issue #44 and which is not the thesis' method (that one, a joint MAP over the query and a
// forward network's weights, Aryan 2020 ch. 5, eq. 5.8, Algorithm 4, is `criterion=cl`,
// joint_conditional_map.hpp). Kept because it is a cheap, different use of the same target:
// a 2 x 50 tanh network trained to the elastic-net MAP (lambda1 = lambda2 = 5e-5) on the
// observations (standardised y in, encoded x in [0,1]^D out), asked where the expected
// minimum is:
//
//   E[y*] = y_min - max_x EI(x),    x_next = g(E[y*]) clipped to [0,1]^D,
//
// with EI from any regression surrogate (GP, random forest, BNN) maximised by random search.
// Chosen here: the squared error is averaged over points and summed over coordinates,
// biases are not penalised, full-batch Adam with learning rate 0.01 for `steps` steps per
// suggestion warm-started from the previous suggestion's network (so later fits refine
// rather than restart), a linear output layer clipped to the cube.
#include <optional>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/mlp/tanh_regressor.hpp"
#include "surrogates/model.hpp"

namespace bobench::acquisitions {

struct ExpectedMinimum {
    double value;            // y_min - max EI
    Eigen::VectorXd argmax;  // the sample with the largest EI
};

// y_min - max EI, EI of `model` below y_min maximised over `samples` uniform points of [0,1]^D.
ExpectedMinimum expected_minimum_at(const surrogates::RegressionModel& model, int dim, double y_min, int samples,
                                    Rng& rng);
double expected_minimum(const surrogates::RegressionModel& model, int dim, double y_min, int samples, Rng& rng);

class InverseConditionalMap {
public:
    InverseConditionalMap(int dim, int steps);

    // Fits the inverse network on (X, y) (rows with a non-finite y are skipped) and returns
    // g(target) in [0,1]^D. The network is created from rng at the first call.
    Eigen::VectorXd propose(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double target, Rng& rng);

private:
    int dim_;
    int steps_;
    std::optional<mlp::TanhRegressor> network_;
};

}  // namespace bobench::acquisitions
