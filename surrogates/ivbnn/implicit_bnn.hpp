#pragma once
// IVBNN, the implicit variational Bayesian neural network of Aryan 2020 (PhD thesis,
// VUW, ch. 6), as a regression surrogate. fit():
//   - drops rows with a non-finite y (none left: UserError); standardises the inputs
//     (training mean and population sd; a constant column is only centred) and the
//     outputs (constant outputs keep scale 1: the networks fit zeros);
//   - main network f(x; w): 1 hidden tanh layer of round(width_multiplier * N) units;
//   - a fresh generator (generator.hpp) and critic (critic.hpp), trained by the
//     adversarial ELBO (adversarial_elbo.hpp) against the scale-mixture prior;
//   - ensemble networks w_s ~ q drawn once and kept.
// predict(): mean and population variance of f(x; w_s) over the ensemble, in raw units
// (the latent function; sigma_n ends at 0.002 standardised units and is left out).
// members() is 1 (the Gaussian summary, as the thesis' kappa-bound uses it); the
// networks themselves are FunctionSamples (for acquisition=empirical-ei).
#include <Eigen/Core>

#include "surrogates/bnn/network.hpp"
#include "surrogates/function_samples.hpp"
#include "surrogates/ivbnn/adversarial_elbo.hpp"
#include "surrogates/ivbnn/scale_mixture_prior.hpp"
#include "surrogates/model.hpp"

namespace bobench::ivbnn {

struct ImplicitBnnOptions {
    double width_multiplier = 2.0;   // main network hidden units per observation (thesis: 2)
    int latent_dim = 5;              // thesis
    double init_scale = 2.0;         // generator's variance-scaling initialisation (thesis)
    int generator_width_cap = 32;    // generator width = hidden units (thesis), at most this; 0: no cap
    int critic_layers = 3;           // thesis
    int critic_width_cap = 32;       // critic width = main network parameters (thesis), at most this; 0: no cap
    int ensemble = 30;               // networks in the predictive (thesis)
    ScaleMixturePrior prior = ScaleMixturePrior::thesis();
    AdversarialElboOptions training;
};
// UserError naming the option when a count or the multiplier is out of range.
void validate(const ImplicitBnnOptions& o);

class ImplicitBnn final : public surrogates::RegressionModel, public surrogates::FunctionSamples {
public:
    ImplicitBnn(int dim, ImplicitBnnOptions options);

    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;
    surrogates::Prediction predict(const Eigen::VectorXd& x) const override;
    bool has_gradient() const override { return true; }
    surrogates::Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                                 Eigen::VectorXd& dvar) const override;

    std::size_t function_samples() const override { return static_cast<std::size_t>(ensemble_.cols()); }
    void sample_values(const Eigen::VectorXd& x, Eigen::VectorXd& values, Eigen::MatrixXd* gradients) const override;

    // Sizes and diagnostics of the last fit.
    int hidden_units() const { return hidden_; }
    Eigen::Index network_parameters() const { return ensemble_.rows(); }
    int generator_width() const { return generator_width_; }
    int critic_width() const { return critic_width_; }
    const ElboTrace& trace() const { return trace_; }

private:
    int dim_;
    ImplicitBnnOptions options_;
    bnn::Network net_;                  // rebuilt at every fit: its width follows N
    Eigen::MatrixXd ensemble_;          // P x S network parameters
    Eigen::VectorXd x_mean_, x_scale_;
    double y_mean_ = 0, y_scale_ = 1;
    int hidden_ = 0, generator_width_ = 0, critic_width_ = 0;
    ElboTrace trace_;
};

}  // namespace bobench::ivbnn
