#pragma once
// The likelihood gradient of a network with one hidden layer (Aryan's 1 x 10 sigmoid
// network of sbnn / hbnn: NUTS evaluates it ~700 000 times per fit), in a few passes over
// the points with the vector lanes over the points instead of over the 10 hidden units
// (which fill AVX2's 4 lanes badly: 4 + 4 + 2, and leave the output layer scalar).
// Sums over the points (the weight gradients, the squared error) keep eight partial sums,
// of the points b = 0, 1, ..., 7 (mod 8), each in increasing b, added as
// ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)): the scalar, SSE2, AVX2 and AVX-512
// paths (lanes.hpp) all compute exactly these, so the result does not depend on the CPU.
// Eight, not four: one AVX-512 vector, and two independent chains per sum with AVX2.
// The points are padded to a multiple of 8 with zeros whose residuals are set to 0.
#include <vector>

#include <Eigen/Core>

#include "surrogates/bnn/network.hpp"

namespace bobench::bnn {

// Points as rows (each input coordinate contiguous over the points), zero-padded to a
// multiple of 8 rows.
struct PointsMajor {
    Eigen::MatrixXd X;      // padded x D
    Eigen::VectorXd y;      // padded
    Eigen::Index n = 0;     // the real points: rows [0, n)
    // From inputs as columns (D x N) and outputs; or only the points `rows` of them.
    void assign(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y);
    void assign(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, const std::vector<int>& rows);
};

class OneHiddenLayerGradient {
public:
    // For a network with exactly one hidden layer: returns sum_b e_b^2 with
    // e_b = y_b - f(x_b; theta), and adds weight * sum_b e_b d f(x_b) / d theta to grad.
    double operator()(const Network& net, const Eigen::VectorXd& theta, const PointsMajor& data, double weight,
                      Eigen::VectorXd& grad);

private:
    Eigen::VectorXd units_;  // padded x H: pre-activations, activations, then deltas
    Eigen::VectorXd r_;      // padded: residuals, then weight * residuals
};

}  // namespace bobench::bnn
