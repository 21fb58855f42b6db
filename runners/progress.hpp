#pragma once
// Progress of an experiment for a person or a log. On a terminal: one line rewritten in
// place ("\r"), at most every 0.2 s. In a log (stderr is a file or a pipe, e.g. a Slurm
// job's log): a plain line whenever another 10 % of the runs are done or 30 s have
// passed, with the runs done, the rate and the ETA. The ETA weighs the runs still to do by
// their expected cost at each optimizer's measured rate (estimate.hpp): the longest runs
// start first, so counting runs would promise far too early an end.
#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

#include "runners/estimate.hpp"

namespace bobench::runners {

class Progress {
public:
    enum class Style { Terminal, Log };
    // `times`: the runs finished already (those of the results file); `todo`: the runs to
    // do; `workers`: the threads that run them.
    Progress(std::ostream* out, Style style, RunTimes times, Workload todo, int workers,
             double log_every_seconds = 30);
    // A run of `todo` finished, in `seconds` (its own time); then update().
    void finished(int optimizer, double expected_cost, double seconds);
    void update(std::size_t done);  // cheap when nothing is due
    void finish(std::size_t done);  // the last line

    static std::string duration(double seconds);  // "12.3 s", "4.5 min", "2.1 h"
    // "4.5 min"; "~4.5 min" while an optimizer with runs to do has no finished run (the
    // other optimizers' rate stands in for it); "?" before any run finished.
    static std::string eta(const Estimate& left);

private:
    using Clock = std::chrono::steady_clock;
    void print(std::size_t done, bool final_line);

    std::ostream* out_;
    Style style_;
    RunTimes times_;
    Workload todo_;
    int workers_;
    std::size_t total_;
    double log_every_;
    Clock::time_point start_, last_;
    std::size_t next_step_ = 1;  // in log style: the next tenth of the runs that prints
};

}  // namespace bobench::runners
