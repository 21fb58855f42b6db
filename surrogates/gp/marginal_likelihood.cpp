#include "surrogates/gp/marginal_likelihood.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/error.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/jittered_cholesky.hpp"

namespace bobench::surrogates {

namespace {
constexpr Eigen::Index kBlock = 32;  // block size of the triangular inversion steps
}

MarginalLikelihood::MarginalLikelihood(KernelFamily family, const Eigen::MatrixXd& X,
                                       const Eigen::VectorXd& y)
    : family_(family), X_(X), y_data_(y), y_(y) {
    if (X.rows() != y.size())
        throw UserError("MarginalLikelihood: X has " + std::to_string(X.rows()) +
                        " rows but y has " + std::to_string(y.size()) + " entries");
    const Eigen::Index n = y.size();
    Z_.resize(n, X.cols());
    R2_.resize(n, n);
    K_.resize(n, n);
    slope_.resize(n, n);
    L_.resize(n, n);
    alpha_.resize(n);
    r_.resize(n);
}

void MarginalLikelihood::invert_from_cholesky() {
    const Eigen::Index n = size();
    // L^-1 by block columns: its columns j.. are (L[j:, j:])^-1 applied to identity
    // columns, so each block solve only touches the trailing triangle (N^3/3 in all).
    Linv_.setIdentity(n, n);
    for (Eigen::Index j = 0; j < n; j += kBlock) {
        const Eigen::Index nb = std::min(kBlock, n - j);
        L_.bottomRightCorner(n - j, n - j).triangularView<Eigen::Lower>().solveInPlace(
            Linv_.block(j, j, n - j, nb));
    }
    // K^-1 = L^-T L^-1 = sum over row blocks R of R' R, where row block k0.. of L^-1 is
    // zero beyond column k0 + nb: rank updates of growing leading blocks (N^3/3 in all).
    Kinv_.setZero(n, n);
    for (Eigen::Index k0 = 0; k0 < n; k0 += kBlock) {
        const Eigen::Index nb = std::min(kBlock, n - k0), m = k0 + nb;
        Kinv_.topLeftCorner(m, m).selfadjointView<Eigen::Lower>().rankUpdate(
            Linv_.block(k0, 0, nb, m).transpose());
    }
}

double MarginalLikelihood::operator()(const Eigen::VectorXd& theta, Eigen::VectorXd* grad) {
    const int d = dim();
    const Eigen::Index n = size();
    constexpr double kNegInf = -std::numeric_limits<double>::infinity();
    if (theta.size() != gp_num_params(d))
        throw UserError("MarginalLikelihood: got " + std::to_string(theta.size()) +
                        " hyperparameters, expected " + std::to_string(gp_num_params(d)));
    if (grad) grad->setZero(theta.size());
    // The noise may be -inf (noise free); anything else must be finite.
    if (!theta.head(d + 1).allFinite() || std::isnan(theta[d + 1]) ||
        theta[d + 1] == std::numeric_limits<double>::infinity())
        return kNegInf;

    const double s2 = std::exp(theta[0]);
    const Eigen::VectorXd inv_l = (-theta.segment(1, d)).array().exp();
    const double n2 = std::exp(theta[d + 1]);
    Z_.noalias() = X_ * inv_l.asDiagonal();
    pairwise_squared_distances(Z_, R2_);
    for (Eigen::Index b = 0; b < n; ++b) {
        K_(b, b) = s2 + n2;
        const Eigen::Index m = n - b - 1;
        // the column's square roots at once (vectorised, exact, so bit-identical to one by one)
        r_.head(m) = R2_.col(b).tail(m).cwiseSqrt();
        for (Eigen::Index a = b + 1; a < n; ++a) {
            const KernelProfile p = kernel_profile(family_, R2_(a, b), r_[a - b - 1]);
            K_(a, b) = s2 * p.value;
            slope_(a, b) = p.slope;
        }
    }
    const CholeskyOutcome chol = jittered_cholesky(K_, L_);
    jitter_ = chol.jitter;
    if (!chol.ok) return kNegInf;

    const auto L = L_.triangularView<Eigen::Lower>();
    if (gls_mean_) y_ = y_data_.array() - gls_constant_mean(L_, y_data_);
    alpha_ = L.solve(y_);
    const double fit = alpha_.squaredNorm();  // y' K^-1 y with alpha still L^-1 y
    L.adjoint().solveInPlace(alpha_);
    const double log_det_half = L_.diagonal().array().log().sum();
    const double lml = -0.5 * fit - log_det_half -
                       0.5 * static_cast<double>(n) * std::log(2.0 * std::numbers::pi);
    if (!grad) return lml;

    invert_from_cholesky();
    // W = alpha alpha' - K^-1. dK/dlog s2 = K without noise; dK/dlog l_i = -s2 slope u_i^2
    // (u_i the scaled difference); dK/dlog n2 = n2 I. Off-diagonal pairs count twice.
    double g_s2 = 0.0, trace_w = 0.0;
    g_len_.setZero(d);
    for (Eigen::Index b = 0; b < n; ++b) {
        const double w_bb = alpha_[b] * alpha_[b] - Kinv_(b, b);
        trace_w += w_bb;
        g_s2 += w_bb * s2;
        const Eigen::Index m = n - b - 1;
        auto w = R2_.col(b).tail(m);  // reuse R2_ for the weights 2 W_ab
        w = 2.0 * (alpha_.tail(m) * alpha_[b] - Kinv_.col(b).tail(m));
        g_s2 += w.dot(K_.col(b).tail(m));
        w.array() *= (-s2) * slope_.col(b).tail(m).array();
        // lengthscale terms while the column is in cache; each sum is added in the same
        // order over b as one pass per lengthscale would, so the result is unchanged
        if (m == 0) continue;
        for (int i = 0; i < d; ++i)
            g_len_[i] += (w.array() * (Z_.col(i).tail(m).array() - Z_(b, i)).square()).sum();
    }
    grad->segment(1, d) = 0.5 * g_len_;
    (*grad)[0] = 0.5 * g_s2;
    (*grad)[d + 1] = 0.5 * n2 * trace_w;
    return lml;
}

}  // namespace bobench::surrogates
