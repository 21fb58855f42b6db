#include "surrogates/gp/jittered_cholesky.hpp"

#include <cmath>

#include <Eigen/Cholesky>

namespace bobench::surrogates {

namespace {

// In-place LLT on L's lower triangle; checks the pivots as described in the header.
bool factor_in_place(Eigen::Ref<Eigen::MatrixXd> L, double min_pivot2) {
    Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> llt(L);
    if (llt.info() != Eigen::Success) return false;
    for (Eigen::Index i = 0; i < L.rows(); ++i) {
        const double d = L(i, i);
        if (!std::isfinite(d) || d * d < min_pivot2) return false;
    }
    return true;
}

}  // namespace

CholeskyOutcome jittered_cholesky(const Eigen::MatrixXd& K, Eigen::Ref<Eigen::MatrixXd> L) {
    const Eigen::Index n = K.rows();
    CholeskyOutcome out;
    if (n == 0) {
        out.ok = true;
        return out;
    }
    const double mean_diag = K.diagonal().mean();
    if (!std::isfinite(mean_diag) || mean_diag <= 0.0) return out;
    const double min_pivot2 = kMinRelativePivot * mean_diag;

    L.triangularView<Eigen::Lower>() = K.triangularView<Eigen::Lower>();
    if (factor_in_place(L, min_pivot2)) {
        out.ok = true;
        return out;
    }
    for (double rel = 1e-10; rel <= 1.01e-2; rel *= 10.0) {
        const double jitter = rel * mean_diag;
        L.triangularView<Eigen::Lower>() = K.triangularView<Eigen::Lower>();
        L.diagonal().array() += jitter;
        if (factor_in_place(L, min_pivot2)) {
            out.ok = true;
            out.jitter = jitter;
            return out;
        }
    }
    return out;
}

double gls_constant_mean(Eigen::Ref<const Eigen::MatrixXd> L, const Eigen::VectorXd& y) {
    const auto lower = L.triangularView<Eigen::Lower>();
    const Eigen::VectorXd u = lower.solve(Eigen::VectorXd::Ones(y.size()));  // L^-1 1
    const Eigen::VectorXd w = lower.solve(y);                                 // L^-1 y
    return u.dot(w) / u.squaredNorm();
}

}  // namespace bobench::surrogates
