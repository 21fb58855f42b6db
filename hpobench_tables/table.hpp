#pragma once
// A tabular benchmark in memory, and the Problem that looks configurations up in it.
//
// Every configuration of a discrete Space was trained beforehand, a few times (repeats),
// and the results were stored; evaluating a configuration is a lookup. A Table holds, for
// each configuration present, R repeats of three numbers: the objective (e.g. FCNet's
// final-epoch validation MSE), a held-out test metric and a cost (training seconds).
//
// Configurations are addressed by a dense mixed-radix index over the parameters' value
// indices (the first parameter is the most significant digit), computed from a Point
// without allocating; the index maps to a slot (a row of the flat arrays) through a dense
// vector, or a sorted list when the space is much larger than the table.
//
// Missing data is NaN: an entry that is NaN in the file, a repeat a configuration does not
// have (R is the most repeats of any configuration), a metric the table does not have.
//
// A table may also hold each repeat's learning curve: the objective after each of E
// epochs (FCNet's valid_mse[r][e], NAS-Bench-201's /valid_error_curve), which makes it a
// multi-fidelity problem. Curves are held in single precision (4 bytes per entry: 100 MB
// for the full FCNet table instead of 200 MB); the final epoch, the objective, stays exact.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/problem.hpp"
#include "core/space.hpp"

namespace bobench::tables {

// Learning curves of a table's rows: `epochs` values per row, row after row in the order
// of the rows given to Table's constructor; empty (epochs 0) when the table has none.
struct LearningCurves {
    std::size_t epochs = 0;
    std::vector<float> values;
};

class Table {
public:
    static constexpr std::uint32_t absent = 0xffffffffu;

    // One stored result; rows of the same configuration are its repeats, in the given order.
    struct Row {
        std::uint64_t config;
        double objective, test, cost;
    };
    // Where a table came from and what its columns mean (for messages and `tabular info`).
    struct Provenance {
        std::string layout;   // "fcnet", "nasbench201", "table"
        std::string source;   // the file
        std::string fixture;  // non-empty: a synthetic fixture; the file's note saying so
        std::string dataset;  // what the table is about, when the file says (NAS-Bench-201 layout)
        std::string objective_name = "objective", test_name, cost_name;  // empty: not in the table
        std::vector<std::string> contents;  // what the file holds, one line each ("valid_mse [4, 100] float64")
    };

    using Curves = LearningCurves;

    // Spaces with a Real parameter cannot be tabulated (UserError). Rows with a config index
    // outside [0, size()) and curves of another size than rows x epochs are logic errors.
    Table(Space space, std::vector<Row> rows, Provenance provenance, Curves curves = {});

    const Space& space() const { return space_; }
    const Provenance& provenance() const { return prov_; }
    bool is_fixture() const { return !prov_.fixture.empty(); }
    bool has_test() const { return !prov_.test_name.empty(); }
    bool has_cost() const { return !prov_.cost_name.empty(); }

    std::uint64_t size() const { return configs_; }             // configurations of the space
    std::size_t present() const { return slot_config_.size(); }  // configurations in the table
    std::size_t repeats() const { return repeats_; }             // R

    // Mixed-radix index of a point; UserError naming the coordinate when x is not in the space.
    std::uint64_t index_of(const Point& x) const;
    Point point_at(std::uint64_t index) const;
    std::uint32_t slot(std::uint64_t index) const;  // `absent` when the table lacks the configuration
    std::uint64_t config_of(std::uint32_t slot) const { return slot_config_[slot]; }

    std::uint32_t count(std::uint32_t s) const { return count_[s]; }  // repeats this configuration has
    double objective(std::uint32_t s, std::size_t r) const { return objective_[s * repeats_ + r]; }
    double test(std::uint32_t s, std::size_t r) const { return test_[s * repeats_ + r]; }
    double cost(std::uint32_t s, std::size_t r) const { return cost_[s * repeats_ + r]; }
    // Means over the configuration's repeats; NaN when any of them is NaN (as numpy's mean).
    double mean_objective(std::uint32_t s) const { return mean_objective_[s]; }
    double mean_test(std::uint32_t s) const { return mean_test_[s]; }
    double mean_cost(std::uint32_t s) const { return mean_cost_[s]; }

    std::size_t epochs() const { return epochs_; }  // E of the learning curves; 0: none
    // The objective of repeat r after `epoch` epochs (1..epochs()); NaN where the table lacks it.
    double curve(std::uint32_t s, std::size_t r, std::size_t epoch) const {
        return curve_[(s * repeats_ + r) * epochs_ + epoch - 1];
    }

    // Slots with the lowest finite mean objective / mean test value (first in index order on
    // ties); nullopt when no configuration has one.
    std::optional<std::uint32_t> best_objective_slot() const { return best_objective_; }
    std::optional<std::uint32_t> best_test_slot() const { return best_test_; }

