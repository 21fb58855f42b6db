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

// -(log marginal likelihood + log prior) of the free parameters, for LBFGSpp; with a
// learned mean the last entry of the vector is the constant mean m. Keeps the best point
// it has seen, so a start that ends in a line-search exception still contributes what it
// found. Isotropic: the prior counts the shared lengthscale once per axis, as it does for
// D equal ARD lengthscales.
class NegativeLogPosterior {
public:
    NegativeLogPosterior(MarginalLikelihood& lml, const GpPrior& prior, const FreeParameters& map,
                         Eigen::VectorXd theta, bool learn_mean)
        : lml_(lml), prior_(prior), map_(map), learn_mean_(learn_mean), theta_(std::move(theta)),
          grad_(theta_.size()) {}

    double operator()(const Eigen::VectorXd& free, Eigen::VectorXd& grad) {
        ++evaluations;
        map_.expand(free, theta_);
        double mean_prior_slope = 0.0;
        if (learn_mean_) lml_.set_constant_mean(free[map_.size()]);
        double lp = lml_(theta_, &grad_);
        if (std::isfinite(lp)) lp += prior_.log_density(theta_, &grad_);
        if (learn_mean_ && std::isfinite(lp))
            lp += prior_.constant_mean.log_density(free[map_.size()], &mean_prior_slope);
        if (!std::isfinite(lp) || !grad_.allFinite()) {
            // Like RoBO: a large finite value, so the line search backs off.
            grad.setZero(free.size());
            return 1e25;
        }
        map_.fold_gradient(grad_, folded_);
        grad.head(map_.size()) = -folded_;
        if (learn_mean_) grad[map_.size()] = -(lml_.mean_gradient() + mean_prior_slope);
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
    bool learn_mean_;
    Eigen::VectorXd theta_;
    Eigen::VectorXd grad_;
    Eigen::VectorXd folded_;
};

}  // namespace

GpMean parse_gp_mean(std::string_view name) {
    if (name == "zero") return GpMean::Zero;
    if (name == "learned") return GpMean::Learned;
    if (name == "gls") return GpMean::Gls;
    throw UserError("GP mean '" + std::string(name) + "': expected zero, learned or gls");
}

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
    if (o.mean == GpMean::Gls) gp_.set_gls_mean();
}

void GaussianProcess::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
    CleanData data = clean_training_data(X, y, dim_, "GaussianProcess");
    if (options_.standardise_inputs && data.y.size() > 0) {
        // population sd per column, 1 where a column is constant (as the legacy scikit-learn GP)
        input_mean_ = data.X.colwise().mean();
        const Eigen::RowVectorXd variance =
            (data.X.rowwise() - input_mean_).colwise().squaredNorm() / static_cast<double>(data.y.size());
        input_scale_ = variance.cwiseSqrt().unaryExpr([](double sd) { return sd > 0.0 ? sd : 1.0; });
    }
    if (options_.standardise_once && !first_standardization_ && data.y.size() > 0) {
        first_standardization_ = Standardization::of(data.y, options_.scale_outputs);
        gp_.fix_standardization(*first_standardization_);
    }
    if (options_.optimize_hyperparameters && data.y.size() > 0) {
        const Standardization s = first_standardization_ ? *first_standardization_
                                                         : Standardization::of(data.y, options_.scale_outputs);
        const Fitted fitted = optimize(model_inputs(data.X), s.apply(data.y), rng);
        if (options_.mean == GpMean::Learned) gp_.set_constant_mean(fitted.mean);
        gp_.condition(model_inputs(X), y, fitted.theta);  // counts the dropped rows itself
    } else {
        gp_.condition(model_inputs(X), y);
    }
}

Eigen::MatrixXd GaussianProcess::model_inputs(const Eigen::MatrixXd& X) const {
    if (input_scale_.size() == 0 || X.cols() != input_scale_.size()) return X;  // a bad shape is reported downstream
    return (X.rowwise() - input_mean_).array().rowwise() / input_scale_.array();
}

Eigen::VectorXd GaussianProcess::model_input(const Eigen::VectorXd& x) const {
    if (input_scale_.size() == 0 || x.size() != input_scale_.size()) return x;
    return (x - input_mean_.transpose()).cwiseQuotient(input_scale_.transpose());
}

Prediction GaussianProcess::predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                                  Eigen::VectorXd& dvar) const {
    if (input_scale_.size() == 0) return gp_.predict_with_gradient(x, dmean, dvar);
    const Prediction p = gp_.predict_with_gradient(model_input(x), dmean, dvar);
    // the chain rule through the standardisation
    dmean = dmean.cwiseQuotient(input_scale_.transpose());
    dvar = dvar.cwiseQuotient(input_scale_.transpose());
    return p;
}

GaussianProcess::Fitted GaussianProcess::optimize(const Eigen::MatrixXd& X, const Eigen::VectorXd& y_std,
                                                  Rng& rng) {
    const bool learn_mean = options_.mean == GpMean::Learned;
    LogBox box = free_box(dim_, options_);
    const FreeParameters map(dim_, options_.lengthscales, options_.learn_noise, options_.learn_signal);
    const Eigen::Index n_hyper = box.lo.size(), n_free = n_hyper + (learn_mean ? 1 : 0);
    if (learn_mean) {  // the mean is unbounded, as AutoGluon's
        box.lo.conservativeResize(n_free);
        box.hi.conservativeResize(n_free);
        box.lo[n_hyper] = -std::numeric_limits<double>::infinity();
        box.hi[n_hyper] = std::numeric_limits<double>::infinity();
    }
    MarginalLikelihood lml(options_.kernel, X, y_std);
    if (options_.mean == GpMean::Gls) lml.set_gls_mean();
    NegativeLogPosterior objective(lml, options_.prior, map, gp_.params(), learn_mean);

    LBFGSpp::LBFGSBParam<double> param;
    param.max_iterations = options_.max_iterations;
    LBFGSpp::LBFGSBSolver<double> solver(param);
    boost::random::uniform_real_distribution<double> unit(0.0, 1.0);
    boost::random::normal_distribution<double> perturbation(0.0, options_.restart_sd);

    report_ = GpFitReport{};
    const bool reset = options_.starts == FitStarts::ResetThenPerturb;
    Eigen::VectorXd first(n_free);
    first.head(n_hyper) =
        map.reduce(reset ? initial_theta_ : gp_.params()).cwiseMax(box.lo.head(n_hyper)).cwiseMin(box.hi.head(n_hyper));
    // AutoGluon starts the mean at the mean of the targets it fits; warm: the last fit's
    if (learn_mean) first[n_hyper] = reset ? y_std.mean() : gp_.constant_mean();
    for (int s = 0; s <= options_.random_restarts; ++s) {
        Eigen::VectorXd start = first;
        for (Eigen::Index i = 0; s > 0 && i < n_hyper; ++i)
            start[i] = reset ? std::clamp(first[i] + perturbation(rng), box.lo[i], box.hi[i])
                             : box.lo[i] + unit(rng) * (box.hi[i] - box.lo[i]);
        // the unbounded mean: perturbed as the others (reset), or from the targets' mean
        if (learn_mean && s > 0) start[n_hyper] = reset ? first[n_hyper] + perturbation(rng) : y_std.mean();
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
    Fitted fitted{gp_.params(), gp_.constant_mean()};
    if (!std::isfinite(objective.best_value)) return fitted;  // nothing finite: keep the old values
    report_.log_posterior = -objective.best_value;
    map.expand(objective.best_free, fitted.theta);
    if (learn_mean) fitted.mean = objective.best_free[n_hyper];
    return fitted;
}

}  // namespace bobench::surrogates
