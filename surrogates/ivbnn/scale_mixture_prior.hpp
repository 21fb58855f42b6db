#pragma once
// The IVBNN weight prior (Aryan 2020 ch. 6): every weight and bias independently from a
// zero-mean Gaussian scale mixture, sum_k pi_k N(0, s_k^2); the thesis' is
// 0.2 N(0, 1) + 0.8 N(0, 5^2). The critic only ever sees samples of it.
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::ivbnn {

struct ScaleComponent {
    double weight;
    double sd;
};

class ScaleMixturePrior {
public:
    // UserError unless the weights are positive and sum to 1 (within 1e-9) and every sd > 0.
    explicit ScaleMixturePrior(std::vector<ScaleComponent> components);
    static ScaleMixturePrior thesis() { return ScaleMixturePrior({{0.2, 1.0}, {0.8, 5.0}}); }

    // dim x count independent draws (one per column).
    Eigen::MatrixXd sample(Eigen::Index dim, Eigen::Index count, Rng& rng) const;
    // The marginal sd of one weight, sqrt(sum_k pi_k s_k^2).
    double sd() const;
    const std::vector<ScaleComponent>& components() const { return components_; }

private:
    std::vector<ScaleComponent> components_;
};

}  // namespace bobench::ivbnn
