// Data shared by the tree classifier tests.
#pragma once

#include <Eigen/Core>

namespace bobench::test {

// Separable in 2-D: class 1 above the diagonal x0 + x1 = 1.
inline Eigen::VectorXi diagonal_labels(const Eigen::MatrixXd& X) {
    Eigen::VectorXi labels(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) labels[i] = X(i, 0) + X(i, 1) > 1.0 ? 1 : 0;
    return labels;
}

}  // namespace bobench::test
