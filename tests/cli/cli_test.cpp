// End-to-end tests of the `bobench` binary: what a user types, what they get back.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <functional>

#include "results/journal.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"

using namespace bobench;
using namespace bobench::testing;

static const std::string demo = std::string(BOBENCH_SOURCE_DIR) + "/experiments/demo.ini";

static void require_same_traces(const std::string& a, const std::string& b) {
    const results::Results ra = results::read_results(a), rb = results::read_results(b);
    REQUIRE(ra.runs.size() == rb.runs.size());
    for (std::size_t i = 0; i < ra.runs.size(); ++i) REQUIRE(ra.runs[i].same_record(rb.runs[i]));
}

TEST_CASE("cli: the demo gives identical traces with 1 and 2 threads", "[cli][determinism][demo]") {
    TempDir dir;
    const auto one = run_ok("run '" + demo + "' --threads 1 --output " + (dir / "one.h5"));
    CHECK(one.out.find("results: " + (dir / "one.h5")) != std::string::npos);
    CHECK(one.out.find("hartmann6") != std::string::npos);
    REQUIRE(run_cli("run '" + demo + "' --threads 2 --quiet --output " + (dir / "two.h5")).status == 0);
    require_same_traces(dir / "one.h5", dir / "two.h5");
    CHECK(results::read_results(dir / "one.h5").runs.size() == 4 * 6 * 10);
}

// Runs `bobench <args><out>` in the background (its stderr, progress lines included, into
// <out>.log) and kills it (SIGKILL) once `ready()` holds; returns once it is dead.
static void kill_when(const std::string& args, const std::string& out, const std::function<bool()>& ready,
                      const std::string& what) {
    testing::BackgroundCli process(args + out, out + ".log");
    process.wait_until(ready, what);
    CHECK(process.stop_with(SIGKILL) == 128 + SIGKILL);
}

// ... once a few runs are in its journal.
static void kill_when_journalled(const std::string& args, const std::string& out) {
    const std::string journal = out + ".journal";
    kill_when(args, out, [&] { return std::filesystem::exists(journal) && std::filesystem::file_size(journal) > 3'000'000; },
              "a journal of over 3 MB");
}

TEST_CASE("cli: a run killed with SIGKILL resumes to the same traces", "[cli][resume]") {
    TempDir dir;
    const std::string args = "run --problem levy:d=2 --problem hartmann6 --optimizer random-search --budget 30000 "
                             "--replicates 40 --threads 1 --journal-after 0 --quiet --output ";
    REQUIRE(run_cli(args + (dir / "whole.h5")).status == 0);

    const std::string out = dir / "killed.h5", journal = out + ".journal";
    kill_when_journalled(args, out);
    REQUIRE(std::filesystem::exists(journal));  // it really died before the end

    const auto resumed = run_ok(args + out);
    CHECK(resumed.err.find("runs were already done and were kept") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(journal));
    require_same_traces(dir / "whole.h5", out);
}

TEST_CASE("cli: a journal of other settings is refused, naming the settings a resumed run must match",
          "[cli][resume]") {
    TempDir dir;
    const std::string args = "run --problem levy:d=2 --problem hartmann6 --optimizer random-search --budget 30000 "
                             "--replicates 40 --threads 1 --journal-after 0 --quiet --output ";
    const std::string out = dir / "killed.h5", journal = out + ".journal";
    kill_when_journalled(args, out);
    std::filesystem::remove(out);  // only the journal is left to compare with
    const std::string before = testing::read_file(journal);

    // the hash covers every must-match setting of the schema, on_failure among them
    const CliResult other = run_cli(args + out + " --on-failure skip");
    CHECK(other.status == 2);
    CHECK(other.err.find("belongs to another experiment: it differs in one of seed, budget, on_failure, trace, "
                         "trace_points, restart_on and replicate_instances, or another bobench build ran it") != std::string::npos);
    CHECK(testing::read_file(journal) == before);  // left as it was, for the spec it belongs to
}

