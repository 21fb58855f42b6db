#include "results/trace_policy.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "core/error.hpp"

namespace bobench::results {

std::string trace_policy_name(TracePolicy policy) {
    switch (policy) {
        case TracePolicy::all: return "all";
        case TracePolicy::improvements: return "improvements";
        case TracePolicy::targets: return "targets";
    }
    return "?";
}

TracePolicy parse_trace_policy(const std::string& name, const std::string& origin) {
    for (TracePolicy p : {TracePolicy::all, TracePolicy::improvements, TracePolicy::targets})
        if (name == trace_policy_name(p)) return p;
    throw UserError(origin + ": trace = '" + name + "' is not valid; expected all, improvements or targets");
}

RowKeeper::RowKeeper(TracePolicy policy, bool points, std::size_t dimension, std::optional<double> optimum, long budget)
    : policy_(policy), points_(points), dimension_(dimension), optimum_(optimum), budget_(budget),
      target_exponent_(std::numeric_limits<int>::max()), next_dim_trigger_(static_cast<long>(dimension)) {
    if (policy == TracePolicy::targets && !optimum)
        throw std::logic_error("trace = targets needs the problem's optimum");  // refused at planning
}

void RowKeeper::push(Trace& t, long i, const EvaluationRow& e) const {
    t.value.push_back(e.value);
    t.true_value.push_back(e.true_value);
    t.cost.push_back(e.cost);
    t.test_value.push_back(e.test_value);
    t.failed.push_back(e.failed ? 1 : 0);
    if (points_) t.x.insert(t.x.end(), e.x.begin(), e.x.end());
    if (policy_ != TracePolicy::all) t.evaluation_index.push_back(i);
}

void RowKeeper::push_held(Trace& t) {
    if (held_.evaluation < 0) return;
    const long i = std::exchange(held_.evaluation, -1);
    push(t, i, {held_.value, held_.true_value, held_.cost, held_.test_value, false, held_.x});
}

// COCO's log targets (coco_observer_log_targets_trigger): the regret's decade split in 20,
// rounded up; regrets below the precision count as the precision, zero (or below: rounding
// of f*) as a tenth of it.
bool RowKeeper::reaches_new_target(double true_value) {
    double regret = true_value - *optimum_;
    if (std::isnan(regret) || std::isinf(regret)) return false;
    if (regret <= 0) regret = target_precision / 10;
    else if (regret < target_precision) regret = target_precision;
    const int exponent = static_cast<int>(std::ceil(std::log10(regret) * targets_per_decade));
    if (exponent >= target_exponent_) return false;
    target_exponent_ = exponent;
    return true;
}

// COCO's evaluation triggers (coco_observer_evaluations_trigger): evaluation counts
// 10^(k/20) rounded down, and d * {1, 2, 5} * 10^k; both advanced on every call.
bool RowKeeper::budget_trigger(long count) {
    bool fired = false;
    const auto log_trigger = [](long k) {
        return static_cast<long>(std::floor(std::pow(10.0, static_cast<double>(k) / budget_triggers_per_decade)));
    };
    if (count >= next_log_trigger_) {
        while (log_trigger(log_trigger_exponent_) <= next_log_trigger_) ++log_trigger_exponent_;
        next_log_trigger_ = log_trigger(log_trigger_exponent_);
        fired = true;
    }
    if (count >= next_dim_trigger_) {
        static constexpr long bases[] = {1, 2, 5};
        if (++dim_trigger_base_ == 3) dim_trigger_base_ = 0, ++dim_trigger_exponent_;
        next_dim_trigger_ = static_cast<long>(std::pow(10.0, static_cast<double>(dim_trigger_exponent_))) *
                            static_cast<long>(dimension_) * bases[dim_trigger_base_];
        fired = true;
    }
    return fired;
}

void RowKeeper::add(Trace& t, long i, const EvaluationRow& e) {
    if (policy_ == TracePolicy::all) {
        push(t, i, e);
        return;
    }
    t.total_evaluations = static_cast<std::size_t>(i) + 1;
    if (e.failed) ++t.total_failures;
    // the incumbent's rule (incumbent_curve): the lowest observed value, failures never
    const bool improves = !e.failed && (!any_best_ || e.value < best_);
    if (improves) best_ = e.value, any_best_ = true;
    const bool first = i == 0, last = i + 1 == budget_;
    if (policy_ == TracePolicy::improvements) {
        if (first || improves || last) push(t, i, e);
        return;
    }
    if (improves) {
        held_.evaluation = -1;  // no longer the incumbent
        if (reaches_new_target(e.true_value) || first) {
            push(t, i, e);
        } else {
            held_.evaluation = i;
            held_.value = e.value;
            held_.true_value = e.true_value;
            held_.cost = e.cost;
            held_.test_value = e.test_value;
            if (points_) held_.x.assign(e.x.begin(), e.x.end());
        }
    } else if (first) {
        push(t, i, e);
    }
    if (budget_trigger(i + 1) || last) push_held(t);
    if (last && t.evaluation_index.back() != i) push(t, i, e);
}

Trace keep_rows(const Trace& trace, TracePolicy policy, bool points, std::size_t dimension,
                std::optional<double> optimum) {
    if (!trace.keeps_every_evaluation() || !trace.fidelity.empty())
        throw std::logic_error("keep_rows: a trace of every evaluation, of a single-fidelity run, is needed");
    Trace out;
    out.key = trace.key;
    out.problem_seed = trace.problem_seed;
    out.optimizer_seed = trace.optimizer_seed;
    out.seconds = trace.seconds;
    out.notes = trace.notes;
    // a trace without points (a values-only copy) gives rows without points
    RowKeeper keeper(policy, points && !trace.x.empty(), dimension, optimum, static_cast<long>(trace.rows()));
    Point x(dimension);
    for (std::size_t i = 0; i < trace.rows(); ++i) {
        if (!trace.x.empty()) x.assign(trace.x.begin() + static_cast<std::ptrdiff_t>(i * dimension),
                                       trace.x.begin() + static_cast<std::ptrdiff_t>((i + 1) * dimension));
        keeper.add(out, static_cast<long>(i),
                   {trace.value[i], trace.true_value[i], trace.cost[i], trace.test_value[i], trace.failed[i] != 0, x});
    }
    return out;
}

}  // namespace bobench::results
