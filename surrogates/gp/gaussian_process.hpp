#pragma once
// GP regression surrogate with type-II maximum likelihood (or MAP, with a prior) on every
// fit, or with fixed hyperparameters.
//
// fit(): drop non-finite outputs, standardise, then maximise
//   log p(y | X, theta) + log prior(theta)
// with L-BFGS-B (LBFGSpp) over box bounds in log space and the analytic gradient, from a
// warm start (the previous optimum; the initial parameters on the first fit) plus
// `random_restarts` starts drawn uniformly in the log box from the caller's Rng. The
// best optimum found is kept; then the GP is conditioned on the data.
// lengthscales = Isotropic optimises one lengthscale shared by all inputs (scikit-learn's
// default Matern kernel, the DTU thesis' BO_Gaus) instead of one per input (ARD);
// free_parameters.hpp maps it onto the ARD layout of theta.
// condition() / append() reuse the current hyperparameters (append is O(N^2)).
#include <cstddef>

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
    void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) { gp_.condition(X, y); }
    // Adds one observation at the current hyperparameters in O(N^2).
    bool append(const Eigen::VectorXd& x, double y) override {
        gp_.append(x, y);
        return true;
    }

    Prediction predict(const Eigen::VectorXd& x) const override { return gp_.predict(x); }
    bool has_gradient() const override { return true; }
    Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                     Eigen::VectorXd& dvar) const override {
        return gp_.predict_with_gradient(x, dmean, dvar);
    }

    // theta laid out as gp_hyperparameters.hpp.
    const Eigen::VectorXd& params() const { return gp_.params(); }
    void set_params(const Eigen::VectorXd& theta) { gp_.set_params(theta); }

    const ExactGP& exact() const { return gp_; }
    std::size_t dropped() const { return gp_.dropped(); }
    double jitter() const override { return gp_.jitter(); }
    const GpFitReport& last_fit() const { return report_; }
    const GpOptions& options() const { return options_; }

private:
    // Returns the best theta found (the current one if no start gave a finite value).
    Eigen::VectorXd optimize(const Eigen::MatrixXd& X, const Eigen::VectorXd& y_std, Rng& rng);

    int dim_;
    GpOptions options_;
    Eigen::VectorXd initial_theta_;  // the parameters before any fit
    ExactGP gp_;
    GpFitReport report_;
};

}  // namespace bobench::surrogates
