// What a hostile user (or a full disk) does to the `bobench` binary: every case ends with a
// clear message and a non-zero exit status, and never loses finished runs.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <hdf5.h>
#include <nlohmann/json.hpp>

#include "results/journal.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using namespace bobench::testing;
namespace fs = std::filesystem;

namespace {
const std::string quick_run = "run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet ";

// Whether process `pid` runs bobench (exec done: before it, the forked child still has
// this test program's handlers) and has a handler for `sig` installed (SigCgt in /proc).
bool catches(pid_t pid, int sig) {
    const std::string proc = "/proc/" + std::to_string(pid);
    std::error_code ec;
    if (fs::read_symlink(proc + "/exe", ec) != fs::canonical(BOBENCH_CLI, ec)) return false;
    std::ifstream status(proc + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("SigCgt:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1;
    return false;
}

// Starts `bobench <args>`, sends `sig` once `ready(pid)` holds, and returns the exit status.
int status_after_signal(const std::string& args, int sig, const std::function<bool(pid_t)>& ready) {
    testing::BackgroundCli process(args);
    process.wait_until([&] { return ready(process.pid()); }, "the moment to send the signal");
    return process.stop_with(sig);
}
}  // namespace

TEST_CASE("cli hardening: a full disk while running stops cleanly and the run resumes", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    const std::string run = "run --problem levy:d=2 --optimizer random-search --budget 3000 --replicates 12 "
                            "--threads 2 --journal-after 0 --quiet --output " + out;
    // each run's journal record is ~150 kB: the third one does not fit
    const auto full = run_limited(400'000, run);
    INFO(full.err);
    CHECK(full.status == 1);  // not std::terminate (134)
    CHECK(has(full.err, "cannot write journal '" + out + ".journal': File too large"));
    CHECK(has(full.err, "the finished runs are saved"));
    CHECK(has(full.err, "free space and run the same command again"));
    const auto resumed = run_ok(run);
    CHECK(has(resumed.err, "runs were already done and were kept"));
    CHECK(results::read_results(out).runs.size() == 12);
}

TEST_CASE("cli hardening: a full disk at the final write names the cause and loses nothing", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    // the journal (two short runs, ~1 kB) fits, the results file (tens of kB) does not
    const auto full = run_limited(10'000, quick_run + "--output " + out);
    INFO(full.err);
    CHECK(full.status == 1);  // not a crash in HDF5's cleanup (139)
    CHECK(has(full.err, "cannot write results file '" + out + "': File too large"));
    CHECK_FALSE(fs::exists(out));
    for (const auto& e : fs::directory_iterator(dir.path())) CHECK_FALSE(has(e.path().string(), ".tmp-"));
    REQUIRE(run_cli(quick_run + "--output " + out).status == 0);  // recovered from the journal
    CHECK(results::read_results(out).runs.size() == 2);
}

TEST_CASE("cli hardening: every command checks what it writes", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";  // two optimizers: rank needs them
    REQUIRE(run_cli("run --problem branin --optimizer random-search --optimizer de --budget 5 --replicates 2 --quiet "
                    "--output " + out).status == 0);
    for (const std::string& args : std::vector<std::string>{"export " + out, "table " + out, "rank " + out,
                                                            "list optimizers", "list problems",
                                                            "eval branin --points " + (dir / "pts")}) {
        testing::write_file(dir / "pts", "1,2\n");
        const auto r = run_shell("{ '" + std::string(BOBENCH_CLI) + "' " + args + " > /dev/full; }");
        INFO(args << "\n" << r.err);
        CHECK(r.status == 1);
        CHECK(has(r.err, "cannot write standard output: No space left on device"));
    }
}

// [fsize]: limits below 1 KiB, under which LLVM's OpenMP runtime (the Clang sanitizer build's)
// cannot even start (it sizes a 1 KiB shared-memory file at its first use), so
// scripts/test-sanitized leaves these to the Release run and its GNU OpenMP.
TEST_CASE("cli hardening: output that reaches the file-size limit fails the command", "[cli][hardening][fsize]") {
    TempDir dir;
    const std::string out = dir / "r.h5";  // two optimizers: rank needs them
    REQUIRE(run_cli("run --problem branin --optimizer random-search --optimizer de --budget 5 --replicates 2 --quiet "
                    "--output " + out).status == 0);
    // a redirect into a file that hits the limit, and --output files
    const auto csv = run_limited(100, "export " + out, "> " + (dir / "x.csv"));
    CHECK(csv.status == 1);
    CHECK(has(csv.err, "cannot write standard output: File too large"));
    for (const std::string cmd : {"table", "rank", "export"}) {
        const auto r = run_limited(10, cmd + " " + out + " --output " + (dir / "t.txt"));
        INFO(cmd << "\n" << r.err);
        CHECK(r.status == 1);
        CHECK(has(r.err, "cannot write '" + (dir / "t.txt") + "': File too large"));
    }
}

TEST_CASE("cli hardening: thread counts and --journal-after are range-checked before they are used", "[cli][hardening]") {
    TempDir dir;
    const std::string expected = "expected an integer in [0, 1024]";
    for (const std::string n : {"100000", "2147483647", "4294967297", "-1", "99999999999999999999"})
        check_refused(quick_run + "--output " + (dir / "r.h5") + " --threads " + n, "--threads = '" + n +
                                                                                         "' is not valid; " + expected);
    testing::write_file(dir / "t.ini", "[experiment]\nthreads = 4294967297\n[problems]\nbranin =\n"
                                       "[optimizers]\nrandom-search =\n");
    check_refused("run " + (dir / "t.ini"), "experiment.threads = '4294967297' is not valid; " + expected);
    for (const std::string s : {"-1", "nan", "inf", "10s"})
        check_refused(quick_run + "--output " + (dir / "r.h5") + " --journal-after " + s,
                      "--journal-after: '" + s + "' is not a number of seconds; give a finite number >= 0 (e.g. 10)");
    CHECK_FALSE(fs::exists(dir / "r.h5"));
}

TEST_CASE("cli hardening: labels and identifiers that are not UTF-8 are refused before any run",
          "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    testing::write_file(dir / "label.ini", "[experiment]\nbudget = 5\nreplicates = 1\noutput = " + out +
                                               "\n[problems]\nbran\xff\xfein = branin\n[optimizers]\nrs = random-search\n");
    check_refused("run " + (dir / "label.ini"), "label 'bran\xff\xfein' is not valid UTF-8 text");
    testing::write_file(dir / "id.ini", "[experiment]\nbudget = 5\nreplicates = 1\noutput = " + out +
                                            "\n[problems]\nb = branin:noise=\xc3\n[optimizers]\nrs = random-search\n");
    check_refused("run " + (dir / "id.ini"), "identifier 'branin:noise=\xc3' is not valid UTF-8 text");
    testing::write_file(dir / "nul.ini", "[experiment]\nbudget = 5\nreplicates = 1\noutput = " + out + "\n[problems]\n" +
                                             std::string("bran\0in", 7) + " = branin\n[optimizers]\nrs = random-search\n");
    check_refused("run " + (dir / "nul.ini"), "label 'bran\\x00in' holds the control character 0x00; labels are printable text");
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(out + ".journal"));
}

TEST_CASE("cli hardening: planning honours SIGTERM and caps the expansion", "[cli][hardening][signal]") {
    TempDir dir;
    // ~96 000 problems in 40 dimensions take minutes to build: SIGTERM, sent once bobench
    // has its handler (a slow start, e.g. under a sanitizer, must not see the default action),
    // must stop that
    const int status = status_after_signal("run --problem bbob:f=1-24,i=1-4000,d=40 --optimizer random-search --quiet "
                                           "--output " + (dir / "r.h5"),
                                           SIGTERM, [](pid_t pid) { return catches(pid, SIGTERM); });
    CHECK(status == 143);
    CHECK_FALSE(fs::exists(dir / "r.h5"));
    check_refused("run --problem bbob:f=1-24,i=1-100000,d=2 --optimizer random-search --output " + (dir / "r.h5"),
                  "'bbob:f=1-24,i=1-100000,d=2' expands to more than 100000 combinations");
}

TEST_CASE("cli hardening: SIGTERM while running exits 143 and keeps the finished runs", "[cli][hardening][signal]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    // the journal opens before the first run ends (--journal-after 0); the process is held
    // still while the signal is sent, so it lands before the runs can finish, however fast
    testing::BackgroundCli process("run --problem branin --optimizer gp-ei --budget 60 --replicates 20 --threads 1 "
                                   "--journal-after 0 --quiet --output " + out);
    process.wait_until([&] { return fs::exists(out + ".journal"); }, "the journal");
    REQUIRE(::kill(process.pid(), SIGSTOP) == 0);
    REQUIRE(::kill(process.pid(), SIGTERM) == 0);  // pending until it continues
    REQUIRE(::kill(process.pid(), SIGCONT) == 0);
    CHECK(process.wait() == 143);
    CHECK(results::read_results(out).runs.size() < 20);
}

TEST_CASE("cli hardening: a plan whose evaluations cannot fit in memory is refused before it runs", "[cli][hardening]") {
    TempDir dir;
    // 640 coordinates x 10^7 evaluations: ~51 GB a run, 5 TB for 100, beyond any test machine's memory
    check_refused("run --problem bbob:f=1,i=1,d=640 --optimizer random-search --budget 10000000 --replicates 100 "
                  "--output " + (dir / "r.h5"),
                  "the planned 100 runs would hold about 5.14e+03 GB of evaluations in memory");
    CHECK_FALSE(fs::exists(dir / "r.h5"));
}

TEST_CASE("cli hardening: optimizer parameters out of range are refused when binding", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    const std::string run = "run --problem branin --budget 5 --replicates 1 --output " + out + " --optimizer ";
    check_refused(run + "tpe:gamma=0", "optimizer 'tpe': parameter 'gamma' = '0' is not valid; expected a number in (0, 1)");
    check_refused(run + "bore-xgb:eta=0", "parameter 'eta' = '0' is not valid; expected a number in (0, 1]");
    check_refused(run + "de:F=0", "parameter 'F' = '0' is not valid; expected a number in (0, 2]");
    check_refused(run + "tpe:prior_weight=0", "parameter 'prior_weight' = '0' is not valid; expected a number > 0");
    check_refused(run + "bore-mlp:learning_rate=0", "expected a number > 0");
    check_refused(run + "bore-rf:trees=3000000000", "expected an integer in [1, 2147483647]");
    // ranges that depend on the problem are checked against each planned problem
    check_refused(run + "gp-mcmc:walkers=1", "optimizer 'gp-mcmc:walkers=1' cannot run on problem 'branin': "
                                             "GaussianProcessMCMC: n_walkers 1 must be even and >= 8");
    check_refused(run + "re:population=5,sample_size=6", "cannot run on problem 'branin': re: sample_size = 6 exceeds");
    check_refused(run + "bohamiann:sample_steps=1", "sample_steps = 1 keeps no draw with keep_every = 100");
    CHECK_FALSE(fs::exists(out));
    const auto list = run_cli("list optimizers");
    CHECK(has(list.out, "(a number in (0, 1))"));
}

TEST_CASE("cli hardening: the minor refusals", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    const std::string run = "run --problem branin --optimizer random-search --quiet ";
    // each run refusal has an output of its own (a wrongly accepted one cannot cause the
    // next refusal) and writes nothing
    const auto refused = [&](const std::string& args, const std::string& output, const std::string& message) {
        check_refused(run + args + " --output " + output, message);
        CHECK_FALSE(fs::exists(output));
    };
    refused("--seed -1", dir / "seed.h5", "--seed = '-1' is not valid; expected an integer in [0, 9223372036854775807]");
    check_refused(run + "--output " + (dir / "sub/"), "output '" + (dir / "sub/") + "' is a folder; name a file in it");
    CHECK_FALSE(fs::exists(dir / "sub/.journal"));  // refused before any run, not after all of them
    check_refused(run + "--output " + dir.path().string(), "is a folder; name a file in it");
    refused("--budget 99999999999", dir / "budget.h5", "--budget = '99999999999' is not valid; expected an integer in [1, 10000000]");
    refused("--replicates 1000000000", dir / "replicates.h5", "--replicates = '1000000000' is not valid");
    check_refused("eval branin --points " + dir.path().string(), "cannot read points file '" + dir.path().string() + "': it is a folder");
    refused("--problem levy:noise=inf", dir / "noise.h5", "parameter 'noise' = 'inf' is not valid");
    // the seed and spec stored in a results file run again as they are
    REQUIRE(run_cli(run + "--budget 3 --replicates 1 --seed 9223372036854775807 --output " + out).status == 0);
    testing::write_file(dir / "again.ini", results::read_results(out).spec);
    CHECK(run_cli("run " + (dir / "again.ini") + " --quiet --output " + (dir / "again.h5")).status == 0);
}

TEST_CASE("cli hardening: damaged results files are named, not crashed on", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    REQUIRE(run_cli(quick_run + "--output " + out).status == 0);
    const std::string bytes = testing::read_file(out);
    testing::write_file(dir / "cut.h5", bytes.substr(0, bytes.size() - 100));
    for (const std::string cmd : {"export", "rank", "table"})
        check_refused(cmd + " " + (dir / "cut.h5"), "'" + (dir / "cut.h5") + "' is damaged: ");
    // a run never replaces a damaged file with a new one
    check_refused(quick_run + "--output " + (dir / "cut.h5"), "is damaged");
    CHECK(testing::read_file(dir / "cut.h5") == bytes.substr(0, bytes.size() - 100));
}

TEST_CASE("cli hardening: merge removes the temporaries of killed merges, not those of live processes",
          "[cli][hardening]") {
    TempDir dir;
    for (const std::string shard : {"1/2", "2/2"})
        REQUIRE(run_cli(quick_run + "--output " + (dir / "s.h5") + " --shard " + shard).status == 0);
    const pid_t dead = ::fork();  // a PID that surely names no process: its own, reaped
    if (dead == 0) ::_exit(0);
    ::waitpid(dead, nullptr, 0);
    const std::string out = dir / "m.h5", stale = out + ".tmp-" + std::to_string(dead),
                      live = out + ".tmp-" + std::to_string(::getpid());
    testing::write_file(stale, "half a merged file");
    testing::write_file(live, "being written");
    REQUIRE(run_cli("merge " + out + " " + (dir / "s.shard-1-of-2.h5") + " " + (dir / "s.shard-2-of-2.h5")).status == 0);
    CHECK(results::read_results(out).runs.size() == 2);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(live));
}

TEST_CASE("cli hardening: outputs that are links, read-only or left over by killed runs", "[cli][hardening]") {
    TempDir dir;
    const std::string target = dir / "target.h5";
    SECTION("a link is written through, not replaced by a file") {
        const std::string link = dir / "link.h5";
        fs::create_symlink(target, link);
        REQUIRE(run_cli(quick_run + "--output " + link).status == 0);
        CHECK(fs::is_symlink(link));
        CHECK(results::read_results(target).runs.size() == 2);
    }
    SECTION("a read-only output is refused and left as it was") {
        REQUIRE(run_cli(quick_run + "--output " + target).status == 0);
        fs::permissions(target, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
        const std::string before = testing::read_file(target);
        check_refused("run --problem branin --optimizer random-search --budget 5 --replicates 3 --quiet --output " +
                          target,
                      "output '" + target + "' is read-only");
        CHECK(testing::read_file(target) == before);
    }
    SECTION("a temporary file whose writer is gone is removed; one of a live process is not") {
        const pid_t dead = ::fork();
        if (dead == 0) ::_exit(0);
        ::waitpid(dead, nullptr, 0);
        const std::string out = dir / "r.h5", stale = out + ".tmp-" + std::to_string(dead),
                          live = out + ".tmp-" + std::to_string(::getpid());
        testing::write_file(stale, "half a file");
        testing::write_file(live, "being written");
        REQUIRE(run_cli(quick_run + "--output " + out).status == 0);
        CHECK_FALSE(fs::exists(stale));
        CHECK(fs::exists(live));
    }
}

TEST_CASE("cli hardening: a journal record that cannot belong to the experiment is refused", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5", journal = out + ".journal";
    // a real journal's header (magic + the experiment's hash), then a record whose checksum
    // is right but whose contents cannot be a run of this experiment
    run_limited(10'000, quick_run + "--output " + out);  // the final write fails; the journal stays
    REQUIRE(fs::exists(journal));
    std::uint64_t experiment = 0;
    std::memcpy(&experiment, testing::read_file(journal).data() + 8, sizeof experiment);
    const auto refused = [&](const results::Trace& t, const std::string& why) {
        fs::remove(journal);
        {
            results::Journal j(journal, experiment);
            j.append("branin", "random-search", t);
        }
        check_refused(quick_run + "--output " + out,
                      "journal '" + journal + "' is damaged: a record of problem 'branin' has " + why);
        CHECK_FALSE(fs::exists(out));
    };
    results::Trace t;
    t.value = t.true_value = t.cost = t.test_value = std::vector<double>(7, 1.0);
    t.failed.assign(7, 0);
    t.x.assign(14, 0.5);
    refused(t, "7 evaluations, the budget is 5");
    t.value = t.true_value = t.cost = t.test_value = std::vector<double>(5, 1.0);
    t.failed.assign(5, 0);
    t.x.assign(10, 0.5);
    t.key.replicate = 100'000;
    refused(t, "replicate 100000 is out of range");
}

TEST_CASE("cli hardening: store provenance, list --help, fixture defaults, man page", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    REQUIRE(run_cli(quick_run + "--seed 7 --output " + out).status == 0);
    const results::Provenance p = results::read_results(out).provenance;
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    CHECK(p.host == host);
    CHECK(p.timestamp.size() == 20);  // 2026-01-02T03:04:05Z
    CHECK(p.timestamp.back() == 'Z');
    CHECK((p.compiler.rfind("GCC ", 0) == 0 || p.compiler.rfind("Clang ", 0) == 0));
    CHECK(p.command_line == "bobench " + quick_run + "--seed 7 --output " + out);
    const auto deps = nlohmann::json::parse(p.dependencies);
    unsigned major = 0, minor = 0, release = 0;
    H5get_libversion(&major, &minor, &release);
    CHECK(deps.at("hdf5") == std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(release));
    CHECK(deps.at("eigen") == "3.4.0");
    CHECK(deps.at("boost").get<std::string>().rfind("1.", 0) == 0);
    CHECK(deps.at("xgboost").get<std::string>().find('.') != std::string::npos);

    const auto help = run_cli("list --help");
    CHECK(help.status == 0);
    CHECK(has(help.out, "bobench list optimizers|problems"));

    // the default fixture (1,000 of FCNet's 62,208 configurations) runs without options
    REQUIRE(run_cli("tabular fixture --layout fcnet --out " + (dir / "fc.h5")).status == 0);
    const auto fixture_run = run_cli("run --problem fcnet:file=" + (dir / "fc.h5") +
                                     " --optimizer random-search --budget 5 --replicates 1 --quiet --output " +
                                     (dir / "fc-run.h5"));
    INFO(fixture_run.err);
    CHECK(fixture_run.status == 0);
    CHECK(has(fixture_run.err, "SYNTHETIC fixture"));

    const std::string man = testing::read_file(BOBENCH_MAN_PAGE);
    INFO("the man page " << BOBENCH_MAN_PAGE << " is written by `bobench help --man` at build time");
    CHECK(has(man, ".TH BOBENCH \"1\""));
    for (const std::string command : {"run", "reproduce", "list", "eval", "export", "rank", "table", "plot", "report", "stats", "tabular"})
        CHECK(has(man, "\n" + command + "\n"));
}

// A spec or data file that never ends (a device), blocks (a pipe) or is a folder was read
// whole, or hung, or was taken for an empty file: each is refused by name.
TEST_CASE("cli hardening: specs and data files that are folders, pipes, devices or too large are refused",
          "[cli][hardening]") {
    TempDir dir;
    const std::string fifo = dir / "fifo", big = dir / "big.ini", a = dir / "a.csv";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    {
        std::ofstream out(big);  // 17 MB of comments: over the 16 MB a spec may be
        const std::string line(1023, '#');
        for (int i = 0; i < 17 * 1024; ++i) out << line << '\n';
    }
    testing::write_file(a, "1\n2\n3\n");
    const std::string huge = dir / "huge.csv";
    {
        std::ofstream out(huge);  // 5.5 MB of numbers: over the 4 MB a data file may be (it was parsed whole)
        for (int i = 0; i < 500'000; ++i) out << "0.12345678\n";
    }
    check_refused("run " + dir.path().string(), "cannot read spec file '" + dir.path().string() + "': it is a folder");
    check_refused("run " + fifo, "cannot read spec file '" + fifo + "': not a regular file (a device, a pipe or a socket)");
    check_refused("run /dev/urandom", "cannot read spec file '/dev/urandom': not a regular file");
    check_refused("run " + big, "cannot read spec file '" + big + "': it is larger than the 16 MB a spec file may be");
    check_refused("reproduce --spec " + fifo, "cannot read spec file '" + fifo + "': not a regular file");
    check_refused("stats mwu " + a + " " + dir.path().string(), "cannot read data file '" + dir.path().string() + "': it is a folder");
    check_refused("stats mwu " + a + " " + fifo, "cannot read data file '" + fifo + "': not a regular file");
    check_refused("stats mwu " + a + " " + huge, "cannot read data file '" + huge + "': it is larger than the 4 MB a data file may be");
    check_refused("tabular info " + dir.path().string(), "'" + dir.path().string() + "': it is a folder");  // not "no such file"
}

// Internal options (the positional words, test hooks) are parsed but never shown.
TEST_CASE("cli hardening: --help shows no internal option", "[cli][hardening]") {
    for (const std::string command : {"export", "stats", "run"}) {
        const auto help = run_cli(command + " --help");
        INFO(command << " --help:\n" << help.out);
        CHECK(help.status == 0);
        CHECK_FALSE(has(help.out, "--words"));
        CHECK_FALSE(has(help.out, "--journal-after-runs"));
    }
    TempDir dir;
    testing::write_file(dir / "a.csv", "1\n2\n3\n4\n");
    testing::write_file(dir / "b.csv", "5\n6\n7\n8\n");
    CHECK(run_cli("stats mwu " + (dir / "a.csv") + " " + (dir / "b.csv")).status == 0);  // the words still arrive
}

TEST_CASE("cli hardening: a FIFO named as a results file, an output or a points file is refused, never waited on",
          "[cli][hardening]") {
    TempDir dir;
    const std::string fifo = dir / "ff";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string q = "'" + fifo + "'";
    const std::string not_file = "cannot open '" + fifo + "': not a regular file (a device, a pipe or a socket)";
    for (const std::string& command :
         {"export " + q, "table " + q, "rank " + q, "plot " + q + " --out '" + (dir / "d") + "'",
          "merge '" + (dir / "m.h5") + "' " + q, "reproduce dtu-bbob40 --report-only --output " + q,
          "run '" + std::string(BOBENCH_SOURCE_DIR) + "/experiments/demo.ini' --output " + q + " -q"}) {
        INFO(command);
        const CliResult r = run_cli(command);  // before the fix, each of these waited for a writer forever
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(not_file));
    }
    check_refused("tabular info " + q, "'" + fifo + "': not a regular file (a device, a pipe or a socket)");  // not "no such file"
    const CliResult eval = run_cli("eval branin --points " + q);
    CHECK(eval.status == 2);
    CHECK_THAT(eval.err, Catch::Contains("cannot read points file '" + fifo + "': not a regular file"));
    CHECK(fs::is_fifo(fifo));  // left as it was
}

// A text output that exists and is no regular file (a pipe, a device) was written in place,
// or replaced by the rename of a whole file: each writer now refuses it by name, before any
// work. The pipe's read end is held open here, without blocking, so that a command writing
// into it would not hang but leave bytes the test finds.
TEST_CASE("cli hardening: a FIFO named as a text output is refused, never written to or replaced", "[cli][hardening]") {
    TempDir dir;
    const std::string out = dir / "r.h5";  // two optimizers: rank needs them
    REQUIRE(run_cli("run --problem branin --optimizer random-search --optimizer de --budget 5 --replicates 2 --quiet "
                    "--output " + out).status == 0);
    const std::string fifo = dir / "ff", html = dir / "html", man = dir / "man";
    const std::string page = html + "/index.html", man_page = man + "/bobench-run.1";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    fs::create_directories(html);
    fs::create_directories(man);
    REQUIRE(::mkfifo(page.c_str(), 0600) == 0);
    REQUIRE(::mkfifo(man_page.c_str(), 0600) == 0);
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(reader >= 0);
    const std::string not_file = ": not a regular file (a device, a pipe or a socket)";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"export " + out + " -o " + fifo, "cannot write --output '" + fifo + "'" + not_file},
        {"table " + out + " --output " + fifo, "cannot write --output '" + fifo + "'" + not_file},
        {"rank " + out + " --output " + fifo, "cannot write --output '" + fifo + "'" + not_file},
        {"export " + out + " --curves -o " + fifo, "cannot write --output '" + fifo + "'" + not_file},
        {"report " + out + " --html " + html, "cannot write --html '" + page + "'" + not_file},
        {"export " + out + " --format coco -o " + fifo, "cannot write output folder '" + fifo + "'" + not_file},
        {"help --man " + man, "cannot write '" + man_page + "'" + not_file}};
    for (const auto& c : cases) {
        INFO(c.first);
        const CliResult r = run_cli(c.first);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(c.second));
    }
    char byte = 0;
    CHECK(::read(reader, &byte, 1) <= 0);  // nothing was written into the pipe
    ::close(reader);
    CHECK(fs::is_fifo(fifo));  // nor was it replaced
    CHECK(fs::is_fifo(page));
    CHECK(fs::is_fifo(man_page));
}

