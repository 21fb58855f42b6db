#include "surrogates/bnn/sampled_network.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::bnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
const char* const who = "Bayesian network";

SampledNetworkOptions checked(SampledNetworkOptions o, const Network& net) {
    if (o.prior.weight_sd == 0) o.prior.weight_sd = std::sqrt(static_cast<double>(net.parameter_count()));
    validate(o.prior);
    samplers::validate(o.nuts);
    samplers::validate(o.sghmc);
    auto fail = [](const std::string& what) { throw UserError(std::string(who) + ": " + what); };
    if (o.burn_in_per_point < 0) fail("burn_in_per_point = " + std::to_string(o.burn_in_per_point) + " must be >= 0");
    if (o.burn_in < -1) fail("burn_in = " + std::to_string(o.burn_in) + " must be >= 0 (or -1: burn_in_per_point)");
    if (o.sample_steps < 1) fail("sample_steps = " + std::to_string(o.sample_steps) + " must be >= 1");
    if (o.sampler == SampledNetworkOptions::Sampler::Sghmc && o.sample_steps < o.sghmc.keep_every)
        fail("sample_steps = " + std::to_string(o.sample_steps) + " keeps no draw with keep_every = " +
             std::to_string(o.sghmc.keep_every) + "; need sample_steps >= keep_every");
    if (o.batch_size < 1) fail("batch_size = " + std::to_string(o.batch_size) + " must be >= 1");
    if (o.nuts_chains < 1) fail("NUTS chains = " + std::to_string(o.nuts_chains) + " must be >= 1");
    if (o.sampler == SampledNetworkOptions::Sampler::Nuts && o.nuts.draws < 1)
        fail("NUTS draws = " + std::to_string(o.nuts.draws) + " must be >= 1");
    return o;
}
}  // namespace

SampledNetwork::SampledNetwork(int dim, SampledNetworkOptions options)
    : dim_(dim), net_(dim, options.hidden, options.activation), x_mean_(VectorXd::Zero(dim)),
      x_scale_(VectorXd::Ones(dim)) {
    options_ = checked(std::move(options), net_);
}

VectorXd SampledNetwork::initial_point(const NetworkPosterior& posterior, Rng& rng) const {
    VectorXd q(posterior.dimension());
    if (options_.init == SampledNetworkOptions::Init::StanUniform) {
        boost::random::uniform_real_distribution<double> u(-2, 2);
        for (Index i = 0; i < q.size(); ++i) q[i] = u(rng);
        return q;
    }
    q.setZero();
    boost::random::normal_distribution<double> normal;
    for (const Network::Layer& L : net_.layers())
        for (Index k = 0; k < L.in * L.out; ++k) q[L.w_offset + k] = normal(rng) / std::sqrt(static_cast<double>(L.in));
    q[posterior.noise_index()] = 0.5 * options_.initial_log_variance;
    return q;
}

void SampledNetwork::fit(const MatrixXd& X, const VectorXd& y, Rng& rng) {
    const surrogates::CleanData data = surrogates::clean_training_data(X, y, dim_, who);
    const Index n = data.X.rows();
    if (n == 0) throw UserError(std::string(who) + ": no observation with a finite value to fit");
    using Inputs = SampledNetworkOptions::InputScaling;
    if (options_.inputs != Inputs::None && (!x_scaled_ || options_.inputs == Inputs::Every)) {
        x_mean_ = data.X.colwise().mean().transpose();
        x_scale_ = ((data.X.rowwise() - x_mean_.transpose()).array().square().colwise().mean().sqrt()).transpose();
        for (Index j = 0; j < dim_; ++j)
            if (!(x_scale_[j] > 0)) x_scale_[j] = 1;  // a constant input column stays centred
        x_scaled_ = true;
    }
    using Outputs = SampledNetworkOptions::OutputScaling;
    if (options_.outputs != Outputs::Raw && (!y_scaled_ || options_.outputs == Outputs::Every)) {
        const surrogates::Standardization s = surrogates::Standardization::of(data.y);
        y_mean_ = s.mean, y_scale_ = s.scale;
        y_scaled_ = true;
    }
    const surrogates::Standardization s{y_mean_, y_scale_};
    const MatrixXd Xt = ((data.X.rowwise() - x_mean_.transpose()).array().rowwise() / x_scale_.transpose().array())
                            .matrix()
                            .transpose();
    const VectorXd ys = s.apply(data.y);
    NetworkPosterior posterior(net_, options_.prior, Xt, ys);
    if (options_.sampler == SampledNetworkOptions::Sampler::Nuts)
        sample_nuts(posterior, rng);
    else
        sample_sghmc(posterior, rng);
}

