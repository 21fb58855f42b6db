#pragma once
// A model whose posterior is a finite set of sampled latent functions f_1..f_S (the
// networks of an MCMC chain, the members of an ensemble). Besides its Gaussian summary
// (RegressionModel::predict), such a model can give every sample's value, which is what
// the empirical expected improvement (acquisitions/empirical_expected_improvement.hpp)
// averages over.
#include <cstddef>

#include <Eigen/Core>

#include "surrogates/model.hpp"

namespace bobench::surrogates {

class FunctionSamples {
public:
    virtual ~FunctionSamples() = default;
    virtual std::size_t function_samples() const = 0;
    // values(s) = f_s(x) in raw output units (resized to S); when gradients is non-null,
    // its column s is d f_s / d x (resized to D x S).
    virtual void sample_values(const Eigen::VectorXd& x, Eigen::VectorXd& values,
                               Eigen::MatrixXd* gradients) const = 0;
};

// The mean and population variance of S sampled values; with gradients (D x S, column s =
// d value_s / d x), also their input gradients into dmean and dvar.
inline Prediction sample_moments(const Eigen::VectorXd& values, const Eigen::MatrixXd* gradients,
                                 Eigen::VectorXd* dmean, Eigen::VectorXd* dvar) {
    const double S = static_cast<double>(values.size());
    const double mean = values.mean();
    const Eigen::VectorXd centred = values.array() - mean;
    if (gradients) {
        *dmean = gradients->rowwise().mean();
        *dvar = (2.0 / S) * (*gradients * centred);
    }
    return {mean, centred.squaredNorm() / S};
}

}  // namespace bobench::surrogates
