#pragma once
// The MLP classifier (bore-mlp) and its Laplace-GGN posterior (bore-ggn, BOGGN: Hassen &
// Rish 2021) behind surrogates::Classifier. Both are differentiable in the input.
#include <memory>

#include "surrogates/classifier.hpp"
#include "surrogates/mlp/laplace_ggn.hpp"
#include "surrogates/mlp/mlp.hpp"

namespace bobench::surrogates {

// The network is built at the first fit, when the input width is known; with
// options.warm_start later fits continue from the previous weights.
class MlpClassifier final : public Classifier {
public:
    explicit MlpClassifier(mlp::Options options) : options_(std::move(options)) {}
    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels, Rng& rng) override;
    double probability(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const override;
    bool has_gradient() const override { return true; }
    const mlp::Classifier& network() const { return *net_; }

private:
    mlp::Options options_;
    std::unique_ptr<mlp::Classifier> net_;
};

// The MAP network above with a Laplace posterior whose precision is the generalised
// Gauss-Newton matrix; pi(x) is the posterior-averaged class probability, by the probit
// approximation or by Monte Carlo (laplace_ggn.hpp). map.prior_precision is the fit's
// weight decay (0 when laplace.tune_prior_precision: see laplace_ggn.hpp for why).
class LaplaceGgnClassifier final : public Classifier {
public:
    enum class Average { Probit, MonteCarlo };
    LaplaceGgnClassifier(mlp::Options map, mlp::LaplaceOptions laplace, Average average)
        : map_(std::move(map)), options_(laplace), average_(average) {}
    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels, Rng& rng) override;
    double probability(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const override;
    bool has_gradient() const override { return true; }

private:
    MlpClassifier map_;
    mlp::LaplaceOptions options_;
    Average average_;
    std::unique_ptr<mlp::LaplaceGgn> laplace_;
};

}  // namespace bobench::surrogates
