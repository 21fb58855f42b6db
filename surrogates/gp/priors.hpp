#pragma once
// Priors on the GP log-hyperparameters (gp_hyperparameters.hpp), each a density over
// the log-space value t itself, with its derivative (RoBO's priors have zero gradients;
// ours are exact, so type-II MAP can use L-BFGS-B with analytic gradients).
#include <limits>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::surrogates {

class ScalarPrior {
public:
    // Improper flat prior: log density 0, cannot be sampled.
    static ScalarPrior flat();
    // Normal(mean, sd) on t, i.e. lognormal on exp(t).
    static ScalarPrior gaussian(double mean, double sd);
    // Uniform on [lo, hi]; -inf outside.
    static ScalarPrior tophat(double lo, double hi);
    // RoBO's HorseshoePrior on t = log variance: log p(t) = log(log(1 + 3 (scale/e^t)^2))
    // (unnormalised), a spike towards small noise with a heavy tail.
    static ScalarPrior horseshoe(double scale);
    // RoBO's amplitude prior as coded (robo/priors/default_priors.py): scipy's
    // lognorm(s=1) density applied to george's log-constant theta0 itself, where george's
    // `2 * Matern52` in D dimensions has amplitude D exp(theta0) (a ConstantKernel of
    // log(2 / D), summed over its D axes). With t = log s2, theta0 = t - log D and
    //   log p(t) = -log theta0 - log(2 pi) / 2 - (log theta0)^2 / 2,  -inf for theta0 <= 0,
    // so any amplitude <= D has zero density. Draws: theta0 ~ lognormal(0, 1).
    static ScalarPrior robo_log_amplitude(int dim);
    // The lognormal(mu, sigma) density of the value x = e^t, taken at x and not carried
    // over to t (no Jacobian): log p(t) = -t - (t - mu)^2 / (2 sigma^2) + const. This is
    // how a MAP fit that puts a density on the value but searches its logarithm scores it
    // (AutoGluon's GP: LogNormal(0, 1) on the covariance scale). Draws: t ~ N(mu, sigma).
    static ScalarPrior lognormal_of_value(double mu, double sigma);
    // The Gamma density with this mean and shape alpha (rate alpha / mean) of x = e^t, taken
    // at x as above: log p(t) = (alpha - 1) t - rate e^t + const (AutoGluon's GP: mean 0.1,
    // alpha 0.1 on the noise variance). Draws: t = log x, x ~ Gamma.
    static ScalarPrior gamma_of_value(double mean, double alpha);

    // This prior with its density set to -inf outside [lo, hi] (a box such as RoBO's
    // |theta_i| <= 20); draws are not truncated (RoBO's walker initialisation is not).
    ScalarPrior within(double lo, double hi) const;

    // log density at t (up to a constant for flat and horseshoe) and, if d is
    // non-null, its derivative.
    double log_density(double t, double* d = nullptr) const;
    // One draw of t. Horseshoe: t = log|z * lambda * scale|, lambda = |Cauchy(0,1)|,
    // z ~ N(0,1) (RoBO's walker initialisation). Throws UserError for the flat prior.
    double sample(Rng& rng) const;
    bool is_flat() const { return kind_ == Kind::Flat; }
    // Support: [lo, hi] for the tophat, what within() set, (-inf, inf) otherwise.
    double lower() const { return lo_; }
    double upper() const { return hi_; }

private:
    enum class Kind { Flat, Gaussian, Tophat, Horseshoe, LognormalOfLog, LognormalOfValue, GammaOfValue };
    ScalarPrior(Kind kind, double a, double b) : kind_(kind), a_(a), b_(b) {}
    Kind kind_;
    double a_, b_;
    double lo_ = -std::numeric_limits<double>::infinity(), hi_ = std::numeric_limits<double>::infinity();
};

// Independent priors on [log s2, log l_1..l_D (one prior shared by every axis), log n2].
struct GpPrior {
    ScalarPrior log_signal_variance = ScalarPrior::flat();
    ScalarPrior log_lengthscale = ScalarPrior::flat();
    ScalarPrior log_noise_variance = ScalarPrior::flat();
    // On the constant prior mean itself (standardised units), when the GP learns one; not
    // part of theta, so log_density() and sample() leave it out.
    ScalarPrior constant_mean = ScalarPrior::flat();

    // Sum of the log densities; when grad is non-null its entries are *added* to.
    double log_density(const Eigen::VectorXd& theta, Eigen::VectorXd* grad = nullptr) const;
    // A draw of the whole vector (dim = number of inputs).
    Eigen::VectorXd sample(int dim, Rng& rng) const;

    // RoBO's DefaultPrior in our parameterisation (facts file 2.3), with two deliberate
    // deviations:
    //  - lengthscales: TophatPrior(-10, 2) on log l^2 is tophat(-5, 1) on log l. Same.
    //  - noise: HorseshoePrior(0.1) on log n2. Same formula, but our n2 is in
    //    standardised output units (RoBO does not normalise outputs).
    //  - amplitude, deviation 1: RoBO applies LognormalPrior(0, 1) to its log-amplitude
    //    theta0 itself, which forbids theta0 <= 0 and freezes MLE for D >= 3 (facts file).
    //    We put Normal(0, 1) on log s2, i.e. lognormal(0, 1) on s2, which is what the
    //    prior was evidently meant to be, on standardised outputs.
    //  - walker init, deviation 2: RoBO shares one z ~ N(0,1) across all walkers' noise
    //    draws; sample() draws z per call (per walker).
    static GpPrior robo_default();

    // RoBO's DefaultPrior as RoBO ran it, quirks included, for the robo-* optimizers:
    // robo_log_amplitude(dim) (so with RoBO's start, amplitude 2, the density is -inf for
    // D >= 3), tophat(-5, 1) on log l, horseshoe(0.1) on log n2 in raw output units, and
    // RoBO's box |theta_i| <= 20 on its own parameters (robo/models/gaussian_process.py,
    // gaussian_process_mcmc.py) as each prior's support. Left out: the walker
    // initialisation's single shared z of the horseshoe draws, and the horseshoe's +inf
    // at log n2 == 0 exactly.
    static GpPrior robo_as_run(int dim);
    // AutoGluon's GP (0.0.15, searcher/bayesopt/gpmxnet: kernel/base.py, likelihood.py):
    // LogNormal(0, 1) on the covariance scale and Gamma(mean 0.1, alpha 0.1) on the noise
    // variance, each on the value as its MAP fit scores them; the inverse bandwidths'
    // Uniform prior is a constant, so the lengthscales' prior is flat; Normal(0, 1) on the
    // learned constant mean (gpmxnet/mean.py, ScalarMeanFunction).
    static GpPrior autogluon();
};

}  // namespace bobench::surrogates
