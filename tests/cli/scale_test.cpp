// Beyond one process: shards and merge, the output lock, progress lines for logs, MPI and
// a real one-node Slurm. Every path ends in the same check: the export equals that of a
// one-process run, byte for byte.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "hdf5/hdf5.hpp"
#include "results/checksum.hpp"
#include "results/merge.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {
// 2 problems x 2 optimizers x 3 replicates = 12 runs, fractions of a second
const std::string small = "run --problem branin --problem levy:d=3 --optimizer random-search --optimizer de "
                          "--budget 30 --replicates 3 --quiet ";

std::string export_of(const std::string& file) {
    const auto r = run_ok("export '" + file + "'");
    REQUIRE(r.out.size() > 100);
    return r.out;
}

std::string one_process_export(const TempDir& dir, const std::string& threads = "2") {
    const std::string out = dir / ("one-" + threads + ".h5");
    run_ok(small + "--threads " + threads + " --output " + out);
    return export_of(out);
}

std::string shard_file(const TempDir& dir, const std::string& base, int k, int n) {
    return dir / (base + ".shard-" + std::to_string(k) + "-of-" + std::to_string(n) + ".h5");
}

// Runs every shard of an n-way split of `small` into <base>.shard-K-of-N.h5.
std::vector<std::string> run_shards(const TempDir& dir, const std::string& base, int n, const std::string& extra = "") {
    std::vector<std::string> files;
    for (int k = 1; k <= n; ++k) {
        run_ok(small + extra + " --threads 1 --shard " + std::to_string(k) + "/" + std::to_string(n) +
               " --output " + (dir / (base + ".h5")));
        files.push_back(shard_file(dir, base, k, n));
        REQUIRE(std::filesystem::exists(files.back()));
    }
    return files;
}

std::string words(const std::vector<std::string>& files) {
    std::string s;
    for (const auto& f : files) s += " '" + f + "'";
    return s;
}

// Sets an attribute of an HDF5 file in place (to fake a file of another bobench), and its
// checksum, as that bobench would have written it.
void set_attribute(const std::string& file, const std::string& name, const std::string& value) {
    h5::silence_errors();
    h5::Handle f(H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    REQUIRE(f);
    REQUIRE(H5Adelete(f.get(), name.c_str()) >= 0);
    h5::write_fixed_attribute(f.get(), name, value);
    nlohmann::json sums = nlohmann::json::parse(h5::read_string_attribute(f.get(), "checksums"));
    sums[name] = results::crc32(value.data(), value.size());
    REQUIRE(H5Adelete(f.get(), "checksums") >= 0);
    h5::write_fixed_attribute(f.get(), "checksums", sums.dump());
}
}  // namespace

TEST_CASE("scale: shards + merge give the one-process export, byte for byte, with 1, 2 and 5 shards",
          "[cli][scale][shard]") {
    TempDir dir;
    const std::string whole = one_process_export(dir);
    for (int n : {1, 2, 5}) {
        const std::string base = "split" + std::to_string(n), merged = dir / (base + "-merged.h5");
        const auto files = run_shards(dir, base, n);
        const auto m = run_ok("merge '" + merged + "'" + words(files));
        CHECK(m.out.find("12 runs") != std::string::npos);
        CHECK(export_of(merged) == whole);
        const results::Results r = results::read_results(merged);
        CHECK(r.shard.empty());  // the merged file is a whole experiment
        // written by the merge, not by the first shard's run
        CHECK(r.provenance.command_line.rfind("bobench merge " + merged + " ", 0) == 0);
        CHECK(r.provenance.command_line.find("--shard") == std::string::npos);
    }
}

