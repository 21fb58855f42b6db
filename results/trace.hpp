#pragma once
// One run's record: what was evaluated and what came back, evaluation by evaluation.
#include <cstdint>
#include <limits>
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
    // Multi-fidelity problems only (else empty and NaN): the fidelity of each evaluation
    // and the problem's full fidelity, the only one that counts for regret.
    std::vector<double> fidelity;
    double full_fidelity = std::numeric_limits<double>::quiet_NaN();

    // The rows kept by the experiment's trace policy (results/trace_policy.hpp): empty when
    // every evaluation is a row (trace = all); else row r holds evaluation evaluation_index[r]
    // (0-based, ascending) of the run's total_evaluations, of which total_failures failed.
    std::vector<std::int64_t> evaluation_index;
    std::size_t total_evaluations = 0, total_failures = 0;

    bool keeps_every_evaluation() const { return evaluation_index.empty(); }
    std::size_t rows() const { return value.size(); }
    // The run's number of evaluations, whether or not each is a row.
    std::size_t size() const { return keeps_every_evaluation() ? rows() : total_evaluations; }
    std::size_t evaluation_of(std::size_t row) const {
        return keeps_every_evaluation() ? row : static_cast<std::size_t>(evaluation_index[row]);
    }
    // Whether a trace policy's rows are evaluations in order, the last of them the run's
    // last evaluation (as every policy keeps it), with no more failures than evaluations.
    bool rows_in_order() const;
    // Whether row i may become the incumbent: every evaluation of a single-fidelity run,
    // only full-fidelity ones of a multi-fidelity run.
    bool at_full_fidelity(std::size_t i) const { return fidelity.empty() || fidelity[i] == full_fidelity; }
    std::size_t failures() const;
    void reserve(std::size_t n, std::size_t dimension);
    // Everything but seconds is equal, bit for bit (NaN equals NaN).
    bool same_record(const Trace& other) const;
};

}  // namespace bobench::results

namespace bobench::results {

// The incumbent after each evaluation is the point with the lowest observed value so far
// (failed evaluations never qualify; in a multi-fidelity run, neither do evaluations
// below the full fidelity: a value after 3 of 100 epochs is not the benchmark's objective,
// so regret is that of the best full-fidelity evaluation, NaN before the first one. This
// is HpBandSter's incumbent (Result.get_incumbent_id and its trajectories with
// all_budgets=False take the largest budget's runs only), and HPOBench tests an incumbent
// only at the highest fidelity (objective_function_test asserts the default fidelity).) best[i] is its observed value and best_true[i] its
// noise-free value, NaN until the first successful evaluation. Regret = best_true - f*:
// on noisy problems the incumbent is chosen by what the optimizer saw, judged by truth.
// The curves have one entry per evaluation of the run (size()); where the trace keeps only
// some evaluations as rows, an entry holds the best of the rows up to that evaluation, which
// is the run's incumbent wherever the policy keeps it (every evaluation under trace =
// improvements; the ladders' evaluations and the target hits under trace = targets).
struct IncumbentCurve {
    std::vector<double> best, best_true, best_test;
};
IncumbentCurve incumbent_curve(const Trace& trace);

}  // namespace bobench::results
