// Helpers shared by the MLP tests.
#pragma once

#include <Eigen/Core>

#include "surrogates/mlp/mlp.hpp"

namespace bobench::test {

// The logits' Jacobian with respect to the parameters by central differences (on a copy of net).
inline Eigen::MatrixXd fd_jacobian(mlp::Classifier net, const Eigen::MatrixXd& X) {
    const Eigen::VectorXd theta = net.parameters();
    Eigen::MatrixXd J(X.rows(), theta.size());
    const double h = 1e-6;
    for (Eigen::Index k = 0; k < theta.size(); ++k) {
        Eigen::VectorXd t = theta;
        t[k] += h;
        net.set_parameters(t);
        const Eigen::VectorXd up = net.logits(X);
        t[k] -= 2 * h;
        net.set_parameters(t);
        J.col(k) = (up - net.logits(X)) / (2 * h);
    }
    return J;
}

}  // namespace bobench::test
