// Plugins (core/plugin.hpp): shared libraries built outside bobench's libraries (here in the
// tree against bobench::plugin, tests/install/plugin/; tests/install/plugin_test.sh builds
// one against the installed package) whose optimizers and problems the real `bobench`
// binary runs, ranks and records; and the plugins it refuses, by name, with exit status 2.
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/rng.hpp"
#include "results/journal.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {
const std::string step_plugin = BOBENCH_TEST_STEP_PLUGIN;  // optimizer plugin-step, problem plugin-sphere
const std::string plugin_run = "run --problem plugin-sphere:d=3 --problem branin --optimizer plugin-step "
                              "--optimizer random-search --replicates 2 --budget 20 --quiet ";

const std::string misbehaving_plugin = BOBENCH_TEST_MISBEHAVING_PLUGIN;  // plugin-throws-int, plugin-stuck

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// The optimizers of the whole records of the journal `path` (after its 16-byte header).
std::vector<std::string> journalled(const std::string& path) {
    const std::string bytes = read_file(path);
    std::vector<std::string> optimizers;
    for (std::size_t at = 16, used = 0; at < bytes.size(); at += used) {
        const auto record = results::Journal::decode(bytes.data() + at, bytes.size() - at, &used);
        if (!record) break;
        optimizers.push_back(record->optimizer_id);
    }
    return optimizers;
}

// Whether a `sig` sent to process `pid` waits to be taken (ShdPnd in /proc): once it is not,
// the process has run its handler, or runs it, and a second one is a signal of its own.
bool pending(pid_t pid, int sig) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("ShdPnd:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1)) & 1;
    return false;
}
}  // namespace

TEST_CASE("plugin: its optimizer and problem run beside bobench's, are ranked, and the file records the plugin",
          "[cli][plugin]") {
    TempDir dir;
    const std::string out = dir / "p.h5";
    run_ok(plugin_run + "--plugin " + quoted(step_plugin) + " --output " + out);

    const results::Results results = results::read_results(out);
    CHECK(results.find_optimizer("plugin-step") >= 0);
    CHECK(results.find_problem("plugin-sphere:d=3") >= 0);
    CHECK(results.runs.size() == 8);
    // the plugin file, with a hash of its bytes, in the provenance; its path in the stored spec
    const auto plugins = nlohmann::json::parse(results.provenance.plugins);
    REQUIRE(plugins.size() == 1);
    CHECK(plugins[0]["file"] == std::filesystem::canonical(step_plugin).string());
    CHECK(plugins[0]["fnv1a64"] == fmt::format("{:016x}", hash_string(read_file(step_plugin))));
    CHECK(results.spec.find("plugins = " + step_plugin + "\n") != std::string::npos);

    const auto rank = run_cli("rank " + out);
    INFO(rank.err);  // what a failing rank said (a sanitizer's report included)
    CHECK(rank.status == 0);
    CHECK(rank.out.find("| plugin-step |") != std::string::npos);
    const auto report = run_cli("report " + out + " --html " + (dir / "html"));
    INFO(report.err);
    REQUIRE(report.status == 0);
    CHECK(read_file(dir / "html/index.html").find("<tr><th>plugins</th><td><code>[{&quot;file&quot;:") != std::string::npos);

    // same spec and seed, the same traces: the plugin's randomness comes from the run's Rng
    const std::string again = dir / "again.h5";
    REQUIRE(run_cli(plugin_run + "--plugin " + quoted(step_plugin) + " --output " + again).status == 0);
    CHECK(run_cli("export " + out).out == run_cli("export " + again).out);

    // a file written without plugins has no plugins attribute (nor an empty one)
    const std::string plain = dir / "plain.h5";
    REQUIRE(run_cli("run --problem branin --optimizer random-search --replicates 1 --budget 5 -q --output " + plain)
                .status == 0);
    CHECK(results::read_results(plain).provenance.plugins.empty());
}

