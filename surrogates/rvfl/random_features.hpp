#pragma once
// The random hidden layer of a random-vector functional-link network (Pao, Park & Sobajic
// 1994; Aryan 2020, thesis ch. 4, Table 4.1):
//
//   phi(x) = [ act(W s(x) + b) ; s(x) if direct link ]        (M hidden units + D direct)
//
// s(x) standardises each input by the training data's column mean and standard deviation
// (a constant column keeps scale 1), or by the search box's (inputs in [0,1]: mean 1/2,
// sd 1/sqrt(12)), which does not move with where the points cluster. The hidden weights are never trained: each row of W
// is a standard normal vector normalised to unit length (the thesis' "normalised" hidden
// weights; a uniform direction, so w.s(x) has unit scale whatever D), biases ~ N(0, 1).
// Only the output weights on phi are learnt (bayesian_linear_regression.hpp).
#include <string>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::surrogates::rvfl {

enum class Activation { Tanh, Relu };
Activation parse_activation(const std::string& name);  // "tanh" | "relu"; UserError otherwise
std::string to_string(Activation a);

class RandomFeatures {
public:
    // Draws M hidden units for D inputs. M = 0 is allowed only with the direct link (the
    // network is then Bayesian linear regression on the standardised inputs); without it
    // UserError says there would be no features.
    RandomFeatures(int input_dim, int hidden_units, Activation activation, bool direct_link, Rng& rng);

    // Fixes s(x) from the training inputs (N x D).
    void standardise_by(const Eigen::MatrixXd& X);
    // Fixes s(x) from the uniform distribution on the unit box.
    void standardise_by_unit_box();

    int input_dim() const { return static_cast<int>(W_.cols()); }
    int size() const { return static_cast<int>(W_.rows()) + (direct_link_ ? input_dim() : 0); }

    Eigen::MatrixXd features(const Eigen::MatrixXd& X) const;  // N x size(), one row per point
    // phi(x); with J non-null also d phi / d x (size() x D).
    Eigen::VectorXd feature(const Eigen::VectorXd& x, Eigen::MatrixXd* J = nullptr) const;

private:
    Activation activation_;
    bool direct_link_;
    Eigen::MatrixXd W_;  // M x D, unit rows
    Eigen::VectorXd b_;  // M
    Eigen::VectorXd centre_, scale_;
};

}  // namespace bobench::surrogates::rvfl
