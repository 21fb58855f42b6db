#include "surrogates/gp/priors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include <boost/random/cauchy_distribution.hpp>
#include <boost/random/gamma_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"

namespace bobench::surrogates {

ScalarPrior ScalarPrior::flat() { return {Kind::Flat, 0.0, 0.0}; }

ScalarPrior ScalarPrior::gaussian(double mean, double sd) {
    if (!std::isfinite(mean) || !(sd > 0.0) || !std::isfinite(sd))
        throw UserError("ScalarPrior::gaussian: mean " + std::to_string(mean) + " and sd " +
                        std::to_string(sd) + " must be finite with sd > 0");
    return {Kind::Gaussian, mean, sd};
}

ScalarPrior ScalarPrior::tophat(double lo, double hi) {
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
        throw UserError("ScalarPrior::tophat: bounds [" + std::to_string(lo) + ", " +
                        std::to_string(hi) + "] must be finite with lo < hi");
    ScalarPrior p(Kind::Tophat, lo, hi);
    p.lo_ = lo;
    p.hi_ = hi;
    return p;
}

ScalarPrior ScalarPrior::horseshoe(double scale) {
    if (!(scale > 0.0) || !std::isfinite(scale))
        throw UserError("ScalarPrior::horseshoe: scale " + std::to_string(scale) +
                        " must be finite and > 0");
    return {Kind::Horseshoe, scale, 0.0};
}

ScalarPrior ScalarPrior::robo_log_amplitude(int dim) {
    if (dim < 1) throw UserError("ScalarPrior::robo_log_amplitude: dimension " + std::to_string(dim) + " must be >= 1");
    return {Kind::LognormalOfLog, std::log(static_cast<double>(dim)), 0.0};
}

ScalarPrior ScalarPrior::lognormal_of_value(double mu, double sigma) {
    if (!std::isfinite(mu) || !(sigma > 0.0) || !std::isfinite(sigma))
        throw UserError("ScalarPrior::lognormal_of_value: mu " + std::to_string(mu) + " and sigma " +
                        std::to_string(sigma) + " must be finite with sigma > 0");
    return {Kind::LognormalOfValue, mu, sigma};
}

ScalarPrior ScalarPrior::gamma_of_value(double mean, double alpha) {
    if (!(mean > 0.0) || !std::isfinite(mean) || !(alpha > 0.0) || !std::isfinite(alpha))
        throw UserError("ScalarPrior::gamma_of_value: mean " + std::to_string(mean) + " and alpha " +
                        std::to_string(alpha) + " must be finite and > 0");
    return {Kind::GammaOfValue, alpha, alpha / mean};
}

ScalarPrior ScalarPrior::within(double lo, double hi) const {
    ScalarPrior p = *this;
    p.lo_ = std::max(lo_, lo);
    p.hi_ = std::min(hi_, hi);
    if (!(p.lo_ < p.hi_))
        throw UserError("ScalarPrior::within: [" + std::to_string(lo) + ", " + std::to_string(hi) +
                        "] leaves no support (the prior's is [" + std::to_string(lo_) + ", " +
                        std::to_string(hi_) + "])");
    return p;
}

double ScalarPrior::log_density(double t, double* d) const {
    if (d) *d = 0.0;
    if (t < lo_ || t > hi_) return -std::numeric_limits<double>::infinity();
    switch (kind_) {
        case Kind::Flat: return 0.0;
        case Kind::Gaussian: {
            const double u = (t - a_) / b_;
            if (d) *d = -u / b_;
            return -0.5 * u * u - std::log(b_) - 0.5 * std::log(2.0 * std::numbers::pi);
        }
        case Kind::Tophat: return -std::log(b_ - a_);
        case Kind::LognormalOfLog: {
            // theta0 = t - log D; d/dt = -(1 + log theta0) / theta0.
            const double u = t - a_;
            if (!(u > 0.0)) return -std::numeric_limits<double>::infinity();
            const double log_u = std::log(u);
            if (d) *d = -(1.0 + log_u) / u;
            return -log_u - 0.5 * std::log(2.0 * std::numbers::pi) - 0.5 * log_u * log_u;
        }
        case Kind::LognormalOfValue: {
            const double u = (t - a_) / b_;
            if (d) *d = -1.0 - u / b_;
            return -t - 0.5 * u * u - std::log(b_) - 0.5 * std::log(2.0 * std::numbers::pi);
        }
        case Kind::GammaOfValue: {  // a_ = shape, b_ = rate
            const double rate_x = b_ * std::exp(t);
            if (d) *d = (a_ - 1.0) - rate_x;
            return a_ * std::log(b_) - std::lgamma(a_) + (a_ - 1.0) * t - rate_x;
        }
        case Kind::Horseshoe: {
            // u = 3 (scale / e^t)^2; log p = log(log1p(u)), d/dt = -2u / ((1 + u) log1p(u)).
            const double log_u = std::log(3.0) + 2.0 * std::log(a_) - 2.0 * t;
            if (log_u > 40.0) {  // log1p(u) = log(u) to double precision
                if (d) *d = -2.0 / log_u;
                return std::log(log_u);
            }
            if (log_u < -40.0) {  // log1p(u) = u
                if (d) *d = -2.0;
                return log_u;
            }
            const double u = std::exp(log_u), l1p = std::log1p(u);
            if (d) *d = -2.0 * u / ((1.0 + u) * l1p);
            return std::log(l1p);
        }
    }
    return 0.0;  // unreachable
}

double ScalarPrior::sample(Rng& rng) const {
    switch (kind_) {
        case Kind::Flat:
            throw UserError("a flat (improper) hyperparameter prior cannot be sampled; give a "
                            "gaussian, tophat or horseshoe prior");
        case Kind::Gaussian: return boost::random::normal_distribution<double>(a_, b_)(rng);
        case Kind::Tophat: return boost::random::uniform_real_distribution<double>(a_, b_)(rng);
        case Kind::Horseshoe: {
            const double lambda = std::abs(boost::random::cauchy_distribution<double>(0.0, 1.0)(rng));
            const double z = boost::random::normal_distribution<double>(0.0, 1.0)(rng);
            return std::log(std::abs(z * lambda * a_));
        }
        case Kind::LognormalOfLog:
            return a_ + std::exp(boost::random::normal_distribution<double>(0.0, 1.0)(rng));
        case Kind::LognormalOfValue: return boost::random::normal_distribution<double>(a_, b_)(rng);
        case Kind::GammaOfValue: {  // a small shape can draw 0, whose log is no start for a sampler
            const double x = boost::random::gamma_distribution<double>(a_, 1.0 / b_)(rng);
            return std::log(std::max(x, std::numeric_limits<double>::min()));
        }
    }
    return 0.0;  // unreachable
}

double GpPrior::log_density(const Eigen::VectorXd& theta, Eigen::VectorXd* grad) const {
    const Eigen::Index dim = theta.size() - 2;
    double d = 0.0;
    double total = log_signal_variance.log_density(theta[0], &d);
    if (grad) (*grad)[0] += d;
    for (Eigen::Index i = 1; i <= dim; ++i) {
        total += log_lengthscale.log_density(theta[i], &d);
        if (grad) (*grad)[i] += d;
    }
    total += log_noise_variance.log_density(theta[dim + 1], &d);
    if (grad) (*grad)[dim + 1] += d;
    return total;
}

Eigen::VectorXd GpPrior::sample(int dim, Rng& rng) const {
    Eigen::VectorXd theta(gp_num_params(dim));
    theta[0] = log_signal_variance.sample(rng);
    for (int i = 1; i <= dim; ++i) theta[i] = log_lengthscale.sample(rng);
    theta[dim + 1] = log_noise_variance.sample(rng);
    return theta;
}

GpPrior GpPrior::robo_default() {
    GpPrior p;
    p.log_signal_variance = ScalarPrior::gaussian(0.0, 1.0);
    p.log_lengthscale = ScalarPrior::tophat(-5.0, 1.0);
    p.log_noise_variance = ScalarPrior::horseshoe(0.1);
    return p;
}

GpPrior GpPrior::autogluon() {
    GpPrior p;
    p.log_signal_variance = ScalarPrior::lognormal_of_value(0.0, 1.0);
    p.log_noise_variance = ScalarPrior::gamma_of_value(0.1, 0.1);
    p.constant_mean = ScalarPrior::gaussian(0.0, 1.0);
    return p;
}

GpPrior GpPrior::robo_as_run(int dim) {
    // RoBO's box, theta_robo in [-20, 20], in our parameters: theta0 = t - log D,
    // log l^2 = 2 log l (inside the tophat anyway), log n2 unchanged.
    constexpr double box = 20.0;
    const double log_d = std::log(static_cast<double>(dim));
    GpPrior p;
    p.log_signal_variance = ScalarPrior::robo_log_amplitude(dim).within(log_d - box, log_d + box);
    p.log_lengthscale = ScalarPrior::tophat(-5.0, 1.0);
    p.log_noise_variance = ScalarPrior::horseshoe(0.1).within(-box, box);
    return p;
}

}  // namespace bobench::surrogates
