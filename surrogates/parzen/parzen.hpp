#pragma once
// Adaptive Parzen estimators, the densities l(x) and g(x) of the Tree-structured Parzen
// Estimator (Bergstra, Bardenet, Bengio & Kegl 2011), with the conventions of HyperOpt's
// tpe.py (the BORE paper's TPE baseline). One estimator models one parameter.
//
// Real (and quantised) parameters — HyperOpt's adaptive_parzen_normal:
//   * one Gaussian per observation plus a prior component at the centre of [lo, hi] with
//     sd prior_sigma = hi - lo and weight prior_weight (observations weigh 1, or less when
//     old: see forgetting_weights);
//   * the prior is inserted into the sorted observations; each component's sd is the larger
//     of the distances to its sorted neighbours (the end ones: the one distance they have),
//     then clipped to [prior_sigma / min(100, 1 + M), prior_sigma] with M the number of
//     components including the prior; the prior keeps sd prior_sigma. With one
//     observation its sd is prior_sigma / 2 (HyperOpt) or its distance to the prior
//     (Optuna), clipped the same way;
//   * cut to [lo, hi], by one of three conventions (parzen::Convention):
//       HyperOpt   the mixture as a whole renormalised (tpe.py's GMM1 with p_accept);
//       Optuna     every component truncated and renormalised on its own, so components
//                  near a bound keep their full weight (Optuna's truncnorm per kernel);
//       Optuna31   as Optuna, but each kernel evaluated without its 1/sd factor, as
//                  Optuna up to 3.4 (Debian 12's 3.1.0 included) computes it: every kernel
//                  has peak weight_k / (sqrt(2 pi) mass_k) whatever its width, so wide
//                  kernels count for more (optuna issue #5109, fixed in 3.5 by PR #5110).
//                  log_pdf is then not a normalised density; sampling is unaffected.
//   * quantised (quantum q > 0): the value set is the multiples of q; the probability of a
//     value x is the mixture's mass on [x - q/2, x + q/2] within [lo, hi], and samples are
//     rounded to the nearest multiple. bobench passes integer (and ordinal index) domains
//     as [lo - 1/2, hi + 1/2] with q = 1, so every value owns one whole unit cell (HyperOpt's
//     quniform gives the two end values half cells; we do not copy that edge effect).
// Categorical parameters — HyperOpt's ap_categorical_sampler: probabilities proportional
// to (forgetting-weighted) counts + prior_weight pseudo-counts per choice.
//
// Sampling draws a component with probability weight x (its mass inside [lo, hi]) for
// HyperOpt, weight alone for the Optuna conventions, then a truncated normal by inverse CDF;
// the first is the distribution of HyperOpt's rejection sampler (draw from the untruncated
// mixture until inside), with exactly one uniform per sample.
#include <cstddef>
#include <span>
#include <vector>

#include "core/rng.hpp"

namespace bobench::parzen {

// HyperOpt's linear_forgetting_weights: observations oldest first; with n > lf the newest
// lf weigh 1 and the older n - lf ramp linearly from 1/n up to 1; with n <= lf all weigh 1.
void forgetting_weights(std::size_t n, std::size_t lf, std::vector<double>& w);

constexpr std::size_t kDefaultForgetting = 25;  // HyperOpt's DEFAULT_LF

enum class Convention { HyperOpt, Optuna, Optuna31 };

class AdaptiveParzen {
public:
    // obs: observed values, oldest first, inside [lo, hi]; quantum 0 for a continuous value.
    void fit(std::span<const double> obs, double lo, double hi, double prior_weight,
             std::size_t forgetting = kDefaultForgetting, double quantum = 0,
             Convention convention = Convention::HyperOpt);

    // Continuous: log density on [lo, hi] (-inf outside; unnormalised for Optuna31).
    // Quantised: log probability of x's cell. Never -inf inside [lo, hi]: the prior
    // component (sd = width) covers the domain.
    double log_pdf(double x) const;
    double sample(Rng& rng) const;

    // Components, sorted by mean; the prior sits at index prior_index().
    const std::vector<double>& means() const { return mu_; }
    const std::vector<double>& sds() const { return sigma_; }
    const std::vector<double>& weights() const { return weight_; }  // normalised
    std::size_t prior_index() const { return prior_pos_; }
    double lo() const { return lo_; }
    double hi() const { return hi_; }

private:
    double lo_ = 0, hi_ = 1, quantum_ = 0;
    std::size_t prior_pos_ = 0;
    std::vector<double> mu_, sigma_, weight_;
    std::vector<double> scale_;       // weight / (truncated mass): the mixture's or its own
    std::vector<double> coef_;        // scale / (sd sqrt(2 pi)), or scale / sqrt(2 pi) (Optuna31)
    std::vector<double> inv_sigma_;   // 1 / sd
    std::vector<double> cumulative_;  // running sums of the component probabilities, for sampling
    // fit() scratch, kept to avoid reallocating on every call
    std::vector<std::size_t> order_;
    std::vector<double> obs_weight_;
};

class CategoricalParzen {
public:
    // obs: choice indices in [0, k), oldest first.
    void fit(std::span<const std::size_t> obs, std::size_t k, double prior_weight,
             std::size_t forgetting = kDefaultForgetting);
    double log_prob(std::size_t choice) const { return log_p_[choice]; }
    std::size_t sample(Rng& rng) const;
    const std::vector<double>& probabilities() const { return p_; }

private:
    std::vector<double> p_, log_p_, cumulative_, obs_weight_;
};

// The normal reference rule of thumb for a Gaussian kernel (Silverman 1986, eq. 3.28; Scott
// 1992): h = (4 / 3)^(1/5) sd n^(-1/5) = 1.0592 sd n^(-1/5), sd the sample standard deviation
// (n - 1 in the denominator). UserError for fewer than 2 samples or a zero spread.
double normal_reference_bandwidth(std::span<const double> samples);

// A Gaussian kernel density estimate with one bandwidth for every sample, at x.
double gaussian_kde_pdf(std::span<const double> samples, double bandwidth, double x);

}  // namespace bobench::parzen