// A spreadsheet or a Windows editor starts a file with a UTF-8 byte-order mark; left in, it
// was part of the first word ("'\xEF\xBB\xBF[experiment]' is neither a [section] ...").
TEST_CASE("cli hardening: a UTF-8 byte-order mark before a spec, a points file or a data file is dropped",
          "[cli][hardening]") {
    TempDir dir;
    const std::string bom = "\xEF\xBB\xBF", out = dir / "r.h5";
    testing::write_file(dir / "s.ini", bom + "[experiment]\nbudget = 3\nreplicates = 1\noutput = " + out +
                                           "\n[problems]\nb = branin\n[optimizers]\nrs = random-search\n");
    run_ok("run " + (dir / "s.ini") + " --quiet");
    CHECK(results::read_results(out).runs.size() == 1);
    testing::write_file(dir / "comment.ini", bom + "# a comment first\n[experiment]\nbudget = 3\nreplicates = 1\noutput = " +
                                                 (dir / "c.h5") + "\n[problems]\nb = branin\n[optimizers]\nrs = random-search\n");
    run_ok("run " + (dir / "comment.ini") + " --quiet");
    testing::write_file(dir / "plain.txt", "1,2\n");
    testing::write_file(dir / "bom.txt", bom + "1,2\n");
    testing::write_file(dir / "bom-comment.txt", bom + "# x0, x1\n1,2\n");
    const std::string value = run_ok("eval branin --points " + (dir / "plain.txt")).out;
    CHECK_FALSE(value.empty());
    CHECK(run_ok("eval branin --points " + (dir / "bom.txt")).out == value);
    CHECK(run_ok("eval branin --points " + (dir / "bom-comment.txt")).out == value);
    testing::write_file(dir / "m.csv", bom + "a,b\n1,2\n2,1\n3,4\n");
    CHECK(has(run_ok("stats friedman " + (dir / "m.csv")).out, "\nnames a b\n"));
}

