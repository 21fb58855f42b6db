#pragma once
// Numeric helpers shared by the tests: finite differences, random inputs, small vectors.
#include <cmath>
#include <functional>
#include <initializer_list>

#include <Eigen/Core>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/rng.hpp"

namespace bobench::test {

// Central finite-difference gradient of f at x with step h.
inline Eigen::VectorXd central_difference(const std::function<double(const Eigen::VectorXd&)>& f,
                                          const Eigen::VectorXd& x, double h = 1e-6) {
    Eigen::VectorXd g(x.size());
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        Eigen::VectorXd xp = x, xm = x;
        xp[i] += h;
        xm[i] -= h;
        g[i] = (f(xp) - f(xm)) / (2.0 * h);
    }
    return g;
}

// Largest entry-wise |a - b| / (abs_tol + rel_tol * |b|); <= 1 means "close".
inline double gradient_mismatch(const Eigen::VectorXd& analytic, const Eigen::VectorXd& numeric,
                                double rel_tol, double abs_tol) {
    double worst = 0.0;
    for (Eigen::Index i = 0; i < analytic.size(); ++i)
        worst = std::max(worst, std::abs(analytic[i] - numeric[i]) /
                                    (abs_tol + rel_tol * std::abs(numeric[i])));
    return worst;
}

// n points uniform in [lo, hi]^dim, one per row, drawn row by row.
inline Eigen::MatrixXd uniform_points(Eigen::Index n, Eigen::Index dim, Rng& rng, double lo = 0.0, double hi = 1.0) {
    boost::random::uniform_real_distribution<double> u(lo, hi);
    Eigen::MatrixXd X(n, dim);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < dim; ++j) X(i, j) = u(rng);
    return X;
}

inline Eigen::VectorXd point(std::initializer_list<double> values) {
    Eigen::VectorXd x(static_cast<Eigen::Index>(values.size()));
    Eigen::Index i = 0;
    for (double v : values) x[i++] = v;
    return x;
}

inline Eigen::VectorXd normal_vector(Eigen::Index n, Rng& rng) {
    boost::random::normal_distribution<double> g(0.0, 1.0);
    Eigen::VectorXd v(n);
    for (Eigen::Index i = 0; i < n; ++i) v[i] = g(rng);
    return v;
}

// A smooth test function on [0,1]^D for fitting tests.
inline Eigen::VectorXd smooth_values(const Eigen::MatrixXd& X) {
    Eigen::VectorXd y(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        double s = 0.0;
        for (Eigen::Index j = 0; j < X.cols(); ++j)
            s += std::sin(3.0 * X(i, j) + 0.5 * static_cast<double>(j)) + X(i, j) * X(i, j);
        y[i] = s;
    }
    return y;
}

}  // namespace bobench::test