TEST_CASE("scale: shards of two optimizer selections merge into the file of both, byte for byte",
          "[cli][scale][shard]") {
    // a run's seeds follow from its problem, optimizer and replicate: random search split 2
    // ways and DE split 3 ways are the runs of `small`, which lists random search first
    TempDir dir;
    const std::string whole = one_process_export(dir);
    const std::string problems = "run --problem branin --problem levy:d=3 --budget 30 --replicates 3 --quiet ";
    auto selection = [&](const std::string& optimizers, const std::string& base, int n) {
        std::vector<std::string> files;
        for (int k = 1; k <= n; ++k) {
            run_ok(problems + optimizers + " --threads 1 --shard " + std::to_string(k) + "/" + std::to_string(n) +
                   " --output " + (dir / (base + ".h5")));
            files.push_back(shard_file(dir, base, k, n));
        }
        return files;
    };
    const auto rs = selection("--optimizer random-search", "rs", 2);
    const auto de = selection("--optimizer de", "de", 3);
    const std::string merged = dir / "merged.h5";
    const auto m = run_ok("merge '" + merged + "'" + words(rs) + words(de));
    CHECK(m.out.find("12 runs") != std::string::npos);
    CHECK(export_of(merged) == whole);
    // the stored spec names both selections' optimizers and the merged file: a run of it
    // finds every run done
    const std::string stored = dir / "stored.ini";
    testing::write_file(stored, results::read_results(merged).spec);
    const auto again = run_ok("run '" + stored + "' --threads 1");
    CHECK(again.err.find("12 of 12 runs were already done") != std::string::npos);

    // a selection left out in part is named by its split
    const auto some = run_cli("merge '" + (dir / "some.h5") + "' '" + rs[0] + "'" + words(de));
    CHECK(some.status == 1);
    CHECK(some.err.find("(shards not given: 2/2 of 6)") != std::string::npos);
    // an optimizer in two selections is refused, naming it
    const auto both = selection("--optimizer random-search --optimizer de", "both", 2);
    check_refused("merge '" + (dir / "out.h5") + "'" + words(both) + words(de),
                  "are shards of two optimizer selections that both run 'de'");
    CHECK_FALSE(std::filesystem::exists(dir / "out.h5"));
}

TEST_CASE("scale: a merge of some shards reports the missing runs and run completes the file", "[cli][scale][shard]") {
    TempDir dir;
    const std::string whole = one_process_export(dir);
    const auto files = run_shards(dir, "part", 3);
    const std::string merged = dir / "merged.h5";
    const auto m = run_cli("merge '" + merged + "' '" + files[0] + "' '" + files[2] + "'");
    CHECK(m.status == 1);
    CHECK(m.err.find("runs of the plan are in none of the shards (shards not given: 2)") != std::string::npos);
    REQUIRE(std::filesystem::exists(merged));
    run_ok(small + "--output '" + merged + "'");
    CHECK(export_of(merged) == whole);
}

TEST_CASE("scale: merge refuses shards of another restart rule as it refuses another seed",
          "[cli][scale][shard][errors]") {
    TempDir dir;
    const auto plain = run_shards(dir, "plain", 2);
    const auto revisit = run_shards(dir, "revisit", 2, "--restart-on revisit");
    const std::string out = dir / "out.h5";
    check_refused("merge '" + out + "' '" + plain[0] + "' '" + revisit[1] + "'",
                  "comes from another experiment than '" + plain[0] + "' (restart_on none vs revisit (target 1e-08))");
    CHECK_FALSE(std::filesystem::exists(out));
    REQUIRE(run_cli("merge '" + out + "' '" + revisit[0] + "' '" + revisit[1] + "'").status == 0);
}

TEST_CASE("scale: merge refuses mismatched, overlapping and foreign files, and never overwrites",
          "[cli][scale][shard][errors]") {
    TempDir dir;
    const auto a = run_shards(dir, "a", 2);
    const auto b = run_shards(dir, "b", 2);
    const auto seed2 = run_shards(dir, "seed2", 2, "--seed 2");
    const auto three = run_shards(dir, "three", 3);
    const std::string out = dir / "out.h5";

    check_refused("merge '" + out + "' '" + a[0] + "' '" + seed2[1] + "'", "comes from another experiment than");
    check_refused("merge '" + out + "' '" + a[0] + "' '" + seed2[1] + "'", "(seed 1 vs 2)");
    check_refused("merge '" + out + "' '" + a[0] + "' '" + b[0] + "'", "overlap: both are shard 1/2");
    check_refused("merge '" + out + "' '" + a[0] + "' '" + three[1] + "'", "they are parts of different splits");
    // the same file twice, and a file merged into itself
    check_refused("merge '" + out + "' '" + a[0] + "' '" + a[0] + "'", "is given twice");
    check_refused("merge '" + a[0] + "' '" + a[0] + "'", "is both the output and a shard");
    // foreign files: not bobench's, a whole run's, another bobench's
    testing::write_file(dir / "notes.txt", "not a results file\n");
    check_refused("merge '" + out + "' '" + (dir / "notes.txt") + "'", "is not a bobench results file");
    REQUIRE(run_cli(small + "--output " + (dir / "whole.h5")).status == 0);
    check_refused("merge '" + out + "' '" + (dir / "whole.h5") + "' '" + a[0] + "'", "parts of different splits");
    std::filesystem::copy_file(a[1], dir / "old.h5");
    set_attribute(dir / "old.h5", "bobench_version", "0.0.1");
    check_refused("merge '" + out + "' '" + a[0] + "' '" + (dir / "old.h5") + "'", "bobench version");
    // a shard whose run was killed: its journal holds runs its file lacks
    testing::write_file(a[1] + ".journal", "");
    check_refused("merge '" + out + "'" + words(a), "is unfinished: its journal");
    std::filesystem::remove(a[1] + ".journal");
    CHECK_FALSE(std::filesystem::exists(out));  // none of the refusals wrote anything

    // an existing file is never replaced
    testing::write_file(out, "precious");
    check_refused("merge '" + out + "'" + words(a), "exists; merge never overwrites a file");
    CHECK(read_file(out) == "precious");
    for (const auto& f : a) CHECK(results::read_results(f).runs.size() > 0);  // inputs untouched
}

