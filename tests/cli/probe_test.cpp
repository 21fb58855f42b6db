// What a hostile probe found (issue #43, part 4): two names of one results file, outputs
// that are the command's own inputs, and a few refusals that came too late or not at all.
// No case depends on timing: a writer in progress is the lock taken here, as a run takes it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "results/lock.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using namespace bobench::testing;
namespace fs = std::filesystem;

namespace {
const std::string two_optimizers =
    "run --problem branin --optimizer random-search --optimizer de --budget 5 --replicates 2 --quiet ";

// Whether process `pid` is bobench (not yet the test's fork or the shell that execs it) and
// has its handlers for SIGINT and SIGTERM (bobench's main installs them first).
bool bobench_catches_stop_signals(pid_t pid) {
    const std::string proc = "/proc/" + std::to_string(pid);
    std::error_code ec;
    if (fs::read_symlink(proc + "/exe", ec) != fs::canonical(BOBENCH_CLI)) return false;
    const std::string status = read_file(proc + "/status");
    const std::size_t at = status.find("SigCgt:");
    if (at == std::string::npos) return false;
    const unsigned long long caught = std::stoull(status.substr(at + 7), nullptr, 16);
    const unsigned long long both = (1ull << (SIGINT - 1)) | (1ull << (SIGTERM - 1));
    return (caught & both) == both;
}

// A reproduction of two cheap runs, with its spec and reference table in `dir`/mine.
void write_reproduction(const TempDir& dir) {
    fs::create_directories(dir.path() / "mine");
    write_file(dir / "mine/table1.csv", "problem,method,value\nBranin,RS,0.5\n");
    write_file(dir / "mine/tiny.ini", "[reproduction]\nsource = a test\nreference = table1.csv\n"
                                      "\n[experiment]\nseed = 3\nbudget = 5\nreplicates = 2\noutput = " +
                                          (dir / "tiny.h5") + "\n\n[problems]\nBranin = branin\n\n[optimizers]\n"
                                          "RS = random-search\n");
}
}  // namespace

TEST_CASE("probe: a second writer through a link to a results file in use is refused", "[cli][probe]") {
    TempDir dir;
    const std::string out = dir / "r.h5", link = dir / "a.h5";
    REQUIRE(run_cli(two_optimizers + "--output " + out).status == 0);
    const std::string before = read_file(out);
    fs::create_symlink("r.h5", link);  // relative, as `ln -s r.h5 a.h5` makes it
    const std::string more = "run --problem branin --optimizer random-search --budget 5 --replicates 4 --quiet ";
    const std::string pid = std::to_string(::getpid());
    {
        const results::OutputLock writer(out);  // what `bobench run --output r.h5` holds while it runs
        check_refused(more + "--output " + link, "output '" + link + "' (that is '" + fs::canonical(out).string() +
                                                     "') is being written by another bobench process (pid " + pid + ")");
    }
    {
        const results::OutputLock writer(link);  // and the other way round
        check_refused(more + "--output " + out, "output '" + out + "' is being written by another bobench process");
    }
    CHECK(read_file(out) == before);
    CHECK_FALSE(fs::exists(link + ".lock"));
    CHECK_FALSE(fs::exists(link + ".journal"));
    // once the file is free, a run through the link adds to it
    REQUIRE(run_cli(more + "--output " + link).status == 0);
    CHECK(fs::is_symlink(link));
    CHECK_FALSE(fs::exists(out + ".lock"));
}

TEST_CASE("probe: the journal of a run through a link lies beside the file and is recovered through it",
          "[cli][probe]") {
    TempDir dir;
    const std::string out = dir / "r.h5", link = dir / "a.h5";
    fs::create_symlink("r.h5", link);
    const std::string small = "run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet ";
    // a file-size limit fails the final write (the results file, tens of kB); the journal (~1 kB) stays
    const auto full = run_shell("prlimit --fsize=10000 '" + std::string(BOBENCH_CLI) + "' " + small + "--output " + link);
    INFO(full.err);
    CHECK(full.status == 1);
    CHECK(fs::exists(out + ".journal"));
    CHECK_FALSE(fs::exists(link + ".journal"));
    const auto resumed = run_cli(small + "--output " + out);  // the other name finds the same journal
    INFO(resumed.err);
    REQUIRE(resumed.status == 0);
    // the results file was never written: they came from the journal, which the note says
    CHECK(has(resumed.err, "2 of 2 runs were already done and were kept (recovered from the journal of a run that "
                           "stopped before writing them into it)\n"));
    CHECK_FALSE(fs::exists(out + ".journal"));
}

