// bobench slurm against a real one-node Slurm (scripts/slurm-local: munged, slurmctld,
// slurmd on localhost): the job array of shards runs, the merge job writes the file,
// and its export equals a one-process run. No silent skip: when the daemons cannot
// start, the test fails with their logs.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {
// Stops the daemons however the test ends.
struct LocalSlurm {
    std::string dir;
    ~LocalSlurm() { run_shell("'" + std::string(BOBENCH_SOURCE_DIR) + "/scripts/slurm-local' stop '" + dir + "'"); }
};

std::string tail_of(const std::string& path) {
    const std::string text = read_file(path);
    return "---- " + path + "\n" + (text.size() > 3000 ? text.substr(text.size() - 3000) : text) + "\n";
}
}  // namespace

TEST_CASE("slurm: a job array of 3 shards and a merge job on a one-node Slurm give the one-process export",
          "[cli][scale][slurm]") {
    TempDir dir;
    const LocalSlurm slurm{dir / "slurm"};
    const auto started = run_shell("'" + std::string(BOBENCH_SOURCE_DIR) + "/scripts/slurm-local' start '" + slurm.dir + "'");
    INFO("scripts/slurm-local start failed:\n" << started.out << started.err);
    REQUIRE(started.status == 0);
    const std::string env = "SLURM_CONF='" + slurm.dir + "/slurm.conf' ";

    const std::string out = dir / "study.h5";
    testing::write_file(dir / "study.ini", "[experiment]\nbudget = 30\nreplicates = 3\noutput = " + out +
                                               "\n[problems]\nbranin =\nlevy3 = levy:d=3\n[optimizers]\n"
                                               "random-search =\nde =\n");
    const auto submitted = run_shell(env + "'" + std::string(BOBENCH_CLI) + "' slurm '" + (dir / "study.ini") +
                                     "' --tasks 3 --cpus-per-task 1 --time 10:00 --submit");
    INFO(submitted.out << submitted.err);
    REQUIRE(submitted.status == 0);
    CHECK(submitted.out.find("submitted: shards job") != std::string::npos);
    const std::string script = dir / "study.slurm.sh";
    CHECK(read_file(script).find("#SBATCH --array=1-3") != std::string::npos);
    CHECK(read_file(script).find("--dependency=afterok:") != std::string::npos);

    // the merge job writes the file once every shard succeeded
    const std::string logs = dir / "study.slurm-logs";
    // until nothing can run any more: the queue is empty, or holds only a merge job whose
    // shards failed (its reason: DependencyNeverSatisfied)
    testing::wait_for(
        [&] {
            const std::string reasons = run_shell(env + "squeue -h -o %r").out;
            std::size_t waiting = 0, never = 0;
            for (std::size_t at = 0; (at = reasons.find('\n', at)) != std::string::npos; ++at) ++waiting;
            for (std::size_t at = 0; (at = reasons.find("DependencyNeverSatisfied", at)) != std::string::npos; ++at) ++never;
            return waiting == never;
        },
        "Slurm's queue to empty");
    INFO(tail_of(logs + "/shard-1.log") << tail_of(logs + "/merge.log") << tail_of(slurm.dir + "/slurmctld.log")
                                        << tail_of(slurm.dir + "/slurmd.log"));
    REQUIRE(std::filesystem::exists(out));
    // one log per task, plain lines (these shards take under a second: a plan line, no progress line)
    for (int k = 1; k <= 3; ++k) {
        const std::string log = read_file(logs + "/shard-" + std::to_string(k) + ".log");
        CHECK(log.find(" runs, shard " + std::to_string(k) + "/3 of 12 runs (") != std::string::npos);
        CHECK(log.find('\r') == std::string::npos);
    }
    CHECK(read_file(logs + "/merge.log").find("merged 3 shard files, 12 runs") != std::string::npos);

    const auto one = run_cli("run '" + (dir / "study.ini") + "' --quiet --output " + (dir / "one.h5"));
    REQUIRE(one.status == 0);
    const auto merged = run_cli("export '" + out + "'"), single = run_cli("export '" + (dir / "one.h5") + "'");
    REQUIRE(merged.status == 0);
    CHECK(merged.out == single.out);
}
