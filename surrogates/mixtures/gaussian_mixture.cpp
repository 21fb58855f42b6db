#include "surrogates/mixtures/gaussian_mixture.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"

namespace bobench::surrogates::mixtures {

using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

double log_det_from_factor(const MatrixXd& L) { return 2.0 * L.diagonal().array().log().sum(); }

// k-means++ seeding then Lloyd steps; returns hard responsibilities (N x K).
MatrixXd kmeans_start(const MatrixXd& Z, int k, int iterations, Rng& rng) {
    const Eigen::Index n = Z.rows();
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    MatrixXd centres(k, Z.cols());
    VectorXd d2 = VectorXd::Constant(n, std::numeric_limits<double>::infinity());
    auto pick_uniform = [&] { return std::min<Eigen::Index>(n - 1, static_cast<Eigen::Index>(u(rng) * static_cast<double>(n))); };
    centres.row(0) = Z.row(pick_uniform());
    for (int c = 1; c < k; ++c) {
        for (Eigen::Index i = 0; i < n; ++i) d2[i] = std::min(d2[i], (Z.row(i) - centres.row(c - 1)).squaredNorm());
        const double total = d2.sum();
        Eigen::Index chosen = n - 1;
        if (total > 0.0) {  // D^2 sampling
            double t = u(rng) * total;
            for (Eigen::Index i = 0; i < n; ++i)
                if ((t -= d2[i]) < 0.0) {
                    chosen = i;
                    break;
                }
        } else {  // every row sits on a centre already: any row
            chosen = pick_uniform();
        }
        centres.row(c) = Z.row(chosen);
    }
    std::vector<int> label(static_cast<std::size_t>(n), 0);
    for (int it = 0; it <= iterations; ++it) {
        for (Eigen::Index i = 0; i < n; ++i) {
            Eigen::Index best = 0;
            (centres.rowwise() - Z.row(i)).rowwise().squaredNorm().minCoeff(&best);
            label[static_cast<std::size_t>(i)] = static_cast<int>(best);
        }
        if (it == iterations) break;
        MatrixXd sum = MatrixXd::Zero(k, Z.cols());
        VectorXd count = VectorXd::Zero(k);
        for (Eigen::Index i = 0; i < n; ++i) {
            sum.row(label[static_cast<std::size_t>(i)]) += Z.row(i);
            count[label[static_cast<std::size_t>(i)]] += 1.0;
        }
        for (int c = 0; c < k; ++c)
            if (count[c] > 0) centres.row(c) = sum.row(c) / count[c];  // an empty cluster keeps its centre
    }
    MatrixXd R = MatrixXd::Zero(n, k);
    for (Eigen::Index i = 0; i < n; ++i) R(i, label[static_cast<std::size_t>(i)]) = 1.0;
    return R;
}

}  // namespace

GaussianMixture::GaussianMixture(std::vector<double> weights, std::vector<VectorXd> means, std::vector<MatrixXd> covs)
    : weights_(std::move(weights)), means_(std::move(means)), covs_(std::move(covs)) {
    if (weights_.empty() || means_.size() != weights_.size() || covs_.size() != weights_.size())
        throw UserError("GaussianMixture: needs as many means and covariances as weights (at least one)");
    const Eigen::Index p = means_[0].size();
    if (p < 2) throw UserError("GaussianMixture: rows need at least one input and the output");
    double total = 0.0;
    for (std::size_t k = 0; k < weights_.size(); ++k) {
        if (!(weights_[k] >= 0.0)) throw UserError("GaussianMixture: weight " + std::to_string(k) + " is negative");
        if (means_[k].size() != p || covs_[k].rows() != p || covs_[k].cols() != p)
            throw UserError("GaussianMixture: component " + std::to_string(k) + " has the wrong dimension");
        if (Eigen::LLT<MatrixXd>(covs_[k]).info() != Eigen::Success)
            throw UserError("GaussianMixture: covariance " + std::to_string(k) + " is not positive definite");
        total += weights_[k];
    }
    if (!(total > 0.0)) throw UserError("GaussianMixture: the weights sum to 0");
    for (double& w : weights_) w /= total;
    prepare();
}

