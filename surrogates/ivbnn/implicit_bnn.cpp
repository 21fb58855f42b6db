#include "surrogates/ivbnn/implicit_bnn.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/gp/training_data.hpp"
#include "surrogates/ivbnn/critic.hpp"
#include "surrogates/ivbnn/generator.hpp"

namespace bobench::ivbnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
const char* const who = "IVBNN";

int capped(Index width, int cap) { return static_cast<int>(cap > 0 ? std::min<Index>(width, cap) : width); }
}  // namespace

void validate(const ImplicitBnnOptions& o) {
    auto fail = [](const std::string& what) { throw UserError(std::string(who) + ": " + what); };
    if (!(o.width_multiplier > 0) || !std::isfinite(o.width_multiplier))
        fail("width_multiplier = " + format_double(o.width_multiplier) + " must be > 0 (hidden units per observation)");
    if (o.latent_dim < 1) fail("latent_dim = " + std::to_string(o.latent_dim) + " must be >= 1");
    if (!(o.init_scale > 0)) fail("init_scale = " + format_double(o.init_scale) + " must be > 0");
    if (o.generator_width_cap < 0) fail("generator_width_cap = " + std::to_string(o.generator_width_cap) + " must be >= 0");
    if (o.critic_layers < 1) fail("critic_layers = " + std::to_string(o.critic_layers) + " must be >= 1");
    if (o.critic_width_cap < 0) fail("critic_width_cap = " + std::to_string(o.critic_width_cap) + " must be >= 0");
    if (o.ensemble < 1) fail("ensemble = " + std::to_string(o.ensemble) + " must be >= 1");
    validate(o.training);
}

ImplicitBnn::ImplicitBnn(int dim, ImplicitBnnOptions options)
    : dim_(dim), options_(std::move(options)), net_(dim, {1}, bnn::Activation::Tanh), x_mean_(VectorXd::Zero(dim)),
      x_scale_(VectorXd::Ones(dim)) {
    validate(options_);
}

void ImplicitBnn::fit(const MatrixXd& X, const VectorXd& y, Rng& rng) {
    const surrogates::CleanData data = surrogates::clean_training_data(X, y, dim_, who);
    const Index n = data.X.rows();
    if (n == 0) throw UserError(std::string(who) + ": no observation with a finite value to fit");
    x_mean_ = data.X.colwise().mean().transpose();
    x_scale_ = (data.X.rowwise() - x_mean_.transpose()).array().square().colwise().mean().sqrt().transpose();
    for (Index j = 0; j < dim_; ++j)
        if (!(x_scale_[j] > 1e-12)) x_scale_[j] = 1;  // a constant column is only centred
    const surrogates::Standardization s = surrogates::Standardization::of(data.y);
    y_mean_ = s.mean, y_scale_ = s.scale;
    const MatrixXd Xt =
        ((data.X.rowwise() - x_mean_.transpose()).array().rowwise() / x_scale_.transpose().array()).matrix().transpose();
    const VectorXd ys = s.apply(data.y);

    hidden_ = std::max(1, static_cast<int>(std::lround(options_.width_multiplier * static_cast<double>(n))));
    net_ = bnn::Network(dim_, {hidden_}, bnn::Activation::Tanh);
    const Index P = net_.parameter_count();
    generator_width_ = capped(hidden_, options_.generator_width_cap);
    critic_width_ = capped(P, options_.critic_width_cap);
    Generator generator(options_.latent_dim, generator_width_, P, options_.init_scale, rng);
    Critic critic(P, critic_width_, options_.critic_layers, options_.prior.sd(), rng);
    GaussianLikelihood likelihood(net_, Xt, ys);
    trace_ = train_adversarial_elbo(generator, critic, options_.prior, &likelihood, options_.training, rng);
    ensemble_ = generator.sample(options_.ensemble, rng);
}

void ImplicitBnn::sample_values(const VectorXd& x, VectorXd& values, MatrixXd* gradients) const {
    if (ensemble_.cols() == 0) throw std::logic_error("IVBNN: predict before fit");
    const Index S = ensemble_.cols();
    const VectorXd xs = (x - x_mean_).cwiseQuotient(x_scale_);
    values.resize(S);
    if (gradients) gradients->resize(dim_, S);
    VectorXd dx;
    for (Index s = 0; s < S; ++s) {
        values[s] = net_.value(ensemble_.col(s), xs, gradients ? &dx : nullptr);
        if (gradients) gradients->col(s) = dx.cwiseQuotient(x_scale_) * y_scale_;
    }
    values = values.array() * y_scale_ + y_mean_;
}

surrogates::Prediction ImplicitBnn::predict(const VectorXd& x) const {
    VectorXd values;
    sample_values(x, values, nullptr);
    return surrogates::sample_moments(values, nullptr, nullptr, nullptr);
}

surrogates::Prediction ImplicitBnn::predict_with_gradient(const VectorXd& x, VectorXd& dmean, VectorXd& dvar) const {
    VectorXd values;
    MatrixXd gradients;
    sample_values(x, values, &gradients);
    return surrogates::sample_moments(values, &gradients, &dmean, &dvar);
}

}  // namespace bobench::ivbnn
