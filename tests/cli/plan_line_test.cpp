// Cost before commitment: `run` and `reproduce` say what they are about to run (the plan's
// runs, those already in the output, the threads) and, from the output's finished runs,
// what the rest will take, before the long part. Counts and wording only: no assertion
// on a time.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <string>

#include "results/store.hpp"
#include "tests/support/cli.hpp"

using bobench::testing::run_cli;
using bobench::testing::run_ok;
using bobench::testing::TempDir;

namespace {
// 2 problems x 2 optimizers, milliseconds a run; every progress line is shown (a test hook:
// by default a job under a second prints none)
std::string small_run(const std::string& output, int replicates, const std::string& extra = "", int threads = 2) {
    return "run --progress-pace 0 --problem branin --problem levy:d=2 --optimizer random-search --optimizer de "
           "--budget 5 --threads " +
           std::to_string(threads) + " --replicates " + std::to_string(replicates) + " --output " + output + " " + extra;
}
// The progress line of a log (stderr is a pipe here) that begins with `start`.
std::string progress_line(const std::string& err, const std::string& start) {
    const auto at = err.find(start);
    return at == std::string::npos ? "" : err.substr(at, err.find('\n', at) - at);
}
const std::string duration = "[0-9]+\\.[0-9] (s|min|h)";
}  // namespace

TEST_CASE("plan line: the runs, those already in the output, and the cost from its finished runs",
          "[cli][plan]") {
    TempDir dir;
    const std::string out = dir / "p.h5";
    const auto first = run_ok(small_run(out, 3));
    CHECK(first.err.rfind("plan: 12 runs (2 problems x 2 optimizers x 3 replicates); 12 to run on 2 threads\n"
                          "cost: estimated once the first runs finish\n", 0) == 0);  // first, before any progress

    const auto more = run_ok(small_run(out, 5));
    CHECK(more.err.rfind("plan: 20 runs (2 problems x 2 optimizers x 5 replicates), 12 already in '" + out +
                         "'; 8 to run on 2 threads\n", 0) == 0);
    CHECK(std::regex_search(more.err, std::regex("\ncost: about " + duration + " in all, " + duration +
                                                 " on 2 threads \\(from the times of 12 finished runs\\)\n")));

    const auto done = run_ok(small_run(out, 5));
    CHECK(done.err.rfind("plan: 20 runs (2 problems x 2 optimizers x 5 replicates), 20 already in '" + out +
                         "'; nothing to run\n", 0) == 0);
    CHECK(done.err.find("cost:") == std::string::npos);
}

TEST_CASE("plan line: an optimizer without finished runs is guessed at the others' rate, and the ETA says so",
          "[cli][plan]") {
    TempDir dir;
    const std::string out = dir / "g.h5";
    REQUIRE(run_cli(small_run(out, 2, "--quiet")).status == 0);
    const auto r = run_ok(small_run(out, 2, "--optimizer tpe"));
    CHECK(r.err.rfind("plan: 12 runs (2 problems x 3 optimizers x 2 replicates), 8 already in '" + out +
                      "'; 4 to run on 2 threads\n", 0) == 0);
    CHECK(std::regex_search(r.err, std::regex("\\(from the times of 8 finished runs\\); 'tpe' has none yet: "
                                              "guessed at the others' rate\n")));
    // the runs to do are all tpe's: the first progress line comes after one of them
    // finished, so every ETA is from tpe's own rate
    CHECK(progress_line(r.err, "bobench: 1/4 runs done").find(", ETA ") != std::string::npos);
    CHECK(r.err.find("ETA ~") == std::string::npos);
}

TEST_CASE("progress: the ETA is marked ~ until each optimizer with runs to do has a finished run",
          "[cli][plan]") {
    TempDir dir;
    // one thread, longest first (ties in key order): the first two runs are of one optimizer
    // (both are of linear cost), the other has none finished at the first line
    const auto r = run_ok(small_run(dir / "e.h5", 3, "", 1));
    CHECK(progress_line(r.err, "bobench: 2/12 runs done").find(" elapsed, ETA ~") != std::string::npos);
    const std::string last = progress_line(r.err, "bobench: 12/12 runs done");
    CHECK(last.substr(last.size() - std::string(", ETA 0.0 s").size()) == ", ETA 0.0 s");
}

TEST_CASE("plan line: a shard names its part of the whole plan, in the singular where it is one",
          "[cli][plan]") {
    TempDir dir;
    const auto r = run_ok("run --problem branin --optimizer random-search --budget 5 --replicates 4 --threads 1 "
                          "--shard 1/2 --output " + (dir / "s.h5"));
    CHECK(r.err.rfind("plan: 2 runs, shard 1/2 of 4 runs (1 problem x 1 optimizer x 4 replicates); "
                      "2 to run on 1 thread\ncost: estimated once the first runs finish\n", 0) == 0);
}

TEST_CASE("plan line: --quiet prints none, and the plan and progress lines change no result", "[cli][plan]") {
    TempDir dir;
    const auto quiet = run_cli(small_run(dir / "q.h5", 2, "--quiet"));
    REQUIRE(quiet.status == 0);
    CHECK(quiet.err.find("plan:") == std::string::npos);
    CHECK(quiet.err.find("cost:") == std::string::npos);
    const auto told = run_cli(small_run(dir / "t.h5", 2));
    REQUIRE(told.status == 0);
    REQUIRE(told.err.find("plan:") != std::string::npos);
    const auto a = bobench::results::read_results(dir / "q.h5"), b = bobench::results::read_results(dir / "t.h5");
    std::map<bobench::results::RunKey, const bobench::results::Trace*> by_key;  // the threads finish in any order
    for (const auto& t : b.runs) by_key[t.key] = &t;
    REQUIRE(a.runs.size() == 8);
    REQUIRE(by_key.size() == a.runs.size());
    for (const auto& t : a.runs) {
        REQUIRE(by_key.count(t.key));
        CHECK(t.same_record(*by_key[t.key]));
    }
}

TEST_CASE("plan line: bobench-mpi counts the threads of every rank", "[cli][plan][mpi]") {
#ifdef BOBENCH_MPI_CLI
    TempDir dir;
    // the flags of scale_test's MPI case (root in CI, containers without ptrace rights)
    const auto r = bobench::testing::run_shell(
        "mpirun --allow-run-as-root --oversubscribe -n 2 --mca btl self,vader --mca btl_vader_single_copy_mechanism none '" +
        std::string(BOBENCH_MPI_CLI) + "' run --problem branin --optimizer random-search --budget 5 --replicates 4 "
        "--threads 1 --output " + (dir / "m.h5"));
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.err.find("plan: 4 runs (1 problem x 1 optimizer x 4 replicates); 4 to run on 2 threads (2 MPI ranks)\n") !=
          std::string::npos);
#else
    FAIL("bobench-mpi was not built: CMake found no MPI; scripts/install-deps installs libopenmpi-dev and openmpi-bin");
#endif
}
