#include "surrogates/bnn/dngo.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <Eigen/Eigenvalues>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::bnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

Eigen::VectorXd default_initialisation(const Network& net, Rng& rng) {
    VectorXd theta(net.parameter_count());
    for (const Network::Layer& L : net.layers()) {
        const double bound = 1.0 / std::sqrt(static_cast<double>(L.in));
        boost::random::uniform_real_distribution<double> u(-bound, bound);
        for (Index k = 0; k < L.in * L.out + L.out; ++k) theta[L.w_offset + k] = u(rng);
    }
    return theta;
}

double train_least_squares(Network& net, VectorXd& theta, const MatrixXd& Xt, const VectorXd& y,
                           double learning_rate, int batch_size, int epochs, bool drop_last, Rng& rng) {
    const int N = static_cast<int>(y.size());
    const int b = std::min(batch_size, N);
    const Index P = theta.size();
    VectorXd m = VectorXd::Zero(P), v = VectorXd::Zero(P), grad(P), r;
    MatrixXd bx(Xt.rows(), b);
    VectorXd by(b);
    std::vector<int> order(static_cast<std::size_t>(N));
    std::iota(order.begin(), order.end(), 0);
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    long t = 0;
    for (int epoch = 0; epoch < epochs; ++epoch) {
        for (int i = N - 1; i > 0; --i)
            std::swap(order[static_cast<std::size_t>(i)],
                      order[static_cast<std::size_t>(boost::random::uniform_int_distribution<int>(0, i)(rng))]);
        for (int start = 0; start < N; start += b) {
            const int size = std::min(b, N - start);
            if (size < b && drop_last) break;
            bx.conservativeResize(Eigen::NoChange, size);
            by.conservativeResize(size);
            for (int k = 0; k < size; ++k) {
                bx.col(k) = Xt.col(order[static_cast<std::size_t>(start + k)]);
                by[k] = y[order[static_cast<std::size_t>(start + k)]];
            }
            r = (2.0 / size) * (net.forward(theta, bx) - by);  // d MSE / d f
            grad.setZero();
            net.backward(theta, r, grad);
            ++t;
            m = beta1 * m + (1 - beta1) * grad;
            v = beta2 * v + (1 - beta2) * grad.cwiseAbs2();
            const double step = learning_rate * std::sqrt(1 - std::pow(beta2, t)) / (1 - std::pow(beta1, t));
            theta.array() -= step * m.array() / (v.array().sqrt() + eps * std::sqrt(1 - std::pow(beta2, t)));
        }
    }
    return (net.forward(theta, Xt) - y).squaredNorm() / std::max(N, 1);
}

Dngo::Dngo(int dim, DngoOptions options)
    : dim_(dim), options_(std::move(options)), net_(dim, options_.hidden, options_.activation) {
    const DngoOptions& o = options_;
    auto fail = [](const std::string& what) { throw UserError("DNGO: " + what); };
    if (o.hidden.empty()) fail("needs at least one hidden layer (its features are the basis)");
    if (!(o.learning_rate > 0 && std::isfinite(o.learning_rate)))
        fail("learning_rate = " + format_double(o.learning_rate) + " must be > 0");
    if (o.batch_size < 1) fail("batch_size = " + std::to_string(o.batch_size) + " must be >= 1");
    if (o.epochs < 0) fail("epochs = " + std::to_string(o.epochs) + " must be >= 0");
    if (!(o.alpha > 0 && o.beta > 0)) fail("alpha and beta must be > 0");
}