TEST_CASE("scale: --across-builds joins shards of two builds, naming both, and still refuses other differences",
          "[cli][scale][shard]") {
    TempDir dir;
    const std::string whole = one_process_export(dir);
    const auto files = run_shards(dir, "p", 2);
    set_attribute(files[1], "git_revision", "0123456789ab");  // as if a later commit ran shard 2
    const std::string out = dir / "merged.h5";
    check_refused("merge '" + out + "'" + words(files), "--across-builds joins builds that run the same code");
    const auto m = run_ok("merge --across-builds '" + out + "'" + words(files));
    // both revisions, the first shard's first
    CHECK(results::read_results(out).git_revision == results::read_results(files[0]).git_revision + ", 0123456789ab");
    CHECK(m.out.find("builds: ") != std::string::npos);
    CHECK(export_of(out) == whole);
    const auto seed2 = run_shards(dir, "seed2", 2, "--seed 2");
    check_refused("merge --across-builds '" + (dir / "other.h5") + "' '" + files[0] + "' '" + seed2[1] + "'",
                  "(seed 1 vs 2)");
}

TEST_CASE("scale: runs of another build join a results file only with --across-builds, which then lists both builds",
          "[cli][scale][shard]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    const std::string cmd = "run --problem branin --optimizer random-search --budget 20 --quiet --output '" + out + "' ";
    REQUIRE(run_cli(cmd + "--replicates 2").status == 0);
    const std::string ours = results::read_results(out).git_revision;
    set_attribute(out, "git_revision", "0123456789ab");  // as if an earlier commit ran these runs
    const std::string before = read_file(out);
    check_refused(cmd + "--replicates 3", "holds runs of bobench");
    check_refused(cmd + "--replicates 3", "(0123456789ab), this is bobench");
    CHECK(read_file(out) == before);  // untouched, and no journal left behind
    CHECK_FALSE(std::filesystem::exists(out + ".journal"));
    // the same plan again adds no run: accepted, and the file still names only the build that ran them
    REQUIRE(run_cli(cmd + "--replicates 2").status == 0);
    CHECK(results::read_results(out).git_revision == "0123456789ab");
    run_ok(cmd + "--replicates 3 --across-builds");
    const results::Results r = results::read_results(out);
    CHECK(r.runs.size() == 3);
    CHECK(r.git_revision == "0123456789ab, " + ours);
    // this build is listed now: more of its runs need no flag, and it is listed once
    REQUIRE(run_cli(cmd + "--replicates 4").status == 0);
    CHECK(results::read_results(out).git_revision == "0123456789ab, " + ours);
}

TEST_CASE("build lists: each build once, in order, also when a list joins a list", "[results][shard]") {
    CHECK(results::join_builds("a", "b") == "a, b");
    CHECK(results::join_builds("a, b", "b, c") == "a, b, c");
    CHECK(results::join_builds("a, b", "a") == "a, b");
    CHECK(results::join_builds("", "a") == "a");
    CHECK(results::lists_build("a, b", "b"));
    CHECK_FALSE(results::lists_build("a, bc", "b"));
    CHECK_FALSE(results::lists_build("", "b"));
}

