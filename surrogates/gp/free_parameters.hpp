#pragma once
// The part of the hyperparameter vector theta (gp_hyperparameters.hpp) that type-II ML
// optimises, and its map to and from theta:
//
//   ARD:        [(log s2,) log l_1, ..., log l_D (, log n2)]
//   isotropic:  [(log s2,) log l (, log n2)]   with l_1 = ... = l_D = l
//
// (log s2 only when the signal variance is learned, log n2 only when the noise is). theta
// keeps its full layout either way, so the exact GP, the marginal likelihood and the priors
// need no isotropic variant: the isotropic likelihood is the ARD one on the diagonal
// l_1 = ... = l_D, and its derivative in the shared log l is, by the chain rule, the sum of
// the D lengthscale derivatives. Entries that are not free keep their value in theta.
#include <string_view>
#include <vector>

#include <Eigen/Core>

namespace bobench::surrogates {

enum class Lengthscales { Ard, Isotropic };
Lengthscales parse_lengthscales(std::string_view name);  // "ard" | "isotropic"; UserError otherwise

class FreeParameters {
public:
    FreeParameters(int dim, Lengthscales lengthscales, bool learn_noise, bool learn_signal = true);

    Eigen::Index size() const { return static_cast<Eigen::Index>(theta_of_.size()); }
    // The theta entry free entry i stands for (the shared lengthscale: theta[1]).
    Eigen::Index theta_index(Eigen::Index i) const { return theta_of_[static_cast<std::size_t>(i)]; }
    // Writes `free` into theta (the shared log l on every axis); other entries are kept.
    void expand(const Eigen::VectorXd& free, Eigen::VectorXd& theta) const;
    // The free part of theta; isotropic: the mean of its log lengthscales.
    Eigen::VectorXd reduce(const Eigen::VectorXd& theta) const;
    // d/d free from d/d theta.
    void fold_gradient(const Eigen::VectorXd& grad_theta, Eigen::VectorXd& grad_free) const;

private:
    bool shared(std::size_t i) const { return isotropic_ && theta_of_[i] == 1; }

    int dim_;
    bool isotropic_;
    std::vector<Eigen::Index> theta_of_;  // free entry -> theta entry
};

}  // namespace bobench::surrogates
