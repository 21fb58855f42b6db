// The report commands through the real binary: stats on CSV files (checked against
// scipy 1.10.1 values), rank / table / export --curves and --runs / plot on hand-made results files.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "results/store.hpp"
#include "tests/analysis/reports_fixtures.hpp"
#include "tests/analysis/stats_reference.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::testing;
using namespace bobench::reports_testing;

namespace {

// "name value..." lines -> name -> rest of the line
std::map<std::string, std::string> name_values(const std::string& out) {
    std::map<std::string, std::string> m;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        const auto space = line.find(' ');
        REQUIRE(space != std::string::npos);
        m[line.substr(0, space)] = line.substr(space + 1);
    }
    return m;
}

std::vector<double> numbers(const std::string& text) {
    std::istringstream in(text);
    std::vector<double> v;
    double x = 0;
    while (in >> x) v.push_back(x);
    return v;
}

void check_close(double got, double want, double rel = 1e-9) {
    INFO("got " << got << ", want " << want);
    CHECK(std::abs(got - want) <= rel * std::max(1.0, std::abs(want)));
}

std::string csv_lines(const nlohmann::json& values, bool one_per_line) {
    std::string s;
    for (std::size_t i = 0; i < values.size(); ++i) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", values[i].get<double>());
        s += buf;
        s += one_per_line || i + 1 == values.size() ? "\n" : ",";
    }
    return s;
}

}  // namespace

TEST_CASE("cli reports: stats mwu and friedman agree with scipy", "[reports][cli]") {
    TempDir dir;
    const nlohmann::json ref = bobench::testing::load_stats_reference();
    const auto& mwu = ref.at("mann_whitney_u");
    for (std::size_t c = 0; c < 8; ++c) {
        const auto& k = mwu.at(c);
        testing::write_file(dir / "a.csv", csv_lines(k.at("a"), true));        // one number per line
        testing::write_file(dir / "b.csv", "# b\n" + csv_lines(k.at("b"), false));  // comma-separated
        const auto r = run_cli("stats mwu " + (dir / "a.csv") + " " + (dir / "b.csv") + " --method asymptotic");
        INFO("case " << c << ": " << r.err);
        REQUIRE(r.status == 0);
        auto m = name_values(r.out);
        check_close(std::stod(m.at("U")), k.at("U_a").get<double>());
        check_close(std::stod(m.at("p")), k.at("p_asymptotic_two_sided_continuity").get<double>());
        CHECK(m.at("method") == "asymptotic");
        const double nab = static_cast<double>(k.at("a").size() * k.at("b").size());
        check_close(std::stod(m.at("A12")), k.at("U_a").get<double>() / nab, 1e-12);
        if (k.contains("p_exact_two_sided")) {
            const auto e = run_cli("stats mwu " + (dir / "a.csv") + " " + (dir / "b.csv") + " --method exact --json");
            REQUIRE(e.status == 0);
            const auto j = nlohmann::json::parse(e.out);
            check_close(j.at("p").get<double>(), k.at("p_exact_two_sided").get<double>());
            CHECK(j.at("method") == "exact");
            check_close(j.at("U").get<double>(), k.at("U_a").get<double>());
        }
    }
    const auto& fr = ref.at("friedman");
    for (std::size_t c = 0; c < 6; ++c) {
        const auto& k = fr.at(c);
        std::string text = c % 2 ? "" : "# blocks x treatments\n";
        const std::size_t t = k.at("blocks_by_treatments").at(0).size();
        if (c % 2 == 0) {  // with a header row of names
            for (std::size_t j = 0; j < t; ++j) text += (j ? ",m" : "m") + std::to_string(j);
            text += "\n";
        }
        for (const auto& row : k.at("blocks_by_treatments")) text += csv_lines(row, false);
        testing::write_file(dir / "m.csv", text);
        const auto r = run_cli("stats friedman " + (dir / "m.csv"));
        INFO("case " << c << ": " << r.err);
        REQUIRE(r.status == 0);
        auto m = name_values(r.out);
        check_close(std::stod(m.at("chi2")), k.at("chi2").get<double>());
        check_close(std::stod(m.at("p")), k.at("p_chi2").get<double>());
        check_close(std::stod(m.at("F")), k.at("iman_davenport_F").get<double>());
        check_close(std::stod(m.at("p_F")), k.at("p_F").get<double>());
        const auto ranks = numbers(m.at("mean_ranks"));
        REQUIRE(ranks.size() == t);
        for (std::size_t j = 0; j < t; ++j) check_close(ranks[j], k.at("mean_ranks_lower_is_better").at(j).get<double>());
        CHECK(m.count("names") == (c % 2 == 0 ? 1u : 0u));
        const auto js = run_cli("stats friedman " + (dir / "m.csv") + " --json");
        REQUIRE(js.status == 0);
        check_close(nlohmann::json::parse(js.out).at("mean_ranks").at(0).get<double>(),
                    k.at("mean_ranks_lower_is_better").at(0).get<double>());
    }
}

