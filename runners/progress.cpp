#include "runners/progress.hpp"

#include <utility>

#include <fmt/format.h>

namespace bobench::runners {

Progress::Progress(std::ostream* out, Style style, RunTimes times, Workload todo, int workers, double log_every_seconds)
    : out_(out), style_(style), times_(std::move(times)), todo_(std::move(todo)), workers_(workers),
      total_(todo_.total_runs()), log_every_(log_every_seconds), start_(Clock::now()), last_(start_) {}

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
    const auto now = Clock::now();
    const double since = std::chrono::duration<double>(now - last_).count();
    if (style_ == Style::Terminal) {
        if (since >= 0.2) print(done, false);
        return;
    }
    const bool step = done * 10 >= next_step_ * total_;
    if (step || since >= log_every_) print(done, false);
    while (next_step_ <= 10 && done * 10 >= next_step_ * total_) ++next_step_;
}

void Progress::finish(std::size_t done) {
    if (!out_ || total_ == 0) return;
    if (style_ == Style::Log && next_step_ > 10) return;  // the 100 % line is out already
    print(done, true);
}

void Progress::print(std::size_t done, bool final_line) {
    last_ = Clock::now();
    const double elapsed = std::chrono::duration<double>(last_ - start_).count();
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
