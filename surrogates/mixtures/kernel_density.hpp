#pragma once
// Kernel-estimator regression: the product-Gaussian kernel density over (x, y)
//
//   p(x, y) = 1/N sum_i N(x; x_i, h_x^2 I) N(y; y_i, h_y^2),
//
// one bandwidth for all inputs (they share the unit cube) and one for the output, so
//
//   p(y | x) = sum_i w_i(x) N(y; y_i, h_y^2),   w_i(x) proportional to N(x; x_i, h_x^2 I),
//
// a Nadaraya-Watson mean with a mixture around it. The bandwidth pair is picked from a
// geometric grid by cross-validated log-likelihood (MixtureRegression).
#include <vector>

#include "surrogates/mixtures/mixture_regression.hpp"

namespace bobench::surrogates::mixtures {

class KernelDensity final : public JointDensity {
public:
    // Z: rows (x, y), at least one; throws UserError unless both bandwidths are > 0.
    KernelDensity(Eigen::MatrixXd Z, double h_x, double h_y);
    double log_density(const Eigen::VectorXd& z) const override;
    double conditional(const Eigen::VectorXd& x, Components& out) const override;
    double h_x() const { return h_x_; }
    double h_y() const { return h_y_; }

private:
    // log N(x; x_i, h_x^2 I) for every row i
    void input_log_kernels(const Eigen::VectorXd& x, std::vector<double>& out) const;

    Eigen::MatrixXd Z_;
    double h_x_, h_y_;
    mutable std::vector<double> terms_;
};

struct KernelGrid {
    std::vector<double> h_x;  // input bandwidths (unit-cube units)
    std::vector<double> h_y;  // output bandwidths (units of the observed y's sd)
    // 8 values from 0.01 to 0.5 and 7 from 0.05 to 2, geometric.
    static KernelGrid standard();
};

class KernelDensityRegression final : public MixtureRegression {
public:
    // Throws UserError for an empty grid or a bandwidth <= 0.
    KernelDensityRegression(const MixtureRegressionOptions& options, KernelGrid grid = KernelGrid::standard());
    // The chosen bandwidths (valid after a fit with data).
    double h_x() const;
    double h_y() const;

protected:
    std::size_t candidates(std::size_t) const override { return grid_.h_x.size() * grid_.h_y.size(); }
    std::size_t fallback_candidate(std::size_t) const override;
    std::unique_ptr<JointDensity> fit_candidate(std::size_t c, const Eigen::MatrixXd& Z, Rng& rng) const override;

private:
    KernelGrid grid_;
};

}  // namespace bobench::surrogates::mixtures