TEST_CASE("probe: a report or export never replaces its results file, another one, or a spec", "[cli][probe]") {
    TempDir dir;
    const std::string r = dir / "r.h5", other = dir / "other.h5", spec = dir / "spec.ini";
    REQUIRE(run_cli(two_optimizers + "--output " + r).status == 0);
    fs::copy_file(r, other);
    fs::create_symlink(r, dir / "link.h5");
    fs::create_directories(dir.path() / "sub");
    write_file(spec, "[experiment]\nbudget = 5\n\n[problems]\nB = branin\n\n[optimizers]\nRS = random-search\n");
    const std::string bytes = read_file(r), spec_text = read_file(spec);
    for (const std::string cmd : {"export", "export --runs", "export --curves", "table", "table --target", "rank"}) {
        const std::string command = cmd.substr(0, cmd.find(' ')) + " " + r + cmd.substr(std::min(cmd.find(' '), cmd.size()));
        for (const std::string& out : {r, dir / "link.h5", dir / "sub/../r.h5"})
            check_refused(command + " -o " + out, "--output '" + out + "' is the results file '" + r + "' this command reads");
        check_refused(command + " --output " + other, "--output '" + other + "' is an existing HDF5 file (a results file");
        check_refused(command + " --output " + spec, "--output '" + spec + "' is an existing experiment spec");
    }
    check_refused("export " + r + " --format coco " + r, "output folder '" + r + "' is the results file");
    CHECK(read_file(r) == bytes);
    CHECK(read_file(other) == bytes);
    CHECK(read_file(spec) == spec_text);
    // any other file is written, and written again
    REQUIRE(run_cli("table " + r + " -o " + (dir / "t.md")).status == 0);
    REQUIRE(run_cli("table " + r + " -o " + (dir / "t.md")).status == 0);
    CHECK(has(read_file(dir / "t.md"), "branin"));
}

TEST_CASE("probe: slurm never writes its script over the spec or the results file", "[cli][probe]") {
    TempDir dir;
    const std::string spec = dir / "s.ini", results = dir / "s.h5";
    write_file(spec, "[experiment]\nbudget = 5\nreplicates = 4\noutput = " + results +
                         "\n\n[problems]\nB = branin\n\n[optimizers]\nRS = random-search\n");
    const std::string text = read_file(spec);
    check_refused("slurm " + spec + " --tasks 4 --output " + spec,
                  "--output '" + spec + "' is the spec '" + spec + "' this command reads");
    check_refused("slurm " + spec + " --tasks 4 --output " + results, "--output '" + results + "' is the results file");
    CHECK(read_file(spec) == text);
    CHECK_FALSE(fs::exists(results));
    REQUIRE(run_cli("slurm " + spec + " --tasks 4").status == 0);  // the default name is free
}

TEST_CASE("probe: reproduce never writes its report over the results, the spec or the paper's table",
          "[cli][probe][reproduce]") {
    TempDir dir;
    write_reproduction(dir);
    const std::string repro = "reproduce --spec " + (dir / "mine/tiny.ini") + " -q --output " + (dir / "q/r.h5");
    // refused before anything runs: no results file, not even its folder
    check_refused(repro + " --report " + (dir / "q/r.h5"),
                  "--report '" + (dir / "q/r.h5") + "' is the results file '" + (dir / "q/r.h5") + "'");
    CHECK_FALSE(fs::exists(dir / "q"));
    REQUIRE(run_cli(repro + " --report " + (dir / "q/r.md")).status == 0);
    const std::string bytes = read_file(dir / "q/r.h5"), spec = read_file(dir / "mine/tiny.ini"),
                      table = read_file(dir / "mine/table1.csv");
    fs::create_symlink(dir / "q/r.h5", dir / "link.h5");
    for (const std::string& mode : {std::string(), std::string(" --report-only")}) {
        check_refused(repro + mode + " --report " + (dir / "q/r.h5"), "is the results file");
        check_refused(repro + mode + " --report " + (dir / "link.h5"), "is the results file");
        check_refused(repro + mode + " --report " + (dir / "mine/tiny.ini"), "is the spec");
        check_refused(repro + mode + " --report " + (dir / "mine/table1.csv"), "is the reference table");
    }
    CHECK(read_file(dir / "q/r.h5") == bytes);
    CHECK(read_file(dir / "mine/tiny.ini") == spec);
    CHECK(read_file(dir / "mine/table1.csv") == table);
}