TEST_CASE("plugin: a spec's plugins key loads it, and list and eval take --plugin", "[cli][plugin]") {
    TempDir dir;
    const std::string out = dir / "s.h5";
    write_file(dir / "s.ini", "[experiment]\nbudget = 10\nreplicates = 1\noutput = " + out + "\nplugins = " +
                                  step_plugin + "\n[problems]\nsphere = plugin-sphere\n[optimizers]\nstep = plugin-step:step=0.2\n");
    const auto r = run_cli("run " + quoted(dir / "s.ini") + " --quiet");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(results::read_results(out).find_optimizer("plugin-step:step=0.2") >= 0);

    const auto optimizers = run_cli("list optimizers --plugin " + quoted(step_plugin));
    CHECK(optimizers.status == 0);
    CHECK(optimizers.out.find("plugin-step\n    random points, or the best one") != std::string::npos);
    CHECK(optimizers.out.find("random-search\n") != std::string::npos);
    CHECK(run_cli("list problems --plugin " + quoted(step_plugin)).out.find("plugin-sphere\n") != std::string::npos);
    write_file(dir / "points.csv", "0.5,-0.5\n");
    const auto eval = run_cli("eval plugin-sphere --points " + quoted(dir / "points.csv") + " --plugin " + quoted(step_plugin));
    CHECK(eval.status == 0);
    CHECK(eval.out == "0.5\n");
    // without the plugin the names are unknown, as any misspelt one
    check_refused("list optimizers --plugin " + quoted(dir / "s.ini"), "invalid ELF header");
    check_refused("run --problem branin --optimizer plugin-step -q --output " + (dir / "x.h5"),
                  "unknown optimizer 'plugin-step'");

    write_file(dir / "empty.ini", "[experiment]\nplugins = " + step_plugin + ",\n[problems]\nbranin =\n");
    check_refused("run " + quoted(dir / "empty.ini"), "experiment.plugins: '" + step_plugin + ",' has an empty plugin path");
    // a path the stored spec's comma-separated list could not give back, even of a real plugin
    const std::string comma = dir / "a,b.so";
    std::filesystem::copy_file(step_plugin, comma);
    check_refused("run --problem branin --optimizer random-search -q --output " + (dir / "c.h5") + " --plugin " +
                      quoted(comma),
                  "plugin path '" + comma + "' cannot be stored in a spec's plugins list");
}

TEST_CASE("plugin: a missing file, a library without the entry point, another build's plugin and a taken name "
          "are refused naming the file, exit status 2, and no results file is touched",
          "[cli][plugin]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    const std::string run = "run --problem branin --optimizer random-search --replicates 1 --budget 5 -q --output " + out;
    REQUIRE(run_cli(run).status == 0);
    const std::string before = read_file(out);

    const std::string missing = dir / "nothere.so";
    check_refused(run + " --plugin " + missing, "plugin '" + missing + "' does not exist\n");
    check_refused(run + " --plugin nothere.so", "plugin 'nothere.so' does not exist (a path relative to the working folder");
    const std::string loop = dir / "loop.so";  // a symbolic link to itself
    REQUIRE(::symlink(loop.c_str(), loop.c_str()) == 0);
    check_refused(run + " --plugin " + loop, "plugin '" + loop + "' cannot be resolved to a file: ");
    const std::string no_entry = BOBENCH_TEST_NO_ENTRY_PLUGIN;
    check_refused(run + " --plugin " + no_entry,
                  "plugin '" + no_entry + "' has no entry point bobench_plugin_build(): is it a bobench plugin?");
    const std::string other = BOBENCH_TEST_OTHER_BUILD_PLUGIN;
    check_refused(run + " --plugin " + other,
                  "plugin '" + other + "' was built against bobench 0.0.1 (0123456789ab), this is bobench ");
    const std::string clashing = BOBENCH_TEST_CLASHING_PLUGIN;
    check_refused(run + " --plugin " + clashing,
                  "plugin '" + clashing + "': it registers optimizer 'random-search', which is bobench's own (built in)");
    // the same library under another name is loaded again (dlopen goes by file): its names clash
    const std::string copy = dir / "copy.so";
    std::filesystem::copy_file(step_plugin, copy);
    check_refused(run + " --plugin " + step_plugin + " --plugin " + copy,
                  "plugin '" + copy + "': it registers optimizer 'plugin-step', which plugin '" + step_plugin +
                      "' registered first");
    const std::string text = dir / "text.so";
    write_file(text, "not a library\n");
    check_refused(run + " --plugin " + text, "cannot load plugin '" + text + "': ");
    // the same file named twice is loaded once
    CHECK(run_cli(run + " --plugin " + step_plugin + " --plugin " + step_plugin).status == 0);
    CHECK(read_file(out) != before);  // that run rewrote it; every refused one above left it alone
    REQUIRE(run_cli(run).status == 0);
    const std::string rewritten = read_file(out);
    check_refused(run + " --plugin " + clashing, "it registers optimizer 'random-search'");
    CHECK(read_file(out) == rewritten);
}

