#include "surrogates/mixtures/kernel_density.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "core/error.hpp"

namespace bobench::surrogates::mixtures {

using Eigen::VectorXd;

namespace {
void check_bandwidth(const char* which, double h) {
    if (!(h > 0.0) || !std::isfinite(h))
        throw UserError(std::string("kernel density: bandwidth ") + which + " = " + std::to_string(h) + " must be > 0");
}

std::vector<double> geometric(double lo, double hi, int n) {
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(lo * std::pow(hi / lo, static_cast<double>(i) / (n - 1)));
    return v;
}
}  // namespace

KernelDensity::KernelDensity(Eigen::MatrixXd Z, double h_x, double h_y) : Z_(std::move(Z)), h_x_(h_x), h_y_(h_y) {
    if (Z_.rows() == 0 || Z_.cols() < 2) throw UserError("kernel density: needs at least one row of (x, y)");
    check_bandwidth("h_x", h_x);
    check_bandwidth("h_y", h_y);
}

void KernelDensity::input_log_kernels(const VectorXd& x, std::vector<double>& out) const {
    const Eigen::Index d = Z_.cols() - 1;
    const double norm = -0.5 * static_cast<double>(d) * std::log(2.0 * std::numbers::pi * h_x_ * h_x_);
    const double inv = 0.5 / (h_x_ * h_x_);
    out.resize(static_cast<std::size_t>(Z_.rows()));
    for (Eigen::Index i = 0; i < Z_.rows(); ++i)
        out[static_cast<std::size_t>(i)] = norm - inv * (Z_.row(i).head(d).transpose() - x).squaredNorm();
}

double KernelDensity::log_density(const VectorXd& z) const {
    const Eigen::Index d = Z_.cols() - 1;
    input_log_kernels(z.head(d), terms_);
    for (Eigen::Index i = 0; i < Z_.rows(); ++i)
        terms_[static_cast<std::size_t>(i)] += normal_log_pdf(z[d], Z_(i, d), h_y_ * h_y_);
    return log_sum_exp(terms_) - std::log(static_cast<double>(Z_.rows()));
}

double KernelDensity::conditional(const VectorXd& x, Components& out) const {
    const Eigen::Index d = Z_.cols() - 1;
    input_log_kernels(x, terms_);
    const double log_sum = log_sum_exp(terms_);
    out.resize(terms_.size());
    for (std::size_t i = 0; i < terms_.size(); ++i)
        out[i] = {std::exp(terms_[i] - log_sum), Z_(static_cast<Eigen::Index>(i), d), h_y_ * h_y_};
    return log_sum - std::log(static_cast<double>(Z_.rows()));
}

KernelGrid KernelGrid::standard() { return {geometric(0.01, 0.5, 8), geometric(0.05, 2.0, 7)}; }

KernelDensityRegression::KernelDensityRegression(const MixtureRegressionOptions& options, KernelGrid grid)
    : MixtureRegression(options), grid_(std::move(grid)) {
    if (grid_.h_x.empty() || grid_.h_y.empty()) throw UserError("kernel regression: empty bandwidth grid");
    for (double h : grid_.h_x) check_bandwidth("h_x", h);
    for (double h : grid_.h_y) check_bandwidth("h_y", h);
}

std::size_t KernelDensityRegression::fallback_candidate(std::size_t) const {
    // the middle of both grids: no data to prefer anything else
    return (grid_.h_x.size() / 2) * grid_.h_y.size() + grid_.h_y.size() / 2;
}

std::unique_ptr<JointDensity> KernelDensityRegression::fit_candidate(std::size_t c, const Eigen::MatrixXd& Z,
                                                                     Rng&) const {
    const std::size_t ny = grid_.h_y.size();
    return std::make_unique<KernelDensity>(Z, grid_.h_x[c / ny], grid_.h_y[c % ny]);
}

double KernelDensityRegression::h_x() const { return grid_.h_x[chosen_candidate() / grid_.h_y.size()]; }
double KernelDensityRegression::h_y() const { return grid_.h_y[chosen_candidate() % grid_.h_y.size()]; }

}  // namespace bobench::surrogates::mixtures
