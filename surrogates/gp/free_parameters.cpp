#include "surrogates/gp/free_parameters.hpp"

#include <string>

#include "core/error.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"

namespace bobench::surrogates {

Lengthscales parse_lengthscales(std::string_view name) {
    if (name == "ard") return Lengthscales::Ard;
    if (name == "isotropic") return Lengthscales::Isotropic;
    throw UserError("lengthscales '" + std::string(name) + "': expected ard or isotropic");
}

FreeParameters::FreeParameters(int dim, Lengthscales lengthscales, bool learn_noise)
    : dim_(dim), isotropic_(lengthscales == Lengthscales::Isotropic), learn_noise_(learn_noise) {
    size_ = 1 + (isotropic_ ? 1 : dim) + (learn_noise ? 1 : 0);
}

Eigen::Index FreeParameters::theta_index(Eigen::Index i) const {
    if (!isotropic_ || i == 0) return i;
    return i == 1 ? 1 : gp_noise_index(dim_);  // after the shared lengthscale only the noise
}

void FreeParameters::expand(const Eigen::VectorXd& free, Eigen::VectorXd& theta) const {
    if (!isotropic_) {
        theta.head(size_) = free;
        return;
    }
    theta[0] = free[0];
    theta.segment(1, dim_).setConstant(free[1]);
    if (learn_noise_) theta[gp_noise_index(dim_)] = free[2];
}

Eigen::VectorXd FreeParameters::reduce(const Eigen::VectorXd& theta) const {
    if (!isotropic_) return theta.head(size_);
    Eigen::VectorXd free(size_);
    free[0] = theta[0];
    free[1] = theta.segment(1, dim_).mean();
    if (learn_noise_) free[2] = theta[gp_noise_index(dim_)];
    return free;
}

void FreeParameters::fold_gradient(const Eigen::VectorXd& grad_theta, Eigen::VectorXd& grad_free) const {
    if (!isotropic_) {
        grad_free = grad_theta.head(size_);
        return;
    }
    grad_free.resize(size_);
    grad_free[0] = grad_theta[0];
    grad_free[1] = grad_theta.segment(1, dim_).sum();  // chain rule: every axis moves with log l
    if (learn_noise_) grad_free[2] = grad_theta[gp_noise_index(dim_)];
}

}  // namespace bobench::surrogates
