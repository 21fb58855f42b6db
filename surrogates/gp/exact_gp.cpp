#include "surrogates/gp/exact_gp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/jittered_cholesky.hpp"

namespace bobench::surrogates {

namespace {
constexpr double kRelativeVarianceFloor = 1e-12;
}

ExactGP::ExactGP(KernelFamily family, int dim, bool scale_outputs)
    : family_(family), dim_(dim), scale_outputs_(scale_outputs) {
    if (dim < 1) throw UserError("ExactGP: dimension " + std::to_string(dim) + " must be >= 1");
    Xt_.resize(dim, 0);
    Zt_.resize(dim, 0);
    set_params(gp_default_params(dim, 1e-6));
}

void ExactGP::set_params(const Eigen::VectorXd& theta) {
    if (theta.size() != gp_num_params(dim_))
        throw UserError("ExactGP: got " + std::to_string(theta.size()) +
                        " hyperparameters, expected " + std::to_string(gp_num_params(dim_)) +
                        " (log signal variance, D log lengthscales, log noise variance)");
    const double s2 = std::exp(theta[0]);
    const Eigen::VectorXd l = theta.segment(1, dim_).array().exp();
    const double n2 = std::exp(theta[dim_ + 1]);
    const bool ok = std::isfinite(s2) && s2 > 0.0 && l.allFinite() && (l.array() > 0.0).all() &&
                    std::isfinite(n2) && !std::isnan(theta[dim_ + 1]);
    if (!ok)
        throw UserError("ExactGP: hyperparameters must be finite logs whose exp() is positive "
                        "and finite (the log noise variance may be -inf)");
    theta_ = theta;
    s2_ = s2;
    n2_ = n2;
    inv_l_ = l.cwiseInverse();
    if (n_ > 0) {
        Zt_.leftCols(n_) = inv_l_.asDiagonal() * Xt_.leftCols(n_);
        factorize();
    }
}

void ExactGP::reserve(Eigen::Index n) {
    const Eigen::Index cap = Xt_.cols();
    if (n <= cap) return;
    const Eigen::Index new_cap = std::max(n, 2 * cap);
    // Growing copies O(cap^2); doubling keeps it O(N) amortised per append.
    Eigen::MatrixXd Xt(dim_, new_cap), Zt(dim_, new_cap), L(new_cap, new_cap);
    Eigen::VectorXd y(new_cap);
    if (n_ > 0) {
        Xt.leftCols(n_) = Xt_.leftCols(n_);
        Zt.leftCols(n_) = Zt_.leftCols(n_);
        L.topLeftCorner(n_, n_) = L_.topLeftCorner(n_, n_);
        y.head(n_) = y_.head(n_);
    }
    Xt_.swap(Xt);
    Zt_.swap(Zt);
    L_.swap(L);
    y_.swap(y);
}

void ExactGP::condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
    CleanData data = clean_training_data(X, y, dim_, "ExactGP");
    const Eigen::Index n = data.y.size();
    n_ = 0;
    // Room for a few appends before the first regrowth.
    reserve(n + 32);
    n_ = n;
    dropped_ = data.dropped;
    Xt_.leftCols(n) = data.X.transpose();
    Zt_.leftCols(n) = inv_l_.asDiagonal() * Xt_.leftCols(n);
    y_.head(n) = data.y;
    factorize();
}

void ExactGP::condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                        const Eigen::VectorXd& theta) {
    n_ = 0;  // forget the old data first so set_params does not refactorise it
    set_params(theta);
    condition(X, y);
}

void ExactGP::factorize() {
    const Eigen::Index n = n_;
    const Eigen::MatrixXd Z = Zt_.leftCols(n).transpose();
    Eigen::MatrixXd K(n, n);
    pairwise_squared_distances(Z, K);
    for (Eigen::Index b = 0; b < n; ++b) {
        K(b, b) = s2_ + n2_;
        for (Eigen::Index a = b + 1; a < n; ++a) K(a, b) = s2_ * kernel_profile(family_, K(a, b)).value;
    }
    const CholeskyOutcome chol = jittered_cholesky(K, L_.topLeftCorner(n, n));
    // set_params guarantees a finite, positive diagonal, so the largest jitter succeeds.
    if (!chol.ok) throw std::runtime_error("ExactGP: kernel matrix could not be factorised");
    jitter_ = chol.jitter;
    update_targets();
}

void ExactGP::update_targets() {
    standardization_ =
        fixed_standardization_ ? *fixed_standardization_ : Standardization::of(y_.head(n_), scale_outputs_);
    const Eigen::VectorXd y_std = standardization_.apply(y_.head(n_));
    if (gls_mean_) mean_ = n_ > 0 ? gls_constant_mean(L_.topLeftCorner(n_, n_), y_std) : 0.0;
    residual_ = y_std.array() - mean_;
    alpha_ = residual_;
    const auto L = L_.topLeftCorner(n_, n_).triangularView<Eigen::Lower>();
    L.solveInPlace(alpha_);
    L.adjoint().solveInPlace(alpha_);
}

