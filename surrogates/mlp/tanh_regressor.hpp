#pragma once
// A small fully connected tanh network for vector regression, trained to its elastic-net
// MAP:  J(theta) = (1/N) sum_n |g(u_n) - v_n|^2 + lambda1 |W|_1 + lambda2 |W|_2^2
// (W: every weight matrix, biases unpenalised) by full-batch Adam (Kingma & Ba 2015,
// Algorithm 1; the L1 term by its subgradient). Linear output layer, Glorot-uniform
// initial weights, zero biases. It is the inverse model of criterion=cl-inverse
// (acquisitions/conditional_map.hpp; sizes from Aryan 2020 ch. 5: 2 x 50 tanh, lambda = 5e-5); mlp.hpp's
// Classifier is a scalar-output logistic model with elu/relu, which this is not.
//
// Weights and Adam's moments persist between fit() calls (warm start).
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::mlp {

struct TanhRegressorOptions {
    std::vector<int> hidden = {50, 50};
    double lambda1 = 5e-5, lambda2 = 5e-5;
    double learning_rate = 1e-2;
    int steps = 500;  // full-batch Adam steps per fit()
};

class TanhRegressor {
public:
    // UserError for widths < 1, negative penalties, learning_rate <= 0, steps < 0, dims < 1.
    TanhRegressor(int input_dim, int output_dim, TanhRegressorOptions options, Rng& rng);

    // U: N x input_dim, V: N x output_dim. Returns J(theta) after the steps.
    double fit(const Eigen::MatrixXd& U, const Eigen::MatrixXd& V);
    Eigen::VectorXd predict(const Eigen::VectorXd& u) const;
    double objective(const Eigen::MatrixXd& U, const Eigen::MatrixXd& V) const;

private:
    // Forward pass, points as columns; A[l] is the input of layer l, the return the output.
    Eigen::MatrixXd forward(const Eigen::MatrixXd& Ut, std::vector<Eigen::MatrixXd>& A) const;
    double penalty() const;

    TanhRegressorOptions options_;
    std::vector<Eigen::MatrixXd> W_;
    std::vector<Eigen::VectorXd> b_;
    std::vector<Eigen::MatrixXd> mW_, vW_;  // Adam moments
    std::vector<Eigen::VectorXd> mb_, vb_;
    long t_ = 0;
};

}  // namespace bobench::mlp
