#pragma once
// An exact GP conditioned on data at fixed hyperparameters.
//
// Outputs are standardised (training_data.hpp) by the held data, by a standardisation
// fixed once (fix_standardization), or only centred when scale_outputs is false (RoBO);
// the prior mean is a constant m in standardised units: 0 by default, i.e. mean(y) (RoBO's
// choice), a fitted one (AutoGluon's learned mean), or the generalised least squares mean
// (the legacy scikit-learn GP's constant regression); the noise is Gaussian with variance n2.
// The GLS mean's own uncertainty is not added to the predictive variance.
// The kernel matrix is factorised once (jittered_cholesky.hpp, jitter recorded) and the
// factor is kept with spare capacity, so append() can extend it by one row in O(N^2)
// without refactorising (the result equals the full refactorisation).
//
// Predictions are of the latent objective (no observation noise), in raw output units.
// The standardised predictive variance is floored at 1e-12 * s2: below that it is
// round-off of s2 - v'v; where the floor applies the variance gradient is zero.
#include <cstddef>
#include <optional>

#include <Eigen/Core>

#include "surrogates/gp/kernels.hpp"
#include "surrogates/gp/training_data.hpp"
#include "surrogates/model.hpp"

namespace bobench::surrogates {

class ExactGP {
public:
    // Starts at gp_default_params(dim, 1e-6) and no data (predict gives the prior).
    ExactGP(KernelFamily family, int dim, bool scale_outputs = true);

    KernelFamily family() const { return family_; }
    int dim() const { return dim_; }

    // theta laid out as gp_hyperparameters.hpp. Throws UserError when the size is wrong,
    // an entry is NaN, or exp() of an entry overflows (log noise may be -inf). Refactorises
    // when data are held.
    void set_params(const Eigen::VectorXd& theta);
    const Eigen::VectorXd& params() const { return theta_; }

    // Drops rows with non-finite y (counted in dropped()), standardises, factorises.
    void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y);
    // New hyperparameters and new data with one factorisation.
    void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                   const Eigen::VectorXd& theta);
    // Adds one observation at the current hyperparameters in O(N^2). A non-finite y is
    // dropped and counted. Falls back to a full refactorisation if the new pivot is
    // numerically zero (e.g. a duplicate point without noise).
    void append(const Eigen::VectorXd& x, double y);

    Prediction predict(const Eigen::VectorXd& x) const;
    Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                     Eigen::VectorXd& dvar) const;

    // log p(y_std | X, theta, m) of the held data (standardised units).
    double log_marginal_likelihood() const;

    // The constant prior mean m in standardised units (finite, else UserError).
    void set_constant_mean(double m);
    // From now on m is the generalised least squares mean of the held data at the current
    // hyperparameters (gls_constant_mean), recomputed whenever they or the data change.
    void set_gls_mean();
    double constant_mean() const { return mean_; }
    // Standardise by `s` from now on instead of by each data set's own mean and sd.
    void fix_standardization(const Standardization& s);

    Eigen::Index size() const { return n_; }
    // Rows dropped because y was not finite, since the last condition().
    std::size_t dropped() const { return dropped_; }
    // Jitter on the kernel diagonal in the current factorisation (standardised units).
    double jitter() const { return jitter_; }
    const Standardization& standardization() const { return standardization_; }
    // The current N x N lower Cholesky factor of K + (n2 + jitter) I (a copy, for tests).
    Eigen::MatrixXd cholesky_factor() const;
    // Training inputs as N x D rows (a copy).
    Eigen::MatrixXd inputs() const { return Xt_.leftCols(n_).transpose(); }
    Eigen::VectorXd outputs() const { return y_.head(n_); }

private:
    Prediction predict_impl(const Eigen::VectorXd& x, Eigen::VectorXd* dmean,
                            Eigen::VectorXd* dvar) const;
    void reserve(Eigen::Index n);
    void factorize();
    void update_targets();  // standardisation and alpha from y_ and the factor

    KernelFamily family_;
    int dim_;
    bool scale_outputs_;
    Eigen::VectorXd theta_;
    double s2_ = 1.0, n2_ = 0.0;
    Eigen::VectorXd inv_l_;
    double mean_ = 0.0;
    bool gls_mean_ = false;
    std::optional<Standardization> fixed_standardization_;

    Eigen::Index n_ = 0;
    std::size_t dropped_ = 0;
    double jitter_ = 0.0;
    Standardization standardization_;
    // Storage with capacity >= n_; only the leading n_ columns / block are meaningful.
    Eigen::MatrixXd Xt_;  // D x cap, raw inputs
    Eigen::MatrixXd Zt_;  // D x cap, inputs divided by the lengthscales
    Eigen::VectorXd y_;   // cap, raw outputs
    Eigen::MatrixXd L_;   // cap x cap, lower Cholesky factor in the leading block
    Eigen::VectorXd alpha_;     // n_: K^-1 residual_
    Eigen::VectorXd residual_;  // n_: the standardised outputs less the constant mean
};

}  // namespace bobench::surrogates