TEST_CASE("cli reports: stats refuses bad data files with the file and line", "[reports][cli]") {
    TempDir dir;
    testing::write_file(dir / "a.csv", "1\n2\n3\n");
    testing::write_file(dir / "text.csv", "1\n2,x\n");
    testing::write_file(dir / "empty.csv", "");
    testing::write_file(dir / "ragged.csv", "a,b,c\n1,2,3\n4,5\n");
    check_refused("stats mwu " + (dir / "a.csv") + " " + (dir / "text.csv"),
            "bobench stats: error: '" + (dir / "text.csv") + "' line 2, field 2: 'x' is not a number");
    check_refused("stats mwu " + (dir / "a.csv") + " " + (dir / "empty.csv"),
            "data file '" + (dir / "empty.csv") + "' holds no numbers (it is empty)");
    testing::write_file(dir / "twice.csv", "a,b,a\n1,2,3\n4,5,6\n");
    check_refused("stats friedman " + (dir / "twice.csv"),
            "data file '" + (dir / "twice.csv") + "' line 1: column 'a' appears twice (fields 1 and 3)");
    check_refused("stats friedman " + (dir / "ragged.csv"),
            "'" + (dir / "ragged.csv") + "' line 3: 2 values, but line 2 has 3; every row needs one value per column");
    // a 2 MB field is not echoed whole: the message keeps its start and its end
    testing::write_file(dir / "huge.csv", "1\n" + std::string(2'000'000, 'x') + "\n");
    const auto huge = run_cli("stats mwu " + (dir / "a.csv") + " " + (dir / "huge.csv"));
    CHECK(huge.status == 2);
    CHECK(huge.err.size() < 1500);
    CHECK(huge.err.find("' line 2: '") != std::string::npos);
    CHECK(huge.err.find("bytes left out") != std::string::npos);
    CHECK(huge.err.find("' is not a number\n") != std::string::npos);
    // an escape sequence in echoed input reaches the terminal as text, never as a command
    testing::write_file(dir / "esc.csv", "1\n\x1b[2J\x1b]0;title\x07\n");
    const auto esc = run_cli("stats mwu " + (dir / "a.csv") + " " + (dir / "esc.csv"));
    CHECK(esc.status == 2);
    CHECK(esc.err.find("'\\x1b[2J\\x1b]0;title\\x07' is not a number") != std::string::npos);
    CHECK(esc.err.find('\x1b') == std::string::npos);
    check_refused("stats mwu " + (dir / "a.csv"), "mwu needs two data files, got 1");
    check_refused("stats wilcoxon " + (dir / "a.csv"), "unknown test 'wilcoxon'; accepted: mwu, friedman");
    check_refused("stats mwu " + (dir / "a.csv") + " " + (dir / "nope.csv"), "cannot read data file '" + (dir / "nope.csv") + "'");
    check_refused("stats mwu " + (dir / "a.csv") + " " + (dir / "a.csv") + " --method fast",
            "unknown Mann-Whitney method 'fast'; accepted: auto, exact, asymptotic");
}

