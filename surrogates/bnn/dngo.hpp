#pragma once
// DNGO (Snoek et al. 2015, "Scalable Bayesian optimization using deep neural networks",
// ICML): a network trained by least squares gives basis functions phi(x) (its last hidden
// layer); Bayesian linear regression on them, y = m^T phi(x) + N(0, 1/beta), weights
// ~ N(0, 1/alpha), gives the predictive
//   K = beta Phi^T Phi + alpha I,  m = beta K^-1 Phi^T y,
//   mean = phi^T m,  var = phi^T K^-1 phi + 1/beta.
// Defaults are pybnn's (pybnn/dngo.py): 3 x 50 tanh, Adam (lr 0.01) on the mean squared
// error, mini-batches of 10, 500 epochs, inputs and outputs standardised, PyTorch's
// default initialisation (weights and biases U(+-1/sqrt(fan_in))), starting alpha = 1,
// beta = 1000. Like pybnn's iterate_minibatches, an epoch drops its last partial batch
// (batches of N when N < 10).
// alpha and beta: Snoek et al. maximise the marginal likelihood; we do so by MacKay's
// evidence fixed point (Bishop 2006, PRML section 3.5.2) on the eigenvalues of
// Phi^T Phi, log alpha and log beta kept in [-10, 10] (pybnn's box). (pybnn's default
// samples them with emcee instead; the optimum is the choice the paper describes.)
#include <vector>

#include <Eigen/Core>

#include "surrogates/bnn/network.hpp"
#include "surrogates/model.hpp"

namespace bobench::bnn {

struct DngoOptions {
    std::vector<int> hidden = {50, 50, 50};
    Activation activation = Activation::Tanh;
    double learning_rate = 0.01;
    int batch_size = 10;
    int epochs = 500;
    double alpha = 1, beta = 1000;  // starting values of the fixed-point iteration
};

class Dngo final : public surrogates::RegressionModel {
public:
    Dngo(int dim, DngoOptions options);  // UserError on invalid options

    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;
    surrogates::Prediction predict(const Eigen::VectorXd& x) const override;
    bool has_gradient() const override { return true; }
    surrogates::Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                                 Eigen::VectorXd& dvar) const override;

    double alpha() const { return alpha_; }
    double beta() const { return beta_; }
    double training_mse() const { return training_mse_; }  // standardised units, after training

private:
    surrogates::Prediction predict_impl(const Eigen::VectorXd& x, Eigen::VectorXd* dmean, Eigen::VectorXd* dvar) const;

    int dim_;
    DngoOptions options_;
    Network net_;
    Eigen::VectorXd theta_, m_;
    Eigen::MatrixXd K_inv_;
    double alpha_ = 1, beta_ = 1000, training_mse_ = 0;
    Eigen::VectorXd x_mean_, x_scale_;
    double y_mean_ = 0, y_scale_ = 1;
};

// Adam (Kingma & Ba 2015, Algorithm 1; beta1 0.9, beta2 0.999, eps 1e-8) on the mean
// squared error of `net` at theta over shuffled mini-batches; `drop_last` drops an
// epoch's last partial batch. Returns the final full-data mean squared error.
double train_least_squares(Network& net, Eigen::VectorXd& theta, const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y,
                           double learning_rate, int batch_size, int epochs, bool drop_last, Rng& rng);

// PyTorch's default Linear initialisation: every weight and bias U(-1/sqrt(fan_in), +).
Eigen::VectorXd default_initialisation(const Network& net, Rng& rng);

}  // namespace bobench::bnn
