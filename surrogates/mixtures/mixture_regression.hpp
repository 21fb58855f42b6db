#pragma once
// Regression by a joint density: fit p(x, y) to the observations, predict with the
// conditional p(y | x) blended with a broad prior where the data are thin (the DTU thesis
// "Investigation of Deep Probabilistic Surrogate-models in Bayesian Optimization";
// prior_blend = false switches it off):
//
//   p~(y | x) = a_x p(y | x) + (1 - a_x) N(y; mean(y), (prior_sd sd(y))^2),
//   a_x = N p(x) D / (N p(x) D + w),
//
// N the number of observations, p(x) the fitted marginal density of the inputs and D the
// volume of the input domain: the encoded inputs live in [0,1]^d, so D = 1 and N p(x) D
// is the number of observations "near" x relative to a uniform spread (a_x -> 1 inside
// the data, -> 0 far from it, where the prior's width makes EI explore). w is the prior's
// weight, a pseudo-count of observations (the thesis' formula has w = 1, the default);
// with a prior_weight_grid it is chosen with the model's hyperparameter by
// cross-validation (the DTU thesis' "tuning number of components and prior weight").
//
// The predictive is a Gaussian mixture: predict() gives its moments (EI on them is the
// moment-matched EI), predict_mixture() its components (for the exact mixture EI).
//
// Hyperparameters (bandwidths, numbers of components) are chosen by k-fold
// cross-validated log-likelihood among the candidates the model family offers, or fixed
// by the model (fixed_candidate: GMR and the SPN take the largest size by default, see
// README); the held-out score is log p(y | x) (what the surrogate is used for) or, on
// request, log p(x, y). With a prior_weight_grid, candidates and weights are scored
// together by the blended model's held-out log p~(y | x) (joint: log p(x) + log p~(y | x)),
// each fold's blend using its own N and p(x) and the prior as fitted on all rows. With
// fewer rows than cv_folds every fold holds out one row (leave-one-out).
//
// Outputs: by default (output=rank) y is replaced by its normal scores
// Phi^-1((rank - 1/2) / N) (ties share their mean rank), the Gaussian-copula transform of
// Salinas, Shen & Perrone, "A Quantile-based Approach for Hyperparameter Transfer
// Learning" (ICML 2020): BBOB-like objectives span orders of magnitude, and a density
// fitted to the raw values spends its components on a few huge ones. Predictions are then
// in score units, and target_units() maps an objective value into them (the incumbent
// for EI). output=standardise keeps y's own scale. Either way the values are then
// standardised (constant y: sd 1).
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "surrogates/mixtures/joint_density.hpp"

namespace bobench::surrogates::mixtures {

enum class CvTarget { Conditional, Joint };
CvTarget parse_cv_target(const std::string& name);  // "conditional" | "joint"; UserError otherwise

enum class OutputTransform { Rank, Standardise };
OutputTransform parse_output_transform(const std::string& name);  // "rank" | "standardise"; UserError otherwise

struct MixtureRegressionOptions {
    bool prior_blend = true;  // false: the fitted conditional alone (a_x = 1)
    double prior_sd = 2.0;    // the broad prior's sd in units of the observed y's sd
    int cv_folds = 5;
    double prior_weight = 1.0;              // w in a_x above (when no grid, or too few rows to cross-validate)
    std::vector<double> prior_weight_grid;  // non-empty: w chosen from it by cross-validation
    CvTarget cv_target = CvTarget::Conditional;
    OutputTransform output = OutputTransform::Rank;
};

class MixtureRegression : public RegressionModel {
public:
    // Throws UserError unless prior_sd > 0, cv_folds >= 2 and every prior weight > 0.
    explicit MixtureRegression(const MixtureRegressionOptions& options);

    // Rows with a non-finite y are dropped; with none left the model is the prior alone
    // (mean 0, sd prior_sd), so a loop that has only seen failures still gets an answer.
    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) final;
    Prediction predict(const Eigen::VectorXd& x) const final;
    void predict_mixture(const Eigen::VectorXd& x, std::vector<WeightedPrediction>& out) const final;

    // An objective value in the units of the predictions: its normal score (output=rank;
    // linear between the observed values, the end scores beyond them) or y itself.
    double target_units(double y) const final;
    double blend_weight(const Eigen::VectorXd& x) const;  // a_x of the last fit
    std::size_t observations() const { return n_; }        // finite rows of the last fit
    std::size_t chosen_candidate() const { return chosen_; }
    double prior_weight() const { return weight_; }           // w of the last fit
    std::size_t cv_folds_used() const { return folds_used_; }  // 0: no cross-validation in the last fit
    // The density of the last fit, over (x, standardised y); null when it had no rows.
    const JointDensity* density() const { return density_.get(); }
    double y_mean() const { return y_mean_; }
    double y_sd() const { return y_sd_; }

protected:
    // Number of hyperparameter candidates for `n` training rows (>= 1).
    virtual std::size_t candidates(std::size_t n) const = 0;
    // Candidate used when there are too few rows to cross-validate (n < 2).
    virtual std::size_t fallback_candidate(std::size_t n) const { return candidates(n) - 1; }
    // A candidate the model takes without cross-validation, for n rows (none: cross-validate).
    virtual std::optional<std::size_t> fixed_candidate(std::size_t n) const {
        (void)n;
        return std::nullopt;
    }
    // Fits the density with candidate `c` to the rows of Z (x then standardised y).
    virtual std::unique_ptr<JointDensity> fit_candidate(std::size_t c, const Eigen::MatrixXd& Z, Rng& rng) const = 0;

private:
    // Chooses chosen_ and weight_ (and records folds_used_).
    void select_candidate(const Eigen::MatrixXd& Z, Rng& rng);
    // Held-out score of `density` (fitted to n_train rows) on the rows of Z: one entry per
    // weight of the grid, or the unblended score alone when there is no grid.
    std::vector<double> held_out_scores(const JointDensity& density, std::size_t n_train, const Eigen::MatrixXd& Z) const;
    double blend_weight_at(double log_px, double n, double weight) const;

    MixtureRegressionOptions options_;
    std::unique_ptr<JointDensity> density_;
    std::size_t n_ = 0, chosen_ = 0, folds_used_ = 0;
    double weight_ = 1.0;
    double y_mean_ = 0.0, y_sd_ = 1.0;
    mutable Components scratch_;
    std::vector<std::pair<double, double>> scores_;  // output=rank: (y, its score), y ascending
};

// A family whose candidate c is the size c + 1 (GMR's components, the SPN's leaves): it
// takes the largest size the rows allow, or with size_by_cv cross-validates 1 .. that size.
class SizedMixtureRegression : public MixtureRegression {
public:
    SizedMixtureRegression(const MixtureRegressionOptions& options, bool size_by_cv)
        : MixtureRegression(options), size_by_cv_(size_by_cv) {}

protected:
    std::optional<std::size_t> fixed_candidate(std::size_t n) const final {
        if (size_by_cv_) return std::nullopt;
        return candidates(n) - 1;
    }

private:
    bool size_by_cv_;
};

}  // namespace bobench::surrogates::mixtures
