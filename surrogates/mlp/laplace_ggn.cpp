#include "surrogates/mlp/laplace_ggn.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include <Eigen/Eigenvalues>
#include <boost/random/normal_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::mlp {

double evidence_prior_precision(const Eigen::VectorXd& lambda, double theta_squared_norm) {
    // h(delta) = delta ||theta||^2 - gamma(delta) is increasing: bisect its root in log delta
    auto h = [&](double log_delta) {
        const double delta = std::exp(log_delta);
        return delta * theta_squared_norm - (lambda.array().max(0.0) / (lambda.array().max(0.0) + delta)).sum();
    };
    double lo = std::log(1e-6), hi = std::log(1e6);
    if (h(lo) >= 0) return std::exp(lo);
    if (h(hi) <= 0) return std::exp(hi);
    for (int it = 0; it < 100 && hi - lo > 1e-10; ++it) {
        const double mid = 0.5 * (lo + hi);
        (h(mid) < 0 ? lo : hi) = mid;
    }
    return std::exp(0.5 * (lo + hi));
}

double probit_probability(double mean, double variance) {
    return sigmoid(mean / std::sqrt(1 + std::numbers::pi * variance / 8));
}

LaplaceGgn::LaplaceGgn(const Classifier& map_network, const Eigen::MatrixXd& X, LaplaceOptions options, Rng& rng)
    : net_(map_network), options_(options) {
    if (!(options_.prior_precision > 0 && std::isfinite(options_.prior_precision)))
        throw UserError("Laplace-GGN: prior_precision = " + format_double(options_.prior_precision) +
                        " must be a finite number > 0 (the posterior precision needs a proper prior)");
    if (options_.mc_samples < 2)
        throw UserError("Laplace-GGN: mc_samples = " + std::to_string(options_.mc_samples) + " must be >= 2");
    if (X.rows() > 0 && static_cast<std::size_t>(X.cols()) != net_.input_dim())
        throw std::invalid_argument("Laplace-GGN: X has the wrong number of columns");

    const Eigen::Index p = static_cast<Eigen::Index>(net_.parameter_count());
    // Rows of J scaled by sqrt(pi (1 - pi)): P = Js^T Js + delta I.
    Eigen::MatrixXd Js(X.rows(), p);
    Eigen::VectorXd row(p);
    for (Eigen::Index n = 0; n < X.rows(); ++n) {
        const double pi = sigmoid(net_.logit_and_parameter_gradient(X.row(n).transpose(), row));
        Js.row(n) = std::sqrt(pi * (1 - pi)) * row.transpose();
    }
    delta_ = options_.prior_precision;
    if (options_.diagonal) {
        diag_ = Js.colwise().squaredNorm().transpose();
        if (options_.tune_prior_precision) delta_ = evidence_prior_precision(diag_, net_.parameters().squaredNorm());
        diag_.array() += delta_;
    } else {
        if (options_.tune_prior_precision) {
            // the non-zero eigenvalues of Js^T Js are those of the smaller Gram matrix
            const Eigen::MatrixXd gram = Js.rows() < p ? Eigen::MatrixXd(Js * Js.transpose())
                                                       : Eigen::MatrixXd(Js.transpose() * Js);
            const Eigen::VectorXd lambda =
                Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(gram, Eigen::EigenvaluesOnly).eigenvalues();
            delta_ = evidence_prior_precision(lambda, net_.parameters().squaredNorm());
        }
        Eigen::MatrixXd P = Eigen::MatrixXd::Identity(p, p) * delta_;
        P.selfadjointView<Eigen::Lower>().rankUpdate(Js.transpose());
        chol_.compute(P);  // reads the lower triangle only
        if (chol_.info() != Eigen::Success) throw std::runtime_error("Laplace-GGN: Cholesky of the precision failed");
    }

    const int pairs = (options_.mc_samples + 1) / 2;
    boost::random::normal_distribution<double> normal(0.0, 1.0);
    eps_.reserve(static_cast<std::size_t>(2 * pairs));
    for (int s = 0; s < pairs; ++s) {
        const double e = normal(rng);
        eps_.push_back(e);
        eps_.push_back(-e);
    }
}

Eigen::MatrixXd LaplaceGgn::precision() const {
    if (options_.diagonal) return diag_.asDiagonal();
    const Eigen::MatrixXd L = chol_.matrixL();
    return L * L.transpose();
}