void Dngo::fit(const MatrixXd& X, const VectorXd& y, Rng& rng) {
    const surrogates::CleanData data = surrogates::clean_training_data(X, y, dim_, "DNGO");
    const Index N = data.X.rows();
    if (N == 0) throw UserError("DNGO: no observation with a finite value to fit");
    x_mean_ = data.X.colwise().mean().transpose();
    x_scale_ = (data.X.rowwise() - x_mean_.transpose()).array().square().colwise().mean().sqrt().transpose();
    for (Index j = 0; j < dim_; ++j)
        if (!(x_scale_[j] > 0)) x_scale_[j] = 1;
    const surrogates::Standardization s = surrogates::Standardization::of(data.y);
    y_mean_ = s.mean, y_scale_ = s.scale;
    const MatrixXd Xt =
        ((data.X.rowwise() - x_mean_.transpose()).array().rowwise() / x_scale_.transpose().array()).matrix().transpose();
    const VectorXd ys = s.apply(data.y);

    theta_ = default_initialisation(net_, rng);
    training_mse_ = train_least_squares(net_, theta_, Xt, ys, options_.learning_rate, options_.batch_size,
                                        options_.epochs, true, rng);
    net_.forward(theta_, Xt);
    const MatrixXd Phi = net_.features().transpose();  // N x K
    const Index K = Phi.cols();
    const Eigen::SelfAdjointEigenSolver<MatrixXd> eig(Phi.transpose() * Phi);
    const VectorXd e = eig.eigenvalues().cwiseMax(0.0);
    const VectorXd Phi_y = Phi.transpose() * ys;
    const VectorXd proj = eig.eigenvectors().transpose() * Phi_y;  // Phi^T y in the eigenbasis
    double alpha = options_.alpha, beta = options_.beta;
    VectorXd mean_e(K);
    const double lo = std::exp(-10.0), hi = std::exp(10.0);
    for (int iteration = 0; iteration < 200; ++iteration) {
        mean_e = beta * proj.array() / (alpha + beta * e.array());  // m in the eigenbasis
        const double gamma = (beta * e.array() / (alpha + beta * e.array())).sum();
        const VectorXd m = eig.eigenvectors() * mean_e;
        const double misfit = (ys - Phi * m).squaredNorm();
        const double new_alpha = std::clamp(gamma / std::max(mean_e.squaredNorm(), 1e-300), lo, hi);
        const double new_beta = std::clamp((static_cast<double>(N) - gamma) / std::max(misfit, 1e-300), lo, hi);
        const bool converged = std::abs(std::log(new_alpha / alpha)) < 1e-8 && std::abs(std::log(new_beta / beta)) < 1e-8;
        alpha = new_alpha, beta = new_beta;
        if (converged) break;
    }
    alpha_ = alpha, beta_ = beta;
    const VectorXd inv = (alpha + beta * e.array()).inverse();
    K_inv_ = eig.eigenvectors() * inv.asDiagonal() * eig.eigenvectors().transpose();
    m_ = beta * K_inv_ * Phi_y;
}

surrogates::Prediction Dngo::predict_impl(const VectorXd& x, VectorXd* dmean, VectorXd* dvar) const {
    if (m_.size() == 0) throw std::logic_error("DNGO: predict before fit");
    const VectorXd xs = (x - x_mean_).cwiseQuotient(x_scale_);
    const VectorXd phi = net_.features_at(theta_, xs);
    const VectorXd Kphi = K_inv_ * phi;
    const double mean = phi.dot(m_), var = std::max(phi.dot(Kphi), 0.0) + 1.0 / beta_;
    if (dmean) {
        MatrixXd V(phi.size(), 2), G;
        V.col(0) = m_;
        V.col(1) = 2 * Kphi;
        net_.features_at(theta_, xs, &V, &G);
        *dmean = G.col(0).cwiseQuotient(x_scale_) * y_scale_;
        *dvar = G.col(1).cwiseQuotient(x_scale_) * (y_scale_ * y_scale_);
    }
    return {mean * y_scale_ + y_mean_, var * y_scale_ * y_scale_};
}

surrogates::Prediction Dngo::predict(const VectorXd& x) const { return predict_impl(x, nullptr, nullptr); }

surrogates::Prediction Dngo::predict_with_gradient(const VectorXd& x, VectorXd& dmean, VectorXd& dvar) const {
    return predict_impl(x, &dmean, &dvar);
}

}  // namespace bobench::bnn
