#pragma once
// How long the runs still to do will take, from the runs that finished. A run's
// expected_cost (plan.hpp) guesses how its time grows with the budget and the dimension,
// in arbitrary units; what one unit takes depends on the optimizer (and the machine), so
// it is measured per optimizer from its finished runs. With longest-first scheduling, a
// count of runs done says little about the time left; this weighs each run by its cost.
#include <cstddef>
#include <vector>

namespace bobench::runners {

class RunTimes {
public:
    explicit RunTimes(std::size_t optimizers = 0) : by_optimizer_(optimizers) {}
    // A finished run of optimizer `optimizer` (an index of the plan's optimizers). A run
    // without a measured time (seconds <= 0) is left out.
    void add(int optimizer, double expected_cost, double seconds);
    std::size_t runs() const { return all_.runs; }
    bool measured(int optimizer) const { return by_optimizer_.at(static_cast<std::size_t>(optimizer)).runs > 0; }
    // Seconds per unit of expected cost: the optimizer's own rate, else that of all the
    // finished runs; 0 when none has finished.
    double seconds_per_unit(int optimizer) const;

private:
    struct Sum {
        double cost = 0, seconds = 0;
        std::size_t runs = 0;
    };
    std::vector<Sum> by_optimizer_;
    Sum all_;
};

// Runs to do, per optimizer: how many, and their expected cost together.
struct Workload {
    explicit Workload(std::size_t optimizers = 0) : runs(optimizers, 0), cost(optimizers, 0.0) {}
    void add(int optimizer, double expected_cost);
    void remove(int optimizer, double expected_cost);  // a run that finished
    std::size_t total_runs() const;

    std::vector<std::size_t> runs;
    std::vector<double> cost;
};

struct Estimate {
    bool known = false;        // a run has finished: the figures below mean something
    double run_seconds = 0;    // the runs' own times together (CPU time, as each run has a thread)
    double wall_seconds = 0;   // on `workers` threads, all busy (at most one per run)
    std::vector<int> guessed;  // optimizers with runs to do and none finished: the overall rate stands in
};

// The time `todo` takes at the rates of `times`, on `workers` threads.
Estimate estimate(const RunTimes& times, const Workload& todo, int workers);

}  // namespace bobench::runners
