#include "surrogates/bnn/network_posterior.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::bnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

void validate(const NetworkPrior& p) {
    auto positive = [](const char* name, double v) {
        if (!(v > 0 && std::isfinite(v)))
            throw UserError(std::string("Bayesian network prior: ") + name + " = " + format_double(v) + " must be > 0");
    };
    if (!p.hierarchical) positive("weight_sd", p.weight_sd);
    if (!(p.bias_sd >= 0 && std::isfinite(p.bias_sd)))
        throw UserError("Bayesian network prior: bias_sd = " + format_double(p.bias_sd) + " must be > 0, or 0 for weight_sd");
    if (p.hierarchical && p.bias_sd > 0)
        throw UserError("Bayesian network prior: bias_sd applies to fixed prior sds, not to a hierarchical prior");
    if (p.hierarchical) positive("hyper_shape", p.hyper_shape), positive("hyper_rate", p.hyper_rate);
    using Noise = NetworkPrior::Noise;
    if (p.noise != Noise::NormalOnLogVariance) positive("noise shape", p.noise_a);
    positive(p.noise == Noise::GammaOnSigma ? "noise rate" : p.noise == Noise::NormalOnLogVariance ? "noise variance"
                                                                                                    : "noise scale",
             p.noise_b);
}

NetworkPosterior::NetworkPosterior(Network& network, const NetworkPrior& prior, const MatrixXd& Xt, const VectorXd& y)
    : net_(network), prior_(prior), Xt_(Xt), y_(y), P_(network.parameter_count()),
      one_hidden_layer_(network.layers().size() == 2) {
    validate(prior);
    if (Xt.cols() != y.size() || Xt.rows() != network.input_dim())
        throw std::invalid_argument("NetworkPosterior: inputs and outputs do not match the network");
    if (prior.hierarchical)
        for (const Network::Layer& L : network.layers()) {
            groups_.emplace_back(L.w_offset, L.in * L.out);
            groups_.emplace_back(L.b_offset, L.out);
        }
    G_ = static_cast<Index>(groups_.size());
    if (one_hidden_layer_) points_.assign(Xt, y);
}

double NetworkPosterior::log_prior(const VectorXd& q, VectorXd& grad) const {
    double lp = 0;
    if (!prior_.hierarchical) {
        const double precision = 1 / (prior_.weight_sd * prior_.weight_sd);  // a product per entry, not a division
        lp -= 0.5 * q.head(P_).squaredNorm() * precision;
        grad.head(P_) -= q.head(P_) * precision;
        if (prior_.bias_sd > 0) {  // the biases' terms moved from the weights' precision to their own
            const double shift = 1 / (prior_.bias_sd * prior_.bias_sd) - precision;
            for (const Network::Layer& L : net_.layers()) {
                lp -= 0.5 * q.segment(L.b_offset, L.out).squaredNorm() * shift;
                grad.segment(L.b_offset, L.out) -= q.segment(L.b_offset, L.out) * shift;
            }
        }
    } else {
        for (Index g = 0; g < G_; ++g) {
            const auto [offset, size] = groups_[static_cast<std::size_t>(g)];
            const double lambda = q[P_ + g], prec = std::exp(-2 * lambda);
            const double ss = q.segment(offset, size).squaredNorm();
            // N(theta | 0, e^(2 lambda)) over the group, Gamma(a, b) on e^lambda with Jacobian
            lp += -static_cast<double>(size) * lambda - 0.5 * ss * prec;
            lp += prior_.hyper_shape * lambda - prior_.hyper_rate * std::exp(lambda);
            grad.segment(offset, size) -= prec * q.segment(offset, size);
            grad[P_ + g] += -static_cast<double>(size) + ss * prec + prior_.hyper_shape -
                            prior_.hyper_rate * std::exp(lambda);
        }
    }
    const double l = q[noise_index()], a = prior_.noise_a, b = prior_.noise_b;
    switch (prior_.noise) {
    case NetworkPrior::Noise::GammaOnSigma:
        lp += a * l - b * std::exp(l);
        grad[noise_index()] += a - b * std::exp(l);
        break;
    case NetworkPrior::Noise::NormalOnLogVariance: {
        const double d = 2 * l - a;
        lp -= 0.5 * d * d / b;
        grad[noise_index()] -= 2 * d / b;
        break;
    }
    case NetworkPrior::Noise::InvGammaOnSigma:  // sigma^(-a-1) e^(-b/sigma), times the Jacobian sigma
        lp += -a * l - b * std::exp(-l);
        grad[noise_index()] += -a + b * std::exp(-l);
        break;
    case NetworkPrior::Noise::InvGammaOnVariance:  // v = sigma^2: v^(-a-1) e^(-b/v), times the Jacobian 2v
        lp += -2 * a * l - b * std::exp(-2 * l);
        grad[noise_index()] += -2 * a + 2 * b * std::exp(-2 * l);
        break;
    }
    return lp;
}

double NetworkPosterior::evaluate(const VectorXd& q, VectorXd& grad, const MatrixXd& Xt,
                                  const Eigen::Ref<const VectorXd>& y, const PointsMajor& points, double scale) {
    grad.setZero();
    const double l = q[noise_index()], inv_var = std::exp(-2 * l);
    const double weight = scale * inv_var;
    // q's head is theta: the network reads the first P entries
    double ss;
    if (one_hidden_layer_) {
        ss = one_hidden_layer_gradient_(net_, q, points, weight, grad);
    } else {
        residual_ = y - net_.forward(q, Xt);
        ss = residual_.squaredNorm();
        residual_ *= weight;
        net_.backward(q, residual_, grad);
    }
    const double n = static_cast<double>(y.size());
    double lp = scale * (-0.5 * ss * inv_var - n * l);
    grad[noise_index()] += scale * (ss * inv_var - n);
    lp += log_prior(q, grad);
    return std::isfinite(lp) ? lp : -std::numeric_limits<double>::infinity();
}

double NetworkPosterior::log_density(const VectorXd& q, VectorXd& grad) {
    return evaluate(q, grad, Xt_, y_, points_, 1.0);
}

double NetworkPosterior::log_density(const VectorXd& q, VectorXd& grad, const std::vector<int>& rows) {
    const Index b = static_cast<Index>(rows.size());
    const double scale = static_cast<double>(y_.size()) / static_cast<double>(b);
    if (one_hidden_layer_) {
        batch_points_.assign(Xt_, y_, rows);
        return evaluate(q, grad, Xt_, batch_points_.y.head(b), batch_points_, scale);
    }
    batch_X_.resize(Xt_.rows(), b);
    batch_y_.resize(b);
    for (Index k = 0; k < b; ++k) {
        batch_X_.col(k) = Xt_.col(rows[static_cast<std::size_t>(k)]);
        batch_y_[k] = y_[rows[static_cast<std::size_t>(k)]];
    }
    return evaluate(q, grad, batch_X_, batch_y_, batch_points_, scale);
}

}  // namespace bobench::bnn
