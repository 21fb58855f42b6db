#pragma once
// The conditional-MAP criterion of Aryan 2020 (PhD thesis, VUW, ch. 5, eq. 5.8, Algorithm 4;
// "_cl" in its tables; `criterion=cl`). The next query x^ and the weights w of a FORWARD
// network f_w: [0,1]^D -> y are found together, as the MAP of the posterior given the
// observations (x_i, y_i) plus one pseudo-observation (x^, E[y*]) at the expected minimum
// E[y*] = y_min - max_x EI(x) (expected_minimum, conditional_map.hpp):
//
//   J(w, x^) = (1/(N+1)) [ sum_i (f_w(x_i) - t_i)^2 + (f_w(x^) - t*)^2 ]
//              + lambda1 |W|_1 + lambda2 |W|_2^2,          x^ in [0,1]^D,
//
// t the standardised y, t* the standardised E[y*], f_w the thesis' 2 x 50 tanh network with a
// linear output, lambda1 = lambda2 = 5e-5 (W: the weight matrices; biases unpenalised, the
// L1 term by its subgradient), minimised by full-batch Adam over (w, x^) at once.
// Ours, not the thesis' (a reading of it): x^ is kept in the box by clipping after every
// Adam step (projected Adam); x^ starts at the caller's point (the optimizers pass the
// maximiser of EI among the random samples that scored E[y*]); w is warm-started from the
// previous suggestion's network, its Adam moments kept as well, x^'s start fresh; Adam's
// learning rate 0.01 for both; `steps` (cl_steps, default 500) steps per suggestion.
// The inverse network y -> x that `cl` used to be is `InverseConditionalMap`
// (conditional_map.hpp, `criterion=cl-inverse`).
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::acquisitions {

// f_w: R^D -> R, tanh hidden layers and a linear output, every parameter in one flat vector
// (each layer's W column-major, then its b) so that Adam and the tests see one vector.
class ForwardNetwork {
public:
    // Glorot-uniform weights from rng, zero biases.
    ForwardNetwork(int dim, const std::vector<int>& hidden, Rng& rng);

    Eigen::VectorXd w;
    Eigen::VectorXd penalised;  // 1 where w holds a weight, 0 where a bias

    double operator()(const Eigen::VectorXd& x) const;
    // Outputs at the columns of Xt (D x M); A[l] is the input of layer l, kept for backward.
    Eigen::RowVectorXd forward(const Eigen::MatrixXd& Xt, std::vector<Eigen::MatrixXd>& A) const;
    // Given G = dL/d(outputs), dw = dL/dw and, when dXt is given, dL/dXt (D x M).
    void backward(const std::vector<Eigen::MatrixXd>& A, const Eigen::RowVectorXd& G, Eigen::VectorXd& dw,
                  Eigen::MatrixXd* dXt) const;

private:
    std::vector<int> widths_;               // D, hidden..., 1
    std::vector<Eigen::Index> offsets_;     // where layer l's W starts in w
};

struct JointMapGradient {
    Eigen::VectorXd w;  // dJ/dw
    Eigen::VectorXd x;  // dJ/dx^
};

// J(w, x^) above for X (N x D), standardised t (N) and t*; its gradient into grad when given.
double joint_map_objective(const ForwardNetwork& f, const Eigen::MatrixXd& X, const Eigen::VectorXd& t,
                           const Eigen::VectorXd& x_hat, double t_star, double lambda1, double lambda2,
                           JointMapGradient* grad = nullptr);

class JointConditionalMap {
public:
    // UserError naming cl for dim < 1 or steps < 1.
    JointConditionalMap(int dim, int steps);

    // The joint MAP's x^ in [0,1]^D from (X, y) (rows with a non-finite y are skipped), the
    // target E[y*] in y's units, and x^'s start. The network is created from rng at the first call.
    Eigen::VectorXd propose(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double target,
                            const Eigen::VectorXd& start, Rng& rng);

    // The network after the last propose (null before the first): for tests and diagnostics.
    const ForwardNetwork* network() const { return network_ ? &*network_ : nullptr; }

    static constexpr double lambda1 = 5e-5, lambda2 = 5e-5, learning_rate = 1e-2;

private:
    int dim_;
    int steps_;
    std::optional<ForwardNetwork> network_;
    Eigen::VectorXd m_, v_;  // the weights' Adam moments, kept between suggestions
    long t_ = 0;
};

}  // namespace bobench::acquisitions
