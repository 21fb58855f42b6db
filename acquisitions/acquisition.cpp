#include "acquisitions/acquisition.hpp"

#include <stdexcept>
#include <vector>

namespace bobench::acquisitions {

void Acquisition::values(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const {
    out.resize(X.rows());
    Eigen::VectorXd x(X.cols());
    for (Eigen::Index k = 0; k < X.rows(); ++k) {
        x = X.row(k).transpose();
        out[k] = value(x);
    }
}

void GaussianAcquisition::values(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const {
    const std::size_t members = model_.members();
    out.setZero(X.rows());
    std::vector<surrogates::Prediction> predictions;
    for (std::size_t m = 0; m < members; ++m) {
        model_.predict_member_rows(m, X, predictions);
        for (Eigen::Index k = 0; k < X.rows(); ++k) {
            const surrogates::Prediction& p = predictions[static_cast<std::size_t>(k)];
            out[k] += score(p.mean, p.var, nullptr, nullptr);
        }
    }
    for (Eigen::Index k = 0; k < X.rows(); ++k) out[k] = out[k] / static_cast<double>(members);
}

double GaussianAcquisition::value(const Eigen::VectorXd& x, Eigen::VectorXd* grad) const {
    const std::size_t members = model_.members();
    double total = 0.0;
    if (!grad) {
        for (std::size_t m = 0; m < members; ++m) {
            const surrogates::Prediction p = model_.predict_member(m, x);
            total += score(p.mean, p.var, nullptr, nullptr);
        }
        return total / static_cast<double>(members);
    }
    if (!model_.has_gradient())
        throw std::logic_error("GaussianAcquisition: gradient asked of a model without one");
    grad->setZero(x.size());
    // Two D-sized buffers per call, reused across members: small next to a predict.
    Eigen::VectorXd dmean, dvar;
    for (std::size_t m = 0; m < members; ++m) {
        const surrogates::Prediction p = model_.predict_member_with_gradient(m, x, dmean, dvar);
        double d_mean = 0.0, d_var = 0.0;
        total += score(p.mean, p.var, &d_mean, &d_var);
        *grad += d_mean * dmean + d_var * dvar;
    }
    const double inv = 1.0 / static_cast<double>(members);
    *grad *= inv;
    return total * inv;
}

}  // namespace bobench::acquisitions
