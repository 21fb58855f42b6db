#pragma once
// GP regression surrogate with type-II maximum likelihood (or MAP, with a prior) on every
// fit, or with fixed hyperparameters.
//
// fit(): drop non-finite outputs, standardise (by each fit's data, or by the first fit's
// data alone with standardise_once), then maximise
//   log p(y | X, theta[, m]) + log prior(theta[, m])
// with L-BFGS-B (LBFGSpp) over box bounds in log space and the analytic gradient, from a
// warm start (the previous optimum; the initial parameters on the first fit) plus
// `random_restarts` starts drawn uniformly in the log box from the caller's Rng. The
// best optimum found is kept; then the GP is conditioned on the data. With a learned mean the
// constant prior mean m (standardised units, unbounded) is optimised with theta; with the
// GLS mean it is profiled out.
// lengthscales = Isotropic optimises one lengthscale shared by all inputs (scikit-learn's
// default Matern kernel, the DTU thesis' BO_Gaus) instead of one per input (ARD);
// free_parameters.hpp maps it onto the ARD layout of theta.
// condition() / append() reuse the current hyperparameters (append is O(N^2)).
#include <cstddef>
#include <optional>
#include <string_view>

#include <Eigen/Core>

#include "surrogates/gp/exact_gp.hpp"
#include "surrogates/gp/free_parameters.hpp"
#include "surrogates/gp/kernels.hpp"
#include "surrogates/gp/priors.hpp"
#include "surrogates/model.hpp"

namespace bobench::surrogates {

// Box for type-II ML, in natural units (converted to logs), inputs in [0,1]^D and
// outputs standardised. A tophat prior narrows the box to its support.
struct GpBounds {
    double signal_variance_lo = 1e-3, signal_variance_hi = 1e3;
    double lengthscale_lo = 1e-2, lengthscale_hi = 1e2;
    double noise_variance_lo = 1e-8, noise_variance_hi = 1.0;
};

// Where a fit's L-BFGS-B runs start.
//  WarmThenBox (ours): the first from the previous fit's optimum, the others uniform in the
//    log box.
//  ResetThenPerturb (AutoGluon 0.0.15's GaussianProcessRegression with fit_reset_params, its
//    default, and apply_lbfgs_with_multiple_starts): the first from the initial parameters,
//    each other from them plus N(0, restart_sd^2) on every log parameter, clipped to the box.
//    AutoGluon perturbs log(x - lower bound), we perturb log x: the same where x is well
//    above its bound, as its starting values are.
enum class FitStarts { WarmThenBox, ResetThenPerturb };

// The constant prior mean m on standardised outputs.
//  Zero: 0, the outputs' mean.
//  Learned: fitted with the hyperparameters under prior.constant_mean (AutoGluon's
//    ScalarMeanFunction).
//  Gls: the generalised least squares mean at each theta, i.e. profiled out of the
//    likelihood (the legacy scikit-learn GaussianProcess' regr='constant').
enum class GpMean { Zero, Learned, Gls };
GpMean parse_gp_mean(std::string_view name);  // "zero" | "learned" | "gls"; UserError otherwise

struct GpOptions {
    KernelFamily kernel = KernelFamily::Matern52;
    Lengthscales lengthscales = Lengthscales::Ard;  // Isotropic: one lengthscale for every input
    bool optimize_hyperparameters = true;  // false: fit() only conditions on the data
    bool learn_noise = true;               // false: noise_variance stays fixed
    bool learn_signal = true;              // false: the signal variance stays at its initial value
    double noise_variance = 1e-6;          // initial (or fixed) value, standardised units; may be 0
    int random_restarts = 2;               // L-BFGS-B starts in addition to the first
    FitStarts starts = FitStarts::WarmThenBox;
    double restart_sd = 1.0;               // ResetThenPerturb's perturbation (log units)
    int max_iterations = 100;              // per L-BFGS-B run
    GpPrior prior;                         // flat by default: plain type-II ML
    GpBounds bounds;
    bool scale_outputs = true;             // false: outputs only centred (RoBO), s2 and n2 in raw units
    bool standardise_once = false;         // true: by the first fit's data, kept for every later fit
    bool standardise_inputs = false;       // true: inputs by each fit's data, column mean and sd (sd 0:
                                           // 1), as the legacy scikit-learn GaussianProcess' normalize;
                                           // false: the unit box as given
    GpMean mean = GpMean::Zero;
    double initial_lengthscale = 0.5;      // the first start's lengthscales, unless initial_params
    Eigen::VectorXd initial_params;        // first start (gp_hyperparameters.hpp layout);
                                           // empty: unit s2, initial_lengthscale, noise_variance
};

// What the last hyperparameter optimisation did (for traces and tests).
struct GpFitReport {
    int starts = 0;              // L-BFGS-B runs
    int failed_starts = 0;       // runs that ended in a line-search exception
    long evaluations = 0;        // marginal-likelihood evaluations
    double log_posterior = 0.0;  // log marginal likelihood + log prior at the optimum
};

class GaussianProcess final : public RegressionModel {
public:
    // Throws UserError on dim < 1 or invalid options (names the option and its range).
    GaussianProcess(int dim, GpOptions options = {});

    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;
    // Conditions on (X, y) at the current hyperparameters (no optimisation, no Rng).
    void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) { gp_.condition(model_inputs(X), y); }
    // Adds one observation at the current hyperparameters in O(N^2).
    bool append(const Eigen::VectorXd& x, double y) override {
        gp_.append(model_input(x), y);
        return true;
    }

    Prediction predict(const Eigen::VectorXd& x) const override {
        return input_scale_.size() == 0 ? gp_.predict(x) : gp_.predict(model_input(x));  // no copy on the unit box
    }
    bool has_gradient() const override { return true; }
    Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                     Eigen::VectorXd& dvar) const override;

    // theta laid out as gp_hyperparameters.hpp.
    const Eigen::VectorXd& params() const { return gp_.params(); }
    void set_params(const Eigen::VectorXd& theta) { gp_.set_params(theta); }

    const ExactGP& exact() const { return gp_; }
    std::size_t dropped() const { return gp_.dropped(); }
    double jitter() const override { return gp_.jitter(); }
    const GpFitReport& last_fit() const { return report_; }
    const GpOptions& options() const { return options_; }

private:
    struct Fitted {
        Eigen::VectorXd theta;
        double mean;  // the constant prior mean, standardised units
    };
    // The best values found (the current ones if no start gave a finite value).
    Fitted optimize(const Eigen::MatrixXd& X, const Eigen::VectorXd& y_std, Rng& rng);
    // Inputs as the exact GP sees them: standardised by the last fit's data, or as given.
    Eigen::MatrixXd model_inputs(const Eigen::MatrixXd& X) const;
    Eigen::VectorXd model_input(const Eigen::VectorXd& x) const;

    int dim_;
    GpOptions options_;
    Eigen::VectorXd initial_theta_;  // the parameters before any fit
    ExactGP gp_;
    std::optional<Standardization> first_standardization_;  // standardise_once: the first fit's
    Eigen::RowVectorXd input_mean_, input_scale_;            // standardise_inputs: the last fit's
    GpFitReport report_;
};

}  // namespace bobench::surrogates
