#pragma once
// A Bayesian neural network regression model whose posterior is represented by sampled
// parameter vectors: NUTS (Aryan 2020's SBNN / HBNN, the DTU thesis' NumpyNN) or
// adaptive SGHMC on mini-batches (BOHAMIANN, Springenberg et al. 2016).
//
// fit(): drops rows with a non-finite y; standardises y (zero mean, unit population sd;
// constant outputs keep scale 1, so the network fits zeros); optionally standardises the
// inputs (pybnn does); runs the sampler afresh from a random start; keeps the draws.
// predict(): over the S kept draws, mean = average of f_s(x); var = population variance
// of the f_s(x) (+ the average noise variance sigma_s^2 when noise_in_predictive, as
// pybnn's Bohamiann.predict does), both mapped back to raw output units.
// members() is 1: the acquisitions see this Gaussian summary (Aryan's "Gaussian EI",
// RoBO's use of BOHAMIANN); the draws themselves are FunctionSamples (empirical EI).
#include <cmath>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "surrogates/bnn/network.hpp"
#include "surrogates/bnn/network_posterior.hpp"
#include "surrogates/function_samples.hpp"
#include "surrogates/model.hpp"
#include "surrogates/samplers/nuts.hpp"
#include "surrogates/samplers/sghmc.hpp"

namespace bobench::bnn {

struct SampledNetworkOptions {
    std::vector<int> hidden = {10};
    Activation activation = Activation::Sigmoid;
    NetworkPrior prior;               // prior.weight_sd = 0: sqrt(P), pybnn's wdecay-1 prior
    enum class Sampler { Nuts, Sghmc } sampler = Sampler::Nuts;
    samplers::NutsOptions nuts;
    int nuts_chains = 1;  // independent chains per fit, each from its own start, their draws pooled
    // SGHMC as pybnn's Bohamiann.train: burn-in = burn_in_per_point * N steps (or burn_in
    // steps when that is >= 0), then sample_steps more; mini-batches of batch_size (N when
    // N is smaller), reshuffled every epoch.
    samplers::SghmcOptions sghmc;     // its steps / burn_in are set per fit from the three below
    long burn_in_per_point = 100;
    long burn_in = -1;                // >= 0: a fixed burn-in, whatever N (the DTU thesis' 1000)
    long sample_steps = 10000;
    int batch_size = 20;
    // Start: Stan's default (every unconstrained coordinate U(-2, 2)) or pybnn's
    // (weights N(0, 1/fan_in), biases 0, noise log variance = initial_log_variance).
    enum class Init { StanUniform, FanIn } init = Init::StanUniform;
    double initial_log_variance = std::log(1e-2);
    // Inputs as given (None), standardised by each fit's column mean and sd (Every, pybnn's
    // rule), or by the first fit's, kept for every later fit (First, as the outputs' First).
    enum class InputScaling { None, Every, First } inputs = InputScaling::None;
    // Outputs standardised by each fit's own data (Every), by the mean and sd of the first
    // fit's data kept for every later fit (First: the DTU thesis' mean and sd recorded "the
    // first time the models see the data"), or not at all (Raw: the priors meet the
    // objective's own scale, a reading of Aryan's ch. 3, which states no scaling).
    enum class OutputScaling { Every, First, Raw } outputs = OutputScaling::Every;
    bool noise_in_predictive = true;
};

class SampledNetwork final : public surrogates::RegressionModel, public surrogates::FunctionSamples {
public:
    // UserError on invalid options (zero units, negative counts, ...), naming the option.
    SampledNetwork(int dim, SampledNetworkOptions options);

    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;
    surrogates::Prediction predict(const Eigen::VectorXd& x) const override;
    // predict(x) for every row of X, bit for bit: each draw's network takes a block of points
    // at once, where one point at a time makes every product a matrix-vector one and sweeps
    // all the draws' parameters per point (docs/PERFORMANCE.md, "Fifth round").
    void predict_member_rows(std::size_t m, const Eigen::MatrixXd& X,
                             std::vector<surrogates::Prediction>& out) const override;
    bool has_gradient() const override { return true; }
    surrogates::Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                                 Eigen::VectorXd& dvar) const override;

    std::size_t function_samples() const override { return static_cast<std::size_t>(draws_.cols()); }
    void sample_values(const Eigen::VectorXd& x, Eigen::VectorXd& values, Eigen::MatrixXd* gradients) const override;

    // Diagnostics of the last fit (of its last chain; the counts summed over its chains).
    const samplers::NutsDiagnostics& nuts_diagnostics() const { return nuts_diagnostics_; }
    long sghmc_divergences() const { return sghmc_divergences_; }  // restarts with a smaller step
    long sghmc_burn_in() const { return sghmc_burn_in_; }          // burn-in steps of the last SGHMC fit
    const Eigen::VectorXd& noise_sd() const { return noise_sd_; }  // per draw, standardised units
    const Network& network() const { return net_; }
    const Eigen::VectorXd& input_mean() const { return x_mean_; }  // the inputs' standardisation
    const Eigen::VectorXd& input_scale() const { return x_scale_; }
    double output_mean() const { return y_mean_; }    // the outputs' standardisation
    double output_scale() const { return y_scale_; }

private:
    Eigen::VectorXd initial_point(const NetworkPosterior& posterior, Rng& rng) const;
    void sample_nuts(NetworkPosterior& posterior, Rng& rng);
    void sample_sghmc(NetworkPosterior& posterior, Rng& rng);
    surrogates::Prediction summarize(const Eigen::VectorXd& values, const Eigen::MatrixXd* gradients,
                                     Eigen::VectorXd* dmean, Eigen::VectorXd* dvar) const;

    int dim_;
    SampledNetworkOptions options_;
    Network net_;
    Eigen::MatrixXd draws_;             // P x S network parameters
    Eigen::VectorXd noise_sd_;          // S
    Eigen::VectorXd x_mean_, x_scale_;  // input standardisation (identity when off)
    double y_mean_ = 0, y_scale_ = 1;
    bool y_scaled_ = false;  // y_mean_, y_scale_ set by a fit
    bool x_scaled_ = false;  // x_mean_, x_scale_ set by a fit
    samplers::NutsDiagnostics nuts_diagnostics_;
    long sghmc_divergences_ = 0;
    long sghmc_burn_in_ = 0;
};

}  // namespace bobench::bnn