TEST_CASE("probe: bad values refused at once, by name, before anything is made", "[cli][probe]") {
    TempDir dir;
    SECTION("--output newdir/ makes no folder") {
        check_refused(two_optimizers + "--output " + (dir / "newdir/"), "is a folder");
        CHECK_FALSE(fs::exists(dir / "newdir"));
    }
    SECTION("--bootstrap -1 names the option") {
        const std::string r = dir / "r.h5";
        REQUIRE(run_cli(two_optimizers + "--output " + r).status == 0);
        check_refused("table " + r + " --target --bootstrap -1", "--bootstrap -1 is not valid");
        check_refused("table " + r + " --target --bootstrap 0", "--bootstrap 0 is not valid");
    }
    SECTION("an empty external command is refused when planning") {
        check_refused("run --problem branin --optimizer external:command= --budget 5 --quiet --output " + (dir / "e.h5"),
                      "parameter 'command' is required and was given empty");
        CHECK_FALSE(fs::exists(dir / "e.h5"));
    }
    SECTION("--help and --version fail when their text cannot be written") {
        for (const std::string word : {"--help", "--version", "help"}) {
            const auto r = run_shell("{ '" + std::string(BOBENCH_CLI) + "' " + word + " >/dev/full; }");
            INFO(word << ": " << r.err);
            CHECK(r.status == 1);
            CHECK(has(r.err, "cannot write standard output"));
        }
        CHECK(run_cli("--version").status == 0);
    }
}

TEST_CASE("probe: eval waiting on an open pipe stops at once on SIGINT and SIGTERM", "[cli][probe][signal]") {
    for (const int signal : {SIGINT, SIGTERM}) {
        TempDir dir;
        const std::string points = dir / "points", values = dir / "values";
        REQUIRE(::mkfifo(points.c_str(), 0600) == 0);
        testing::BackgroundCli eval("eval branin < '" + points + "' > '" + values + "'");
        const int writer = ::open(points.c_str(), O_WRONLY);  // returns once the other end is open
        REQUIRE(writer >= 0);
        REQUIRE(::write(writer, "1,2\n", 4) == 4);
        // each value comes out as soon as its point is read; then eval waits on the open pipe
        eval.wait_until([&] { return has(read_file(values), "\n"); }, "the first point's value");
        CHECK(read_file(values) == "21.627635392062381\n");
        CHECK(eval.stop_with(signal) == 128 + signal);
        ::close(writer);
    }
}

TEST_CASE("probe: SIGTERM stops table's bootstrap of a million resamples", "[cli][probe][signal]") {
    TempDir dir;
    const std::string out = dir / "r.h5", err = dir / "err";
    REQUIRE(run_cli("run --problem branin --problem hartmann6 --optimizer random-search --optimizer de --budget 50 "
                    "--replicates 50 --quiet --output " + out).status == 0);
    // seconds of resampling per cell, which nothing stopped before (#43 part 4)
    testing::BackgroundCli table("table " + out + " --target --bootstrap 1000000", err);
    table.wait_until([&] { return bobench_catches_stop_signals(table.pid()); }, "bobench's SIGINT and SIGTERM handlers");
    // held still while the signal is sent: it is handled wherever the process then is
    REQUIRE(::kill(table.pid(), SIGSTOP) == 0);
    REQUIRE(::kill(table.pid(), SIGTERM) == 0);
    REQUIRE(::kill(table.pid(), SIGCONT) == 0);
    CHECK(table.wait() == 143);
    CHECK(read_file(err) == "bobench table: stopped by signal 15\n");
}

