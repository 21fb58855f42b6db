#pragma once
// One run's record: what was evaluated and what came back, evaluation by evaluation.
#include <cstdint>
#include <string>
#include <vector>

namespace bobench::results {

// Which run a trace belongs to: indices into the results file's problem and optimizer
// tables, and the replicate number. The runner maps its plan onto these indices before
// it runs anything, so a key means the same in the plan, the journal and the store.
struct RunKey {
    int problem = 0, optimizer = 0, replicate = 0;
    auto operator<=>(const RunKey&) const = default;
};

struct Trace {
    RunKey key;
    std::uint64_t problem_seed = 0, optimizer_seed = 0;
    double seconds = 0;  // wall time of the run (not part of the comparison of traces)
    std::vector<double> value, true_value, cost, test_value;
    std::vector<std::uint8_t> failed;  // 1: the objective returned NaN/inf
    std::vector<double> x;             // points, row-major: size() rows of `dimension` values
    std::string notes;                 // the optimizer's diagnostics as a JSON object, or ""

    std::size_t size() const { return value.size(); }
    std::size_t failures() const;
    void reserve(std::size_t n, std::size_t dimension);
    // Everything but seconds is equal, bit for bit (NaN equals NaN).
    bool same_record(const Trace& other) const;
};

}  // namespace bobench::results

namespace bobench::results {

// The incumbent after each evaluation is the point with the lowest observed value so far
// (failed evaluations never qualify). best[i] is its observed value and best_true[i] its
// noise-free value, NaN until the first successful evaluation. Regret = best_true - f*:
// on noisy problems the incumbent is chosen by what the optimizer saw, judged by truth.
struct IncumbentCurve {
    std::vector<double> best, best_true, best_test;
};
IncumbentCurve incumbent_curve(const Trace& trace);

}  // namespace bobench::results