void ExactGP::append(const Eigen::VectorXd& x, double y) {
    if (x.size() != dim_)
        throw UserError("ExactGP::append: x has " + std::to_string(x.size()) +
                        " entries, expected " + std::to_string(dim_));
    if (!x.allFinite()) throw UserError("ExactGP::append: x must be finite");
    if (!std::isfinite(y)) {
        ++dropped_;
        return;
    }
    const Eigen::Index n = n_;
    reserve(n + 1);
    Xt_.col(n) = x;
    Zt_.col(n) = x.cwiseProduct(inv_l_);
    y_[n] = y;

    // New row of the factor: l = L^-1 k, pivot d^2 = k(x,x) + n2 + jitter - l'l.
    Eigen::VectorXd l(n);
    for (Eigen::Index i = 0; i < n; ++i)
        l[i] = s2_ * kernel_profile(family_, (Zt_.col(i) - Zt_.col(n)).squaredNorm()).value;
    L_.topLeftCorner(n, n).triangularView<Eigen::Lower>().solveInPlace(l);
    const double diag = s2_ + n2_ + jitter_;
    const double d2 = diag - l.squaredNorm();
    n_ = n + 1;
    if (!(d2 >= kMinRelativePivot * (s2_ + n2_))) {
        factorize();  // numerically singular: let the jitter escalation handle it
        return;
    }
    L_.row(n).head(n) = l.transpose();
    L_(n, n) = std::sqrt(d2);
    update_targets();
}

void ExactGP::set_constant_mean(double m) {
    if (!std::isfinite(m)) throw UserError("ExactGP: the constant mean must be finite");
    mean_ = m;
    gls_mean_ = false;
    if (n_ > 0) update_targets();
}

void ExactGP::set_gls_mean() {
    gls_mean_ = true;
    if (n_ > 0) update_targets();
}

void ExactGP::fix_standardization(const Standardization& s) {
    if (!std::isfinite(s.mean) || !(s.scale > 0.0) || !std::isfinite(s.scale))
        throw UserError("ExactGP: a fixed standardisation needs a finite mean and a finite scale > 0");
    fixed_standardization_ = s;
    if (n_ > 0) update_targets();
}

Eigen::MatrixXd ExactGP::cholesky_factor() const {
    return L_.topLeftCorner(n_, n_).triangularView<Eigen::Lower>();
}

double ExactGP::log_marginal_likelihood() const {
    const double log_det_half = L_.topLeftCorner(n_, n_).diagonal().array().log().sum();
    return -0.5 * residual_.dot(alpha_) - log_det_half -
           0.5 * static_cast<double>(n_) * std::log(2.0 * std::numbers::pi);
}

Prediction ExactGP::predict(const Eigen::VectorXd& x) const {
    return predict_impl(x, nullptr, nullptr);
}

Prediction ExactGP::predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                          Eigen::VectorXd& dvar) const {
    return predict_impl(x, &dmean, &dvar);
}

Prediction ExactGP::predict_impl(const Eigen::VectorXd& x, Eigen::VectorXd* dmean,
                                 Eigen::VectorXd* dvar) const {
    if (x.size() != dim_)
        throw UserError("ExactGP::predict: x has " + std::to_string(x.size()) +
                        " entries, expected " + std::to_string(dim_));
    const Eigen::Index n = n_;
    const bool want_grad = dmean != nullptr;
    // k, slope, v: O(N) allocations per call, small next to the O(N^2) triangular solve;
    // an allocation-free predict would need mutable per-thread workspace in a const object.
    const Eigen::VectorXd z = x.cwiseProduct(inv_l_);
    Eigen::VectorXd k(n), slope(want_grad ? n : 0);
    for (Eigen::Index i = 0; i < n; ++i) {
        const KernelProfile p = kernel_profile(family_, (Zt_.col(i) - z).squaredNorm());
        k[i] = s2_ * p.value;
        if (want_grad) slope[i] = s2_ * p.slope;
    }
    const double mean_std = mean_ + k.dot(alpha_);
    const auto L = L_.topLeftCorner(n, n).triangularView<Eigen::Lower>();
    Eigen::VectorXd v = k;
    L.solveInPlace(v);
    double var_std = s2_ - v.squaredNorm();
    const double floor = kRelativeVarianceFloor * s2_;
    const bool floored = !(var_std > floor);
    if (floored) var_std = floor;

    const double scale = standardization_.scale;
    if (want_grad) {
        // dk_i/dx_d = s2 slope_i (z_d - Z_di) / l_d; sum_i c_i dk_i/dx = inv_l .* (z sum(c) - Z c).
        const auto Z = Zt_.leftCols(n);
        const Eigen::VectorXd a = alpha_.cwiseProduct(slope);
        *dmean = scale * inv_l_.cwiseProduct(z * a.sum() - Z * a);
        if (floored) {
            dvar->setZero(dim_);
        } else {
            L.adjoint().solveInPlace(v);  // v = K^-1 k now
            const Eigen::VectorXd b = v.cwiseProduct(slope);
            *dvar = (-2.0 * scale * scale) * inv_l_.cwiseProduct(z * b.sum() - Z * b);
        }
    }
    return {standardization_.mean + scale * mean_std, scale * scale * var_std};
}

}  // namespace bobench::surrogates
