#pragma once
// Expected improvement below the incumbent eta (Jones et al. 1998) and its logarithm.
//
//   z = (eta - xi - mu) / s,   EI = s (z Phi(z) + phi(z)),   logEI = log s + log tau(z)
//
// MixtureExpectedImprovement is the exact EI of a Gaussian-mixture predictive
// sum_k w_k N(mu_k, s_k^2): EI is linear in the density, so it is sum_k w_k EI(mu_k, s_k).
// ExpectedImprovement on such a model's predict() is the moment-matched EI instead (one
// Gaussian with the mixture's mean and variance).
//
// xi >= 0 is RoBO's `par` (default 0). log-EI is evaluated with normal_tail.hpp, so it
// stays finite and monotone where EI underflows to 0 (Ament et al. 2023 make the same
// point); RoBO's default acquisition is log-EI.
#include <vector>

#include "acquisitions/acquisition.hpp"

namespace bobench::acquisitions {

class ExpectedImprovement final : public GaussianAcquisition {
public:
    // incumbent: best observed objective value (raw units). Throws UserError when it or
    // xi is not finite.
    ExpectedImprovement(const surrogates::RegressionModel& model, double incumbent,
                        double xi = 0.0);
    double score(double mean, double var, double* d_mean, double* d_var) const override;

private:
    double target_;  // eta - xi
};

class LogExpectedImprovement final : public GaussianAcquisition {
public:
    LogExpectedImprovement(const surrogates::RegressionModel& model, double incumbent,
                           double xi = 0.0);
    // -inf only when the variance is 0 and the mean does not improve (as RoBO).
    double score(double mean, double var, double* d_mean, double* d_var) const override;

private:
    double target_;
};

class MixtureExpectedImprovement final : public Acquisition {
public:
    // Uses model.predict_mixture (for a one-Gaussian model it equals ExpectedImprovement).
    MixtureExpectedImprovement(const surrogates::RegressionModel& model, double incumbent, double xi = 0.0);
    double value(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const override;
    bool has_gradient() const override { return false; }

    // The exact EI of a given mixture below `target` (incumbent - xi).
    static double of_mixture(const std::vector<surrogates::WeightedPrediction>& mixture, double target);

private:
    const surrogates::RegressionModel& model_;
    double target_;
    mutable std::vector<surrogates::WeightedPrediction> components_;  // scratch of value()
};

}  // namespace bobench::acquisitions