TEST_CASE("scale: bad --shard values are refused before anything is written", "[cli][scale][shard][errors]") {
    TempDir dir;
    for (const char* bad : {"3/2", "0/0", "1/0", "x"}) {
        check_refused(small + "--shard " + bad + " --output " + (dir / "s.h5"), "--shard '" + std::string(bad) + "' is not valid");
    }
    CHECK(std::filesystem::is_empty(dir.path()));
    // a shard's file holds that shard only
    const auto files = run_shards(dir, "s", 2);
    std::filesystem::copy_file(files[0], dir / "renamed.shard-2-of-2.h5");
    check_refused(small + "--shard 2/2 --output " + (dir / "renamed.h5"), "holds shard 1/2 of 12 runs");
}

TEST_CASE("scale: a second writer of one output is refused naming the first and a lock left by kill -9 does not block",
          "[cli][scale][lock]") {
    TempDir dir;
    const std::string out = dir / "s.h5";
    const std::string slow = "run --problem levy:d=2 --problem hartmann6 --optimizer random-search --budget 20000 "
                             "--replicates 40 --threads 1 --journal-after 0 --quiet --output ";
    testing::BackgroundCli first(slow + out);
    const pid_t pid = first.pid();
    first.wait_until([&] { return std::atoi(read_file(out + ".lock").c_str()) == pid; }, "the lock file naming the run");
    // another experiment into the same file while the first runs (held still, so that it
    // cannot finish meanwhile however fast the machine)
    REQUIRE(::kill(pid, SIGSTOP) == 0);
    const auto second = run_cli("run -q --problem branin --optimizer random-search --budget 10 --output " + out);
    CHECK(second.status == 2);
    CHECK(second.err.find("is being written by another bobench process (pid " + std::to_string(pid) + ")") !=
          std::string::npos);
    const auto merge = run_cli("merge '" + out + "' '" + out + ".x'");
    CHECK(merge.status == 2);
    REQUIRE(::kill(pid, SIGCONT) == 0);

    // kill -9 leaves the lock file behind, and the journal (hartmann6's records are about
    // 1.6 MB each: over 4 MB holds at least one whole one, whatever is being written)
    first.wait_until([&] { return std::filesystem::exists(out + ".journal") &&
                                  std::filesystem::file_size(out + ".journal") > 4'000'000; },
                     "a journal of over 4 MB");
    CHECK(first.stop_with(SIGKILL) == 128 + SIGKILL);
    CHECK(std::filesystem::exists(out + ".lock"));
    const auto resumed = run_cli(slow + out);
    INFO(resumed.err);
    CHECK(resumed.status == 0);
    CHECK(resumed.err.find("runs were already done and were kept") != std::string::npos);
    CHECK(results::read_results(out).runs.size() == 80);
    CHECK_FALSE(std::filesystem::exists(out + ".lock"));  // a clean end removes it
}

// Two writers, in both orders, driven explicitly: a second experiment started while the
// first holds the output is refused and the first's runs are all there; one started after
// the first finished adds its runs (before the lock both exited 0 and the first writer's
// runs were gone).
TEST_CASE("scale: two writers of one output never both succeed and lose runs", "[cli][scale][lock]") {
    TempDir dir;
    const std::string out = dir / "s.h5";
    const std::string second = "run -q --problem levy:d=2 --optimizer random-search --budget 120 --replicates 3 "
                               "--output " + out;
    const auto runs_of = [&](const std::string& problem) {
        const results::Results stored = results::read_results(out);
        int n = 0;
        for (const auto& t : stored.runs) n += stored.problems[static_cast<std::size_t>(t.key.problem)].id == problem;
        return n;
    };
    {
        testing::BackgroundCli first("run -q --problem branin --optimizer gp-ei --budget 120 --replicates 1 "
                                     "--threads 1 --output " + out);
        const pid_t pid = first.pid();
        first.wait_until([&] { return std::atoi(read_file(out + ".lock").c_str()) == pid; }, "the lock file naming the run");
        REQUIRE(::kill(pid, SIGSTOP) == 0);  // it cannot finish while the second one tries
        const auto refused = run_cli(second);
        REQUIRE(::kill(pid, SIGCONT) == 0);
        CHECK(refused.status == 2);
        CHECK(first.wait() == 0);
    }
    CHECK(runs_of("branin") == 1);
    CHECK(runs_of("levy") == 0);  // levy:d=2's canonical id
    const auto after = run_cli(second);
    INFO(after.err);
    CHECK(after.status == 0);
    CHECK(runs_of("branin") == 1);
    CHECK(runs_of("levy") == 3);
}

