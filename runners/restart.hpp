#pragma once
// Restarts within a run (`restart_on = target,revisit`): when the optimizer reaches the
// problem's target or proposes a point it has already evaluated, a fresh optimizer takes
// over and spends the rest of the run's budget. The run's random stream goes on (it is
// not reseeded), so a run with restarts is as deterministic as one without.
//
// This is the rule of COCO's experiment loop (restart "independent" runs while budget
// remains) and of M. Aryan's thesis (VUW 2020), chapter 3: a run that hits the target or
// re-evaluates a point stops and a new one starts.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/space.hpp"
#include "results/trace.hpp"

namespace bobench::runners {

struct RestartRule {
    bool on_target = false;     // f - f* <= target (noise-free value; needs a known f*)
    bool on_revisit = false;    // the optimizer proposes a point it evaluated since its start
    double target = 1e-8;       // COCO's final target precision
    bool active() const { return on_target || on_revisit; }
    bool operator==(const RestartRule&) const = default;
};

// "none", or a comma-separated list of "target" and "revisit"; UserError naming `where`.
RestartRule parse_restart_on(const std::string& text, const std::string& where);
// The spec's spelling: "none", "target", "revisit" or "target,revisit".
std::string restart_on_name(const RestartRule& rule);

// One run's view of the rule: fed every proposed point and evaluation, it says when to
// restart. A revisit is a point equal, value for value, to one the current optimizer
// instance proposed and had evaluated; such a point is not evaluated (it would spend
// budget on a value already known). Revisits are only looked for within one instance, so
// a fresh optimizer always evaluates its first point and the loop always ends.
class RestartMonitor {
public:
    RestartMonitor(const RestartRule& rule, std::optional<double> optimum);
    // True when `x` repeats a point of the current instance (and the rule restarts on that).
    bool revisits(const Point& x) const;
    // Records an evaluated point; true when its noise-free value reaches the target.
    bool evaluated(const Point& x, double true_value);
    // A fresh optimizer starts at evaluation `index` (0-based).
    void restarted(long index);
    const std::vector<long>& restarts() const { return restarts_; }

private:
    RestartRule rule_;
    std::optional<double> optimum_;
    std::set<Point> seen_;  // points of the current instance (ordered: a revisit is found in log n)
    std::vector<long> restarts_;
};

// The evaluation indices at which fresh optimizers started, read from a trace's notes
// ("restarts" key); empty when the run never restarted.
std::vector<long> restart_indices(const results::Trace& trace);

}  // namespace bobench::runners
