// A job's memory is bounded by its runs in flight, not by its runs: each finished run's
// columns wait on disk (results/spill.hpp) and the results file is written a window at a
// time. Measured as the kernel's peak resident set of the bobench process.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fcntl.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "tests/support/cli.hpp"

using bobench::testing::TempDir;

namespace {
// The peak resident memory in KB of `bobench args` (which must succeed).
long peak_memory_kb(std::vector<std::string> args) {
    std::vector<char*> argv{const_cast<char*>(BOBENCH_CLI)};
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::execv(BOBENCH_CLI, argv.data());
        ::_exit(127);
    }
    int status = 0;
    rusage usage{};
    REQUIRE(::wait4(pid, &status, 0, &usage) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return usage.ru_maxrss;
}
}  // namespace

TEST_CASE("run: a job of 1000 runs at d = 40 keeps every point in its file and no more memory than one of 100",
          "[memory][store]") {
    TempDir dir;
    // 672 KB of columns per run: 67 MB for 100 runs, 672 MB for 1000 (held in memory, the
    // second job would take ten times the first's)
    const auto job = [&](int runs) {
        return peak_memory_kb({"run", "--problem", "bbob:f=1,i=1,d=40", "--optimizer", "random-search", "--budget", "2000",
                               "--replicates", std::to_string(runs), "--threads", "2", "-q", "--output",
                               dir / ("r" + std::to_string(runs) + ".h5")});
    };
    const long small = job(100), large = job(1000);
    INFO("peak memory: 100 runs " << small << " KB, 1000 runs " << large << " KB");
    CHECK(large < small * 5 / 4);
    const bobench::testing::CliResult exported = bobench::testing::run_ok("export " + dir / "r1000.h5" + " --runs");
    CHECK(std::count(exported.out.begin(), exported.out.end(), '\n') == 1001);  // the header and 1000 runs
}
