// The pace of the progress lines, driven by a clock the test sets (no waiting, no timing):
// at most one line a second, none before the job is a second old, so a job under a second
// prints none; the closing line when a longer job ends.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "runners/progress.hpp"
#include "tests/support/text.hpp"

using namespace bobench::runners;
using bobench::testing::occurrences;

namespace {

// A job of `runs` runs of one optimizer; the clock reads `now`.
struct Job {
    double now = 100;  // any start: the pace counts from the job's first reading
    std::ostringstream out;
    Progress progress;
    Job(Progress::Style style, std::size_t runs)
        : progress(&out, style, RunTimes(1), workload(runs), 1, ProgressPace{1, 1, 30, [this] { return now; }}) {}
    static Workload workload(std::size_t runs) {
        Workload w(1);
        for (std::size_t i = 0; i < runs; ++i) w.add(0, 1);
        return w;
    }
    // Runs `from` to `to` finish, one every `step` seconds (powers of two: sums without
    // rounding); returns the clock readings at which a line came.
    std::vector<double> run(std::size_t from, std::size_t to, double step) {
        std::vector<double> lines;
        for (std::size_t done = from; done <= to; ++done) {
            now += step;
            progress.finished(0, 1, step);
            const std::size_t before = out.str().size();
            progress.update(done);
            if (out.str().size() != before) lines.push_back(now);
        }
        return lines;
    }
};

}  // namespace

TEST_CASE("progress: a job under a second prints no line, in a log or on a terminal", "[runners][progress]") {
    for (const Progress::Style style : {Progress::Style::Log, Progress::Style::Terminal}) {
        Job job(style, 20);
        CHECK(job.run(1, 20, 0.03125).empty());  // 20 runs in 0.625 s: every tenth passes, no line
        job.progress.finish(20);
        CHECK(job.out.str().empty());
    }
}

TEST_CASE("progress: at most one line a second, the first a second in, and the closing line", "[runners][progress]") {
    Job log(Progress::Style::Log, 80);
    const std::vector<double> lines = log.run(1, 80, 0.0625);  // a tenth every 0.5 s, 5 s in all
    REQUIRE(!lines.empty());
    CHECK(lines.front() - 100 >= 1.0 - 1e-9);
    for (std::size_t i = 1; i < lines.size(); ++i) CHECK(lines[i] - lines[i - 1] >= 1.0 - 1e-9);
    CHECK(lines.size() == 5);  // at 1, 2, 3, 4 and 5 s: the tenths between them wait their turn
    // a tenth that had to wait prints at the first moment allowed (20 % at 1 s), and the last one is the 100 % line
    CHECK(log.out.str().rfind("bobench: 16/80 runs done (20 %), ", 0) == 0);
    CHECK(occurrences(log.out.str(), "bobench: 80/80 runs done (100 %)") == 1);
    log.progress.finish(80);  // the 100 % line is out already: not again
    CHECK(occurrences(log.out.str(), "\n") == 5);

    Job tty(Progress::Style::Terminal, 80);
    const std::vector<double> rewritten = tty.run(1, 80, 0.0625);
    CHECK(rewritten.size() == 5);
    for (std::size_t i = 1; i < rewritten.size(); ++i) CHECK(rewritten[i] - rewritten[i - 1] >= 1.0 - 1e-9);
    tty.progress.finish(80);  // ends the rewritten line
    CHECK(occurrences(tty.out.str(), "\r") == 6);
    CHECK(tty.out.str().back() == '\n');
}

TEST_CASE("progress: a job interrupted after a second closes with its runs done", "[runners][progress]") {
    Job log(Progress::Style::Log, 100);
    CHECK(log.run(1, 10, 0.125).size() == 1);  // the 10 % line, at 1.25 s
    log.progress.finish(10);                   // stopped there: its line is out already
    CHECK(occurrences(log.out.str(), "\n") == 1);
    log.run(11, 11, 0.125);                    // 11 runs at 1.375 s: too soon for a line
    CHECK(occurrences(log.out.str(), "\n") == 1);
    log.progress.finish(11);                   // the closing line comes anyway
    CHECK(occurrences(log.out.str(), "bobench: 11/100 runs done") == 1);
}