TEST_CASE("cli: journalled runs of entries the spec no longer has are never dropped", "[cli][resume]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    kill_when_journalled("run --problem levy:d=2 --problem hartmann6 --optimizer random-search --budget 30000 "
                         "--replicates 40 --threads 1 --journal-after 0 --quiet --output ",
                         out);
    const std::string journal = testing::read_file(out + ".journal");
    REQUIRE_FALSE(journal.empty());
    // runs start longest expected first: hartmann6 (6 dimensions) before levy (2)
    const auto r = run_cli("run --problem levy:d=2 --optimizer random-search --budget 30000 --replicates 1 --output " + out);
    CHECK(r.status == 2);
    CHECK(r.err.find("holds runs of problem 'hartmann6', which this spec does not have") != std::string::npos);
    // the finished runs are all still there (only a torn last record, if the kill left
    // one, is cut off)
    const std::string after = testing::read_file(out + ".journal");
    CHECK(after.size() > 1'400'000);  // at least one whole run (30 000 evaluations of 49 bytes)
    CHECK(journal.compare(0, after.size(), after) == 0);
}

// The moment journalling begins is given as a number of finished runs (a test hook), not
// seconds, so that which runs finish before it is the same on every machine.
TEST_CASE("cli: runs are journalled from the moment journalling begins, the earlier ones with the first after",
          "[cli][resume]") {
    TempDir dir;
    const std::string args = "--problem levy:d=2 --problem hartmann6 --optimizer random-search --budget 30000 "
                             "--replicates 40 --threads 1 --output ";
    REQUIRE(run_cli("run " + args + (dir / "whole.h5")).status == 0);
    constexpr std::size_t journal_header = 16;  // magic, experiment hash

    // killed before it: runs finished (the progress line at 10 %), none journalled
    const std::string early = dir / "early.h5";
    kill_when("run --journal-after-runs 1000 --progress-pace 0 " + args, early,
              [&] { return testing::read_file(early + ".log").find("runs done") != std::string::npos; },
              "the progress line");
    CHECK(std::filesystem::file_size(early + ".journal") == journal_header);
    const auto rerun = run_cli("run " + args + early);
    REQUIRE(rerun.status == 0);
    CHECK(rerun.err.find("already done") == std::string::npos);  // nothing to keep: all run again
    require_same_traces(dir / "whole.h5", early);

    // killed after it: the first run to finish after 5 is journalled first, then the 5 that
    // finished before it, in their order, then the later ones (one thread: runs finish in
    // the order they start, hartmann6's first, longest expected)
    const std::string late = dir / "late.h5", journal = late + ".journal";
    const std::string cli_args = "run --journal-after-runs 5 " + args;
    // each hartmann6 record is about 2.4 MB: over 20 MB holds at least 7 whole ones
    kill_when(cli_args, late, [&] { return std::filesystem::exists(journal) && std::filesystem::file_size(journal) > 20'000'000; },
              "a journal of over 20 MB");
    const std::string bytes = testing::read_file(journal);
    std::uint64_t experiment = 0;
    std::memcpy(&experiment, bytes.data() + 8, sizeof experiment);
    const std::vector<results::JournalRecord> records = results::Journal(journal, experiment).recovered();
    REQUIRE(records.size() >= 7);
    for (int i = 0; i < static_cast<int>(records.size()); ++i) {
        const int finished = i == 0 ? 5 : i <= 5 ? i - 1 : i;  // the place in the finishing order
        INFO("record " << i);
        CHECK(records[static_cast<std::size_t>(i)].problem_id == (finished < 40 ? "hartmann6" : "levy"));  // canonical ids: d=2 is levy's default
        CHECK(records[static_cast<std::size_t>(i)].trace.key.replicate == finished % 40);
    }
    const auto resumed = run_cli(cli_args + late);
    REQUIRE(resumed.status == 0);
    CHECK(resumed.err.find("runs were already done and were kept") != std::string::npos);
    require_same_traces(dir / "whole.h5", late);
}

