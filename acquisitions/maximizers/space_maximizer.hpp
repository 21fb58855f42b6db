#pragma once
// The one way the BO loops (optimizers/loop/model_based.cpp, optimizers/bore.cpp) search a Space
// for the maximum of their acquisition or class probability: the method and its budget are
// fixed when the loop is built, each suggestion calls maximize().
//
// Every method keeps the best point it scores with ties between distinct points broken
// uniformly at random by the run's Rng (best_point.hpp). Box methods (lbfgsb, de, random)
// work in the space's encoded unit cube: L-BFGS-B on the continuous relaxation (the
// objective must be defined on the whole cube; the result is rounded by decode), DE and
// random sampling score each vector as the valid point it decodes to on spaces with
// discrete parameters.
#include <memory>
#include <string_view>
#include <vector>

#include "acquisitions/maximizers/maximizer.hpp"
#include "core/space.hpp"

namespace bobench::acquisitions {

enum class Method {
    Lbfgsb,         // multi-start L-BFGS-B from the best of random_samples scored points
    De,             // differential evolution, de_evaluations scores
    Random,         // random_samples uniform points of the cube (+ a local share around the incumbent)
    Local,          // local search over the space (SMAC) from the starts and random_samples samples
    SpaceSampling,  // random_samples draws of the space itself (Space::sample)
};
Method parse_method(std::string_view name);  // "lbfgsb" | "de" | "random" | "local" | "sample"

struct SearchOptions {
    Method method = Method::Local;
    int random_samples = 1000;   // see Method
    int lbfgsb_starts = 5;       // L-BFGS-B runs
    long de_evaluations = 2000;
    double local_fraction = 0.0;    // random: share of the samples drawn around the incumbent
    Eigen::VectorXd local_sd_each;  // random: their sd per dimension (empty: 0.1 of each side)
    bool one_hot = false;  // the objective reads points encoded with one-hot categoricals
    // de, random: score vectors as the points they decode to on all-real spaces too (BORE
    // does; on a real space that round trip changes at most the last bits)
    bool snap_real_spaces = false;
};

class SpaceMaximizer {
public:
    // Throws UserError for budgets the method refuses; std::logic_error for lbfgsb with a
    // one-hot objective on a space that is not all real (the cube is not the model's input).
    SpaceMaximizer(const Space& space, SearchOptions options);

    // f: a function of a point's encoding, space.encode(p, one_hot); lbfgsb uses its
    // gradient when f has one. starts: good points, best first (the best observations):
    // local search climbs from all of them, lbfgsb, de and random score the first (the
    // incumbent; random centres its local share on it), space sampling ignores them.
    Point maximize(const Objective& f, const std::vector<Point>& starts, Rng& rng) const;

    const SearchOptions& options() const { return options_; }

private:
    const Space& space_;
    SearchOptions options_;
    Box cube_;  // [0,1]^D, D = space.size()
    bool snap_;
    std::unique_ptr<Maximizer> box_;  // lbfgsb, de, random
};

}  // namespace bobench::acquisitions
