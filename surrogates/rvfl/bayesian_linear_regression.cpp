#include "surrogates/rvfl/bayesian_linear_regression.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::surrogates::rvfl {

BayesianLinearRegression::BayesianLinearRegression(BlrOptions options)
    : options_(options), alpha_(options.alpha), beta_(options.beta) {
    const auto positive = [](double v) { return v > 0 && std::isfinite(v); };
    if (!positive(options.alpha)) throw UserError("rvfl: alpha = " + format_double(options.alpha) + " must be > 0");
    if (!positive(options.beta)) throw UserError("rvfl: beta = " + format_double(options.beta) + " must be > 0");
    if (!(positive(options.lower) && options.lower < options.upper && std::isfinite(options.upper)))
        throw UserError("rvfl: the evidence bounds must satisfy 0 < lower < upper < inf");
}

void BayesianLinearRegression::fit(const Eigen::MatrixXd& Phi, const Eigen::VectorXd& t) {
    if (Phi.rows() != t.size())
        throw UserError("rvfl: " + std::to_string(Phi.rows()) + " feature rows but " + std::to_string(t.size()) +
                        " targets");
    if (!Phi.allFinite() || !t.allFinite()) throw UserError("rvfl: non-finite features or targets");
    n_ = Phi.rows();
    dim_ = Phi.cols();
    alpha_ = options_.alpha;
    beta_ = options_.beta;
    iterations_ = 0;

    // Eigenvectors of the smaller Gram matrix give V (and the eigenvalues l).
    const bool dual = n_ <= dim_;
    const Eigen::MatrixXd G = dual ? Eigen::MatrixXd(Phi * Phi.transpose()) : Eigen::MatrixXd(Phi.transpose() * Phi);
    Eigen::MatrixXd Q;
    Eigen::VectorXd lambda;
    if (G.size() > 0) {
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(G);
        Q = eig.eigenvectors();
        lambda = eig.eigenvalues();  // ascending
    }
    const double top = lambda.size() > 0 ? std::max(lambda.maxCoeff(), 0.0) : 0.0;
    const double cut = top * 1e-12 * static_cast<double>(std::max(n_, dim_));
    Eigen::Index r = 0;
    while (r < lambda.size() && lambda[lambda.size() - 1 - r] > cut && top > 0) ++r;
    l_ = lambda.tail(r);
    if (dual)  // V = Phi^T U L^-1/2
        V_ = Phi.transpose() * Q.rightCols(r) * l_.cwiseSqrt().cwiseInverse().asDiagonal();
    else
        V_ = Q.rightCols(r);
    c_ = V_.transpose() * (Phi.transpose() * t);
    tt_ = t.squaredNorm();

    posterior_mean();
    if (!options_.evidence || n_ == 0 || tt_ == 0) return;
    const auto clamp = [&](double v) {
        return std::isfinite(v) ? std::clamp(v, options_.lower, options_.upper) : options_.upper;
    };
    for (iterations_ = 1; iterations_ <= options_.max_iterations; ++iterations_) {
        const double new_alpha = clamp(gamma_ / d_.squaredNorm());
        const double new_beta =
            options_.tune_beta ? clamp((static_cast<double>(n_) - gamma_) / squared_residual()) : beta_;
        const bool converged = std::abs(new_alpha - alpha_) <= options_.tolerance * alpha_ &&
                               std::abs(new_beta - beta_) <= options_.tolerance * beta_;
        alpha_ = new_alpha;
        beta_ = new_beta;
        posterior_mean();
        if (converged) break;
    }
    iterations_ = std::min(iterations_, options_.max_iterations);
}

void BayesianLinearRegression::posterior_mean() {
    const Eigen::ArrayXd shrink = (beta_ * l_.array()) / (alpha_ + beta_ * l_.array());
    gamma_ = shrink.sum();
    d_ = (beta_ * c_.array() / (alpha_ + beta_ * l_.array())).matrix();
    m_ = V_ * d_;
    if (m_.size() != dim_) m_ = Eigen::VectorXd::Zero(dim_);  // rank 0: the prior mean
}

double BayesianLinearRegression::squared_residual() const {
    return std::max(tt_ - 2 * c_.dot(d_) + l_.dot(d_.cwiseAbs2()), 0.0);
}

double BayesianLinearRegression::latent_variance(const Eigen::VectorXd& phi) const {
    const Eigen::VectorXd p = V_.transpose() * phi;
    // the part of phi outside span(V) keeps the prior variance 1/alpha
    const double outside = std::max(phi.squaredNorm() - p.squaredNorm(), 0.0);
    return outside / alpha_ + (p.array().square() / (alpha_ + beta_ * l_.array())).sum();
}

Eigen::VectorXd BayesianLinearRegression::solve(const Eigen::VectorXd& r) const {
    const Eigen::VectorXd p = V_.transpose() * r;
    return (r - V_ * p) / alpha_ + V_ * (p.array() / (alpha_ + beta_ * l_.array())).matrix();
}

double BayesianLinearRegression::log_evidence() const {
    // PRML eq. 3.86 with E(m) = beta/2 |t - Phi m|^2 + alpha/2 |m|^2 and
    // ln|A| = sum ln(alpha + beta l_i) + (M - r) ln alpha.
    const double n = static_cast<double>(n_), M = static_cast<double>(dim_);
    const double r = static_cast<double>(l_.size());
    const double E = 0.5 * beta_ * squared_residual() + 0.5 * alpha_ * d_.squaredNorm();
    const double log_det = (alpha_ + beta_ * l_.array()).log().sum() + (M - r) * std::log(alpha_);
    return 0.5 * M * std::log(alpha_) + 0.5 * n * std::log(beta_) - E - 0.5 * log_det -
           0.5 * n * std::log(2 * 3.14159265358979323846);
}

}  // namespace bobench::surrogates::rvfl
