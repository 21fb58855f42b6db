#pragma once
// Acquisition functions: scores of candidate points in [0,1]^D, always to be maximised
// (the objective is minimised, so improvement means going below the incumbent).
#include <Eigen/Core>

#include "surrogates/model.hpp"

namespace bobench::acquisitions {

class Acquisition {
public:
    virtual ~Acquisition() = default;
    // Score at x; when grad is non-null also d score / dx (resized to D). Asking for the
    // gradient when has_gradient() is false throws std::logic_error.
    virtual double value(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const = 0;
    virtual bool has_gradient() const = 0;
    // value(x) for every row x of X (one point per row) into out, bit for bit.
    virtual void values(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const;
};

// An acquisition that depends on x only through a Gaussian predictive N(mean, var).
// With a model of several members (MCMC hyperparameter samples, ...) it is marginalised
// as RoBO does: the average over members of the per-member score (for log-EI that is the
// mean of log-EI values). The model is held by reference and must outlive this object.
class GaussianAcquisition : public Acquisition {
public:
    explicit GaussianAcquisition(const surrogates::RegressionModel& model) : model_(model) {}

    double value(const Eigen::VectorXd& x, Eigen::VectorXd* grad = nullptr) const final;
    bool has_gradient() const final { return model_.has_gradient(); }
    // The model predicts all the rows at once (RegressionModel::predict_member_rows).
    void values(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const final;

    // Score of one predictive and, when the pointers are non-null, its partial
    // derivatives with respect to the mean and the variance.
    virtual double score(double mean, double var, double* d_mean, double* d_var) const = 0;

protected:
    const surrogates::RegressionModel& model_;
};

}  // namespace bobench::acquisitions
