#include "acquisitions/joint_conditional_map.hpp"

#include <cmath>
#include <string>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::acquisitions {

using Eigen::MatrixXd;
using Eigen::VectorXd;

ForwardNetwork::ForwardNetwork(int dim, const std::vector<int>& hidden, Rng& rng) {
    widths_.push_back(dim);
    widths_.insert(widths_.end(), hidden.begin(), hidden.end());
    widths_.push_back(1);
    Eigen::Index size = 0;
    for (std::size_t l = 0; l + 1 < widths_.size(); ++l) {
        offsets_.push_back(size);
        size += static_cast<Eigen::Index>(widths_[l + 1]) * (widths_[l] + 1);
    }
    w = VectorXd::Zero(size);
    penalised = VectorXd::Zero(size);
    for (std::size_t l = 0; l + 1 < widths_.size(); ++l) {
        const int in = widths_[l], out = widths_[l + 1];
        boost::random::uniform_real_distribution<double> u(-std::sqrt(6.0 / (in + out)), std::sqrt(6.0 / (in + out)));
        for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(in) * out; ++i) {
            w[offsets_[l] + i] = u(rng);
            penalised[offsets_[l] + i] = 1.0;
        }
    }
}

Eigen::RowVectorXd ForwardNetwork::forward(const MatrixXd& Xt, std::vector<MatrixXd>& A) const {
    A.assign(1, Xt);
    for (std::size_t l = 0;; ++l) {
        const int in = widths_[l], out = widths_[l + 1];
        const Eigen::Map<const MatrixXd> W(w.data() + offsets_[l], out, in);
        const Eigen::Map<const VectorXd> b(w.data() + offsets_[l] + out * in, out);
        MatrixXd Z = W * A.back();
        Z.colwise() += b;
        if (l + 2 == widths_.size()) return Z.row(0);
        A.push_back(Z.array().tanh().matrix());
    }
}

void ForwardNetwork::backward(const std::vector<MatrixXd>& A, const Eigen::RowVectorXd& G, VectorXd& dw,
                              MatrixXd* dXt) const {
    dw = VectorXd::Zero(w.size());
    MatrixXd g = G;  // dL/d(output of layer l), one column per point
    for (std::size_t l = offsets_.size(); l-- > 0;) {
        const int in = widths_[l], out = widths_[l + 1];
        const Eigen::Map<const MatrixXd> W(w.data() + offsets_[l], out, in);
        Eigen::Map<MatrixXd>(dw.data() + offsets_[l], out, in) = g * A[l].transpose();
        Eigen::Map<VectorXd>(dw.data() + offsets_[l] + out * in, out) = g.rowwise().sum();
        if (l > 0)
            g = (W.transpose() * g).cwiseProduct((1.0 - A[l].array().square()).matrix());
        else if (dXt)
            *dXt = W.transpose() * g;  // the input layer is linear in x
    }
}

double ForwardNetwork::operator()(const VectorXd& x) const {
    std::vector<MatrixXd> A;
    return forward(x, A)[0];
}

double joint_map_objective(const ForwardNetwork& f, const MatrixXd& X, const VectorXd& t, const VectorXd& x_hat,
                           double t_star, double lambda1, double lambda2, JointMapGradient* grad) {
    const Eigen::Index n = X.rows();
    MatrixXd Xt(X.cols(), n + 1);  // the observations, then the pseudo-observation
    Xt.leftCols(n) = X.transpose();
    Xt.col(n) = x_hat;
    Eigen::RowVectorXd targets(n + 1);
    targets.head(n) = t.transpose();
    targets[n] = t_star;
    std::vector<MatrixXd> A;
    const Eigen::RowVectorXd r = f.forward(Xt, A) - targets;
    const double m = static_cast<double>(n + 1);
    const VectorXd W = f.w.cwiseProduct(f.penalised);
    const double J = r.squaredNorm() / m + lambda1 * W.cwiseAbs().sum() + lambda2 * W.squaredNorm();
    if (grad) {
        MatrixXd dXt;
        f.backward(A, (2.0 / m) * r, grad->w, &dXt);
        grad->w += lambda1 * W.cwiseSign() + (2.0 * lambda2) * W;  // sign(0) = 0 leaves biases out
        grad->x = dXt.col(n);
    }
    return J;
}

namespace {
// One Adam step (Kingma & Ba 2015, Algorithm 1), t counted from 1.
void adam_step(VectorXd& theta, const VectorXd& grad, VectorXd& m, VectorXd& v, long t, double lr) {
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    m = b1 * m + (1 - b1) * grad;
    v = b2 * v + (1 - b2) * grad.cwiseAbs2();
    const double c1 = 1 - std::pow(b1, static_cast<double>(t)), c2 = 1 - std::pow(b2, static_cast<double>(t));
    theta.array() -= lr * (m.array() / c1) / ((v.array() / c2).sqrt() + eps);
}
}  // namespace

JointConditionalMap::JointConditionalMap(int dim, int steps) : dim_(dim), steps_(steps) {
    if (dim < 1) throw UserError("cl criterion: dimension must be >= 1");
    if (steps < 1) throw UserError("cl criterion: cl_steps = " + std::to_string(steps) + " must be >= 1");
}

VectorXd JointConditionalMap::propose(const MatrixXd& X, const VectorXd& y, double target, const VectorXd& start,
                                      Rng& rng) {
    const surrogates::CleanData data = surrogates::clean_training_data(X, y, dim_, "cl criterion");
    if (data.y.size() == 0) throw UserError("cl criterion: no finite observation to learn from");
    if (!std::isfinite(target)) throw UserError("cl criterion: the target E[y*] is not finite");
    if (start.size() != dim_ || !start.allFinite())
        throw UserError("cl criterion: the start of x^ must be a finite point of dimension " + std::to_string(dim_));
    if (!network_) {
        network_.emplace(dim_, std::vector<int>{50, 50}, rng);  // the thesis' 2 x 50 tanh
        m_ = v_ = VectorXd::Zero(network_->w.size());
    }
    const surrogates::Standardization s = surrogates::Standardization::of(data.y);
    const VectorXd t = s.apply(data.y);
    const double t_star = (target - s.mean) / s.scale;
    VectorXd x = start.cwiseMax(0.0).cwiseMin(1.0);
    VectorXd mx = VectorXd::Zero(dim_), vx = VectorXd::Zero(dim_);
    JointMapGradient g;
    for (long step = 1; step <= steps_; ++step) {
        joint_map_objective(*network_, data.X, t, x, t_star, lambda1, lambda2, &g);
        adam_step(network_->w, g.w, m_, v_, ++t_, learning_rate);
        adam_step(x, g.x, mx, vx, step, learning_rate);
        x = x.cwiseMax(0.0).cwiseMin(1.0);  // projected: x^ never leaves the box
    }
    return x;
}

}  // namespace bobench::acquisitions