TEST_CASE("probe: table --target FILE names the file its value took", "[cli][probe]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    REQUIRE(run_cli("run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet --output " + out)
                .status == 0);
    check_refused("table --target " + out, "no results file given: '" + out +
                                               "' was read as the value of --target; put the file first (bobench "
                                               "table FILE --target) or give the targets with '=' (--target=decades)");
    check_refused("table --target 1e-3", "no results file given; usage: bobench table FILE [options]");
    check_refused("table " + out + " --target --bootstrap -1",  // checked: refused before (#43 part 4)
                  "--bootstrap -1 is not valid; accepted: 1 to 1000000 resamples");
    CHECK(run_cli("table --target=1e-3 " + out).status == 0);
}

TEST_CASE("probe: reproduce bore-toy refuses the flags of a reproduction with runs", "[cli][probe]") {
    TempDir dir;
    const std::string report = dir / "toy.md";
    check_refused("reproduce bore-toy --output " + (dir / "x.h5") + " --methods Y --report " + report,
                  "reproduction 'bore-toy' is computed in place, with no runs, into a Markdown report: --methods, "
                  "--output do not apply to it (--report FILE does)");
    check_refused("reproduce bore-toy --format latex --report " + report,
                  "reproduction 'bore-toy' is computed in place, with no runs, into a Markdown report: --format does "
                  "not apply to it (--report FILE does)");
    CHECK_FALSE(fs::exists(report));
    CHECK_FALSE(fs::exists(dir / "x.h5"));
}

TEST_CASE("probe: slurm checks --time and --cpus-per-task and quotes paths in its #SBATCH lines", "[cli][probe]") {
    TempDir dir;
    const std::string folder = dir / "my study";  // a space splits an #SBATCH value
    fs::create_directories(folder);
    const std::string spec = folder + "/s.ini";
    write_file(spec, "[experiment]\nbudget = 5\nreplicates = 2\noutput = " + folder +
                         "/r.h5\n[problems]\nbranin =\n[optimizers]\nrandom-search =\n");
    const std::string slurm = "slurm '" + spec + "' --tasks 2 ";
    check_refused(slurm + "--time bogus", "--time 'bogus' is not a Slurm time limit; accepted: MINUTES,");
    check_refused(slurm + "--time 1:2:3:4", "--time '1:2:3:4' is not a Slurm time limit");
    check_refused(slurm + "--cpus-per-task 5000",
                  "--cpus-per-task 5000 is not valid; expected 1 to 1024 (the threads a run can use)");
    CHECK_FALSE(fs::exists(folder + "/r.slurm.sh"));
    for (const std::string time : {"30", "10:00", "2:00:00", "1-12", "1-12:00:00", "UNLIMITED"}) {
        INFO(time);
        CHECK(run_cli(slurm + "--time " + time).status == 0);
    }
    const std::string script = read_file(folder + "/r.slurm.sh");
    CHECK(has(script, "#SBATCH --job-name=\"bobench-r\"\n"));
    CHECK(has(script, "#SBATCH --output=\"" + folder + "/r.slurm-logs/shard-%a.log\"\n"));
    CHECK(has(script, "#SBATCH --output=\"" + folder + "/r.slurm-logs/merge.log\"\n"));
    CHECK(has(script, "#SBATCH --chdir=\"" + fs::current_path().string() + "\"\n"));
    CHECK(has(script, "#SBATCH --time=UNLIMITED\n"));
}

TEST_CASE("probe: merge into a folder is refused before anything is made", "[cli][probe]") {
    TempDir dir;
    const std::string shard = dir / "r.shard-1-of-2.h5";
    REQUIRE(run_cli("run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet --shard 1/2 "
                    "--output " + (dir / "r.h5")).status == 0);
    REQUIRE(fs::exists(shard));
    const std::string fresh = dir / "new/";
    check_refused("merge " + fresh + " " + shard,
                  "output '" + fresh + "' is a folder; name a file in it, e.g. '" + fresh + "results.h5'");
    CHECK_FALSE(fs::exists(dir / "new"));  // was left behind, empty
    fs::create_directories(dir / "old");
    check_refused("merge " + (dir / "old") + " " + shard, "output '" + (dir / "old") + "' is a folder; name a file in it");
}

