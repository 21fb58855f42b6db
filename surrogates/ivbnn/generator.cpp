#include "surrogates/ivbnn/generator.hpp"

#include <cmath>
#include <string>

#include <boost/random/normal_distribution.hpp>

#include "core/error.hpp"

namespace bobench::ivbnn {

using Eigen::Index;
using Eigen::Map;
using Eigen::MatrixXd;
using Eigen::VectorXd;

Generator::Generator(int latent_dim, int width, Index output_dim, double init_scale, Rng& rng)
    : latent_dim_(latent_dim), width_(width), output_dim_(output_dim) {
    auto fail = [](const std::string& what) { throw UserError("IVBNN generator: " + what); };
    if (latent_dim < 1) fail("latent dimension " + std::to_string(latent_dim) + " must be >= 1");
    if (width < 1) fail("width " + std::to_string(width) + " must be >= 1");
    if (output_dim < 1) fail("output dimension " + std::to_string(output_dim) + " must be >= 1");
    if (!(init_scale > 0)) fail("initialisation scale must be > 0");
    const Index in = latent_dim + 1, H = width, P = output_dim;
    w1_ = 0, b1_ = w1_ + H * in, w2_ = b1_ + H, b2_ = w2_ + H * H, w3_ = b2_ + H, b3_ = w3_ + P * (H + 1);
    theta_ = VectorXd::Zero(b3_ + P);
    gradient_ = VectorXd::Zero(theta_.size());
    boost::random::normal_distribution<double> normal;
    auto init = [&](Index offset, Index count, Index fan_in) {
        const double sd = std::sqrt(init_scale / static_cast<double>(fan_in));
        for (Index k = 0; k < count; ++k) theta_[offset + k] = sd * normal(rng);
    };
    init(w1_, H * in, in);
    init(w2_, H * H, H);
    init(w3_, P * (H + 1), H + 1);
}

const MatrixXd& Generator::sample(Index count, Rng& rng) {
    const Index H = width_, P = output_dim_;
    boost::random::normal_distribution<double> normal;
    input_.resize(latent_dim_ + 1, count);
    for (Index i = 0; i < input_.size(); ++i) input_.data()[i] = normal(rng);  // z and e0
    a2_.resize(H + 1, count);
    for (Index b = 0; b < count; ++b) a2_(H, b) = normal(rng);  // e2
    const Map<const MatrixXd> W1(theta_.data() + w1_, H, latent_dim_ + 1), W2(theta_.data() + w2_, H, H),
        W3(theta_.data() + w3_, P, H + 1);
    a1_.noalias() = W1 * input_;
    a1_.colwise() += theta_.segment(b1_, H);
    a1_ = a1_.cwiseMax(0.0);
    a2_.topRows(H).noalias() = W2 * a1_;
    a2_.topRows(H).colwise() += theta_.segment(b2_, H);
    a2_.topRows(H) = a2_.topRows(H).cwiseMax(0.0);
    output_.noalias() = W3 * a2_;
    output_.colwise() += theta_.segment(b3_, P);
    return output_;
}

const VectorXd& Generator::backward(const MatrixXd& G) {
    const Index H = width_, P = output_dim_;
    const Map<const MatrixXd> W2(theta_.data() + w2_, H, H), W3(theta_.data() + w3_, P, H + 1);
    Map<MatrixXd> gW1(gradient_.data() + w1_, H, latent_dim_ + 1), gW2(gradient_.data() + w2_, H, H),
        gW3(gradient_.data() + w3_, P, H + 1);
    gW3.noalias() = G * a2_.transpose();
    gradient_.segment(b3_, P) = G.rowwise().sum();
    d2_.noalias() = W3.leftCols(H).transpose() * G;
    d2_.array() *= (a2_.topRows(H).array() > 0.0).cast<double>();
    gW2.noalias() = d2_ * a1_.transpose();
    gradient_.segment(b2_, H) = d2_.rowwise().sum();
    d1_.noalias() = W2.transpose() * d2_;
    d1_.array() *= (a1_.array() > 0.0).cast<double>();
    gW1.noalias() = d1_ * input_.transpose();
    gradient_.segment(b1_, H) = d1_.rowwise().sum();
    return gradient_;
}

}  // namespace bobench::ivbnn