void SampledNetwork::sample_nuts(NetworkPosterior& posterior, Rng& rng) {
    const Index P = posterior.parameter_count();
    draws_.resize(P, 0);
    noise_sd_.resize(0);
    for (int chain = 0; chain < options_.nuts_chains; ++chain) {
        const auto r = samplers::nuts([&](const VectorXd& q, VectorXd& g) { return posterior.log_density(q, g); },
                                      initial_point(posterior, rng), options_.nuts, rng);
        const Index S = r.draws.cols(), kept = draws_.cols();
        draws_.conservativeResize(Eigen::NoChange, kept + S);
        draws_.rightCols(S) = r.draws.topRows(P);
        noise_sd_.conservativeResize(kept + S);
        noise_sd_.tail(S) = r.draws.row(posterior.noise_index()).transpose().array().exp();
        // the last chain's diagnostics, its counts added to the earlier chains'
        const samplers::NutsDiagnostics earlier = nuts_diagnostics_;
        nuts_diagnostics_ = r.diagnostics;
        if (chain == 0) continue;
        nuts_diagnostics_.divergences += earlier.divergences;
        nuts_diagnostics_.warmup_divergences += earlier.warmup_divergences;
        nuts_diagnostics_.max_depth_hits += earlier.max_depth_hits;
        nuts_diagnostics_.gradient_evaluations += earlier.gradient_evaluations;
    }
}

void SampledNetwork::sample_sghmc(NetworkPosterior& posterior, Rng& rng) {
    const int N = static_cast<int>(posterior.points());
    const int b = std::min(options_.batch_size, N);
    samplers::SghmcOptions o = options_.sghmc;
    o.burn_in = options_.burn_in >= 0 ? options_.burn_in : options_.burn_in_per_point * N;
    sghmc_burn_in_ = o.burn_in;
    o.steps = o.burn_in + options_.sample_steps;
    // mini-batches as a shuffled data loader: consecutive slices of a permutation drawn
    // afresh every epoch, the last slice of an epoch possibly shorter
    std::vector<int> order(static_cast<std::size_t>(N)), batch;
    std::iota(order.begin(), order.end(), 0);
    int position = N;
    auto target = [&](const VectorXd& q, VectorXd& g, Rng& r) {
        if (position >= N) {
            for (int i = N - 1; i > 0; --i)
                std::swap(order[static_cast<std::size_t>(i)],
                          order[static_cast<std::size_t>(boost::random::uniform_int_distribution<int>(0, i)(r))]);
            position = 0;
        }
        const int end = std::min(N, position + b);
        batch.assign(order.begin() + position, order.begin() + end);
        position = end;
        return posterior.log_density(q, g, batch);
    };
    // A diverging chain (non-finite parameters) restarts with a ten times smaller
    // learning rate, at most twice; draws kept before a divergence are used.
    for (int attempt = 0;; ++attempt) {
        const VectorXd q0 = initial_point(posterior, rng);
        const samplers::SghmcResult r = samplers::adaptive_sghmc(target, q0, o, rng);
        if (r.diverged) ++sghmc_divergences_;
        if (r.draws.cols() > 0) {
            draws_ = r.draws.topRows(posterior.parameter_count());
            noise_sd_ = r.draws.row(posterior.noise_index()).transpose().array().exp();
            return;
        }
        if (attempt == 2)
            throw UserError(std::string(who) + ": SGHMC diverged at step " + std::to_string(r.diverged_at) +
                            " with learning rate " + std::to_string(o.learning_rate) +
                            " and kept no draw; use a smaller learning rate");
        o.learning_rate /= 10;
    }
}

