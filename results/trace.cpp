#include "results/trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

namespace bobench::results {

std::size_t Trace::failures() const {
    return keeps_every_evaluation() ? static_cast<std::size_t>(std::count(failed.begin(), failed.end(), 1)) : total_failures;
}

bool Trace::rows_in_order() const {
    const auto& index = evaluation_index;
    return !index.empty() && index.size() == rows() && index.front() >= 0 &&
           std::is_sorted(index.begin(), index.end(), std::less_equal<>()) &&
           static_cast<std::size_t>(index.back()) + 1 == total_evaluations && total_failures <= total_evaluations;
}

void Trace::reserve(std::size_t n, std::size_t dimension) {
    for (auto* v : {&value, &true_value, &cost, &test_value}) v->reserve(n);
    failed.reserve(n);
    x.reserve(n * dimension);
}

static bool bitwise_equal(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

bool Trace::same_record(const Trace& o) const {
    return key == o.key && problem_seed == o.problem_seed && optimizer_seed == o.optimizer_seed &&
           bitwise_equal(value, o.value) && bitwise_equal(true_value, o.true_value) && bitwise_equal(cost, o.cost) &&
           bitwise_equal(test_value, o.test_value) && failed == o.failed && bitwise_equal(x, o.x) &&
           notes == o.notes && bitwise_equal(fidelity, o.fidelity) && evaluation_index == o.evaluation_index &&
           total_evaluations == o.total_evaluations && total_failures == o.total_failures &&
           (full_fidelity == o.full_fidelity || (std::isnan(full_fidelity) && std::isnan(o.full_fidelity)));
}

}  // namespace bobench::results

namespace bobench::results {

IncumbentCurve incumbent_curve(const Trace& t) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    IncumbentCurve c;
    c.best.resize(t.size());
    c.best_true.resize(t.size());
    c.best_test.resize(t.size());
    double best = nan, best_true = nan, best_test = nan;
    std::size_t evaluation = 0;  // the first evaluation not yet filled in
    for (std::size_t row = 0; row < t.rows(); ++row) {
        const std::size_t i = t.evaluation_of(row);
        for (; evaluation < i; ++evaluation) {  // evaluations between rows: the incumbent so far
            c.best[evaluation] = best;
            c.best_true[evaluation] = best_true;
            c.best_test[evaluation] = best_test;
        }
        if (!t.failed[row] && t.at_full_fidelity(row) && !(t.value[row] >= best)) {  // !(>=) also takes the first value over NaN
            best = t.value[row];
            best_true = t.true_value[row];
            best_test = t.test_value[row];
        }
    }
    for (; evaluation < t.size(); ++evaluation) {
        c.best[evaluation] = best;
        c.best_true[evaluation] = best_true;
        c.best_test[evaluation] = best_test;
    }
    return c;
}

}  // namespace bobench::results
