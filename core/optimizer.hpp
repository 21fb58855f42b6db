#pragma once
// The ask/tell interface every optimizer implements. One Optimizer object serves one run
// on one thread; all its randomness comes from the Rng passed to ask().
#include <cstdint>
#include <optional>

#include "core/problem.hpp"
#include "core/space.hpp"

namespace bobench {

// What an optimizer may know when it is built.
struct OptimizerSetup {
    const Space& space;  // outlives the optimizer
    long budget;         // evaluations this run will make
    std::optional<Fidelity> fidelity = std::nullopt;  // the problem's, when it has one
    // The same for every optimizer of one run's problem, replicate and restart (the runner's;
    // 0 elsewhere): a stream that an initial design may draw from, so that the methods of a
    // comparison can start from the same points (model_based's init_stream=shared).
    std::uint64_t design_seed = 0;
};

// A multi-fidelity request: a point and the fidelity to evaluate it at (nullopt: the
// problem's full fidelity, which is all a single-fidelity optimizer ever asks for).
struct Query {
    Point x;
    std::optional<double> fidelity;
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

    // Multi-fidelity ask/tell; the runner calls these on problems with a fidelity. The
    // defaults ask() at full fidelity and forward the answer to tell()/tell_failure(), so a
    // single-fidelity optimizer runs unchanged. A multi-fidelity optimizer overrides all
    // three (see MultiFidelityOptimizer).
    virtual Query ask_query(Rng& rng) { return {ask(rng), std::nullopt}; }
    virtual void tell_query(const Query& q, double value) { tell(q.x, value); }
    virtual void tell_query_failure(const Query& q, std::optional<double> penalty) { tell_failure(q.x, penalty); }
};

// Base of optimizers that choose fidelities (hyperband, bohb): they work only through
// ask_query/tell_query, on a problem with a fidelity (their factories check it); the
// single-fidelity ask/tell would lose the fidelity and are refused (std::logic_error).
class MultiFidelityOptimizer : public Optimizer {
public:
    Point ask(Rng&) final;
    void tell(const Point&, double) final;
    void tell_failure(const Point&, std::optional<double>) final;
    Query ask_query(Rng& rng) override = 0;
    void tell_query(const Query& q, double value) override = 0;
    void tell_query_failure(const Query& q, std::optional<double> penalty) override = 0;
};

// The problem's fidelity, or a UserError saying that `optimizer` needs one.
const Fidelity& require_fidelity(const OptimizerSetup& setup, const std::string& optimizer);

}  // namespace bobench
