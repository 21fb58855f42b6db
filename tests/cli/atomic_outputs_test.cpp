// Every output is whole or absent: on a full disk (here a file-size limit, whose writes fail
// with EFBIG as on a full disk) a command exits non-zero naming the file, an existing file
// keeps its content, and no temporary (`*.tmp-PID`) is left behind.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "tests/support/cli.hpp"
#include "tests/support/text.hpp"

using namespace bobench::testing;
namespace fs = std::filesystem;

namespace {

// Every path under `dir` whose name holds ".tmp-": a temporary left behind.
std::vector<std::string> temporaries(const fs::path& dir) {
    std::vector<std::string> left;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (has(e.path().filename().string(), ".tmp-")) left.push_back(e.path().string());
    return left;
}

// Two optimizers on `problems`, 30 evaluations each.
std::string results_file(const TempDir& dir, const std::string& problems) {
    const std::string out = dir / "r.h5";
    run_ok("run " + problems + " --optimizer random-search --optimizer de --budget 30 --replicates 2 --quiet --output " +
           out);
    return out;
}
// Every output of these is larger than the limits the tests set, which are at least 2 KiB
// (every OpenMP runtime starts under them).
const std::string many_problems = "--problem bbob:f=1-24,d=2,i=1-2";
const std::string four_problems = "--problem branin --problem levy:d=2 --problem rosenbrock:d=2 --problem ackley:d=2";
}  // namespace

TEST_CASE("outputs: export, table and rank on a full disk keep the old file and leave no temporary",
          "[cli][outputs]") {
    TempDir dir;
    const std::string results = results_file(dir, many_problems), old = dir / "old.csv", fresh = dir / "new.csv";
    const std::string old_text = "the old file's content\n";
    const std::vector<std::pair<std::string, std::string>> commands = {
        {"export", ""}, {"export", " --runs"}, {"export", " --curves"}, {"table", ""}, {"rank", ""}};
    for (const auto& command : commands) {
        const std::string args = command.first + " " + results + command.second;
        INFO(args);
        REQUIRE(run_cli(args + " -o " + fresh).status == 0);  // it fits without the limit
        REQUIRE(fs::file_size(fresh) > 2048);
        fs::remove(fresh);
        write_file(old, old_text);
        const auto full = run_limited(2048, args + " -o " + old);
        INFO(full.err);
        CHECK(full.status == 1);
        CHECK(has(full.err, "cannot write '" + old + "': File too large"));
        CHECK(read_file(old) == old_text);
        const auto absent = run_limited(2048, args + " -o " + fresh);
        CHECK(absent.status == 1);
        CHECK_FALSE(fs::exists(fresh));
        CHECK(temporaries(dir.path()).empty());
    }
}

TEST_CASE("outputs: report --html on a full disk keeps the old page", "[cli][outputs]") {
    TempDir dir;
    const std::string results = results_file(dir, four_problems), page = dir / "html/index.html";
    fs::create_directories(dir / "html");
    write_file(page, "the old page\n");
    const auto full = run_limited(4096, "report " + results + " --html " + (dir / "html"));
    INFO(full.err);
    CHECK(full.status == 1);
    CHECK(has(full.err, "cannot write '" + page + "': File too large"));
    CHECK(read_file(page) == "the old page\n");
    CHECK(temporaries(dir.path()).empty());
}

TEST_CASE("outputs: export --format iohprofiler and coco on a full disk leave no folder", "[cli][outputs]") {
    TempDir dir;
    const std::string bbob = dir / "bbob.h5";  // the COCO export writes bbob problems only
    run_ok("run --problem bbob:f=1-2,d=2,i=1 --optimizer random-search --budget 60 --replicates 2 --quiet --output " + bbob);
    for (const std::string format : {"iohprofiler", "coco"}) {
        const std::string logs = dir / ("logs-" + format);
        const auto full = run_limited(2048, "export " + bbob + " --format " + format + " " + logs);
        INFO(format << "\n" << full.err);
        CHECK(full.status == 1);
        CHECK(has(full.err, "File too large"));
        CHECK_FALSE(fs::exists(logs));
        CHECK(temporaries(dir.path()).empty());
        // an empty folder given stays empty
        fs::create_directories(logs);
        CHECK(run_limited(2048, "export " + bbob + " --format " + format + " " + logs).status == 1);
        CHECK(fs::is_empty(logs));
        CHECK(temporaries(dir.path()).empty());
        run_ok("export " + bbob + " --format " + format + " " + logs);  // it fits without the limit
        CHECK_FALSE(fs::is_empty(logs));
    }
}