TEST_CASE("cli reports: rank prints the Markdown report, notes go to stderr", "[reports][cli]") {
    TempDir dir;
    results::Results res = abc_results();
    res.runs.push_back(make_trace(1, 0, 11, {}));  // an empty run
    results::write_results(dir / "abc.h5", res);
    const auto r = run_ok("rank " + (dir / "abc.h5") + " --by dimension --friedman --family-alpha 0.01 --correction bonferroni");
    CHECK(r.out.rfind("# Optimizer ranking\n", 0) == 0);
    CHECK(r.out.find("| 1 | A | 2 | 2 |") != std::string::npos);
    CHECK(r.out.find("bonferroni correction of the family-wise level 0.01") != std::string::npos);
    CHECK(r.out.find("## By dimension") != std::string::npos);
    CHECK(r.out.find("## Friedman ranking") != std::string::npos);
    CHECK(r.err == "bobench rank: note: problem 'p2', optimizer 'A': 1 run without any evaluation (eval_count 0) "
                   "skipped\n");

    results::Results one = empty_results({problem("p", 0.0)}, {"A"});
    one.runs.push_back(make_trace(0, 0, 1, {1.0, 0.5}));
    results::write_results(dir / "one.h5", one);
    const auto o = run_cli("rank " + (dir / "one.h5"));
    CHECK(o.status == 2);
    CHECK(o.err.find("bobench rank: error: nothing to rank: '" + (dir / "one.h5") + "' holds runs of one optimizer only ('A')") !=
          std::string::npos);

    const auto both = run_cli("rank " + (dir / "abc.h5") + " --alpha 0.01 --family-alpha 0.05");
    CHECK(both.status == 2);
    CHECK(both.err.find("--alpha (per pair) and --family-alpha/--correction exclude each other") != std::string::npos);
    const auto nan = run_cli("rank " + (dir / "abc.h5") + " --nan drop");
    CHECK(nan.err.find("unknown NaN policy 'drop'; accepted: worst, exclude") != std::string::npos);

    // the same data with the optimizer table permuted: the same report
    results::write_results(dir / "cab.h5", abc_results({"C", "A", "B"}));
    results::write_results(dir / "abc2.h5", abc_results());
    const auto x = run_cli("rank " + (dir / "abc2.h5") + " --friedman --by suite");
    const auto y = run_cli("rank " + (dir / "cab.h5") + " --friedman --by suite");
    REQUIRE(x.status == 0);
    CHECK(x.out == y.out);
    // and not on the thread count (the child inherits the environment)
    const char* before = std::getenv("OMP_NUM_THREADS");
    const std::string saved = before ? before : "";
    ::setenv("OMP_NUM_THREADS", "1", 1);
    const auto one_thread = run_cli("rank " + (dir / "abc2.h5") + " --friedman --by suite");
    ::setenv("OMP_NUM_THREADS", "2", 1);
    const auto two_threads = run_cli("rank " + (dir / "abc2.h5") + " --friedman --by suite");
    if (before) ::setenv("OMP_NUM_THREADS", saved.c_str(), 1);
    else ::unsetenv("OMP_NUM_THREADS");
    CHECK(one_thread.out == x.out);
    CHECK(two_threads.out == x.out);
}

TEST_CASE("cli reports: rank on awkward data reports each problem on stderr and still ranks", "[reports][cli]") {
    TempDir dir;
    results::Results res = abc_results();
    res.problems[1].optimum.reset();                   // p2: no f*
    res.runs.push_back(make_trace(0, 1, 11, {}));      // p1, B: an empty run
    res.runs.push_back(make_trace(0, 2, 11, {kNaN}));  // p1, C: a run whose only evaluation failed
    res.runs.erase(std::remove_if(res.runs.begin(), res.runs.end(),
                                  [](const results::Trace& t) { return t.key.problem == 1 && t.key.optimizer == 0 &&
                                                                       t.key.replicate == 1; }),
                   res.runs.end());                    // p2, A: 9 replicates
    results::write_results(dir / "awkward.h5", res);
    const auto r = run_ok("rank " + (dir / "awkward.h5") + " --nan exclude");
    CHECK(r.err == "bobench rank: note: problem 'p1', optimizer 'B': 1 run without any evaluation (eval_count 0) skipped\n"
                   "bobench rank: note: problem 'p1', optimizer 'C': 1 run without a successful evaluation (their "
                   "metrics are NaN)\n"
                   "bobench rank: note: problem 'p1': unequal replicate counts ('A' 10, 'B' 10, 'C' 11); the runs there "
                   "are used\n"
                   "bobench rank: note: problem 'p2' has no known f*: final best values are ranked and shown instead of "
                   "regret\n"
                   "bobench rank: note: problem 'p2': unequal replicate counts ('A' 9, 'B' 10, 'C' 10); the runs there "
                   "are used\n");
    CHECK(r.out.find("| 1 | A | 2 | 2 |\n| 2 | B | 1 | 1 |\n| 3 | C | 0 | 1 |") != std::string::npos);
    CHECK(r.out.find("## Notes\n") != std::string::npos);
}

