// The external problem end to end through `bobench run`: Branin written in Python and
// served over the problem protocol (docs/PROTOCOL.md) gives the built-in branin's values
// bit for bit, the same traces with 1 and 2 threads and after a resume, and every
// misbehaviour fails its evaluations (or is refused at planning) with a message naming it.
#include <catch2/catch.hpp>

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "cli/catalog.hpp"
#include "core/external/protocol.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"
#include "tests/support/text.hpp"
#include "tests/support/values.hpp"

using namespace bobench;
using bobench::testing::run_shell;
using bobench::testing::TempDir;
using bobench::testing::occurrences;
using bobench::testing::same_bits;

TEST_CASE("external problem: a description's space reads back as the space it came from", "[external-problem]") {
    const Space space({Param::real("lr", 1e-4, 1, true), Param::integer("n", -3, 8), Param::ordinal("w", {0.5, 2}),
                       Param::categorical("act", {"relu", "tanh"})});
    const Space back = external::space_from_json(external::space_to_json(space));
    CHECK(external::space_to_json(back) == external::space_to_json(space));
    using nlohmann::json;
    const auto refused = [](const json& j) {
        try {
            external::space_from_json(j);
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(refused(json::array()) == "\"space\" must be a non-empty list of parameters, not []");
    CHECK(refused(json::parse(R"([{"name": "x", "type": "real", "low": 0}])")) ==
          R"(parameter 1 ({"low":0,"name":"x","type":"real"}): a real parameter needs "high", a number)");
    CHECK(refused(json::parse(R"([{"name": "x", "type": "integer", "low": 0, "high": 2.5}])"))
              .find("integer bounds are whole numbers") != std::string::npos);
    CHECK(refused(json::parse(R"([{"name": "x", "type": "choice", "choices": ["a"]}])"))
              .find("unknown type \"choice\"") != std::string::npos);
    CHECK(refused(json::parse(R"([{"name": "x", "type": "categorical", "choices": [1]}])"))
              .find("categorical choices are strings, not 1") != std::string::npos);
}

#ifdef BOBENCH_PYTHON
namespace {
const std::string problems = std::string(BOBENCH_SOURCE_DIR) + "/tests/python/problems/";

std::string python_problem(const std::string& script_and_args, const std::string& params = "") {
    return "external:command=" + std::string(BOBENCH_PYTHON) + " " + problems + script_and_args + params;
}

// `bobench run` with the package importable by the problems it starts.
testing::CliResult run_with_package(const std::string& args) {
    return run_shell("PYTHONPATH='" + std::string(BOBENCH_PYTHON_PATH) + "' '" + BOBENCH_CLI + "' " + args);
}

std::string spec(const std::string& output, const std::vector<std::string>& problem_lines, int threads,
                 int replicates, int budget = 8) {
    std::string ini = "[experiment]\nbudget = " + std::to_string(budget) + "\nreplicates = " +
                      std::to_string(replicates) + "\nthreads = " + std::to_string(threads) + "\noutput = " + output +
                      "\n[problems]\n";
    for (const std::string& p : problem_lines) ini += p + "\n";
    return ini + "[optimizers]\nrs = random-search\n";
}

int problem_index(const results::Results& r, const std::string& label) {
    for (std::size_t p = 0; p < r.problems.size(); ++p)
        if (r.problems[p].label == label) return static_cast<int>(p);
    FAIL("no problem '" << label << "'");
    return -1;
}

// Every run of `a` has a bit-identical twin in `b` (same problem label, replicate), and back.
void require_same_runs(const results::Results& a, const results::Results& b) {
    REQUIRE(a.runs.size() == b.runs.size());
    for (const results::Trace& ta : a.runs) {
        const std::string& label = a.problems[static_cast<std::size_t>(ta.key.problem)].label;
        const int pb = problem_index(b, label);
        bool found = false;
        for (const results::Trace& tb : b.runs) {
            if (tb.key.problem != pb || tb.key.replicate != ta.key.replicate) continue;
            results::Trace same = tb;
            same.key = ta.key;
            INFO(label << ", replicate " << ta.key.replicate);
            CHECK(same.same_record(ta));
            found = true;
        }
        CHECK(found);
    }
}
}  // namespace

TEST_CASE("external problem: Branin in Python gives the built-in values bit for bit, with 1 and 2 threads and "
          "after a resume",
          "[external-problem]") {
    TempDir dir;
    const std::vector<std::string> lines = {"py = " + python_problem("branin.py"),
                                            "noisy = " + python_problem("branin.py 0.5"),
                                            "trial = " + python_problem("branin.py optuna")};
    testing::write_file(dir / "one.ini", spec(dir / "one.h5", lines, 1, 3));
    testing::write_file(dir / "two.ini", spec(dir / "two.h5", lines, 2, 3));
    testing::write_file(dir / "first.ini", spec(dir / "resumed.h5", lines, 2, 1));
    testing::write_file(dir / "more.ini", spec(dir / "resumed.h5", lines, 2, 3));
    for (const std::string run : {"one", "two", "first", "more"}) {
        const auto r = run_with_package("run " + (dir / (run + ".ini")) + " --quiet");
        INFO(run << ": " << r.err);
        REQUIRE(r.status == 0);
        CHECK(r.err.find("warning") == std::string::npos);
    }
    const results::Results one = results::read_results(dir / "one.h5"), two = results::read_results(dir / "two.h5"),
                           resumed = results::read_results(dir / "resumed.h5");
    REQUIRE(one.runs.size() == 3 * 3);
    require_same_runs(one, two);
    require_same_runs(one, resumed);

    // the values are the built-in branin's at the same points, bit for bit, and so is f*
    const auto branin = bind_problem(cli::problem_catalog(), Identifier::parse("branin")).problem;
    const int py = problem_index(one, "py"), noisy = problem_index(one, "noisy"), trial = problem_index(one, "trial");
    for (const int p : {py, noisy, trial}) {
        REQUIRE(one.problems[static_cast<std::size_t>(p)].optimum.has_value());
        CHECK(same_bits(*one.problems[static_cast<std::size_t>(p)].optimum, *branin->optimum()));
        CHECK(one.problems[static_cast<std::size_t>(p)].metadata.at("name") == "branin (Python)");
    }
    std::size_t checked = 0;
    std::vector<double> first_noise;
    for (const results::Trace& t : one.runs) {
        REQUIRE(t.rows() == 8);
        for (std::size_t i = 0; i < t.rows(); ++i) {
            const Point x(t.x.begin() + static_cast<long>(2 * i), t.x.begin() + static_cast<long>(2 * i + 2));
            Rng unused(0);
            const double f = branin->evaluate(x, unused).value;
            CHECK(same_bits(t.true_value[i], f));
            if (t.key.problem == noisy) {
                CHECK(t.value[i] != f);
                if (i == 0) first_noise.push_back(t.value[i] - f);
            } else {
                CHECK(same_bits(t.value[i], f));
            }
            ++checked;
        }
    }
    CHECK(checked == 9 * 8);
    // the noise comes from the runs' seeds: it differs between replicates
    REQUIRE(first_noise.size() == 3);
    CHECK(first_noise[0] != first_noise[1]);
    CHECK(first_noise[1] != first_noise[2]);
}

TEST_CASE("external problem: a problem that crashes, hangs, answers garbage or fails evaluations fails those "
          "evaluations, says why once, and the run completes",
          "[external-problem]") {
    TempDir dir;
    struct Case {
        std::string args, message;
        std::vector<long> failed;  // the failed evaluations (1-based) of the one run, on one thread
    };
    // Counted per process: a crash at its 2nd evaluation fails 2, 4, 6, 8 (each replacement crashes
    // again at its 2nd); a garbage reply likewise. hang-once hangs in the first process only.
    const std::vector<Case> cases = {
        {"misbehave.py crash 2",
         "the problem process exited with status 3 before its reply to evaluate; bobench stopped the process, the "
         "next evaluation starts another; the end of its standard error:\nboom: the problem crashed\n",
         {2, 4, 6, 8}},
        {"misbehave.py garbage 2", "the reply to evaluate is not valid JSON (", {2, 4, 6, 8}},
        {"misbehave.py close 3", "it closed its standard output before its reply to evaluate; bobench stopped", {3, 6}},
        {"misbehave.py no-value 2", "the reply to evaluate needs \"value\", a number: '{\"cost\":1,\"type\":\"value\"}'",
         {2, 4, 6, 8}},
        // a failure the problem reports keeps its process: only its 2nd evaluation fails
        {"misbehave.py failed 2", "an evaluation failed: the model diverged\n", {2}},
        // the one timeout this test waits out
        {"misbehave.py hang-once 3 " + (dir / "hung") + ",timeout=1",
         "timed out after 1 s (parameter timeout) at evaluate: no reply; bobench stopped the process", {3}},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        const std::string out = dir / "r.h5";
        std::filesystem::remove(out);
        testing::write_file(dir / "s.ini", spec(out, {"bad = " + python_problem(c.args)}, 1, 1));
        const auto r = run_with_package("run " + (dir / "s.ini") + " --quiet");
        INFO(r.err);
        CHECK(r.status == 0);
        CHECK(occurrences(r.err, "warning: external problem '") == 1);  // once per cause, however many evaluations
        CHECK(r.err.find(c.message) != std::string::npos);
        const results::Results stored = results::read_results(out);
        REQUIRE(stored.runs.size() == 1);
        const results::Trace& t = stored.runs[0];
        REQUIRE(t.rows() == 8);
        std::vector<long> failed;
        for (std::size_t i = 0; i < t.rows(); ++i) {
            if (t.failed[i]) {
                failed.push_back(static_cast<long>(i) + 1);
                CHECK(std::isnan(t.value[i]));
            } else {
                CHECK(t.value[i] == t.x[2 * i] + t.x[2 * i + 1]);  // the script's value: x0 + x1
            }
        }
        CHECK(failed == c.failed);
    }
}

TEST_CASE("external problem: one that cannot describe itself is refused at planning, naming the command",
          "[external-problem]") {
    TempDir dir;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {python_problem("misbehave.py exit-at-hello"),
         "cannot describe itself: the problem process exited with status 3 before its reply to hello; the end of its "
         "standard error:\nModuleNotFoundError: No module named 'nosuchmodule'"},
        {python_problem("misbehave.py silent", ",startup_timeout=1"),
         "cannot describe itself: timed out after 1 s (parameter startup_timeout) at hello: no reply"},
        {python_problem("misbehave.py bad-space"),
         "its description is refused: parameter 'x0': empty domain [1, 0]; need finite lo < hi"},
        {python_problem("misbehave.py wrong-type"),
         "cannot describe itself: the reply to hello must be a JSON object with \"type\": \"problem\"; got "
         "'{\"type\": \"ready\"}'"},
        {"external:command=/nonexistent/problem --flag",
         "external problem '/nonexistent/problem --flag' cannot describe itself: cannot start "
         "'/nonexistent/problem': No such file or directory"},
    };
    for (const auto& [id, message] : cases) {
        INFO(id);
        const auto r = run_with_package("run --problem '" + id + "' --optimizer random-search --budget 3 --replicates 1 "
                                   "--quiet --output " + (dir / "r.h5"));
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.err.find(message) != std::string::npos);
        const std::string command = id.substr(std::strlen("external:command="), id.find(",startup_timeout") -
                                                                                  std::strlen("external:command="));
        CHECK(r.err.find("error: external problem '" + command + "'") != std::string::npos);
        CHECK_FALSE(std::filesystem::exists(dir / "r.h5"));
    }
}

// With an hour's timeout, Ctrl-C ends bobench at once while the problem is silent, and the
// problem's process with it.
TEST_CASE("external problem: SIGINT while a problem is silent stops at once and ends its process",
          "[external-problem][signal]") {
    TempDir dir;
    const std::string marker = dir / "hanging";
    ::setenv("BOBENCH_TEST_MARKER", marker.c_str(), 1);  // inherited by bobench and the problem (no bobench import)
    testing::BackgroundCli run("run --problem '" + python_problem("misbehave.py hang 2", ",timeout=3600") +
                               "' --optimizer random-search --budget 5 --replicates 1 --quiet --output " + (dir / "r.h5"));
    ::unsetenv("BOBENCH_TEST_MARKER");
    run.wait_until([&] { return !testing::read_file(marker).empty(); }, "the problem to hang at its second evaluation");
    const std::string problem_pid = testing::read_file(marker);
    CHECK(run.stop_with(SIGINT) == 130);
    const std::string cmdline = testing::read_file("/proc/" + problem_pid + "/cmdline");
    CHECK(cmdline.find("misbehave.py") == std::string::npos);  // gone (or a zombie, whose cmdline is empty)
}
#endif
