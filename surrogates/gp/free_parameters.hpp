#pragma once
// The part of the hyperparameter vector theta (gp_hyperparameters.hpp) that type-II ML
// optimises, and its map to and from theta:
//
//   ARD:        [log s2, log l_1, ..., log l_D (, log n2)]
//   isotropic:  [log s2, log l (, log n2)]   with l_1 = ... = l_D = l
//
// (log n2 only when the noise is learned). theta keeps its full layout either way, so the
// exact GP, the marginal likelihood and the priors need no isotropic variant: the
// isotropic likelihood is the ARD one on the diagonal l_1 = ... = l_D, and its derivative
// in the shared log l is, by the chain rule, the sum of the D lengthscale derivatives.
#include <string_view>

#include <Eigen/Core>

namespace bobench::surrogates {

enum class Lengthscales { Ard, Isotropic };
Lengthscales parse_lengthscales(std::string_view name);  // "ard" | "isotropic"; UserError otherwise

class FreeParameters {
public:
    FreeParameters(int dim, Lengthscales lengthscales, bool learn_noise);

    Eigen::Index size() const { return size_; }
    // The theta entry free entry i stands for (the shared lengthscale: theta[1]).
    Eigen::Index theta_index(Eigen::Index i) const;
    // Writes `free` into theta (the shared log l on every axis); other entries are kept.
    void expand(const Eigen::VectorXd& free, Eigen::VectorXd& theta) const;
    // The free part of theta; isotropic: the mean of its log lengthscales.
    Eigen::VectorXd reduce(const Eigen::VectorXd& theta) const;
    // d/d free from d/d theta.
    void fold_gradient(const Eigen::VectorXd& grad_theta, Eigen::VectorXd& grad_free) const;

private:
    int dim_;
    bool isotropic_, learn_noise_;
    Eigen::Index size_;
};

}  // namespace bobench::surrogates