// An error message is a C string: a NUL byte of echoed input ended it there.
TEST_CASE("cli hardening: a NUL byte in echoed input is shown as text, not the end of the message", "[cli][hardening]") {
    TempDir dir;
    const std::string points = dir / "p.txt", data = dir / "d.csv", one = dir / "one.csv", spec = dir / "s.ini";
    testing::write_file(points, std::string("1,2\0zz\n", 7));
    check_refused("eval branin --points " + points, points + ":1: '2\\x00zz' is not a number");
    testing::write_file(one, "1\n2\n");
    testing::write_file(data, std::string("1\n2\0x\n", 6));
    check_refused("stats mwu " + one + " " + data, "'" + data + "' line 2: '2\\x00x' is not a number");
    testing::write_file(spec, "[experiment]\nbudget = 3\nreplicates = 1\noutput = " + (dir / "r.h5") + "\n[problems]\nb = " +
                                  std::string("bra\0nin", 7) + "\n[optimizers]\nrs = random-search\n");
    check_refused("run " + spec, "'bra\\x00nin'");
}

// 1e400 and 1e-400 were "not a number"; both are refused, as no double holds them, by line and parameter.
TEST_CASE("cli hardening: eval refuses a coordinate beyond a double's range, naming its line and parameter",
          "[cli][hardening]") {
    TempDir dir;
    const std::string file = dir / "p.txt", range = "' is outside a double's range (nonzero magnitudes 4.9e-324 to 1.8e308)";
    testing::write_file(file, "1,2\n1e400,2\n");
    check_refused("eval branin --points " + file, file + ":2: x0 = '1e400" + range);
    testing::write_file(file, "1 -1e-400\n");
    check_refused("eval branin --points " + file, file + ":1: x1 = '-1e-400" + range);
    testing::write_file(file, "1,2,1e999\n");
    check_refused("eval branin --points " + file, file + ":1: field 3 = '1e999" + range);
    testing::write_file(file, "1e-310,2\n");  // a subnormal double is one
    CHECK_FALSE(run_ok("eval branin --points " + file).out.empty());
}

