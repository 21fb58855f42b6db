// Data shared by the tree model tests.
#pragma once

#include <cstdint>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "tests/support/numeric.hpp"

namespace bobench::test {

// Labels of n rows: 1 where is_one(i) holds, else 0.
template <class Rule>
Eigen::VectorXi labels_where(Eigen::Index n, Rule is_one) {
    Eigen::VectorXi labels(n);
    for (Eigen::Index i = 0; i < n; ++i) labels[i] = is_one(i) ? 1 : 0;
    return labels;
}

// Separable in 2-D: class 1 above the diagonal x0 + x1 = 1.
inline Eigen::VectorXi diagonal_labels(const Eigen::MatrixXd& X) {
    return labels_where(X.rows(), [&](Eigen::Index i) { return X(i, 0) + X(i, 1) > 1.0; });
}

// 80 labelled points in [0,1]^6, class 1 where the coordinates sum to more than 3, and 100
// query points, drawn in that order from Rng(seed).
struct SumAboveHalf {
    explicit SumAboveHalf(std::uint64_t seed) : rng(seed), X(uniform_points(80, 6, rng)) {
        labels = labels_where(80, [&](Eigen::Index i) { return X.row(i).sum() > 3.0; });
        Xt = uniform_points(100, 6, rng);
    }
    Rng rng;
    Eigen::MatrixXd X;
    Eigen::VectorXi labels;
    Eigen::MatrixXd Xt;
};

// The valid data the refusal tests spoil one entry of: three rows in 2-D, their labels
// and their targets.
struct ThreeRows {
    Eigen::MatrixXd X = (Eigen::MatrixXd(3, 2) << 0, 1, 2, 3, 4, 5).finished();
    Eigen::VectorXi labels = (Eigen::VectorXi(3) << 0, 1, 1).finished();
    Eigen::VectorXd y = (Eigen::VectorXd(3) << 1, 2, 3).finished();
};

// P(label = 1) at the rows of Xt, of `model` fitted to (X, labels) with Rng(seed).
template <class Classifier>
Eigen::VectorXd fitted_proba(Classifier& model, const Eigen::MatrixXd& X, const Eigen::VectorXi& labels,
                             std::uint64_t seed, const Eigen::MatrixXd& Xt) {
    Rng rng(seed);
    model.fit(X, labels, rng);
    Eigen::VectorXd proba;
    model.predict_proba(Xt, proba);
    return proba;
}

}  // namespace bobench::test
