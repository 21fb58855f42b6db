#include "runners/progress.hpp"

#include <chrono>
#include <utility>

#include <fmt/format.h>

namespace bobench::runners {

double Progress::steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Progress::Progress(std::ostream* out, Style style, RunTimes times, Workload todo, int workers, ProgressPace pace)
    : out_(out), style_(style), times_(std::move(times)), todo_(std::move(todo)), workers_(workers),
      total_(todo_.total_runs()), pace_(std::move(pace)) {
    if (!pace_.clock) pace_.clock = steady_seconds;
    start_ = pace_.clock();
}

void Progress::finished(int optimizer, double expected_cost, double seconds) {
    times_.add(optimizer, expected_cost, seconds);
    todo_.remove(optimizer, expected_cost);
}

std::string Progress::eta(const Estimate& left) {
    if (!left.known) return "?";
    return (left.guessed.empty() ? "" : "~") + duration(left.wall_seconds);
}

std::string Progress::duration(double s) {
    if (s < 120) return fmt::format("{:.1f} s", s);
    if (s < 7200) return fmt::format("{:.1f} min", s / 60);
    return fmt::format("{:.1f} h", s / 3600);
}

void Progress::update(std::size_t done) {
    if (!out_ || total_ == 0) return;
    const double now = pace_.clock();
    if (now - start_ < pace_.quiet_for || (printed_ && now - last_ < pace_.min_interval)) return;
    if (style_ == Style::Log) {
        // a tenth passed while lines had to wait still prints, at the first moment allowed
        const bool step = done * 10 >= next_step_ * total_;
        if (!step && now - (printed_ ? last_ : start_) < pace_.log_every) return;
    }
    print(done, false, now);
}

void Progress::finish(std::size_t done) {
    if (!out_ || total_ == 0) return;
    const double now = pace_.clock();
    if (!printed_ && now - start_ < pace_.quiet_for) return;     // a job under a second: no line at all
    if (style_ == Style::Log && printed_ == done) return;        // the line of these runs is out already
    print(done, true, now);
}

void Progress::print(std::size_t done, bool final_line, double now) {
    last_ = now;
    printed_ = done;
    while (next_step_ <= 10 && done * 10 >= next_step_ * total_) ++next_step_;
    const double elapsed = now - start_;
    const std::string left = eta(estimate(times_, todo_, workers_));
    if (style_ == Style::Terminal) {
        *out_ << fmt::format("\r  runs {}/{} done, {} elapsed, ETA {}   ", done, total_, duration(elapsed), left)
              << (final_line ? "\n" : "") << std::flush;
        return;
    }
    const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
    *out_ << fmt::format("bobench: {}/{} runs done ({:.0f} %), {:.3g} runs/s, {} elapsed, ETA {}\n", done, total_,
                         100.0 * static_cast<double>(done) / static_cast<double>(total_), rate, duration(elapsed), left)
          << std::flush;
}

}  // namespace bobench::runners