TEST_CASE("cli: Ctrl-C stops cleanly, keeps the finished runs, and the run resumes", "[cli][resume]") {
    TempDir dir;
    const std::string out = dir / "stopped.h5", journal = out + ".journal";
    const std::string args = "run --problem levy:d=2 --problem hartmann6 --optimizer random-search --budget 30000 "
                             "--replicates 40 --threads 1 --journal-after 0 --quiet --output " + out;
    testing::BackgroundCli process(args);
    process.wait_until([&] { return std::filesystem::exists(journal) && std::filesystem::file_size(journal) > 3'000'000; },
                       "a journal of over 3 MB");
    CHECK(process.stop_with(SIGINT) == 130);
    CHECK_FALSE(std::filesystem::exists(journal));  // everything finished went into the file
    const std::size_t kept = results::read_results(out).runs.size();
    CHECK(kept > 0);
    CHECK(kept < 80);
    REQUIRE(run_cli(args).status == 0);
    CHECK(results::read_results(out).runs.size() == 80);
}

TEST_CASE("cli: bad input is refused with a clear message and exit status 2", "[cli][errors]") {
    TempDir dir;
    check_refused("run " + (dir / "nope.ini"), "cannot read spec file '" + (dir / "nope.ini") + "'");
    check_refused("rnu x", "unknown command 'rnu' (did you mean 'run'?)");  // a swap is one edit
    check_refused("run --problem branin --optimizer random-serach --output " + (dir / "a.h5"),
            "unknown optimizer 'random-serach' (did you mean 'random-search'?)");
    check_refused("run --problem brannin --optimizer random-search --output " + (dir / "a.h5"),
            "unknown problem 'brannin' (did you mean 'branin'?)");
    check_refused("run --problem levy:dim=3 --optimizer random-search --output " + (dir / "a.h5"),
            "problem 'levy': unknown parameter 'dim' (did you mean 'd'?); accepted: d, noise");
    check_refused("run --problem levy:d=two --optimizer random-search --output " + (dir / "a.h5"),
            "problem 'levy': parameter 'd' = 'two' is not valid; expected an integer in [1, 10000]");
    check_refused("run --problem branin --optimizer random-search --budget 0 --output " + (dir / "a.h5"),
            "--budget = '0' is not valid; expected an integer in [1, 10000000]");
    check_refused("run --problem branin --optimizer random-search --treads 2", "unrecognised option '--treads'");
    testing::write_file(dir / "file", "x");
    check_refused("run --problem branin --optimizer random-search --output " + (dir / "file") + "/out.h5",
            "cannot create the folder of output");
    check_refused("export " + demo, "is not a bobench results file");
    check_refused("eval branin --points " + (dir / "nope.txt"), "cannot read points file");
    CHECK_FALSE(std::filesystem::exists(dir / "a.h5"));
}

TEST_CASE("cli: an existing file is never damaged by a refused run", "[cli][errors]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    REQUIRE(run_cli("run --problem branin --optimizer random-search --budget 20 --replicates 2 --quiet --output " + out)
                .status == 0);
    const std::string before = testing::read_file(out);
    // another budget, a bad budget, an unknown optimizer: all refused before touching the file
    for (const std::string extra : {"--budget 30", "--budget 0", "--optimizer nope"}) {
        const auto r = run_cli("run --problem branin --optimizer random-search --quiet --output " + out + " " + extra);
        CHECK(r.status == 2);
    }
    CHECK(run_cli("run --problem branin --optimizer random-search --budget 30 --output " + out).err.find(
              "holds an experiment with budget = 20, this one has budget = 30") != std::string::npos);
    CHECK(testing::read_file(out) == before);
    // a file that is not ours is left alone
    const std::string other = dir / "notes.txt";
    testing::write_file(other, "my notes\n");
    const auto r = run_cli("run --problem branin --optimizer random-search --output " + other);
    CHECK(r.status == 2);
    CHECK(r.err.find("exists and is not a bobench results file; refusing to touch it") != std::string::npos);
    CHECK(testing::read_file(other) == "my notes\n");
    // more replicates extend the same file, keeping the runs it had
    REQUIRE(run_cli("run --problem branin --optimizer random-search --budget 20 --replicates 3 --quiet --output " + out)
                .status == 0);
    CHECK(results::read_results(out).runs.size() == 3);
}

