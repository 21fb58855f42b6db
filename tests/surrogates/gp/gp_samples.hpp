#pragma once
// Draws of a GP prior, for hyperparameter-recovery tests.
#include <utility>
#include <vector>

#include <Eigen/Cholesky>
#include <catch2/catch.hpp>

#include "analysis/summary.hpp"
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

// The lengthscale-recovery check: `datasets` 2-D data sets of 60 points (seeds 1, 2, ...)
// from a Matern-5/2 GP with lengthscales (0.15, 0.5); `estimates(X, y, rng)` fits a model
// with the data set's Rng and returns its (l0, l1) estimates. CHECKs that the median of
// each is within 20% of the truth.
template <class Estimates>
void check_recovers_lengthscales(int datasets, Estimates estimates) {
    Eigen::VectorXd truth(2);
    truth << 0.15, 0.5;
    std::vector<double> l0, l1;
    for (int seed = 1; seed <= datasets; ++seed) {
        Rng rng(seed);
        const Eigen::MatrixXd X = uniform_points(60, 2, rng);
        const Eigen::VectorXd y = gp_draw(surrogates::KernelFamily::Matern52, X, truth, 1e-4, rng);
        for (const auto& [a, b] : estimates(X, y, rng)) {
            l0.push_back(a);
            l1.push_back(b);
        }
    }
    CHECK(analysis::summarize(l0).median == Approx(0.15).epsilon(0.2));
    CHECK(analysis::summarize(l1).median == Approx(0.5).epsilon(0.2));
}

}  // namespace bobench::test
