#pragma once
// The common interface of every regression surrogate (GP, random forest, BNN, ...).
//
// Inputs are already encoded to the unit cube [0,1]^D by the optimizer layer; outputs are
// raw objective values (minimisation), or a monotone transform of them for a model whose
// target_units() says so. A model may hold several posterior "members"
// (hyperparameter samples of a fully Bayesian GP, ensemble members, network samples):
// acquisitions marginalise by averaging over members (RoBO style), so the members are
// exposed one by one. A point-estimate model has exactly one member, itself.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::surrogates {

// Predictive distribution of the latent objective at one point (raw output units).
struct Prediction {
    double mean;
    double var;
};

// One Gaussian of a predictive that is a mixture; the weights of a mixture sum to 1.
struct WeightedPrediction {
    double weight;
    double mean;
    double var;
};

class RegressionModel {
public:
    virtual ~RegressionModel() = default;

    // Fits the model to X (N x D, rows in [0,1]^D) and y (N). Rows whose y is NaN or
    // infinite are dropped, never an error; how many is model-specific (see the model).
    virtual void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) = 0;

    // The model's own predictive at x: for several members, their mixture
    // (mean of means; variance by the law of total variance).
    virtual Prediction predict(const Eigen::VectorXd& x) const = 0;

    // Adds one observation without refitting hyperparameters, when the model can do so
    // cheaper than fit() (a GP extends its Cholesky factor in O(N^2)). Returns false when
    // it cannot; the caller then calls fit() on all the data.
    virtual bool append(const Eigen::VectorXd& x, double y) {
        (void)x, (void)y;
        return false;
    }

    // Diagonal jitter the last fit needed to make a kernel matrix positive definite
    // (0 when none was needed, and for models without one).
    virtual double jitter() const { return 0.0; }

    // Whether predict_with_gradient / predict_member_with_gradient are available.
    virtual bool has_gradient() const { return false; }

    // As predict, also writing d mean/dx and d var/dx (resized to D).
    virtual Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                             Eigen::VectorXd& dvar) const {
        (void)x, (void)dmean, (void)dvar;
        throw std::logic_error("RegressionModel::predict_with_gradient: model has no gradient");
    }

    // Posterior members, each with its own Gaussian predictive. Default: one, the model.
    virtual std::size_t members() const { return 1; }

    virtual Prediction predict_member(std::size_t m, const Eigen::VectorXd& x) const {
        check_member(m);
        return predict(x);
    }

    // predict_member(m, x) for every row x of X (one point per row) into out, bit for bit.
    // Models whose cost per call is mostly not arithmetic (sampled networks) override it.
    virtual void predict_member_rows(std::size_t m, const Eigen::MatrixXd& X, std::vector<Prediction>& out) const {
        out.resize(static_cast<std::size_t>(X.rows()));
        Eigen::VectorXd x(X.cols());
        for (Eigen::Index k = 0; k < X.rows(); ++k) {
            x = X.row(k).transpose();
            out[static_cast<std::size_t>(k)] = predict_member(m, x);
        }
    }

    virtual Prediction predict_member_with_gradient(std::size_t m, const Eigen::VectorXd& x,
                                                    Eigen::VectorXd& dmean,
                                                    Eigen::VectorXd& dvar) const {
        check_member(m);
        return predict_with_gradient(x, dmean, dvar);
    }

    // The predictive at x as a Gaussian mixture, for acquisitions that use its exact
    // shape (the exact EI of a mixture is the weighted sum of its components' EIs).
    // Default: the members, equally weighted, which is how GaussianAcquisition
    // marginalises them; mixture-density models (surrogates/mixtures/) override it.
    virtual void predict_mixture(const Eigen::VectorXd& x, std::vector<WeightedPrediction>& out) const {
        const std::size_t m = members();
        out.resize(m);
        for (std::size_t i = 0; i < m; ++i) {
            const Prediction p = predict_member(i, x);
            out[i] = {1.0 / static_cast<double>(m), p.mean, p.var};
        }
    }

    // The units the model predicts in, for an objective value y: raw units (y itself) for
    // every model but those that fit a monotone transform of the targets (the mixture
    // models' output=rank), whose acquisitions must compare like with like.
    virtual double target_units(double y) const { return y; }

protected:
    void check_member(std::size_t m) const {
        if (m >= members())
            throw std::out_of_range("RegressionModel: member " + std::to_string(m) +
                                    " out of range [0, " + std::to_string(members()) + ")");
    }
};

}  // namespace bobench::surrogates
