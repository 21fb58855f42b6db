#include "results/trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace bobench::results {

std::size_t Trace::failures() const { return static_cast<std::size_t>(std::count(failed.begin(), failed.end(), 1)); }

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
           notes == o.notes && bitwise_equal(fidelity, o.fidelity) &&
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
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (!t.failed[i] && t.at_full_fidelity(i) && !(t.value[i] >= best)) {  // !(>=) also takes the first value over NaN
            best = t.value[i];
            best_true = t.true_value[i];
            best_test = t.test_value[i];
        }
        c.best[i] = best;
        c.best_true[i] = best_true;
        c.best_test[i] = best_test;
    }
    return c;
}

}  // namespace bobench::results