void GaussianMixture::prepare() {
    const std::size_t K = weights_.size();
    const Eigen::Index p = means_[0].size(), d = p - 1;
    chol_.resize(K);
    chol_x_.resize(K);
    log_norm_.resize(K);
    log_norm_x_.resize(K);
    regression_.resize(K);
    conditional_var_.resize(K);
    const double log_2pi = std::log(2.0 * std::numbers::pi);
    for (std::size_t k = 0; k < K; ++k) {
        chol_[k] = cholesky_with_jitter(covs_[k]);
        const double log_w = std::log(weights_[k]);
        log_norm_[k] = log_w - 0.5 * (static_cast<double>(p) * log_2pi + log_det_from_factor(chol_[k]));
        MatrixXd Sxx = covs_[k].topLeftCorner(d, d);
        chol_x_[k] = cholesky_with_jitter(Sxx);
        log_norm_x_[k] = log_w - 0.5 * (static_cast<double>(d) * log_2pi + log_det_from_factor(chol_x_[k]));
        const VectorXd sxy = covs_[k].col(d).head(d);
        const VectorXd half = chol_x_[k].triangularView<Eigen::Lower>().solve(sxy);
        regression_[k] = chol_x_[k].transpose().triangularView<Eigen::Upper>().solve(half);
        // a positive Schur complement in exact arithmetic; guard against rounding
        conditional_var_[k] = std::max(covs_[k](d, d) - sxy.dot(regression_[k]), 1e-12 * covs_[k](d, d));
    }
}

double GaussianMixture::log_density(const VectorXd& z) const {
    terms_.resize(weights_.size());
    for (std::size_t k = 0; k < weights_.size(); ++k)
        terms_[k] = log_norm_[k] - 0.5 * chol_[k].triangularView<Eigen::Lower>().solve(z - means_[k]).squaredNorm();
    return log_sum_exp(terms_);
}

double GaussianMixture::conditional(const VectorXd& x, Components& out) const {
    const Eigen::Index d = x.size();
    terms_.resize(weights_.size());
    out.resize(weights_.size());
    for (std::size_t k = 0; k < weights_.size(); ++k) {
        const VectorXd r = x - means_[k].head(d);
        terms_[k] = log_norm_x_[k] - 0.5 * chol_x_[k].triangularView<Eigen::Lower>().solve(r).squaredNorm();
        out[k].mean = means_[k][d] + regression_[k].dot(r);
        out[k].var = conditional_var_[k];
    }
    const double log_px = log_sum_exp(terms_);
    for (std::size_t k = 0; k < weights_.size(); ++k) out[k].weight = std::exp(terms_[k] - log_px);
    return log_px;
}

double GaussianMixture::log_likelihood(const MatrixXd& Z) const {
    double total = 0.0;
    for (Eigen::Index i = 0; i < Z.rows(); ++i) total += log_density(Z.row(i).transpose());
    return total;
}

void GaussianMixture::maximise(const MatrixXd& Z, const MatrixXd& R, const VectorXd& scale) {
    const auto K = static_cast<std::size_t>(R.cols());
    const Eigen::Index p = Z.cols();
    weights_.resize(K);
    means_.resize(K, VectorXd::Zero(p));
    covs_.resize(K);
    for (std::size_t k = 0; k < K; ++k) {
        const auto kk = static_cast<Eigen::Index>(k);
        const double nk = R.col(kk).sum();
        weights_[k] = nk / static_cast<double>(Z.rows());
        if (nk > 1e-12) means_[k] = (Z.transpose() * R.col(kk)) / nk;  // empty: any mean is optimal, keep it
        const MatrixXd centred = Z.rowwise() - means_[k].transpose();
        covs_[k] = centred.transpose() * R.col(kk).asDiagonal() * centred;
        covs_[k].diagonal() += scale;
        covs_[k] /= nk + 1.0;
    }
    prepare();
}

