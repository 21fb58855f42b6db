#pragma once
// The common interface of the probabilistic binary classifiers that BORE-style optimizers
// use (Tiao et al., ICML 2021): fit to labelled observations, then the class-1 probability
// pi(x) and, where the model is differentiable, its input gradient.
//
// Inputs are encoded by the optimizer layer ([0,1]^D, categoricals one-hot where the model
// wants them); every option is fixed when the classifier is built, so fit and probability
// parse nothing. The implementations live beside their models: surrogates/mlp/
// (MLP, Laplace-GGN), surrogates/trees/ (random forest, XGBoost, optionally calibrated).
#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::surrogates {

class Classifier {
public:
    virtual ~Classifier() = default;
    // X: N x D, one observation per row; labels: N values, 1.0 (class 1, "good") or 0.0.
    virtual void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels, Rng& rng) = 0;
    // pi(x) = P(class 1 | x). When grad is non-null (only allowed if has_gradient()),
    // also writes d pi / dx (resized to D).
    virtual double probability(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const = 0;
    virtual bool has_gradient() const { return false; }
};

}  // namespace bobench::surrogates