TEST_CASE("probe: export of benchmark logs refuses a folder that is not empty", "[cli][probe]") {
    TempDir dir;
    const std::string results = dir / "r.h5", logs = dir / "logs";
    // a bbob problem: the COCO export writes only bbob's logs
    REQUIRE(run_cli("run --problem bbob:f=1,i=1,d=2 --optimizer random-search --budget 5 --replicates 2 --quiet --output " +
                    results).status == 0);
    REQUIRE(run_cli("export " + results + " --format coco " + logs).status == 0);  // a new folder
    REQUIRE_FALSE(fs::is_empty(logs));
    const auto before = std::distance(fs::recursive_directory_iterator(logs), fs::recursive_directory_iterator());
    check_refused("export " + results + " --format coco " + logs,
                  "output folder '" + logs + "' is not empty: these logs would mix with what is there (cocopp reads "
                  "every .info file of a folder); give a new or empty folder");
    check_refused("export " + results + " --format iohprofiler " + logs, "output folder '" + logs + "' is not empty");
    CHECK(std::distance(fs::recursive_directory_iterator(logs), fs::recursive_directory_iterator()) == before);
    fs::create_directories(dir / "empty");
    CHECK(run_cli("export " + results + " --format iohprofiler " + (dir / "empty")).status == 0);
}

TEST_CASE("probe: tabular fixture on a full disk fails by name and leaves no temporary file", "[cli][probe]") {
    TempDir dir;
    for (const std::string layout : {"fcnet", "nasbench201"}) {
        const std::string out = dir / (layout + ".h5");
        // a file-size limit fails the write as a full disk does (EFBIG; it crashed at exit before)
        const auto full = run_shell("prlimit --fsize=20000 '" + std::string(BOBENCH_CLI) + "' tabular fixture --layout " +
                                    layout + " --out " + out);
        INFO(full.err);
        CHECK(full.status == 1);
        CHECK(full.err == "bobench tabular: failed: cannot write '" + out + "': File too large\n");
        CHECK(fs::is_empty(dir.path()));  // neither the table nor its .tmp-PID
    }
}

TEST_CASE("probe: on a full disk the message counts the runs that were lost, not those the journal kept",
          "[cli][probe]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    const std::string args = "run --problem branin --optimizer random-search --budget 5 --replicates 40 --quiet --output " + out;
    // the results file (tens of kB) cannot be written; the journal (~300 bytes a run) takes some runs, then fails too
    const auto full = run_shell("prlimit --fsize=10000 '" + std::string(BOBENCH_CLI) + "' " + args);
    INFO(full.err);
    REQUIRE(full.status == 1);
    const auto resumed = run_ok(args);
    const std::string kept_note = " of 40 runs were already done and were kept";
    const std::size_t at = resumed.err.find(kept_note);
    REQUIRE(at != std::string::npos);
    const std::size_t line = resumed.err.rfind('\n', at);  // the note's line starts with the number
    const int kept = std::stoi(resumed.err.substr(line == std::string::npos ? 0 : line + 1));
    REQUIRE(kept > 0);
    REQUIRE(kept < 40);
    CHECK(has(full.err, "the finished runs are saved (results file and journal), except " + std::to_string(40 - kept) +
                            " that finished in the first 10 s, which could not be journalled either"));
}

TEST_CASE("probe: a reference row for a problem the reproduction does not have is refused", "[cli][probe]") {
    TempDir dir;
    write_reproduction(dir);
    write_file(dir / "mine/table1.csv", "problem,method,value\nBranin,RS,0.5\nBranim,RS,0.7\n");
    check_refused("reproduce --spec " + (dir / "mine/tiny.ini"),
                  "reference table '" + (dir / "mine/table1.csv") + "' line 3: problem 'Branim' is not a problem of "
                  "this reproduction (Branin)");
    CHECK_FALSE(fs::exists(dir / "tiny.h5"));  // refused before any run
}

TEST_CASE("probe: reading a file that a live run is writing says so, naming the writer", "[probe][lock]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    run_ok("run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet --output " + out);
    const std::string pid = std::to_string(::getpid());
    const std::string note = "note: '" + out + "' is being written by bobench process " + pid + ": ";
    {
        const results::OutputLock writer(out);  // what a second `bobench run --output r.h5` holds while it runs
        for (const std::string command : {"export ", "table ", "rank "}) {
            const auto r = run_cli(command + out);
            INFO(command << r.err);
            CHECK(r.err.find("bobench " + command.substr(0, command.size() - 1) + ": " + note) != std::string::npos);
        }
    }
    // nobody writes it now: no note
    CHECK(run_ok("export " + out).err.find("is being written") == std::string::npos);
}