TEST_CASE("scale: progress in a log is plain lines (runs done, rate, ETA)", "[cli][scale]") {
    TempDir dir;
    // --progress-pace 0 (a test hook): every line of this short job, not one a second
    const auto r = run_cli("run --progress-pace 0 --problem branin --optimizer random-search --budget 10 --replicates 20 "
                           "--threads 1 --output " + (dir / "p.h5"));
    REQUIRE(r.status == 0);
    CHECK(r.err.find('\r') == std::string::npos);
    CHECK(r.err.find("bobench: 2/20 runs done (10 %), ") != std::string::npos);
    CHECK(r.err.find("bobench: 20/20 runs done (100 %), ") != std::string::npos);
    CHECK(r.err.find("runs/s, ") != std::string::npos);
    CHECK(r.err.find(" elapsed, ETA ") != std::string::npos);
    // one line per tenth (a slow machine may add lines between them, one per 30 s)
    for (int done = 2; done <= 20; done += 2) {
        const std::string line = "bobench: " + std::to_string(done) + "/20 runs done";
        const std::size_t at = r.err.find(line);
        INFO(line);
        CHECK(at != std::string::npos);
        CHECK(r.err.find(line, at + 1) == std::string::npos);
    }
}

TEST_CASE("scale: --timing splits the CPU time and the wall time of a run into their phases", "[cli][scale]") {
    TempDir dir;
    // 8 runs of 2000 evaluations: milliseconds each, enough to show in the printed figures
    const auto r = run_ok("run --problem 'bbob:f=1-4,i=1,d=10' --optimizer de --budget 2000 --replicates 2 --quiet "
                          "--threads 2 --timing --output " + (dir / "t.h5"));
    std::smatch cpu, wall;
    const std::string number = "([0-9]+\\.[0-9]+)";
    REQUIRE(std::regex_search(r.err, cpu, std::regex("timing: CPU " + number + " s in runs .* serial fraction " + number)));
    CHECK(std::stod(cpu[1]) > 0);
    CHECK(std::stod(cpu[2]) >= 0);
    CHECK(std::stod(cpu[2]) < 1);
    REQUIRE(std::regex_search(r.err, wall, std::regex("timing: wall " + number + " s loading, " + number + " s running, " +
                                                      number + " s writing the results file \\(" + number +
                                                      " s of it waiting for fsync\\), " + number +
                                                      " s removing the journal")));
    CHECK(std::stod(wall[2]) > 0);
    CHECK(std::stod(wall[4]) <= std::stod(wall[3]));        // fsync is part of writing
    CHECK(std::stod(wall[3]) > 0);
}

TEST_CASE("scale: MPI, 3 ranks with one thread each, gives the export of 2 threads", "[cli][scale][mpi]") {
#ifdef BOBENCH_MPI_CLI
    TempDir dir;
    const std::string whole = one_process_export(dir);
    const std::string out = dir / "mpi.h5";
    // as root (CI), OpenMPI wants --allow-run-as-root; the single-copy mechanism needs
    // ptrace rights that containers often lack, so it is switched off
    const auto r = run_shell("mpirun --allow-run-as-root --oversubscribe -n 3 --mca btl self,vader "
                             "--mca btl_vader_single_copy_mechanism none '" + std::string(BOBENCH_MPI_CLI) + "' " +
                             small + "--threads 1 --output " + out);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(export_of(out) == whole);
    // the plain binary says how to get MPI rather than running 3 copies of the experiment
    const auto plain = run_shell("OMPI_COMM_WORLD_SIZE=3 '" + std::string(BOBENCH_CLI) + "' " + small + "--output " +
                                 (dir / "plain.h5"));
    CHECK(plain.status == 2);
    CHECK(plain.err.find("start `mpirun -n P bobench-mpi run ...` instead") != std::string::npos);
#else
    FAIL("bobench-mpi was not built: CMake found no MPI; scripts/install-deps installs libopenmpi-dev and openmpi-bin");
#endif
}