TEST_CASE("plugin: an optimizer that throws what is no std::exception fails its runs, naming the plugin",
          "[cli][plugin]") {
    TempDir dir;
    const std::string out = dir / "r.h5";
    // `throw 42` left the runners' OpenMP region: std::terminate, exit status 134, no file
    const auto r = run_cli("run --problem branin --optimizer plugin-throws-int --optimizer random-search --budget 5 "
                           "--replicates 2 --quiet --plugin " + quoted(misbehaving_plugin) + " --output " + out);
    INFO(r.err);
    CHECK(r.status == 1);
    CHECK(r.err.find("optimizer 'plugin-throws-int' of plugin '" + misbehaving_plugin +
                     "' threw an exception that is not a std::exception in ask()") != std::string::npos);
    const results::Results results = results::read_results(out);
    CHECK(results.runs.size() == 2);  // random-search's; the failed runs are not stored
    CHECK(results.find_optimizer("random-search") >= 0);
}

TEST_CASE("plugin: a second SIGINT ends a run stuck in a plugin at once, and the journalled runs are kept",
          "[cli][plugin][signal]") {
    TempDir dir;
    const std::string out = dir / "r.h5", marker = dir / "stuck", err = dir / "err";
    testing::BackgroundCli process("run --problem branin --optimizer random-search --optimizer " +
                                       quoted("plugin-stuck:marker=" + marker) +
                                       " --budget 5 --replicates 1 --threads 2 --journal-after 0 --quiet --plugin " +
                                       quoted(misbehaving_plugin) + " --output " + quoted(out),
                                   err);
    process.wait_until([&] { return std::filesystem::exists(marker) && journalled(out + ".journal").size() == 1; },
                       "the plugin stuck in ask() and random-search's run journalled");
    // the first asks the runs to stop, which the stuck one never hears
    REQUIRE(::kill(process.pid(), SIGINT) == 0);
    process.wait_until([&] { return !pending(process.pid(), SIGINT); }, "the first SIGINT taken");
    CHECK(process.stop_with(SIGINT) == 130);
    CHECK(read_file(err).find("bobench: stopped at once by a second signal (a run keeps its journalled runs)") !=
          std::string::npos);
    CHECK(journalled(out + ".journal") == std::vector<std::string>{"random-search"});
}

TEST_CASE("plugin: merge and resume refuse runs of other bytes of a plugin, unless --across-builds",
          "[cli][plugin]") {
    TempDir dir;
    const std::string plugin = dir / "step.so", out = dir / "m.h5", resumed = dir / "r.h5";
    std::filesystem::copy_file(step_plugin, plugin);
    const std::string shard = plugin_run + "--plugin " + quoted(plugin) + " --output " + quoted(dir / "s.h5") + " --shard ";
    run_ok(shard + "1/2");
    // a file of runs without plugins takes a plugin's optimizer: a plugin new to it is no rebuild
    const std::string resume = "run --problem branin --budget 10 --quiet --output " + quoted(resumed) + " ";
    run_ok(resume + "--optimizer random-search --replicates 2");
    run_ok(resume + "--optimizer random-search --optimizer plugin-step --replicates 2 --plugin " + quoted(plugin));
    CHECK(nlohmann::json::parse(results::read_results(resumed).provenance.plugins).size() == 1);
    const std::string first_hash = fmt::format("{:016x}", hash_string(read_file(plugin)));
    {  // the plugin rebuilt in place between the shards: trailing bytes leave it loadable
        std::ofstream rebuilt(plugin, std::ios::binary | std::ios::app);
        rebuilt << "another build";
    }
    run_ok(shard + "2/2");
    const std::string second_hash = fmt::format("{:016x}", hash_string(read_file(plugin)));
    const std::string shards = " " + quoted(dir / "s.shard-1-of-2.h5") + " " + quoted(dir / "s.shard-2-of-2.h5");
    const std::string canonical = std::filesystem::canonical(plugin).string();
    check_refused("merge " + quoted(out) + shards,
                  "comes from another experiment than '" + (dir / "s.shard-1-of-2.h5") + "' (plugins " + canonical +
                      " (fnv1a64 " + first_hash + ") vs " + canonical + " (fnv1a64 " + second_hash + "))");
    CHECK_FALSE(std::filesystem::exists(out));
    // vouched for, they join, and the merged file names both builds of the plugin
    run_ok("merge --across-builds " + quoted(out) + shards);
    const auto plugins = nlohmann::json::parse(results::read_results(out).provenance.plugins);
    REQUIRE(plugins.size() == 2);
    CHECK(plugins[0]["fnv1a64"] == first_hash);
    CHECK(plugins[1]["fnv1a64"] == second_hash);

    // more runs into a file whose runs ran the plugin's earlier bytes: likewise
    const std::string more = resume + "--optimizer random-search --optimizer plugin-step --replicates 3 --plugin " +
                             quoted(plugin);
    const std::string before = read_file(resumed);
    check_refused(more, "holds runs of plugins " + canonical + " (fnv1a64 " + first_hash + "), this run loads " +
                            canonical + " (fnv1a64 " + second_hash + ")");
    CHECK(read_file(resumed) == before);
    run_ok(more + " --across-builds");
    CHECK(nlohmann::json::parse(results::read_results(resumed).provenance.plugins) == plugins);
}

