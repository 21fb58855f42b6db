#include "surrogates/gp/gaussian_process.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <LBFGSB.h>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/marginal_likelihood.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::surrogates {

namespace {

void check_range(const char* name, double lo, double hi) {
    if (!(lo > 0.0) || !(hi > lo) || !std::isfinite(hi))
        throw UserError(std::string("GpBounds: ") + name + " range [" + std::to_string(lo) +
                        ", " + std::to_string(hi) + "] must satisfy 0 < lo < hi < inf");
}

// Box of the optimised ("free") parameters (free_parameters.hpp), in log space.
struct LogBox {
    Eigen::VectorXd lo, hi;
};

LogBox free_box(int dim, const GpOptions& o) {
    const FreeParameters free(dim, o.lengthscales, o.learn_noise, o.learn_signal);
    LogBox box{Eigen::VectorXd(free.size()), Eigen::VectorXd(free.size())};
    const GpBounds& b = o.bounds;
    for (Eigen::Index i = 0; i < free.size(); ++i) {
        const Eigen::Index t = free.theta_index(i);
        double lo = b.lengthscale_lo, hi = b.lengthscale_hi;
        const ScalarPrior* prior = &o.prior.log_lengthscale;
        if (t == 0) lo = b.signal_variance_lo, hi = b.signal_variance_hi, prior = &o.prior.log_signal_variance;
        if (t == gp_noise_index(dim))
            lo = b.noise_variance_lo, hi = b.noise_variance_hi, prior = &o.prior.log_noise_variance;
        box.lo[i] = std::max(std::log(lo), prior->lower());
        box.hi[i] = std::min(std::log(hi), prior->upper());
        if (!(box.lo[i] < box.hi[i]))
            throw UserError("GaussianProcess: the prior's support does not overlap the bounds of "
                            "hyperparameter " + std::to_string(t));
    }
    return box;
}

// -(log marginal likelihood + log prior) of the free parameters, for LBFGSpp. Keeps
// the best point it has seen, so a start that ends in a line-search exception still
// contributes what it found. Isotropic: the prior counts the shared lengthscale once per
// axis, as it does for D equal ARD lengthscales.
class NegativeLogPosterior {
public:
    NegativeLogPosterior(MarginalLikelihood& lml, const GpPrior& prior, const FreeParameters& map,
                         Eigen::VectorXd theta)
        : lml_(lml), prior_(prior), map_(map), theta_(std::move(theta)), grad_(theta_.size()) {}

    double operator()(const Eigen::VectorXd& free, Eigen::VectorXd& grad) {
        ++evaluations;
        map_.expand(free, theta_);
        double lp = lml_(theta_, &grad_);
        if (std::isfinite(lp)) lp += prior_.log_density(theta_, &grad_);
        if (!std::isfinite(lp) || !grad_.allFinite()) {
            // Like RoBO: a large finite value, so the line search backs off.
            grad.setZero(free.size());
            return 1e25;
        }
        map_.fold_gradient(grad_, grad);
        grad = -grad;
        if (-lp < best_value) {
            best_value = -lp;
            best_free = free;
        }
        return -lp;
    }

    double best_value = std::numeric_limits<double>::infinity();
    Eigen::VectorXd best_free;
    long evaluations = 0;

private:
    MarginalLikelihood& lml_;
    const GpPrior& prior_;
    const FreeParameters& map_;
    Eigen::VectorXd theta_;
    Eigen::VectorXd grad_;
};

}  // namespace