TEST_CASE("outputs: plot on a full disk fails and keeps the earlier plots whole", "[cli][outputs]") {
    TempDir dir;
    const std::string results = results_file(dir, four_problems), plots = dir / "plots";
    run_ok("plot " + results + " --out " + plots);
    std::vector<std::pair<std::string, std::string>> before;  // every file and its bytes
    for (const auto& e : fs::directory_iterator(plots))
        if (e.path().extension() == ".png" || e.path().extension() == ".svg")
            before.emplace_back(e.path().string(), read_file(e.path().string()));
    REQUIRE(before.size() == 8);  // a PNG and an SVG of each problem
    // the data files and the script fit, gnuplot's drawings do not: gnuplot itself exits 0
    const auto full = run_limited(8192, "plot " + results + " --out " + plots);
    INFO(full.err);
    CHECK(full.status == 1);
    CHECK(has(full.err, "cannot write '" + plots + "/"));
    CHECK(has(full.err, "gnuplot left it incomplete"));
    for (const auto& [file, bytes] : before) CHECK(read_file(file) == bytes);
    CHECK(temporaries(dir.path()).empty());
    // into a new folder, even one under another new folder: no folder at all (#58: it was
    // left behind, empty of plots)
    CHECK(run_limited(8192, "plot " + results + " --out " + (dir / "new")).status == 1);
    CHECK_FALSE(fs::exists(dir / "new"));
    CHECK(run_limited(8192, "plot " + results + " --out " + (dir / "outer/inner")).status == 1);
    CHECK_FALSE(fs::exists(dir / "outer"));
    CHECK(temporaries(dir.path()).empty());
}

TEST_CASE("outputs: a failed plot leaves an existing folder with what it held", "[cli][outputs]") {
    TempDir dir;
    const std::string results = results_file(dir, four_problems), plots = dir / "plots";
    fs::create_directories(plots);
    write_file(plots + "/mine.txt", "the user's file\n");
    const auto full = run_limited(8192, "plot " + results + " --out " + plots);
    INFO(full.err);
    CHECK(full.status == 1);
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(plots)) left.push_back(e.path().filename().string());
    CHECK(left == std::vector<std::string>{"mine.txt"});  // no data file, script or log of the failed plot
    CHECK(read_file(plots + "/mine.txt") == "the user's file\n");
}

TEST_CASE("outputs: report --html into a new folder on a full disk leaves no folder", "[cli][outputs]") {
    TempDir dir;
    const std::string results = results_file(dir, four_problems);
    const auto full = run_limited(4096, "report " + results + " --html " + (dir / "outer/html"));
    INFO(full.err);
    CHECK(full.status == 1);
    CHECK(has(full.err, "File too large"));
    CHECK_FALSE(fs::exists(dir / "outer"));
    CHECK(temporaries(dir.path()).empty());
    run_ok("report " + results + " --html " + (dir / "outer/html"));  // it fits without the limit
    CHECK(fs::exists(dir / "outer/html/index.html"));
}

namespace {
// The pid of a process that has ended: a child that exits at once, waited for.
pid_t ended_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}
}  // namespace

TEST_CASE("outputs: the temporaries a killed writer left are removed by the next write, a live one's stay",
          "[cli][outputs]") {
    TempDir dir;
    const std::string results = dir / "r.h5", out = dir / "out.csv", folder = dir / "ioh";
    run_ok("run --problem branin --optimizer random-search --budget 5 --replicates 2 --quiet --output " + results);
    const std::string dead = std::to_string(ended_pid()), alive = std::to_string(::getppid());
    for (const std::string& stale : {out + ".tmp-" + dead, folder + ".tmp-" + dead}) write_file(stale, "half a file");
    for (const std::string& kept : {out + ".tmp-" + alive, out + ".tmp-notapid"}) write_file(kept, "not ours");
    run_ok("export " + results + " -o " + out);
    run_ok("export " + results + " --format iohprofiler " + folder);
    CHECK_FALSE(std::filesystem::exists(out + ".tmp-" + dead));
    CHECK_FALSE(std::filesystem::exists(folder + ".tmp-" + dead));
    CHECK(read_file(out + ".tmp-" + alive) == "not ours");
    CHECK(read_file(out + ".tmp-notapid") == "not ours");
    // a results file written by `keep` (as by merge and run): a killed merge's temporary goes
    const std::string kept = dir / "kept.h5";
    write_file(kept + ".tmp-" + dead, "half a merge");
    run_ok("keep " + results + " " + kept);
    CHECK_FALSE(std::filesystem::exists(kept + ".tmp-" + dead));
}

TEST_CASE("outputs: a file whose fsync fails is not renamed into place", "[cli][outputs]") {
    // write_file_atomically syncs the temporary before renaming it: a crash after the
    // rename then leaves the whole file, not an empty one under its name. Here the sync
    // fails (a preloaded fsync that returns EIO): the old file stays, nothing is left.
    TempDir dir;
    const std::string results = results_file(dir, four_problems), old = dir / "old.csv", fresh = dir / "new.csv";
    const std::string shim = (fs::path(BOBENCH_CLI).parent_path() / "libtest_failing_fsync.so").string();
    REQUIRE(fs::exists(shim));
    const std::string failing = "LD_PRELOAD='" + shim + "' '" + BOBENCH_CLI + "' ";
    write_file(old, "the old file's content\n");
    for (const std::string& args : {"export " + results + " -o " + old, "table " + results + " -o " + old,
                                    "export " + results + " --runs -o " + fresh}) {
        const auto r = run_shell(failing + args);
        INFO(args << "\n" << r.err);
        CHECK(r.status == 1);
        CHECK(has(r.err, "Input/output error"));
        CHECK(has(r.err, "cannot write '"));
    }
    CHECK(read_file(old) == "the old file's content\n");
    CHECK_FALSE(fs::exists(fresh));
    CHECK(temporaries(dir.path()).empty());
    run_ok("export " + results + " -o " + old);  // a sync that succeeds replaces it
    CHECK(read_file(old) != "the old file's content\n");
}
