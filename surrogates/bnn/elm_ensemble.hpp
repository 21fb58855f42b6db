#pragma once
// An ensemble of extreme learning machines (Huang, Zhu & Siew 2006), Aryan 2020 ch. 3's
// "ELM" surrogate: each member has `units` hidden tanh units with input weights and
// biases drawn from U[-scale, scale] and fixed, and output weights by the pseudo-inverse,
// beta = H^+ y (minimum-norm least squares, no output bias). Defaults: 500 members,
// 10 units, scale 10. Readings of the thesis we had to choose (Aryan §3.5 is silent):
// the hidden biases are drawn like the input weights (biases = zero: none); the inputs are
// the unit-cube encoding; the outputs are standardised before the fit (constant outputs:
// scale 1) and mapped back (standardise_outputs = false: fitted raw, which matters because
// the members have no output bias to absorb the outputs' mean).
// predict(): mean and population variance of the members' outputs; members() is 1 (the
// Gaussian summary); FunctionSamples gives each member's output (empirical EI).
// With these settings most units saturate and the ensemble mean barely correlates with
// smooth functions: elm loses to random search on Hartmann6 and Levy (docs/PERFORMANCE.md).
#include <Eigen/Core>

#include "surrogates/function_samples.hpp"
#include "surrogates/model.hpp"

namespace bobench::bnn {

struct ElmOptions {
    enum class Biases { Uniform, Zero };
    int members = 500;
    int units = 10;
    double weight_scale = 10;
    Biases biases = Biases::Uniform;  // Uniform: U[-weight_scale, weight_scale], as the weights
    bool standardise_outputs = true;
};

class ElmEnsemble final : public surrogates::RegressionModel, public surrogates::FunctionSamples {
public:
    ElmEnsemble(int dim, ElmOptions options);  // UserError on invalid options

    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;
    surrogates::Prediction predict(const Eigen::VectorXd& x) const override;
    bool has_gradient() const override { return true; }
    surrogates::Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                                 Eigen::VectorXd& dvar) const override;

    std::size_t function_samples() const override { return static_cast<std::size_t>(options_.members); }
    void sample_values(const Eigen::VectorXd& x, Eigen::VectorXd& values, Eigen::MatrixXd* gradients) const override;

private:
    int dim_;
    ElmOptions options_;
    // All members stacked: rows m*units .. (m+1)*units-1 belong to member m.
    Eigen::MatrixXd W_;     // (members*units) x D
    Eigen::VectorXd b_, beta_;
    double y_mean_ = 0, y_scale_ = 1;
};

}  // namespace bobench::bnn