// An optimizer's own words (its error reply, the end of its standard error) reached the
// terminal whole: 100 kB of text, and escape sequences that act there.
TEST_CASE("cli hardening: a failed run's message is bounded and shows control characters as text", "[cli][hardening]") {
    TempDir dir;
    testing::write_file(dir / "talker.sh", "read line\necho '{\"type\":\"ready\"}'\nread line\n"
                                           "printf '\\033]0;title\\007' >&2\n"
                                           "printf '{\"type\":\"error\",\"message\":\"'\n"
                                           "head -c 100000 /dev/zero | tr '\\000' y\nprintf '\"}\\n'\n");
    const CliResult r = run_cli("run --problem branin --optimizer 'x=external:command=sh " + (dir / "talker.sh") +
                                "' --budget 3 --replicates 1 --quiet --output " + (dir / "r.h5"));
    INFO(r.err.substr(0, 3000));
    CHECK(r.status == 1);
    CHECK(has(r.err, "error: run failed: problem 'branin', optimizer 'x', replicate 0: external optimizer '"));
    CHECK(has(r.err, "it reported an error in reply to ask (evaluation 1): \"yyy"));
    CHECK(has(r.err, "bytes left out"));
    CHECK(r.err.size() < 3000);
    CHECK(has(r.err, "the end of its standard error:\n\\x1b]0;title\\x07"));
    CHECK(r.err.find('\x1b') == std::string::npos);
}

