#pragma once
// Draws of a GP prior, for hyperparameter-recovery tests.
#include <Eigen/Cholesky>

#include "surrogates/gp/kernels.hpp"
#include "tests/support/numeric.hpp"

namespace bobench::test {

// f ~ GP(0, s2 * kappa(r; lengthscales)) at the rows of X, plus N(0, noise) per point.
inline Eigen::VectorXd gp_draw(surrogates::KernelFamily family, const Eigen::MatrixXd& X,
                               const Eigen::VectorXd& lengthscales, double noise, Rng& rng) {
    const Eigen::Index n = X.rows();
    surrogates::Kernel kernel(family, static_cast<int>(X.cols()));
    Eigen::VectorXd theta(X.cols() + 1);
    theta << 0.0, lengthscales.array().log().matrix();
    kernel.set_log_params(theta);
    Eigen::MatrixXd K(n, n);
    for (Eigen::Index a = 0; a < n; ++a)
        for (Eigen::Index b = 0; b < n; ++b)
            K(a, b) = kernel.value(X.row(a).transpose(), X.row(b).transpose());
    K.diagonal().array() += 1e-9;
    const Eigen::LLT<Eigen::MatrixXd> llt(K);
    return Eigen::MatrixXd(llt.matrixL()) * normal_vector(n, rng) +
           std::sqrt(noise) * normal_vector(n, rng);
}

}  // namespace bobench::test
