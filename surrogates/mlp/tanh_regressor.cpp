#include "surrogates/mlp/tanh_regressor.hpp"

#include <cmath>
#include <string>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::mlp {

TanhRegressor::TanhRegressor(int input_dim, int output_dim, TanhRegressorOptions options, Rng& rng)
    : options_(std::move(options)) {
    const TanhRegressorOptions& o = options_;
    if (input_dim < 1 || output_dim < 1) throw UserError("tanh regressor: input and output dimensions must be >= 1");
    for (int h : o.hidden)
        if (h < 1) throw UserError("tanh regressor: hidden width " + std::to_string(h) + " must be >= 1");
    if (!(o.lambda1 >= 0 && o.lambda2 >= 0)) throw UserError("tanh regressor: elastic-net penalties must be >= 0");
    if (!(o.learning_rate > 0)) throw UserError("tanh regressor: learning_rate = " + format_double(o.learning_rate) + " must be > 0");
    if (o.steps < 0) throw UserError("tanh regressor: steps = " + std::to_string(o.steps) + " must be >= 0");
    std::vector<int> widths = o.hidden;
    widths.push_back(output_dim);
    int in = input_dim;
    for (int out : widths) {
        const double limit = std::sqrt(6.0 / (in + out));  // Glorot-uniform
        boost::random::uniform_real_distribution<double> u(-limit, limit);
        Eigen::MatrixXd W(out, in);
        for (Eigen::Index j = 0; j < W.cols(); ++j)
            for (Eigen::Index i = 0; i < W.rows(); ++i) W(i, j) = u(rng);
        W_.push_back(W);
        b_.push_back(Eigen::VectorXd::Zero(out));
        mW_.push_back(Eigen::MatrixXd::Zero(out, in));
        vW_.push_back(Eigen::MatrixXd::Zero(out, in));
        mb_.push_back(Eigen::VectorXd::Zero(out));
        vb_.push_back(Eigen::VectorXd::Zero(out));
        in = out;
    }
}

Eigen::MatrixXd TanhRegressor::forward(const Eigen::MatrixXd& Ut, std::vector<Eigen::MatrixXd>& A) const {
    A.resize(W_.size());
    A[0] = Ut;
    for (std::size_t l = 0; l + 1 < W_.size(); ++l) {
        Eigen::MatrixXd Z = W_[l] * A[l];
        Z.colwise() += b_[l];
        A[l + 1] = Z.array().tanh();
    }
    Eigen::MatrixXd out = W_.back() * A.back();
    out.colwise() += b_.back();
    return out;
}

double TanhRegressor::penalty() const {
    double p = 0;
    for (const auto& W : W_) p += options_.lambda1 * W.cwiseAbs().sum() + options_.lambda2 * W.squaredNorm();
    return p;
}

double TanhRegressor::objective(const Eigen::MatrixXd& U, const Eigen::MatrixXd& V) const {
    std::vector<Eigen::MatrixXd> A;
    const Eigen::MatrixXd out = forward(U.transpose(), A);
    return (out - V.transpose()).squaredNorm() / static_cast<double>(U.rows()) + penalty();
}

Eigen::VectorXd TanhRegressor::predict(const Eigen::VectorXd& u) const {
    std::vector<Eigen::MatrixXd> A;
    return forward(u, A).col(0);
}

double TanhRegressor::fit(const Eigen::MatrixXd& U, const Eigen::MatrixXd& V) {
    if (U.rows() != V.rows() || U.rows() == 0 || U.cols() != W_.front().cols() || V.cols() != W_.back().rows())
        throw UserError("tanh regressor: training data of the wrong shape");
    const Eigen::MatrixXd Ut = U.transpose(), Vt = V.transpose();
    const double n = static_cast<double>(U.rows());
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8, lr = options_.learning_rate;
    std::vector<Eigen::MatrixXd> A;
    const auto adam = [&](auto& theta, const auto& grad, auto& m, auto& v, double c1, double c2) {
        m = b1 * m + (1 - b1) * grad;
        v = b2 * v + (1 - b2) * grad.cwiseAbs2();
        theta.array() -= lr * (m.array() / c1) / ((v.array() / c2).sqrt() + eps);
    };
    for (int step = 0; step < options_.steps; ++step) {
        Eigen::MatrixXd G = (2.0 / n) * (forward(Ut, A) - Vt);  // dJ/d output
        ++t_;
        const double c1 = 1 - std::pow(b1, static_cast<double>(t_)), c2 = 1 - std::pow(b2, static_cast<double>(t_));
        for (std::size_t l = W_.size(); l-- > 0;) {
            const Eigen::MatrixXd gW = G * A[l].transpose() + options_.lambda1 * W_[l].cwiseSign() +
                                       (2 * options_.lambda2) * W_[l];
            const Eigen::VectorXd gb = G.rowwise().sum();
            if (l > 0) G = (W_[l].transpose() * G).cwiseProduct((1.0 - A[l].array().square()).matrix());
            adam(W_[l], gW, mW_[l], vW_[l], c1, c2);
            adam(b_[l], gb, mb_[l], vb_[l], c1, c2);
        }
    }
    return objective(U, V);
}

}  // namespace bobench::mlp