GaussianProcess::GaussianProcess(int dim, GpOptions options)
    : dim_(dim), options_(std::move(options)), gp_(options_.kernel, dim, options_.scale_outputs) {
    const GpOptions& o = options_;
    if (o.random_restarts < 0)
        throw UserError("GaussianProcess: random_restarts " + std::to_string(o.random_restarts) +
                        " must be >= 0");
    if (!(o.initial_lengthscale > 0.0) || !std::isfinite(o.initial_lengthscale))
        throw UserError("GaussianProcess: initial_lengthscale " + std::to_string(o.initial_lengthscale) +
                        " must be finite and > 0");
    if (!(o.restart_sd > 0.0) || !std::isfinite(o.restart_sd))
        throw UserError("GaussianProcess: restart_sd " + std::to_string(o.restart_sd) + " must be finite and > 0");
    if (o.max_iterations < 1)
        throw UserError("GaussianProcess: max_iterations " + std::to_string(o.max_iterations) +
                        " must be >= 1");
    if (!(o.noise_variance >= 0.0) || !std::isfinite(o.noise_variance))
        throw UserError("GaussianProcess: noise_variance " + std::to_string(o.noise_variance) +
                        " must be finite and >= 0");
    check_range("signal_variance", o.bounds.signal_variance_lo, o.bounds.signal_variance_hi);
    check_range("lengthscale", o.bounds.lengthscale_lo, o.bounds.lengthscale_hi);
    check_range("noise_variance", o.bounds.noise_variance_lo, o.bounds.noise_variance_hi);
    free_box(dim, o);  // validates prior/bounds overlap
    if (o.initial_params.size() != 0 && o.initial_params.size() != gp_num_params(dim))
        throw UserError("GaussianProcess: initial_params has " + std::to_string(o.initial_params.size()) +
                        " entries, expected " + std::to_string(gp_num_params(dim)) + " or none");
    Eigen::VectorXd theta = o.initial_params.size() != 0
                                ? o.initial_params
                                : gp_default_params(dim, o.noise_variance, o.initial_lengthscale);
    // isotropic: unequal initial lengthscales become their geometric mean
    const FreeParameters map(dim, o.lengthscales, true);
    map.expand(map.reduce(theta), theta);
    initial_theta_ = theta;
    gp_.set_params(theta);
}

void GaussianProcess::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
    CleanData data = clean_training_data(X, y, dim_, "GaussianProcess");
    if (options_.optimize_hyperparameters && data.y.size() > 0) {
        const Eigen::VectorXd theta = optimize(data.X, Standardization::of(data.y, options_.scale_outputs).apply(data.y), rng);
        gp_.condition(X, y, theta);  // counts the dropped rows itself
    } else {
        gp_.condition(X, y);
    }
}

Eigen::VectorXd GaussianProcess::optimize(const Eigen::MatrixXd& X, const Eigen::VectorXd& y_std,
                                          Rng& rng) {
    const LogBox box = free_box(dim_, options_);
    const FreeParameters map(dim_, options_.lengthscales, options_.learn_noise, options_.learn_signal);
    const Eigen::Index n_free = box.lo.size();
    MarginalLikelihood lml(options_.kernel, X, y_std);
    NegativeLogPosterior objective(lml, options_.prior, map, gp_.params());

    LBFGSpp::LBFGSBParam<double> param;
    param.max_iterations = options_.max_iterations;
    LBFGSpp::LBFGSBSolver<double> solver(param);
    boost::random::uniform_real_distribution<double> unit(0.0, 1.0);
    boost::random::normal_distribution<double> perturbation(0.0, options_.restart_sd);

    report_ = GpFitReport{};
    const bool reset = options_.starts == FitStarts::ResetThenPerturb;
    const Eigen::VectorXd first =
        map.reduce(reset ? initial_theta_ : gp_.params()).cwiseMax(box.lo).cwiseMin(box.hi);
    for (int s = 0; s <= options_.random_restarts; ++s) {
        Eigen::VectorXd start = first;
        for (Eigen::Index i = 0; s > 0 && i < n_free; ++i)
            start[i] = reset ? std::clamp(first[i] + perturbation(rng), box.lo[i], box.hi[i])
                             : box.lo[i] + unit(rng) * (box.hi[i] - box.lo[i]);
        double fx = 0.0;
        ++report_.starts;
        try {
            solver.minimize(objective, start, fx, box.lo, box.hi);
        } catch (const std::exception&) {
            // LBFGSpp throws when a line search fails (flat or non-smooth regions, jitter
            // switching on); the objective has kept the best point it saw.
            ++report_.failed_starts;
        }
    }
    report_.evaluations = objective.evaluations;
    Eigen::VectorXd theta = gp_.params();
    if (!std::isfinite(objective.best_value)) return theta;  // nothing finite: keep the old theta
    report_.log_posterior = -objective.best_value;
    map.expand(objective.best_free, theta);
    return theta;
}

}  // namespace bobench::surrogates
