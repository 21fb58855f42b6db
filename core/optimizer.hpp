#pragma once
// The ask/tell interface every optimizer implements. One Optimizer object serves one run
// on one thread; all its randomness comes from the Rng passed to ask().
#include <optional>

#include "core/problem.hpp"
#include "core/space.hpp"

namespace bobench {

// What an optimizer may know when it is built.
struct OptimizerSetup {
    const Space& space;  // outlives the optimizer
    long budget;         // evaluations this run will make
};

class Optimizer {
public:
    virtual ~Optimizer() = default;
    // The next point to evaluate; must lie in the space.
    virtual Point ask(Rng& rng) = 0;
    // The observed value of a point returned by ask(); failed evaluations go to tell_failure.
    virtual void tell(const Point& x, double value) = 0;
    // A failed evaluation (NaN/inf objective) of a point returned by ask(). `penalty` is
    // what policy "penalty" tells (the worst value seen so far); empty under "skip" or
    // before the first success. An optimizer that wants to know of failures overrides it.
    virtual void tell_failure(const Point& x, std::optional<double> penalty) {
        if (penalty) tell(x, *penalty);
    }
    // Anything worth keeping with the run's trace (e.g. how often a kernel matrix needed
    // jitter), read once when the run ends.
    virtual Metadata diagnostics() const { return {}; }
};

}  // namespace bobench
