#pragma once
// Stationary ARD covariance functions: squared exponential and Matern 1/2, 3/2, 5/2.
//
//   k(a, b) = s2 * kappa(r),   r^2 = sum_i ((a_i - b_i) / l_i)^2
//
// Hyperparameters live in log space: [log s2, log l_1, ..., log l_D] (signal variance
// and one lengthscale per input dimension). Formulas: Rasmussen & Williams (2006),
// eqs. 4.9 (SE) and 4.14-4.17 (Matern).
#include <cmath>
#include <string_view>

#include <Eigen/Core>

namespace bobench::surrogates {

enum class KernelFamily { SquaredExponential, Matern12, Matern32, Matern52 };

// Accepts "se" / "rbf" / "squared_exponential", "matern12", "matern32", "matern52";
// throws UserError naming the value otherwise.
KernelFamily parse_kernel_family(std::string_view name);
std::string_view to_string(KernelFamily family);

// Unit-amplitude profile at squared scaled distance r2: value = kappa(r) and
// slope = kappa'(r) / r, which is what every gradient needs (dr/dz = z / r cancels the
// r). The slope is finite at r = 0 except for Matern 1/2, which is not differentiable
// there; we return 0 (a subgradient) so gradients stay finite.
struct KernelProfile {
    double value;
    double slope;
};

inline KernelProfile kernel_profile(KernelFamily family, double r2);
// The same with r = sqrt(r2) supplied by the caller, so a whole column of square roots
// can be taken at once (vectorised; IEEE sqrt is exact, so the result is bit-identical).
inline KernelProfile kernel_profile(KernelFamily family, double r2, double r);

// Strict lower triangle of the squared distances between the rows of Z (N x D, inputs
// already divided by the lengthscales): R2(a, b) for a > b. R2 must be N x N; the
// diagonal and upper triangle are not touched. Loops run down contiguous columns, one
// input dimension at a time, so they vectorise.
void pairwise_squared_distances(const Eigen::MatrixXd& Z, Eigen::MatrixXd& R2);

class Kernel {
public:
    // Starts at s2 = 1 and unit lengthscales.
    Kernel(KernelFamily family, int dim);

    KernelFamily family() const { return family_; }
    int dim() const { return static_cast<int>(lengthscales_.size()); }
    int num_params() const { return dim() + 1; }

    // theta = [log s2, log l_1..l_D]; throws UserError on wrong size or non-finite values.
    void set_log_params(const Eigen::VectorXd& theta);
    Eigen::VectorXd log_params() const;

    double signal_variance() const { return signal_variance_; }
    const Eigen::VectorXd& lengthscales() const { return lengthscales_; }
    const Eigen::VectorXd& inverse_lengthscales() const { return inverse_lengthscales_; }

    double value(const Eigen::VectorXd& a, const Eigen::VectorXd& b) const;
    // d k(a,b) / d theta (size D + 1).
    void gradient_params(const Eigen::VectorXd& a, const Eigen::VectorXd& b,
                         Eigen::VectorXd& grad) const;
    // d k(a,b) / d a (size D).
    void gradient_x(const Eigen::VectorXd& a, const Eigen::VectorXd& b,
                    Eigen::VectorXd& grad) const;

private:
    double scaled_r2(const Eigen::VectorXd& a, const Eigen::VectorXd& b) const;

    KernelFamily family_;
    double signal_variance_ = 1.0;
    Eigen::VectorXd lengthscales_;
    Eigen::VectorXd inverse_lengthscales_;
};

// ---------------------------------------------------------------------------------------

inline KernelProfile kernel_profile(KernelFamily family, double r2) {
    // the squared exponential needs no square root
    return kernel_profile(family, r2, family == KernelFamily::SquaredExponential ? 0.0 : std::sqrt(r2));
}

inline KernelProfile kernel_profile(KernelFamily family, double r2, double r) {
    switch (family) {
        case KernelFamily::SquaredExponential: {
            const double e = std::exp(-0.5 * r2);
            return {e, -e};
        }
        case KernelFamily::Matern12: {
            const double e = std::exp(-r);
            return {e, r > 0.0 ? -e / r : 0.0};
        }
        case KernelFamily::Matern32: {
            constexpr double sqrt3 = 1.7320508075688772;
            const double sr = sqrt3 * r;
            const double e = std::exp(-sr);
            return {(1.0 + sr) * e, -3.0 * e};
        }
        case KernelFamily::Matern52: {
            constexpr double sqrt5 = 2.23606797749979;
            const double sr = sqrt5 * r;
            const double e = std::exp(-sr);
            return {(1.0 + sr + (5.0 / 3.0) * r2) * e, -(5.0 / 3.0) * (1.0 + sr) * e};
        }
    }
    return {0.0, 0.0};  // unreachable: every enumerator is handled above
}

}  // namespace bobench::surrogates
