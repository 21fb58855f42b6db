#pragma once
// The trace policy: which evaluations of a run become rows of its trace (and of the results
// file), `[experiment] trace = all | improvements | targets`.
//   all           every evaluation (the default; BO budgets, and what the cost view needs)
//   improvements  the first evaluation, every one that improves the incumbent (the lowest
//                 observed value so far, as incumbent_curve defines it) and the last: the
//                 incumbent curve is the same at every evaluation as with `all`
//   targets       what COCO's bbob logger keeps (its coco_observer.c and logger_bbob.c): the
//                 first evaluation; an improvement whose regret reaches a new target of the
//                 ladder 10^(k/20) (k integer, down to 1e-8); at each evaluation of the budget
//                 ladder (10^(k/20) rounded down, and d * {1, 2, 5} * 10^k) the incumbent; and
//                 at the end the incumbent and the last evaluation. The incumbent curve is
//                 exact at those evaluations and at every target's first hit (so ERT, ECDF and
//                 the fixed-budget figures on the ladders), held from the last row in between.
// `trace_points = no` keeps no points, whatever the policy.
// Every policy's rows are a subset of `all`'s, so a trace kept by `all` can be filtered into
// any policy's (keep_rows) and gives the rows a run under that policy would have stored.
#include <optional>
#include <string>

#include "core/space.hpp"
#include "results/trace.hpp"

namespace bobench::results {

enum class TracePolicy { all, improvements, targets };
std::string trace_policy_name(TracePolicy policy);
// UserError naming `origin` and the valid names otherwise.
TracePolicy parse_trace_policy(const std::string& name, const std::string& origin);

// COCO's target precision: regrets below it count as reaching it (zero as a tenth of it).
inline constexpr double target_precision = 1e-8;
inline constexpr int targets_per_decade = 20, budget_triggers_per_decade = 20;

// One evaluation as the runner records it.
struct EvaluationRow {
    double value, true_value, cost, test_value;
    bool failed;
    const Point& x;
};

// Decides, evaluation by evaluation, which become rows of a trace.
class RowKeeper {
public:
    // `optimum` is needed by `targets` (its regret ladder); `budget` tells the last evaluation.
    RowKeeper(TracePolicy policy, bool points, std::size_t dimension, std::optional<double> optimum, long budget);
    // Evaluation `i` (0-based, each in turn) into `trace`.
    void add(Trace& trace, long i, const EvaluationRow& e);

private:
    struct Held {  // the incumbent, when it is not a row yet
        long evaluation = -1;
        double value = 0, true_value = 0, cost = 0, test_value = 0;
        Point x;
    };
    void push(Trace& trace, long i, const EvaluationRow& e) const;
    void push_held(Trace& trace);
    bool reaches_new_target(double true_value);
    bool budget_trigger(long count);

    TracePolicy policy_;
    bool points_;
    std::size_t dimension_;
    std::optional<double> optimum_;
    long budget_;
    double best_ = 0;
    bool any_best_ = false;
    Held held_;
    int target_exponent_;         // the lowest target exponent reached so far
    long next_log_trigger_ = 1, log_trigger_exponent_ = 0;   // 10^(k/20) rounded down
    long next_dim_trigger_, dim_trigger_exponent_ = 0, dim_trigger_base_ = 0;  // d * {1, 2, 5} * 10^k
};

// The rows of `trace` (which keeps every evaluation) that `policy` keeps, as a run under it
// would have recorded them.
Trace keep_rows(const Trace& trace, TracePolicy policy, bool points, std::size_t dimension,
                std::optional<double> optimum);

}  // namespace bobench::results
