#include "runners/estimate.hpp"

#include <algorithm>
#include <numeric>

namespace bobench::runners {

void RunTimes::add(int optimizer, double expected_cost, double seconds) {
    if (!(seconds > 0) || !(expected_cost > 0)) return;  // a file may hold runs without a time
    for (Sum* s : {&by_optimizer_.at(static_cast<std::size_t>(optimizer)), &all_}) {
        s->cost += expected_cost;
        s->seconds += seconds;
        ++s->runs;
    }
}

double RunTimes::seconds_per_unit(int optimizer) const {
    const Sum& own = by_optimizer_.at(static_cast<std::size_t>(optimizer));
    const Sum& s = own.runs > 0 ? own : all_;
    return s.runs > 0 ? s.seconds / s.cost : 0.0;
}

void Workload::add(int optimizer, double expected_cost) {
    ++runs.at(static_cast<std::size_t>(optimizer));
    cost.at(static_cast<std::size_t>(optimizer)) += expected_cost;
}

void Workload::remove(int optimizer, double expected_cost) {
    const auto o = static_cast<std::size_t>(optimizer);
    if (runs.at(o) == 0) return;
    // the last run takes what rounding left, so a finished optimizer counts for nothing
    --runs[o];
    cost[o] = runs[o] == 0 ? 0.0 : std::max(0.0, cost[o] - expected_cost);
}

std::size_t Workload::total_runs() const { return std::accumulate(runs.begin(), runs.end(), std::size_t{0}); }

Estimate estimate(const RunTimes& times, const Workload& todo, int workers) {
    Estimate e;
    e.known = times.runs() > 0;
    if (!e.known) return e;
    for (std::size_t o = 0; o < todo.runs.size(); ++o) {
        if (todo.runs[o] == 0) continue;
        const int optimizer = static_cast<int>(o);
        e.run_seconds += todo.cost[o] * times.seconds_per_unit(optimizer);
        if (!times.measured(optimizer)) e.guessed.push_back(optimizer);
    }
    const std::size_t busy = std::min<std::size_t>(todo.total_runs(), static_cast<std::size_t>(std::max(workers, 1)));
    e.wall_seconds = busy > 0 ? e.run_seconds / static_cast<double>(busy) : 0.0;
    return e;
}

}  // namespace bobench::runners
