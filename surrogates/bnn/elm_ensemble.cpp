#include "surrogates/bnn/elm_ensemble.hpp"

#include <cmath>

#include <Eigen/QR>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::bnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

ElmEnsemble::ElmEnsemble(int dim, ElmOptions options) : dim_(dim), options_(options) {
    auto fail = [](const std::string& what) { throw UserError("ELM ensemble: " + what); };
    if (dim < 1) fail("input dimension " + std::to_string(dim) + " must be >= 1");
    if (options.members < 1) fail("members = " + std::to_string(options.members) + " must be >= 1");
    if (options.units < 1) fail("units = " + std::to_string(options.units) + " must be >= 1");
    if (!(options.weight_scale > 0 && std::isfinite(options.weight_scale)))
        fail("weight_scale = " + format_double(options.weight_scale) + " must be > 0");
}

void ElmEnsemble::fit(const MatrixXd& X, const VectorXd& y, Rng& rng) {
    const surrogates::CleanData data = surrogates::clean_training_data(X, y, dim_, "ELM ensemble");
    if (data.X.rows() == 0) throw UserError("ELM ensemble: no observation with a finite value to fit");
    VectorXd ys = data.y;
    y_mean_ = 0, y_scale_ = 1;
    if (options_.standardise_outputs) {
        const surrogates::Standardization s = surrogates::Standardization::of(data.y);
        y_mean_ = s.mean, y_scale_ = s.scale;
        ys = s.apply(data.y);
    }
    const Index M = options_.members, U = options_.units;
    boost::random::uniform_real_distribution<double> u(-options_.weight_scale, options_.weight_scale);
    W_.resize(M * U, dim_);
    b_.resize(M * U);
    beta_.resize(M * U);
    for (Index r = 0; r < M * U; ++r) {
        for (Index j = 0; j < dim_; ++j) W_(r, j) = u(rng);
        b_[r] = options_.biases == ElmOptions::Biases::Uniform ? u(rng) : 0.0;
    }
    for (Index m = 0; m < M; ++m) {
        MatrixXd H = data.X * W_.middleRows(m * U, U).transpose();
        H.rowwise() += b_.segment(m * U, U).transpose();
        H = H.array().tanh();
        beta_.segment(m * U, U) = H.completeOrthogonalDecomposition().solve(ys);
    }
}

void ElmEnsemble::sample_values(const VectorXd& x, VectorXd& values, MatrixXd* gradients) const {
    if (beta_.size() == 0) throw std::logic_error("ELM ensemble: predict before fit");
    const Index M = options_.members, U = options_.units;
    const VectorXd h = (W_ * x + b_).array().tanh();
    const VectorXd hb = h.cwiseProduct(beta_);
    values = Eigen::Map<const MatrixXd>(hb.data(), U, M).colwise().sum().transpose();
    values = values.array() * y_scale_ + y_mean_;
    if (gradients) {
        // d v_m / dx = sum_k beta_mk (1 - h_mk^2) W_mk
        const VectorXd c = beta_.array() * (1.0 - h.array().square()) * y_scale_;
        const MatrixXd scaled = W_.array().colwise() * c.array();  // row (m, k): c_mk W_mk
        gradients->resize(dim_, M);
        for (Index j = 0; j < dim_; ++j)
            gradients->row(j) = Eigen::Map<const MatrixXd>(scaled.col(j).data(), U, M).colwise().sum();
    }
}

surrogates::Prediction ElmEnsemble::predict(const VectorXd& x) const {
    VectorXd v;
    sample_values(x, v, nullptr);
    const double mean = v.mean();
    return {mean, (v.array() - mean).square().mean()};
}

surrogates::Prediction ElmEnsemble::predict_with_gradient(const VectorXd& x, VectorXd& dmean, VectorXd& dvar) const {
    VectorXd v;
    MatrixXd G;
    sample_values(x, v, &G);
    const double mean = v.mean(), M = static_cast<double>(v.size());
    const VectorXd centred = v.array() - mean;
    dmean = G.rowwise().mean();
    dvar = (2.0 / M) * (G * centred);
    return {mean, centred.squaredNorm() / M};
}

}  // namespace bobench::bnn