double LaplaceGgn::variance(const Eigen::VectorXd& jrow, Eigen::VectorXd* u) const {
    if (options_.diagonal) {
        if (u) *u = jrow.cwiseQuotient(diag_);
        return jrow.cwiseAbs2().cwiseQuotient(diag_).sum();
    }
    // v = ||L^{-1} J^T||^2, u = L^{-T} (L^{-1} J^T)
    Eigen::VectorXd y = chol_.matrixL().solve(jrow);
    const double v = y.squaredNorm();
    if (u) *u = chol_.matrixU().solve(y);
    return v;
}

LaplaceGgn::LogitDistribution LaplaceGgn::logit_distribution(const Eigen::Ref<const Eigen::VectorXd>& x) const {
    Eigen::VectorXd row(static_cast<Eigen::Index>(net_.parameter_count()));
    const double m = net_.logit_and_parameter_gradient(x, row);
    return {m, variance(row, nullptr)};
}

LaplaceGgn::LogitDistribution LaplaceGgn::logit_distribution_and_gradients(const Eigen::Ref<const Eigen::VectorXd>& x,
                                                                           Eigen::Ref<Eigen::VectorXd> mean_grad,
                                                                           Eigen::Ref<Eigen::VectorXd> var_grad) const {
    Eigen::VectorXd row(static_cast<Eigen::Index>(net_.parameter_count())), u;
    const double m = net_.logit_and_parameter_gradient(x, row);
    const double v = variance(row, &u);
    // d v / dx = 2 d/dx [J(x) u] with u = P^{-1} J(x)^T held fixed (P symmetric)
    net_.logit_gradient_and_tangent(x, u, mean_grad, var_grad);
    var_grad *= 2.0;
    return {m, v};
}

double LaplaceGgn::probit_probability(const Eigen::Ref<const Eigen::VectorXd>& x) const {
    const LogitDistribution d = logit_distribution(x);
    return mlp::probit_probability(d.mean, d.variance);
}

double LaplaceGgn::probit_probability_and_gradient(const Eigen::Ref<const Eigen::VectorXd>& x,
                                                   Eigen::Ref<Eigen::VectorXd> grad) const {
    Eigen::VectorXd var_grad(x.size());
    const LogitDistribution d = logit_distribution_and_gradients(x, grad, var_grad);
    // p = sigma(k m), k = (1 + pi v / 8)^{-1/2}, dk/dv = -(pi / 16) (1 + pi v / 8)^{-3/2}
    const double s = 1 + std::numbers::pi * d.variance / 8;
    const double k = 1 / std::sqrt(s);
    const double dk = -(std::numbers::pi / 16) * k / s;
    const double p = sigmoid(k * d.mean);
    grad = p * (1 - p) * (k * grad + d.mean * dk * var_grad);
    return p;
}

double LaplaceGgn::mc_probability(double mean, double variance) const {
    const double sd = std::sqrt(std::max(variance, 0.0));
    double sum = 0;
    for (double e : eps_) sum += sigmoid(mean + sd * e);
    return sum / static_cast<double>(eps_.size());
}

double LaplaceGgn::mc_probability(const Eigen::Ref<const Eigen::VectorXd>& x) const {
    const LogitDistribution d = logit_distribution(x);
    return mc_probability(d.mean, d.variance);
}

double LaplaceGgn::mc_probability_and_gradient(const Eigen::Ref<const Eigen::VectorXd>& x,
                                               Eigen::Ref<Eigen::VectorXd> grad) const {
    Eigen::VectorXd mean_grad(x.size()), var_grad(x.size());
    const LogitDistribution d = logit_distribution_and_gradients(x, mean_grad, var_grad);
    const double sd = std::sqrt(std::max(d.variance, 0.0));
    // d/dx sigma(m + sd e) = sigma' (dm + e dv / (2 sd)); the sd term vanishes with v
    double p = 0, w_mean = 0, w_var = 0;
    for (double e : eps_) {
        const double q = sigmoid(d.mean + sd * e);
        p += q;
        w_mean += q * (1 - q);
        w_var += q * (1 - q) * e;
    }
    const double n = static_cast<double>(eps_.size());
    grad = (w_mean / n) * mean_grad;
    if (sd > 0) grad += (w_var / n / (2 * sd)) * var_grad;
    return p / n;
}

}  // namespace bobench::mlp
