#pragma once
// Maximisation by random sampling: score n points and keep the best.
//
// By default all n points are uniform in the box. With local_fraction > 0 (RoBO's
// RandomSampling uses 0.3 of 500, facts file 2.5) that share of the points is drawn
// from N(centre, local_sd^2 I) clipped to the box, where the centre is the first
// candidate row (pass the incumbent there); without candidates every point is uniform.
// local_sd is a fraction of each side of the box; local_sd_each, when given, one per
// dimension (RoBO's 0.1 is in the problem's own units: 0.1 / side on the unit cube).
// The uniform points are drawn first, then the local ones (RoBO's order).
#include "acquisitions/maximizers/maximizer.hpp"
#include "core/space.hpp"

namespace bobench::acquisitions {

struct RandomSamplingOptions {
    int n_samples = 500;
    double local_fraction = 0.0;
    double local_sd = 0.1;
    Eigen::VectorXd local_sd_each = {};  // per dimension, overrides local_sd when not empty
};

class RandomSampling final : public Maximizer {
public:
    // Throws UserError for n_samples < 1, local_fraction outside [0,1], local_sd <= 0 (or an
    // entry of local_sd_each), or local_sd_each of the wrong size (at maximize).
    explicit RandomSampling(RandomSamplingOptions options = {});
    MaximizeResult maximize(const Objective& f, const Box& box, Rng& rng,
                            const Eigen::MatrixXd& candidates = Eigen::MatrixXd()) const override;

private:
    RandomSamplingOptions options_;
};

// local_sd_each for an sd given in the space's own units, on its unit-cube encoding:
// sd / (hi - lo) for linear real and integer parameters; sd itself (a fraction of the
// side) for log-scale, ordinal and categorical ones. RoBO's RandomSampling uses sd 0.1
// in the problem's units (robo/maximizers/random_sampling.py).
Eigen::VectorXd native_local_sd(const Space& space, double sd);

}  // namespace bobench::acquisitions
