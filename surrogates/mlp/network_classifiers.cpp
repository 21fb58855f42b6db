#include "surrogates/mlp/network_classifiers.hpp"

namespace bobench::surrogates {

void MlpClassifier::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels, Rng& rng) {
    if (!net_) net_ = std::make_unique<mlp::Classifier>(static_cast<std::size_t>(X.cols()), options_, rng);
    net_->fit(X, labels, rng);
}

double MlpClassifier::probability(const Eigen::VectorXd& x, Eigen::VectorXd* grad) const {
    if (!grad) return net_->probability(x);
    grad->resize(x.size());
    return net_->probability_and_gradient(x, *grad);
}

void LaplaceGgnClassifier::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels, Rng& rng) {
    map_.fit(X, labels, rng);
    laplace_ = std::make_unique<mlp::LaplaceGgn>(map_.network(), X, options_, rng);
}

double LaplaceGgnClassifier::probability(const Eigen::VectorXd& x, Eigen::VectorXd* grad) const {
    const bool probit = average_ == Average::Probit;
    if (!grad) return probit ? laplace_->probit_probability(x) : laplace_->mc_probability(x);
    grad->resize(x.size());
    return probit ? laplace_->probit_probability_and_gradient(x, *grad)
                  : laplace_->mc_probability_and_gradient(x, *grad);
}

}  // namespace bobench::surrogates