TEST_CASE("cli: eval prints 17 significant digits and export writes the tidy table", "[cli]") {
    TempDir dir;
    testing::write_file(dir / "pts", "# Branin minimisers\n3.141592653589793,2.275\n0,0\n");
    const auto e = run_cli("eval branin --points " + (dir / "pts"));
    REQUIRE(e.status == 0);
    CHECK(e.out == "0.39788735772973816\n55.602112642270264\n");
    // the same points separated by spaces or tabs, or by commas with spaces around them
    testing::write_file(dir / "spaced", "3.141592653589793 2.275\n\t0\t 0 \n3.141592653589793 , 2.275\n");
    const auto spaced = run_cli("eval branin --points " + (dir / "spaced"));
    REQUIRE(spaced.status == 0);
    CHECK(spaced.out == "0.39788735772973816\n55.602112642270264\n0.39788735772973816\n");
    testing::write_file(dir / "bad", "11,0\n");
    CHECK(run_cli("eval branin --points " + (dir / "bad")).err.find("x0 = 11 is outside [-5, 10]") != std::string::npos);
    testing::write_file(dir / "empty-field", "1,,2\n");
    CHECK(run_cli("eval branin --points " + (dir / "empty-field")).err.find("empty-field:1: '' is not a number") !=
          std::string::npos);

    const std::string out = dir / "r.h5";
    REQUIRE(run_cli("run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet --output " + out)
                .status == 0);
    const auto x = run_cli("export " + out);
    REQUIRE(x.status == 0);
    CHECK(x.out.rfind("problem,optimizer,replicate,iteration,value,best_so_far,regret,", 0) == 0);
    CHECK(std::count(x.out.begin(), x.out.end(), '\n') == 1 + 2 * 5);
    CHECK(x.out.find("\nbranin,random-search,1,5,") != std::string::npos);
}

TEST_CASE("cli: a progress line on a terminal, no terminal line when stderr is a file", "[cli]") {
    TempDir dir;
    // --progress-pace 0 (a test hook): the lines of this short job, which by default prints none
    const std::string run = "run --progress-pace 0 --problem branin --optimizer random-search --budget 10 --replicates 3 "
                            "--output ";
    // script(1) from util-linux gives the command a pseudo-terminal, where the system has
    // them (a chroot without /dev/pts has none: then only the second half can be checked)
    const bool have_pty = testing::run_shell("script -qec true /dev/null").status == 0;
    if (!have_pty) WARN("no pseudo-terminals here (is /dev/pts mounted?): the terminal half is not checked");
    const std::string cmd = "script -qec \"'" + std::string(BOBENCH_CLI) + "' " + run + (dir / "tty.h5") + "\" /dev/null";
    if (have_pty) {
        const auto tty = testing::run_shell(cmd);
        CHECK(tty.status == 0);
        CHECK(tty.out.find("runs 3/3 done") != std::string::npos);
        CHECK(tty.out.find("ETA") != std::string::npos);
    }
    const auto file = run_cli(run + (dir / "file.h5"));
    CHECK(file.status == 0);
    CHECK(file.err.find("runs 3/3 done") == std::string::npos);
}

TEST_CASE("cli: --help gives plot's views, not only its curves", "[cli][help]") {
    const auto r = run_cli("--help");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("  plot        regret curves, runtime ECDFs, aggregates, critical-difference diagrams (PNG and "
                     "SVG, via gnuplot)\n") != std::string::npos);
}