void SampledNetwork::sample_values(const VectorXd& x, VectorXd& values, MatrixXd* gradients) const {
    if (draws_.cols() == 0) throw std::logic_error("Bayesian network: predict before fit");
    const Index S = draws_.cols();
    const VectorXd xs = (x - x_mean_).cwiseQuotient(x_scale_);
    values.resize(S);
    if (gradients) gradients->resize(dim_, S);
    VectorXd dx;
    for (Index s = 0; s < S; ++s) {
        if (gradients) {
            values[s] = net_.value(draws_.col(s), xs, &dx);
            gradients->col(s) = dx.cwiseQuotient(x_scale_) * y_scale_;
        } else {
            values[s] = net_.value(draws_.col(s), xs);
        }
    }
    values = values.array() * y_scale_ + y_mean_;
}

surrogates::Prediction SampledNetwork::summarize(const VectorXd& values, const MatrixXd* gradients, VectorXd* dmean,
                                                 VectorXd* dvar) const {
    surrogates::Prediction p = surrogates::sample_moments(values, gradients, dmean, dvar);
    if (options_.noise_in_predictive)
        p.var += noise_sd_.squaredNorm() / static_cast<double>(noise_sd_.size()) * y_scale_ * y_scale_;
    return p;
}

surrogates::Prediction SampledNetwork::predict(const VectorXd& x) const {
    VectorXd values;
    sample_values(x, values, nullptr);
    return summarize(values, nullptr, nullptr, nullptr);
}

void SampledNetwork::predict_member_rows(std::size_t m, const MatrixXd& X,
                                         std::vector<surrogates::Prediction>& out) const {
    check_member(m);
    if (draws_.cols() == 0) throw std::logic_error("Bayesian network: predict before fit");
    if (X.cols() != dim_)
        throw std::logic_error("Bayesian network: points of " + std::to_string(X.cols()) + " columns, expected " +
                               std::to_string(dim_));
    // blocks of points small enough that a layer's activations stay in cache
    constexpr Index kBlock = 128;
    const Index S = draws_.cols();
    out.resize(static_cast<std::size_t>(X.rows()));
    MatrixXd xs, values;
    VectorXd row, draws_at_point(S);
    for (Index first = 0; first < X.rows(); first += kBlock) {
        const Index n = std::min(kBlock, X.rows() - first);
        xs.resize(dim_, n);
        for (Index p = 0; p < n; ++p) xs.col(p) = (X.row(first + p).transpose() - x_mean_).cwiseQuotient(x_scale_);
        values.resize(S, n);
        for (Index s = 0; s < S; ++s) {
            net_.values_at(draws_.col(s), xs, row);
            values.row(s) = row.transpose();
        }
        for (Index p = 0; p < n; ++p) {
            draws_at_point = values.col(p);
            draws_at_point = draws_at_point.array() * y_scale_ + y_mean_;
            out[static_cast<std::size_t>(first + p)] = summarize(draws_at_point, nullptr, nullptr, nullptr);
        }
    }
}

surrogates::Prediction SampledNetwork::predict_with_gradient(const VectorXd& x, VectorXd& dmean,
                                                             VectorXd& dvar) const {
    VectorXd values;
    MatrixXd gradients;
    sample_values(x, values, &gradients);
    return summarize(values, &gradients, &dmean, &dvar);
}

}  // namespace bobench::bnn