TEST_CASE("plugin: slurm passes --plugin to every shard, and reproduce takes it", "[cli][plugin]") {
    TempDir dir;
    const std::string out = dir / "study.h5";
    write_file(dir / "study.ini", "[experiment]\nbudget = 10\nreplicates = 2\noutput = " + out +
                                      "\n[problems]\nbranin =\n[optimizers]\nstep = plugin-step\n");
    run_ok("slurm " + quoted(dir / "study.ini") + " --tasks 2 --plugin " + quoted(step_plugin));
    const std::string script = read_file(dir / "study.slurm.sh");
    CHECK(script.find("--plugin '" + step_plugin + "'\n") != std::string::npos);
    // the shard command as a job array task runs it: the first shard's file holds plugin-step runs
    const auto exec = script.find("exec ");
    const std::string shard_command = script.substr(exec + 5, script.find('\n', exec) - exec - 5);
    const auto shard = run_shell("cd '" + dir.path().string() + "' && export SLURM_ARRAY_TASK_ID=1 SLURM_CPUS_PER_TASK=1 && " +
                                 shard_command + " --quiet");
    INFO(shard_command << "\n" << shard.err);
    REQUIRE(shard.status == 0);
    CHECK(results::read_results(dir / "study.shard-1-of-2.h5").find_optimizer("plugin-step") >= 0);
    // the merge loads no plugin, and keeps the shards' record of them
    REQUIRE(run_shell("cd '" + dir.path().string() + "' && export SLURM_ARRAY_TASK_ID=2 SLURM_CPUS_PER_TASK=1 && " +
                      shard_command + " --quiet")
                .status == 0);
    REQUIRE(run_cli("merge " + out + " " + (dir / "study.shard-1-of-2.h5") + " " + (dir / "study.shard-2-of-2.h5"))
                .status == 0);
    CHECK(results::read_results(out).provenance.plugins ==
          results::read_results(dir / "study.shard-1-of-2.h5").provenance.plugins);
    CHECK(results::read_results(out).spec.find("plugins = " + step_plugin + "\n") != std::string::npos);

    check_refused("slurm " + quoted(dir / "study.ini") + " --tasks 2", "unknown optimizer 'plugin-step'");

    // a reproduction (a spec with a [reproduction] section) whose method is the plugin's
    write_file(dir / "published.csv", "function,algorithm,regret\nBranin,step,0.5\n");
    write_file(dir / "repro.ini", "[reproduction]\nsource = a test\nreference = published.csv\nproblem_column = "
                                  "function\nmethod_column = algorithm\nvalue_column = regret\nstatistic = median\n"
                                  "[experiment]\nbudget = 8\nreplicates = 2\noutput = " + (dir / "repro.h5") +
                                  "\n[problems]\nBranin = branin\n[optimizers]\nstep = plugin-step\n");
    const auto reproduce = run_cli("reproduce --spec " + quoted(dir / "repro.ini") + " --quiet --plugin " +
                                   quoted(step_plugin));
    INFO(reproduce.err);
    CHECK(reproduce.status == 0);
    CHECK(results::read_results(dir / "repro.h5").find_optimizer("plugin-step") >= 0);
}

TEST_CASE("plugin: bobench-mpi loads it on every rank", "[cli][plugin][mpi]") {
#ifdef BOBENCH_MPI_CLI
    TempDir dir;
    const std::string out = dir / "mpi.h5";
    // the flags of scale_test's MPI run: root in CI, no ptrace rights in containers
    const auto r = run_shell("mpirun --allow-run-as-root --oversubscribe -n 2 --mca btl self,vader "
                             "--mca btl_vader_single_copy_mechanism none '" + std::string(BOBENCH_MPI_CLI) + "' " +
                             plugin_run + "--threads 1 --plugin " + quoted(step_plugin) + " --output " + out);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const results::Results results = results::read_results(out);
    CHECK(results.runs.size() == 8);
    CHECK(results.find_optimizer("plugin-step") >= 0);
#else
    FAIL("bobench-mpi was not built: CMake found no MPI; scripts/install-deps installs libopenmpi-dev and openmpi-bin");
#endif
}
