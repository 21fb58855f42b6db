#pragma once
// Progress of an experiment for a person or a log. On a terminal: one line rewritten in
// place ("\r"). In a log (stderr is a file or a pipe, e.g. a Slurm job's log): a plain line
// whenever another 10 % of the runs are done or 30 s have passed, with the runs done, the
// rate and the ETA. Either way at most one line a second, and none before the job is a
// second old, so a job under a second prints no progress at all; the closing line (all
// runs done) comes when the job ends, once a line came or the job took a second. The ETA
// weighs the runs still to do by their expected cost at each optimizer's measured rate
// (estimate.hpp): the longest runs start first, so counting runs would promise far too
// early an end.
#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "runners/estimate.hpp"

namespace bobench::runners {

// When lines may come. The clock is given, so that tests can drive it without waiting.
struct ProgressPace {
    double min_interval = 1;  // seconds between two lines, at least
    double quiet_for = 1;     // seconds into the job before the first line
    double log_every = 30;    // in a log: a line at least this often, besides one per tenth
    std::function<double()> clock;  // seconds from any fixed moment; empty: the steady clock
};

class Progress {
public:
    enum class Style { Terminal, Log };
    // `times`: the runs finished already (those of the results file); `todo`: the runs to
    // do; `workers`: the threads that run them.
    Progress(std::ostream* out, Style style, RunTimes times, Workload todo, int workers, ProgressPace pace = {});
    // A run of `todo` finished, in `seconds` (its own time); then update().
    void finished(int optimizer, double expected_cost, double seconds);
    void update(std::size_t done);  // cheap when nothing is due
    void finish(std::size_t done);  // the last line

    static std::string duration(double seconds);  // "12.3 s", "4.5 min", "2.1 h"
    // "4.5 min"; "~4.5 min" while an optimizer with runs to do has no finished run (the
    // other optimizers' rate stands in for it); "?" before any run finished.
    static std::string eta(const Estimate& left);
    static double steady_seconds();  // the default clock

private:
    void print(std::size_t done, bool final_line, double now);

    std::ostream* out_;
    Style style_;
    RunTimes times_;
    Workload todo_;
    int workers_;
    std::size_t total_;
    ProgressPace pace_;
    double start_, last_ = 0;
    std::optional<std::size_t> printed_;  // the runs done at the last line; none before it
    std::size_t next_step_ = 1;           // in log style: the next tenth of the runs that prints
};

}  // namespace bobench::runners
