#pragma once
// A problem: a space, an objective to minimise and what is known about its optimum.
// Problems are immutable after construction and shared read-only by all threads; any
// randomness of an evaluation (observation noise, a tabular benchmark's repeat) comes
// from the run's problem stream passed to evaluate().
#include <limits>
#include <map>
#include <optional>
#include <string>

#include "core/rng.hpp"
#include "core/space.hpp"

namespace bobench {

struct Evaluation {
    double value = std::numeric_limits<double>::quiet_NaN();       // what the optimizer observes
    double true_value = std::numeric_limits<double>::quiet_NaN();  // noise-free value, for regret
    double cost = 0;                                               // e.g. training seconds
    double test_value = std::numeric_limits<double>::quiet_NaN();  // held-out metric, if any
};

// A problem's fidelity (multi-fidelity optimisation): a resource such as training epochs
// that makes an evaluation cheaper and less accurate when lowered. Values run over
// [lowest, full]; `full` is the fidelity evaluate() uses, and only evaluations at `full`
// count for regret (results::incumbent_curve). `integer`: only whole values are valid.
struct Fidelity {
    std::string name;  // "epoch"
    double lowest = 1, full = 1;
    bool integer = true;
};

// Descriptive key/value pairs: suite, group, dimension, instance, dataset ...
using Metadata = std::map<std::string, std::string>;

class Problem {
public:
    virtual ~Problem() = default;
    virtual const Space& space() const = 0;
    virtual Evaluation evaluate(const Point& x, Rng& rng) const = 0;
    // f*: the lowest noise-free value, when known. Regret = incumbent's true value - f*.
    virtual std::optional<double> optimum() const { return std::nullopt; }
    // Lowest test_value over the problem, when it has one (tabular benchmarks).
    virtual std::optional<double> test_optimum() const { return std::nullopt; }
    virtual Metadata metadata() const { return {}; }

    // Multi-fidelity problems override both. fidelity(): nullopt for a single-fidelity
    // problem. evaluate_at(x, f, rng): the evaluation at fidelity f (check_fidelity first);
    // at f == full it must equal evaluate(x, rng). The default refuses any call, naming the
    // problem as having no fidelity.
    virtual std::optional<Fidelity> fidelity() const { return std::nullopt; }
    virtual Evaluation evaluate_at(const Point& x, double fidelity, Rng& rng) const;
};

// What building a problem may depend on beyond its identifier: the invocation's context,
// passed explicitly (no process-global state), never part of the problem's id or seeds.
struct ProblemSetup {
    std::string data_dir;  // folder of tabular benchmark files; empty: ./data
};

// UserError unless `f` is a valid value of `fidelity` ("fidelity epoch = 0 is outside [1, 100]").
void check_fidelity(const std::optional<Fidelity>& fidelity, double f, const std::string& who);

}  // namespace bobench