    struct NanCounts {
        std::size_t objective = 0, test = 0, cost = 0;  // NaN entries among present repeats
        std::size_t configs = 0;                        // configurations with a NaN objective in some repeat
    };
    const NanCounts& nan_counts() const { return nans_; }
    // Some configuration of the space that the table lacks (for messages); nullopt if complete.
    std::optional<std::uint64_t> first_missing() const;

private:
    void place_curves(std::vector<float> values, const std::vector<std::size_t>& order);

    Space space_;
    Provenance prov_;
    std::vector<std::uint64_t> stride_;
    std::uint64_t configs_ = 1;
    std::size_t repeats_ = 0;
    std::vector<std::uint32_t> dense_slot_;                            // size() entries, or empty
    std::vector<std::pair<std::uint64_t, std::uint32_t>> sparse_slot_;  // sorted by config, when not dense
    std::vector<std::uint64_t> slot_config_;                           // slots in increasing config order
    std::vector<std::uint32_t> count_;
    std::vector<double> objective_, test_, cost_;                      // present() * repeats()
    std::vector<double> mean_objective_, mean_test_, mean_cost_;
    std::size_t epochs_ = 0;
    std::vector<float> curve_;  // present() * repeats() * epochs()
    std::optional<std::uint32_t> best_objective_, best_test_;
    NanCounts nans_;
};

// How an evaluation picks among a configuration's repeats.
struct RepeatMode {
    enum class Kind { Random, Mean, Fixed };
    Kind kind = Kind::Random;
    std::uint32_t index = 0;  // Fixed
    // "random", "mean" or a repeat index; UserError names `who` and what is accepted.
    static RepeatMode parse(const std::string& text, std::size_t repeats, const std::string& who);
    std::string str() const;
};

// What validation regret is measured against (see TableProblem).
enum class ValidOptimum {
    LowestMean,      // the lowest mean objective over the table (HPOBench's stated definition)
    BestTestConfig,  // the mean objective of the configuration with the lowest mean test value
                     // (what nas_benchmarks' FCNetBenchmark.get_results() subtracts)
};
ValidOptimum parse_valid_optimum(const std::string& text);  // "lowest-mean" | "best-test-config"

// A Table as a Problem. An evaluation of configuration c:
//   value      = objective of repeat r of c, r drawn uniformly from the run's problem stream
//                (repeat=random), fixed (repeat=R), or the mean over c's repeats (repeat=mean);
//   true_value = value: HPOBench measures validation regret on the *observed* value of the
//                incumbent (the configuration with the lowest observed value so far), so
//                bobench's regret, best_true - optimum(), is that regret;
//   test_value = mean test metric of c over its repeats (HPOBench's test regret uses it);
//   cost       = cost of repeat r (repeat=mean: the mean cost); 0 when not known.
// optimum()      = the lowest mean objective over the table (or, with ValidOptimum::
//                  BestTestConfig, the mean objective of the best-test configuration);
// test_optimum() = the lowest mean test metric over the table.
// So validation regret = incumbent's observed value - optimum(), and test regret = the
// incumbent's test_value - test_optimum(); regret can be negative (an observed repeat may
// beat the lowest mean). NaN entries, and configurations the table lacks, evaluate to NaN
// (the runner records a failed evaluation); a point outside the space is a UserError.
//
// With learning curves the problem has a fidelity, "epoch" in [1, E] (HPOBench's FCNet
// `budget` 1..100, NAS-Bench-201 `epoch` 1..200). evaluate_at(x, e) reads the same repeat
// as evaluate() would, and returns value = true_value = its curve at epoch e (repeat=mean:
// the mean of the repeats' curves), cost = the repeat's cost * e / E (nas_benchmarks'
// FCNetBenchmark.objective_function: time_per_epoch = runtime / 100, cost = time_per_epoch *
// budget; the tables keep only the total training time), and no test value (NaN: a
// partially trained network has none; HPOBench tests only at full fidelity). At e = E it is
// evaluate().
class TableProblem final : public Problem {
public:
    TableProblem(std::shared_ptr<const Table> table, RepeatMode repeat, ValidOptimum valid_optimum,
                 Metadata metadata);

    const Space& space() const override { return table_->space(); }
    Evaluation evaluate(const Point& x, Rng& rng) const override;
    std::optional<double> optimum() const override { return optimum_; }
    std::optional<double> test_optimum() const override { return test_optimum_; }
    Metadata metadata() const override { return metadata_; }
    std::optional<Fidelity> fidelity() const override;
    Evaluation evaluate_at(const Point& x, double fidelity, Rng& rng) const override;
    const Table& table() const { return *table_; }
    const RepeatMode& repeat() const { return repeat_; }

private:
    // The evaluation at `epoch` (1..E), or at the final value when epoch is 0.
    Evaluation lookup(const Point& x, std::size_t epoch, Rng& rng) const;

    std::shared_ptr<const Table> table_;
    RepeatMode repeat_;
    std::optional<double> optimum_, test_optimum_;
    Metadata metadata_;
};

}  // namespace bobench::tables
