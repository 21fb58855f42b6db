// The time the runs still to do will take (run's plan line and the progress line's ETA):
// per-optimizer seconds per unit of expected cost, from made-up run times.
#include <catch2/catch.hpp>

#include "runners/estimate.hpp"
#include "runners/progress.hpp"

using namespace bobench::runners;

TEST_CASE("estimate: each optimizer's own rate, the overall rate for one without finished runs",
          "[runners][estimate]") {
    RunTimes times(3);
    times.add(0, 10, 2.0);   // optimizer 0: 6 s for 40 units, 0.15 s a unit
    times.add(0, 30, 4.0);
    times.add(1, 100, 5.0);  // optimizer 1: 0.05 s a unit
    times.add(2, 50, 0.0);   // no time recorded: left out
    CHECK(times.runs() == 3);
    CHECK(times.measured(0));
    CHECK_FALSE(times.measured(2));
    CHECK(times.seconds_per_unit(0) == Approx(0.15));
    CHECK(times.seconds_per_unit(1) == Approx(0.05));
    CHECK(times.seconds_per_unit(2) == Approx(11.0 / 140));  // all finished runs: 11 s for 140 units

    Workload todo(3);
    todo.add(0, 100);  // 2 runs, 200 units: 30 s
    todo.add(0, 100);
    for (int i = 0; i < 4; ++i) todo.add(1, 100);  // 4 runs, 400 units: 20 s
    todo.add(2, 70);                               // 1 run, 70 units at the overall rate: 5.5 s
    REQUIRE(todo.total_runs() == 7);

    const Estimate four = estimate(times, todo, 4);
    CHECK(four.known);
    CHECK(four.run_seconds == Approx(55.5));
    CHECK(four.wall_seconds == Approx(55.5 / 4));
    CHECK(four.guessed == std::vector<int>{2});
    // more threads than runs: the extra ones have nothing to do
    CHECK(estimate(times, todo, 16).wall_seconds == Approx(55.5 / 7));

    todo.remove(2, 70);  // the guessed optimizer's run finished: nothing is guessed any more
    const Estimate rest = estimate(times, todo, 1);
    CHECK(rest.run_seconds == Approx(50.0));
    CHECK(rest.guessed.empty());
}

TEST_CASE("estimate: after the longest run, the time left is that of the cheap runs, not a count of runs",
          "[runners][estimate]") {
    // longest first: a 100 s run of cost 1000 finished, 9 runs of cost 10 are left. Counting
    // runs would say 9 x 100 s; their cost says 9 x 10 x 0.1 s.
    RunTimes times(1);
    times.add(0, 1000, 100.0);
    Workload todo(1);
    for (int i = 0; i < 9; ++i) todo.add(0, 10);
    CHECK(estimate(times, todo, 1).wall_seconds == Approx(9.0));
}

TEST_CASE("estimate: unknown before any run finished, and the ETA says so", "[runners][estimate]") {
    Workload todo(2);
    todo.add(0, 5);
    const Estimate none = estimate(RunTimes(2), todo, 2);
    CHECK_FALSE(none.known);
    CHECK(Progress::eta(none) == "?");

    RunTimes times(2);
    times.add(1, 10, 30.0);  // optimizer 0, which has the run to do, has no time of its own
    const Estimate guessed = estimate(times, todo, 2);
    CHECK(guessed.wall_seconds == Approx(15.0));
    CHECK(Progress::eta(guessed) == "~15.0 s");
    times.add(0, 10, 300.0);
    CHECK(Progress::eta(estimate(times, todo, 2)) == "2.5 min");
}

TEST_CASE("estimate: a finished optimizer counts for nothing, whatever rounding left", "[runners][estimate]") {
    Workload todo(1);
    todo.add(0, 0.1);
    todo.add(0, 0.2);
    todo.remove(0, 0.2);
    todo.remove(0, 0.1);
    CHECK(todo.total_runs() == 0);
    CHECK(todo.cost[0] == 0.0);
    todo.remove(0, 1.0);  // more finished than planned (not expected): stays at nothing
    CHECK(todo.runs[0] == 0);
    RunTimes times(1);
    times.add(0, 1, 1.0);
    CHECK(estimate(times, todo, 4).wall_seconds == 0.0);
}
