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

FreeParameters::FreeParameters(int dim, Lengthscales lengthscales, bool learn_noise, bool learn_signal)
    : dim_(dim), isotropic_(lengthscales == Lengthscales::Isotropic) {
    if (learn_signal) theta_of_.push_back(0);
    for (int axis = 1; axis <= (isotropic_ ? 1 : dim); ++axis) theta_of_.push_back(axis);
    if (learn_noise) theta_of_.push_back(gp_noise_index(dim));
}

void FreeParameters::expand(const Eigen::VectorXd& free, Eigen::VectorXd& theta) const {
    for (std::size_t i = 0; i < theta_of_.size(); ++i) {
        const auto k = static_cast<Eigen::Index>(i);
        if (shared(i))
            theta.segment(1, dim_).setConstant(free[k]);
        else
            theta[theta_of_[i]] = free[k];
    }
}

Eigen::VectorXd FreeParameters::reduce(const Eigen::VectorXd& theta) const {
    Eigen::VectorXd free(size());
    for (std::size_t i = 0; i < theta_of_.size(); ++i)
        free[static_cast<Eigen::Index>(i)] = shared(i) ? theta.segment(1, dim_).mean() : theta[theta_of_[i]];
    return free;
}

void FreeParameters::fold_gradient(const Eigen::VectorXd& grad_theta, Eigen::VectorXd& grad_free) const {
    grad_free.resize(size());
    for (std::size_t i = 0; i < theta_of_.size(); ++i)  // the shared log l moves every axis: chain rule
        grad_free[static_cast<Eigen::Index>(i)] =
            shared(i) ? grad_theta.segment(1, dim_).sum() : grad_theta[theta_of_[i]];
}

}  // namespace bobench::surrogates
