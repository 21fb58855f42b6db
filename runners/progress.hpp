#pragma once
// Progress of an experiment for a person or a log. On a terminal: one line rewritten in
// place ("\r"), at most every 0.2 s. In a log (stderr is a file or a pipe, e.g. a Slurm
// job's log): a plain line whenever another 10 % of the runs are done or 30 s have
// passed, with the runs done, the rate and the ETA.
#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace bobench::runners {

class Progress {
public:
    enum class Style { Terminal, Log };
    Progress(std::ostream* out, Style style, std::size_t total, double log_every_seconds = 30);
    void update(std::size_t done);  // cheap when nothing is due
    void finish(std::size_t done);  // the last line

    static std::string duration(double seconds);  // "12.3 s", "4.5 min", "2.1 h"

private:
    using Clock = std::chrono::steady_clock;
    void print(std::size_t done, bool final_line);

    std::ostream* out_;
    Style style_;
    std::size_t total_;
    double log_every_;
    Clock::time_point start_, last_;
    std::size_t next_step_ = 1;  // in log style: the next tenth of the runs that prints
};

}  // namespace bobench::runners
