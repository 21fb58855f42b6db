#include "surrogates/rvfl/random_features.hpp"

#include <cmath>

#include <boost/random/normal_distribution.hpp>

#include "core/error.hpp"

namespace bobench::surrogates::rvfl {

namespace {
// tanh(z) = 1 - 2 / (exp(2z) + 1) through Eigen's vectorised exp: libm's tanh was 70% of a
// run's time. Saturates to +-1 exactly (exp overflows to inf or underflows to 0); the
// absolute error near 0 is a few ulp of 1, far below anything a feature needs.
template <class Z>
auto fast_tanh(const Z& z) {
    return 1.0 - 2.0 / ((2.0 * z.array()).exp() + 1.0);
}
}  // namespace

Activation parse_activation(const std::string& name) {
    if (name == "tanh") return Activation::Tanh;
    if (name == "relu") return Activation::Relu;
    throw UserError("rvfl: unknown activation '" + name + "'; expected tanh or relu");
}

std::string to_string(Activation a) { return a == Activation::Tanh ? "tanh" : "relu"; }

RandomFeatures::RandomFeatures(int input_dim, int hidden_units, Activation activation, bool direct_link, Rng& rng)
    : activation_(activation), direct_link_(direct_link) {
    if (input_dim < 1) throw UserError("rvfl: input dimension " + std::to_string(input_dim) + " must be >= 1");
    if (hidden_units < 0) throw UserError("rvfl: hidden = " + std::to_string(hidden_units) + " must be >= 0");
    if (hidden_units == 0 && !direct_link)
        throw UserError("rvfl: hidden = 0 without the direct link leaves no features; use hidden >= 1 or the "
                        "direct link (hidden = 0 with it is Bayesian linear regression on the inputs)");
    boost::random::normal_distribution<double> normal(0.0, 1.0);
    W_.resize(hidden_units, input_dim);
    b_.resize(hidden_units);
    for (int j = 0; j < hidden_units; ++j) {
        double norm = 0;
        while (norm == 0) {  // a zero draw has no direction (probability 0, but cheap to exclude)
            for (int d = 0; d < input_dim; ++d) W_(j, d) = normal(rng);
            norm = W_.row(j).norm();
        }
        W_.row(j) /= norm;
        b_[j] = normal(rng);
    }
    centre_ = Eigen::VectorXd::Zero(input_dim);
    scale_ = Eigen::VectorXd::Ones(input_dim);
}

void RandomFeatures::standardise_by(const Eigen::MatrixXd& X) {
    if (X.rows() == 0) return;
    centre_ = X.colwise().mean().transpose();
    for (Eigen::Index d = 0; d < X.cols(); ++d) {
        const double sd = std::sqrt((X.col(d).array() - centre_[d]).square().mean());
        scale_[d] = sd > 1e-12 ? sd : 1.0;  // a constant input (or one point) is only centred
    }
}

void RandomFeatures::standardise_by_unit_box() {
    centre_.setConstant(0.5);
    scale_.setConstant(std::sqrt(1.0 / 12.0));
}

Eigen::MatrixXd RandomFeatures::features(const Eigen::MatrixXd& X) const {
    const Eigen::MatrixXd S = (X.rowwise() - centre_.transpose()).array().rowwise() / scale_.transpose().array();
    Eigen::MatrixXd Phi(X.rows(), size());
    const Eigen::Index M = W_.rows();
    Eigen::MatrixXd Z = S * W_.transpose();
    Z.rowwise() += b_.transpose();
    if (activation_ == Activation::Tanh)
        Phi.leftCols(M) = fast_tanh(Z);
    else
        Phi.leftCols(M) = Z.cwiseMax(0.0);
    if (direct_link_) Phi.rightCols(X.cols()) = S;
    return Phi;
}

Eigen::VectorXd RandomFeatures::feature(const Eigen::VectorXd& x, Eigen::MatrixXd* J) const {
    const Eigen::VectorXd s = (x - centre_).cwiseQuotient(scale_);
    const Eigen::Index M = W_.rows(), D = W_.cols();
    Eigen::VectorXd phi(size());
    Eigen::VectorXd z = W_ * s + b_;
    Eigen::VectorXd slope(M);
    if (activation_ == Activation::Tanh) {
        phi.head(M) = fast_tanh(z);
        slope = 1.0 - phi.head(M).array().square();
    } else {
        phi.head(M) = z.cwiseMax(0.0);
        slope = (z.array() > 0).cast<double>();
    }
    if (direct_link_) phi.tail(D) = s;
    if (J) {
        J->resize(size(), D);
        // d s / d x = diag(1 / scale)
        J->topRows(M) = slope.asDiagonal() * W_ * scale_.cwiseInverse().asDiagonal();
        if (direct_link_) J->bottomRows(D) = scale_.cwiseInverse().asDiagonal().toDenseMatrix();
    }
    return phi;
}

}  // namespace bobench::surrogates::rvfl