double GaussianMixture::expect(const MatrixXd& Z, MatrixXd& R) const {
    const auto K = static_cast<Eigen::Index>(weights_.size());
    R.resize(Z.rows(), K);
    double total = 0.0;
    std::vector<double> t(static_cast<std::size_t>(K));
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
        for (Eigen::Index k = 0; k < K; ++k) {
            const auto kk = static_cast<std::size_t>(k);
            t[kk] = log_norm_[kk] -
                    0.5 * chol_[kk].triangularView<Eigen::Lower>().solve(Z.row(i).transpose() - means_[kk]).squaredNorm();
        }
        const double l = log_sum_exp(t);
        for (Eigen::Index k = 0; k < K; ++k) R(i, k) = std::exp(t[static_cast<std::size_t>(k)] - l);
        total += l;
    }
    return total;
}

double GaussianMixture::penalty(const VectorXd& scale) const {
    double total = 0.0;
    const MatrixXd root = scale.cwiseSqrt().asDiagonal();
    for (const MatrixXd& L : chol_) {
        const MatrixXd inv_L = L.triangularView<Eigen::Lower>().solve(root);
        total += -0.5 * inv_L.squaredNorm() - 0.5 * log_det_from_factor(L);  // tr(Lambda S^-1) = |L^-1 Lambda^1/2|_F^2
    }
    return total;
}

GaussianMixture GaussianMixture::run_em(const MatrixXd& Z, const GaussianMixtureOptions& o, const VectorXd& scale,
                                        Rng& rng) {
    GaussianMixture g;
    MatrixXd R = kmeans_start(Z, o.components, o.kmeans_iterations, rng);
    double previous = -std::numeric_limits<double>::infinity();
    for (int it = 0; it < o.max_iterations; ++it) {
        g.maximise(Z, R, scale);
        const double objective = g.expect(Z, R) + g.penalty(scale);
        g.trace_.push_back(objective);
        if (objective - previous < o.tolerance * static_cast<double>(Z.rows())) break;
        previous = objective;
    }
    return g;
}

GaussianMixture GaussianMixture::fit(const MatrixXd& Z, const GaussianMixtureOptions& o, Rng& rng) {
    if (o.components < 1 || o.restarts < 1 || o.max_iterations < 1 || o.kmeans_iterations < 0)
        throw UserError("GaussianMixture: components, restarts and max_iterations must be >= 1");
    if (!(o.reg_covar > 0.0) || !std::isfinite(o.reg_covar))
        throw UserError("GaussianMixture: reg_covar " + std::to_string(o.reg_covar) + " must be > 0");
    if (Z.cols() < 2) throw UserError("GaussianMixture: rows need at least one input and the output");
    if (Z.rows() < o.components)
        throw UserError("GaussianMixture: " + std::to_string(o.components) + " components need at least " +
                        std::to_string(o.components) + " rows, got " + std::to_string(Z.rows()));
    if (!Z.allFinite()) throw UserError("GaussianMixture: the data hold NaN or infinite values");
    VectorXd scale = VectorXd::Constant(Z.cols(), o.reg_covar);
    if (o.data_scaled_prior) scale += column_variances(Z) / std::pow(o.components, 2.0 / static_cast<double>(Z.cols()));
    GaussianMixture best = run_em(Z, o, scale, rng);
    for (int r = 1; r < o.restarts; ++r) {
        GaussianMixture g = run_em(Z, o, scale, rng);
        if (g.trace_.back() > best.trace_.back()) best = std::move(g);
    }
    return best;
}

GaussianMixtureRegression::GaussianMixtureRegression(const MixtureRegressionOptions& options, const GmrOptions& gmr)
    : SizedMixtureRegression(options, gmr.components_by_cv), gmr_(gmr) {
    if (gmr.max_components < 1 || gmr.min_rows_per_component < 1)
        throw UserError("gaussian-mixture regression: max_components and min_rows_per_component must be >= 1");
}

std::size_t GaussianMixtureRegression::candidates(std::size_t n) const {
    const std::size_t by_rows = n / static_cast<std::size_t>(gmr_.min_rows_per_component);
    return std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(gmr_.max_components), by_rows));
}

std::unique_ptr<JointDensity> GaussianMixtureRegression::fit_candidate(std::size_t c, const MatrixXd& Z,
                                                                       Rng& rng) const {
    GaussianMixtureOptions o = gmr_.em;
    o.components = static_cast<int>(c) + 1;
    return std::make_unique<GaussianMixture>(GaussianMixture::fit(Z, o, rng));
}

}  // namespace bobench::surrogates::mixtures
