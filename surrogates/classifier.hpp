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
    // pi for every row of X (N x D), pi resized to N: the values probability() gives row by
    // row, bit for bit. The default calls it; models with a costly call (XGBoost's C API)
    // score all rows in one.
    virtual void probabilities(const Eigen::MatrixXd& X, Eigen::VectorXd& pi) const {
        pi.resize(X.rows());
        Eigen::VectorXd x(X.cols());
        for (Eigen::Index k = 0; k < X.rows(); ++k) {
            x = X.row(k).transpose();
            pi[k] = probability(x);
        }
    }
};

}  // namespace bobench::surrogates
