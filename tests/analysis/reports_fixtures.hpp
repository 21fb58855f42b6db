#pragma once
// Hand-made results files for the report tests: problems, optimizers and traces built
// directly (no optimizer runs), so every metric is known in closed form.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/store.hpp"
#include "tests/support/values.hpp"

namespace bobench::reports_testing {

using testing::kNaN;

// A noise-free trace: true_value = value; failed evaluations are NaN values flagged failed.
inline results::Trace make_trace(int problem, int optimizer, int replicate, const std::vector<double>& values) {
    results::Trace t;
    t.key = {problem, optimizer, replicate};
    for (double v : values) {
        const bool failed = !(v == v);
        t.value.push_back(v);
        t.true_value.push_back(v);
        t.cost.push_back(0.0);
        t.test_value.push_back(kNaN);
        t.failed.push_back(failed ? 1 : 0);
    }
    return t;
}

inline results::ProblemInfo problem(const std::string& label, std::optional<double> optimum,
                                    const std::string& dimension = "2") {
    results::ProblemInfo p;
    p.label = p.id = label;
    p.params = {};  // no points are stored
    p.optimum = optimum;
    p.metadata = {{"suite", "handmade"}, {"dimension", dimension}};
    return p;
}

inline results::Results empty_results(const std::vector<results::ProblemInfo>& problems,
                                      const std::vector<std::string>& optimizers) {
    results::Results r;
    r.bobench_version = "test";
    r.git_revision = "test";
    r.spec = "";
    r.budget = 2;
    r.problems = problems;
    for (const std::string& o : optimizers) r.optimizers.push_back({o, o});
    return r;
}

// Problem "p1" (f* = 0): A's final regrets 0.00..0.09, B's 1.00..1.09, C's 10.00..10.09
// over 10 replicates (2 evaluations per run: base + 1 + 0.01 r, then base + 0.01 r), so A
// beats B beats C on every test. Problem "p2" (f* = 1): all three identical, a tie.
// `order` lists the optimizer labels in the order of the file's table.
inline results::Results abc_results(const std::vector<std::string>& order = {"A", "B", "C"}) {
    results::Results r = empty_results({problem("p1", 0.0, "2"), problem("p2", 1.0, "10")}, order);
    for (std::size_t o = 0; o < order.size(); ++o) {
        const double base = order[o] == "A" ? 0.0 : order[o] == "B" ? 1.0 : 10.0;
        for (int rep = 0; rep < 10; ++rep) {
            const double e = 0.01 * rep;
            r.runs.push_back(make_trace(0, static_cast<int>(o), rep + 1, {base + 1 + e, base + e}));
            r.runs.push_back(make_trace(1, static_cast<int>(o), rep + 1, {3.0 + e, 1.5 + e}));
        }
    }
    r.sort_runs();
    return r;
}

}  // namespace bobench::reports_testing
