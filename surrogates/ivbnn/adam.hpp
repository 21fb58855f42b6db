#pragma once
// Adam (Kingma & Ba 2015, Algorithm 1) on a flat parameter vector: the optimiser of the
// IVBNN generator and critic (Aryan 2020 ch. 6 trains both with Adam).
#include <cmath>

#include <Eigen/Core>

namespace bobench::ivbnn {

struct Adam {
    double learning_rate = 1e-3;
    double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    Eigen::VectorXd m, v;  // first and second moment estimates
    long t = 0;

    // theta -= learning_rate * m_hat / (sqrt(v_hat) + epsilon) for the gradient g.
    void step(Eigen::VectorXd& theta, const Eigen::VectorXd& g) {
        if (m.size() != theta.size()) m = v = Eigen::VectorXd::Zero(theta.size());
        ++t;
        m = beta1 * m + (1 - beta1) * g;
        v = beta2 * v + (1 - beta2) * g.cwiseAbs2();
        const double c1 = 1 - std::pow(beta1, static_cast<double>(t)), c2 = 1 - std::pow(beta2, static_cast<double>(t));
        theta.array() -= learning_rate * (m.array() / c1) / ((v.array() / c2).sqrt() + epsilon);
    }
};

}  // namespace bobench::ivbnn
