#include "surrogates/gp/gaussian_process_mcmc.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/marginal_likelihood.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::surrogates {

namespace {

int default_walkers(int dim) {
    const int n = 3 * (dim + 1);
    return n % 2 == 0 ? n : n + 1;
}

int checked_walkers(int dim, const GpMcmcOptions& o) {
    if (dim < 1)
        throw UserError("GaussianProcessMCMC: dimension " + std::to_string(dim) + " must be >= 1");
    if (o.n_walkers == 0) return default_walkers(dim);
    const int ndim = dim + 2;
    if (o.n_walkers < 2 * ndim || o.n_walkers % 2 != 0)
        throw UserError("GaussianProcessMCMC: n_walkers " + std::to_string(o.n_walkers) +
                        " must be even and >= " + std::to_string(2 * ndim) +
                        " (twice the number of hyperparameters), or 0 for 3 (D + 1) rounded up "
                        "to even");
    return o.n_walkers;
}

}  // namespace

GaussianProcessMCMC::GaussianProcessMCMC(int dim, GpMcmcOptions options)
    : dim_(dim),
      options_(std::move(options)),
      n_walkers_(checked_walkers(dim, options_)),
      sampler_(options_.stretch) {
    const GpMcmcOptions& o = options_;
    if (o.burn_in < 0 || o.chain_length < 0)
        throw UserError("GaussianProcessMCMC: burn_in " + std::to_string(o.burn_in) +
                        " and chain_length " + std::to_string(o.chain_length) + " must be >= 0");
    if (!(o.log_bound > 0.0))
        throw UserError("GaussianProcessMCMC: log_bound " + std::to_string(o.log_bound) +
                        " must be > 0");
    if (o.prior.log_signal_variance.is_flat() || o.prior.log_lengthscale.is_flat() ||
        o.prior.log_noise_variance.is_flat())
        throw UserError("GaussianProcessMCMC: every hyperparameter prior must be proper "
                        "(gaussian, tophat or horseshoe): walkers are drawn from it");
}

void GaussianProcessMCMC::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
    const CleanData data = clean_training_data(X, y, dim_, "GaussianProcessMCMC");
    MarginalLikelihood lml(options_.kernel, data.X, Standardization::of(data.y, options_.scale_outputs).apply(data.y));
    evaluations_ = 0;
    const double bound = options_.log_bound;
    const auto log_target = [&](const Eigen::VectorXd& theta) {
        ++evaluations_;
        if ((theta.array().abs() > bound).any()) return -std::numeric_limits<double>::infinity();
        const double lp = options_.prior.log_density(theta);
        if (!std::isfinite(lp)) return -std::numeric_limits<double>::infinity();
        const double ll = lml(theta, nullptr);
        return std::isfinite(ll) ? ll + lp : -std::numeric_limits<double>::infinity();
    };

    const bool first = state_.walkers.size() == 0;
    if (first) {
        state_.walkers.resize(gp_num_params(dim_), n_walkers_);
        for (int w = 0; w < n_walkers_; ++w)
            state_.walkers.col(w) = options_.prior.sample(dim_, rng);
    }
    // The data changed since the walkers last moved: rescore them.
    state_.log_prob.resize(n_walkers_);
    for (int w = 0; w < n_walkers_; ++w) state_.log_prob[w] = log_target(state_.walkers.col(w));

    const int steps = (first ? options_.burn_in : 0) + options_.chain_length;
    acceptance_ = sampler_.run(log_target, state_, steps, rng);
    condition(X, y);
}

void GaussianProcessMCMC::condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
    if (state_.walkers.size() == 0)
        throw UserError("GaussianProcessMCMC::condition: call fit() first; there are no "
                        "hyperparameter samples yet");
    if (gps_.empty()) gps_.assign(static_cast<std::size_t>(n_walkers_), ExactGP(options_.kernel, dim_, options_.scale_outputs));
    for (int w = 0; w < n_walkers_; ++w)
        gps_[static_cast<std::size_t>(w)].condition(X, y, state_.walkers.col(w));
}

bool GaussianProcessMCMC::append(const Eigen::VectorXd& x, double y) {
    if (gps_.empty())
        throw UserError("GaussianProcessMCMC::append: call fit() first; there are no "
                        "hyperparameter samples yet");
    for (ExactGP& gp : gps_) gp.append(x, y);
    return true;
}

double GaussianProcessMCMC::jitter() const {
    double j = 0.0;
    for (const ExactGP& gp : gps_) j = std::max(j, gp.jitter());
    return j;
}

Prediction GaussianProcessMCMC::predict_member(std::size_t m, const Eigen::VectorXd& x) const {
    check_member(m);
    return gps_[m].predict(x);
}

Prediction GaussianProcessMCMC::predict_member_with_gradient(std::size_t m,
                                                             const Eigen::VectorXd& x,
                                                             Eigen::VectorXd& dmean,
                                                             Eigen::VectorXd& dvar) const {
    check_member(m);
    return gps_[m].predict_with_gradient(x, dmean, dvar);
}

Prediction GaussianProcessMCMC::predict(const Eigen::VectorXd& x) const {
    if (gps_.empty())
        throw UserError("GaussianProcessMCMC::predict: call fit() first");
    // Two passes over the member means (M doubles) so the spread has no cancellation.
    std::vector<double> means(gps_.size());
    double mean = 0.0, var = 0.0;
    for (std::size_t i = 0; i < gps_.size(); ++i) {
        const Prediction p = gps_[i].predict(x);
        means[i] = p.mean;
        mean += p.mean;
        var += p.var;
    }
    const double inv = 1.0 / static_cast<double>(gps_.size());
    mean *= inv;
    double spread = 0.0;
    for (double m : means) spread += (m - mean) * (m - mean);
    return {mean, (var + spread) * inv};
}

Prediction GaussianProcessMCMC::predict_with_gradient(const Eigen::VectorXd& x,
                                                      Eigen::VectorXd& dmean,
                                                      Eigen::VectorXd& dvar) const {
    if (gps_.empty())
        throw UserError("GaussianProcessMCMC::predict: call fit() first");
    const std::size_t n = gps_.size();
    // Per-member predictions are kept for the variance-of-means term: O(M D) storage.
    std::vector<Prediction> p(n);
    Eigen::MatrixXd dm(dim_, static_cast<Eigen::Index>(n));
    Eigen::VectorXd g_mean, g_var;
    dvar.setZero(dim_);
    double mean = 0.0, var = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        p[i] = gps_[i].predict_with_gradient(x, g_mean, g_var);
        dm.col(static_cast<Eigen::Index>(i)) = g_mean;
        dvar += g_var;
        mean += p[i].mean;
        var += p[i].var;
    }
    const double inv = 1.0 / static_cast<double>(n);
    mean *= inv;
    dmean = dm.rowwise().sum() * inv;
    // var = mean(var_i) + mean((mu_i - mean)^2); d/dx of the second term is
    // 2 mean((mu_i - mean) dmu_i) because the deviations sum to zero.
    double spread = 0.0;
    dvar *= inv;
    for (std::size_t i = 0; i < n; ++i) {
        const double dev = p[i].mean - mean;
        spread += dev * dev;
        dvar += (2.0 * inv * dev) * dm.col(static_cast<Eigen::Index>(i));
    }
    return {mean, var * inv + spread * inv};
}

}  // namespace bobench::surrogates
