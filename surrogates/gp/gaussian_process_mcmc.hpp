#pragma once
// Fully Bayesian GP: hyperparameters sampled by an affine-invariant ensemble (RoBO's
// GaussianProcessMCMC, facts file 2.3), one exact GP per sample.
//
// Target: log p(y | X, theta) + log prior(theta) on standardised outputs, -inf outside
// the box |theta_i| <= 20 (RoBO's bounding box; with our log l instead of RoBO's log l^2
// that box is twice as wide for lengthscales, but the default tophat prior on log l,
// [-5, 1], is the binding limit there). RoBO defaults (fmin): n_walkers = 3 (D + 1)
// rounded up to even; the first fit draws walkers from the prior and burns in 100 steps;
// every fit (the first included) then runs a chain of 200 steps from the last positions,
// and the final position of each walker is one sample, i.e. one member. Priors: see
// GpPrior::robo_default() for the parameterisation and the deliberate deviations.
#include <cstddef>
#include <vector>

#include <Eigen/Core>

#include "surrogates/gp/ensemble_sampler.hpp"
#include "surrogates/gp/exact_gp.hpp"
#include "surrogates/gp/kernels.hpp"
#include "surrogates/gp/priors.hpp"
#include "surrogates/model.hpp"

namespace bobench::surrogates {

struct GpMcmcOptions {
    KernelFamily kernel = KernelFamily::Matern52;
    int n_walkers = 0;        // 0: 3 (D + 1) rounded up to even; else even and >= 2 (D + 2)
    int burn_in = 100;        // steps, first fit only
    int chain_length = 200;   // steps, every fit
    double stretch = 2.0;     // stretch-move scale a
    double log_bound = 20.0;  // |theta_i| above this has zero density
    GpPrior prior = GpPrior::robo_default();  // must be proper (walkers start from it)
    bool scale_outputs = true;  // false: outputs only centred (RoBO), s2 and n2 in raw units
};

class GaussianProcessMCMC final : public RegressionModel {
public:
    // Throws UserError on invalid options (names the option and its accepted range).
    GaussianProcessMCMC(int dim, GpMcmcOptions options = {});

    // Samples hyperparameters (burn-in on the first call), then conditions one GP each.
    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;
    // Re-conditions every member on new data without sampling.
    void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y);
    // Adds one observation to every member in O(N^2) each, without sampling.
    bool append(const Eigen::VectorXd& x, double y) override;

    // Mixture of the members: mean of means; mean of variances + variance of means.
    Prediction predict(const Eigen::VectorXd& x) const override;
    bool has_gradient() const override { return true; }
    Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                     Eigen::VectorXd& dvar) const override;

    std::size_t members() const override { return gps_.size(); }
    Prediction predict_member(std::size_t m, const Eigen::VectorXd& x) const override;
    Prediction predict_member_with_gradient(std::size_t m, const Eigen::VectorXd& x,
                                            Eigen::VectorXd& dmean,
                                            Eigen::VectorXd& dvar) const override;

    int n_walkers() const { return n_walkers_; }
    // Current walker positions (= hyperparameter samples), one column each; empty
    // before the first fit.
    const Eigen::MatrixXd& samples() const { return state_.walkers; }
    // Accepted fraction of the proposals in the last fit (burn-in included).
    double acceptance_fraction() const { return acceptance_; }
    // Log-target evaluations in the last fit.
    long evaluations() const { return evaluations_; }
    const ExactGP& member(std::size_t m) const { return gps_.at(m); }
    std::size_t dropped() const { return gps_.empty() ? 0 : gps_.front().dropped(); }
    // Largest jitter any member needed.
    double jitter() const override;

private:
    int dim_;
    GpMcmcOptions options_;
    int n_walkers_;
    StretchMoveSampler sampler_;
    EnsembleState state_;
    std::vector<ExactGP> gps_;
    double acceptance_ = 0.0;
    long evaluations_ = 0;
};

}  // namespace bobench::surrogates
