#pragma once
// A density p(x, y) over rows z = (x, y) whose conditional p(y | x) is a Gaussian mixture
// in y: the common shape of the kernel estimator, the Gaussian mixture and the
// sum-product network that surrogates/mixtures/ fits (y is always the last coordinate).
#include <vector>

#include <Eigen/Core>

#include "surrogates/model.hpp"

namespace bobench::surrogates::mixtures {

using Components = std::vector<WeightedPrediction>;

class JointDensity {
public:
    virtual ~JointDensity() = default;
    // log p(z) of a full row z = (x, y).
    virtual double log_density(const Eigen::VectorXd& z) const = 0;
    // Writes p(y | x) as components (weights summing to 1) and returns log p(x), the
    // marginal density of the inputs.
    virtual double conditional(const Eigen::VectorXd& x, Components& out) const = 0;
};

// log sum_k w_k N(y; mean_k, var_k).
double mixture_log_density(const Components& mixture, double y);

// Mean and variance of a mixture (law of total variance).
Prediction mixture_moments(const Components& mixture);

// log sum exp of the values (-inf when empty or all -inf).
double log_sum_exp(const double* values, std::size_t n);
inline double log_sum_exp(const std::vector<double>& v) { return log_sum_exp(v.data(), v.size()); }

// log N(v; mean, var) of a scalar.
double normal_log_pdf(double v, double mean, double var);

// Population variance of every column of Z (its rows the observations).
Eigen::VectorXd column_variances(const Eigen::MatrixXd& Z);

// Lower Cholesky factor of the covariance S by jittered_cholesky (surrogates/gp); the
// jitter it needed is added to S itself, so the density stays the one factorised.
// std::runtime_error when even the largest jitter fails (a non-finite S).
Eigen::MatrixXd cholesky_with_jitter(Eigen::MatrixXd& S);

}  // namespace bobench::surrogates::mixtures