TEST_CASE("cli reports: table, export --curves, export --runs and plot", "[reports][cli]") {
    TempDir dir;
    results::write_results(dir / "abc.h5", abc_results());
    const auto md = run_cli("table " + (dir / "abc.h5"));
    REQUIRE(md.status == 0);
    CHECK(md.out.find("| p1 | **0.045 ± 0.0303** | 1.04 ± 0.0303 | 10 ± 0.0303 |") != std::string::npos);
    const auto tex = run_cli("table " + (dir / "abc.h5") + " --format latex --stat median --digits 2");
    REQUIRE(tex.status == 0);
    CHECK(tex.out.find("\\begin{tabular}{lrrr}") != std::string::npos);
    CHECK(tex.out.find("p1 & \\textbf{0.045 [0.022, 0.068]} &") != std::string::npos);
    const auto csv = run_cli("table " + (dir / "abc.h5") + " --format csv");
    REQUIRE(csv.status == 0);
    CHECK(csv.out.find("\np1,A,regret,10,0,0.045000000000000005,0.03027650354097491,*\n") != std::string::npos);
    CHECK(run_cli("table " + (dir / "abc.h5") + " --stat mode").err.find("--stat 'mode' is not supported") !=
          std::string::npos);

    const auto curves = run_cli("export " + (dir / "abc.h5") + " --curves --output " + (dir / "curves.csv"));
    REQUIRE(curves.status == 0);
    const std::string text = testing::read_file(dir / "curves.csv");
    CHECK(text.rfind("problem,optimizer,iteration,n,mean,std,median,q1,q3,se\n", 0) == 0);
    CHECK(std::count(text.begin(), text.end(), '\n') == 1 + 2 * 3 * 2);  // problems x optimizers x iterations
    // C on p1 after evaluation 2: regrets 10.00 .. 10.09 (f* = 0)
    CHECK(text.find("\np1,C,2,10,10.045,0.030276503540975087,10.045,10.022499999999999,") != std::string::npos);

    // one row per run: C on p1, replicate 3 has values 11.02 then 10.02 (f* = 0)
    results::Results timed = abc_results();
    for (results::Trace& t : timed.runs) {
        t.seconds = 0.5 * t.key.replicate;
        t.problem_seed = 100 + static_cast<std::uint64_t>(t.key.replicate);
        t.optimizer_seed = 200 + static_cast<std::uint64_t>(t.key.optimizer);
    }
    results::write_results(dir / "timed.h5", timed);
    const auto runs = run_cli("export " + (dir / "timed.h5") + " --runs");
    REQUIRE(runs.status == 0);
    CHECK(runs.out.rfind("problem,optimizer,replicate,evaluations,failed,best_value,regret,test_regret,seconds,"
                         "problem_seed,optimizer_seed\n",
                         0) == 0);
    CHECK(std::count(runs.out.begin(), runs.out.end(), '\n') == 1 + 2 * 3 * 10);
    CHECK(runs.out.find("\np1,C,3,2,0,10.02,10.02,,1.5,103,202\n") != std::string::npos);
    CHECK(run_cli("export " + (dir / "timed.h5") + " --runs --curves").err.find("give one") != std::string::npos);
    CHECK(run_cli("export " + (dir / "timed.h5") + " --runs --format coco " + (dir / "coco")).err.find(
              "--runs is an option of --format csv") != std::string::npos);

    const auto plot = run_ok("plot " + (dir / "abc.h5") + " --out " + (dir / "plots"));
    for (const std::string f : {"p1.png", "p1.svg", "p2.png", "p2.svg", "plots.gp", "p1.dat"})
        CHECK(std::filesystem::file_size(dir / ("plots/" + f)) > 0);
    CHECK(testing::read_file(dir / "plots/plots.gp").find(dir.path().string()) == std::string::npos);  // relative names
    CHECK(plot.out == (dir / "plots/p1.png") + "\n" + (dir / "plots/p1.svg") + "\n" + (dir / "plots/p2.png") + "\n" +
                          (dir / "plots/p2.svg") + "\n");
    CHECK(run_cli("plot " + (dir / "abc.h5")).err.find("--out DIR is required") != std::string::npos);
}
