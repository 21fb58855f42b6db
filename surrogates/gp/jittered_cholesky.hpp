#pragma once
// Cholesky factorisation with escalating diagonal jitter.
//
// A kernel matrix can be numerically singular (duplicate inputs with zero noise, very
// long lengthscales). We then add jitter * I, starting at 1e-10 times the mean diagonal
// and growing tenfold up to 1e-2 times it, and report how much was added so a trace can
// say so. A factorisation counts as failed when a pivot is not finite or its square is
// below 1e-12 times the mean diagonal: such a factor is dominated by round-off.
#include <Eigen/Core>

namespace bobench::surrogates {

struct CholeskyOutcome {
    bool ok = false;      // false: even the largest jitter failed (non-finite matrix)
    double jitter = 0.0;  // added to every diagonal entry; 0 when none was needed
};

// Factorises K (lower triangle read) into the lower triangle of L, which must already be
// K.rows() x K.rows() (it may be a block of a larger matrix). The strict upper triangle
// of L is left unspecified.
CholeskyOutcome jittered_cholesky(const Eigen::MatrixXd& K, Eigen::Ref<Eigen::MatrixXd> L);

// The generalised least squares constant mean of y under K = L L': 1' K^-1 y / 1' K^-1 1, the
// m that maximises the Gaussian likelihood of y - m 1 (lower triangle of L read).
double gls_constant_mean(Eigen::Ref<const Eigen::MatrixXd> L, const Eigen::VectorXd& y);

// Smallest accepted squared pivot relative to the mean diagonal (see above).
inline constexpr double kMinRelativePivot = 1e-12;

}  // namespace bobench::surrogates
