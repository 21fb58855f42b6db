#pragma once
// Multi-start L-BFGS-B (LBFGSpp's LBFGSBSolver with the box as bounds).
//
// Scores n_random uniform points plus the candidates (by f, or by f.start_scores when set),
// then runs L-BFGS-B on -f from the n_starts best of them, with the objective's analytic
// gradient; without one, central finite differences (step 1e-6 of the box side, one-sided
// at the bounds) stand in, at 2D extra evaluations per gradient. Returns the best point
// ever evaluated by f, so a start that ends in a line-search exception still counts.
#include "acquisitions/maximizers/maximizer.hpp"

namespace bobench::acquisitions {

struct MultiStartLbfgsbOptions {
    int n_random = 1000;       // uniform points scored to pick the starts
    int n_starts = 5;          // L-BFGS-B runs from the best of them
    int max_iterations = 50;   // per run
    double gradient_tolerance = 1e-9;  // LBFGSpp epsilon (projected gradient, absolute)
    double relative_decrease = 1e-10;  // LBFGSpp delta (stop on a smaller relative decrease)
};

class MultiStartLbfgsb final : public Maximizer {
public:
    // Throws UserError on n_random < 0, n_starts < 1, max_iterations < 1 or negative
    // tolerances.
    explicit MultiStartLbfgsb(MultiStartLbfgsbOptions options = {});
    MaximizeResult maximize(const Objective& f, const Box& box, Rng& rng,
                            const Eigen::MatrixXd& candidates = Eigen::MatrixXd()) const override;

private:
    MultiStartLbfgsbOptions options_;
};

}  // namespace bobench::acquisitions