TEST_CASE("cli hardening: a loop of symbolic links and a NUL in a name are the user's errors, an output link to a missing file is "
          "written through",
          "[cli][hardening]") {
    TempDir dir;
    std::filesystem::create_symlink(dir / "b", dir / "a");
    std::filesystem::create_symlink(dir / "a", dir / "b");
    for (const std::string& command : {"export", "table", "rank"})
        check_refused(command + " '" + (dir / "a") + "'", "a loop of symbolic links");
    check_refused("merge '" + (dir / "m.h5") + "' '" + (dir / "a") + "'", "a loop of symbolic links");
    check_refused("run --problem branin --optimizer random-search --budget 3 --replicates 1 -q --output '" + (dir / "a") + "'",
                  "a loop of symbolic links");
    // a link whose file does not exist yet: the file is written, the link stays
    run_ok("run --problem branin --optimizer random-search --budget 3 --replicates 1 -q --output '" + (dir / "r.h5") + "'");
    std::filesystem::create_symlink(dir / "later.csv", dir / "link.csv");
    run_ok("export '" + (dir / "r.h5") + "' -o '" + (dir / "link.csv") + "'");
    CHECK(std::filesystem::is_symlink(dir / "link.csv"));
    CHECK(read_file(dir / "later.csv").rfind("problem,", 0) == 0);
    // a NUL in the output's name: the system would see the name cut there
    const std::string spec = "[experiment]\nbudget = 3\nreplicates = 1\noutput = a" + std::string(1, '\0') +
                             "b.h5\n[problems]\nB = branin\n[optimizers]\nRS = random-search\n";
    write_file(dir / "nul.ini", spec);
    check_refused("run '" + (dir / "nul.ini") + "' -q", "output 'a\\x00b.h5' holds a NUL character");
}
