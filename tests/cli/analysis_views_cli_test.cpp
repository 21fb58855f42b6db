// The analysis views through the real binary: COCO and IOHprofiler exports read back by
// an independent Python parser (tests/analysis/read_benchmark_logs.py, standard library
// only, Debian's /usr/bin/python3), the fixed-target table, ECDF / aggregate / cost / CD
// plots, and rank --format json|latex.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>

#include "results/store.hpp"
#include "tests/analysis/reports_fixtures.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::testing;
using namespace bobench::reports_testing;

namespace {

const std::string kPython = "/usr/bin/python3";

nlohmann::json read_back(const std::string& format, const std::string& dir) {
    const auto r = run_shell(kPython + " " + std::string(BOBENCH_SOURCE_DIR) + "/tests/analysis/read_benchmark_logs.py " +
                             format + " " + dir);
    INFO(r.err);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(r.out);
}

// A small bbob experiment: f1 on instances 1 and 2 in 2-D, f3 instance 1 in 3-D.
std::string bbob_results(const TempDir& dir) {
    const std::string file = dir / "bbob.h5";
    run_ok("run --problem bbob:f=1,i=1-2,d=2 --problem bbob:f=3,i=1,d=3 --optimizer random-search "
           "--optimizer de --budget 12 --replicates 2 --seed 3 --threads 1 --output " + file);
    return file;
}

// The runs of the file as the exports order them: per (optimizer, function, dimension), by
// instance then replicate.
using Key = std::tuple<std::string, int, int>;
using Scenarios = std::map<Key, std::vector<std::pair<int, const results::Trace*>>>;
Scenarios runs_by_scenario(const results::Results& res) {
    Scenarios out;
    for (const results::Trace& t : res.runs) {
        const auto& m = res.problems[static_cast<std::size_t>(t.key.problem)].metadata;
        out[{res.optimizers[static_cast<std::size_t>(t.key.optimizer)].label, std::stoi(m.at("function")),
             std::stoi(m.at("dimension"))}]
            .emplace_back(std::stoi(m.at("instance")), &t);
    }
    for (auto& [key, runs] : out)
        std::stable_sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

// The stored run a read-back `run` stands for: the next one of its scenario in `expected`
// (`seen` counts them); CHECKs the run's suite and instance.
const results::Trace* stored_run(const nlohmann::json& run, const Scenarios& expected, std::map<Key, std::size_t>& seen,
                                 const std::string& suite) {
    const Key key{run.at("algorithm"), run.at("function"), run.at("dimension")};
    REQUIRE(expected.count(key));
    const auto& [instance, trace] = expected.at(key).at(seen[key]++);
    CHECK(run.at("suite") == suite);
    CHECK(run.at("instance") == instance);
    return trace;
}

}  // namespace

TEST_CASE("cli export: COCO and IOHprofiler logs give every evaluation back to an independent reader",
          "[exports][cli]") {
    TempDir dir;
    const std::string file = bbob_results(dir);
    const results::Results res = results::read_results(file);
    const auto expected = runs_by_scenario(res);

    const auto coco = run_ok("export " + file + " --format coco " + (dir / "coco"));
    CHECK(std::filesystem::exists(dir / "coco/random-search/bbobexp_f1.info"));
    CHECK(std::filesystem::exists(dir / "coco/de/data_f3/bbobexp_f3_DIM3.tdat"));
    const nlohmann::json coco_runs = read_back("coco", dir / "coco");
    REQUIRE(coco_runs.size() == res.runs.size());  // 2 optimizers x 3 problems x 2 replicates
    std::map<Key, std::size_t> seen;
    std::size_t evaluations = 0;
    for (const auto& run : coco_runs) {
        const results::Trace* trace = stored_run(run, expected, seen, "bbob");
        const double fopt = *res.problems[static_cast<std::size_t>(trace->key.problem)].optimum;
        CHECK(std::abs(run.at("fopt").get<double>() - fopt) <= 1e-12 * std::max(1.0, std::abs(fopt)));
        const auto incumbent = results::incumbent_curve(*trace);
        REQUIRE(run.at("evaluations").size() == trace->size());
        const std::size_t d = res.problems[static_cast<std::size_t>(trace->key.problem)].dimension();
        for (std::size_t i = 0; i < trace->size(); ++i, ++evaluations) {
            CHECK(run.at("evaluations")[i] == i + 1);
            CHECK(run.at("measured")[i].get<double>() == trace->value[i]);  // 17 digits: exact
            CHECK(run.at("best_measured")[i].get<double>() == incumbent.best[i]);
            CHECK(run.at("precision")[i].get<double>() == incumbent.best_true[i] - fopt);
            for (std::size_t j = 0; j < d; ++j) CHECK(run.at("x")[i][j].get<double>() == trace->x[i * d + j]);
        }
        // the .dat file: the first evaluation, every improvement and the last one
        const auto dat = run.at("dat_evaluations").get<std::vector<std::size_t>>();
        CHECK(dat.front() == 1u);
        CHECK(dat.back() == trace->size());
        for (std::size_t i = 1; i < trace->size(); ++i) {
            const bool improved = incumbent.best_true[i] != incumbent.best_true[i - 1];
            if (improved) CHECK(std::count(dat.begin(), dat.end(), i + 1) == 1);
        }
    }
    CHECK(evaluations == res.runs.size() * 12);

    run_ok("export " + file + " --format iohprofiler -o " + (dir / "ioh"));
    CHECK(std::filesystem::exists(dir / "ioh/de/IOHprofiler_f3_Rastrigin.json"));
    const nlohmann::json ioh_runs = read_back("iohprofiler", dir / "ioh");
    REQUIRE(ioh_runs.size() == res.runs.size());
    seen.clear();
    evaluations = 0;
    for (const auto& run : ioh_runs) {
        const results::Trace* trace = stored_run(run, expected, seen, "BBOB");
        const double fopt = *res.problems[static_cast<std::size_t>(trace->key.problem)].optimum;
        REQUIRE(run.at("raw_y").size() == trace->size());
        for (std::size_t i = 0; i < trace->size(); ++i, ++evaluations) {
            CHECK(run.at("evaluations")[i] == i + 1);
            CHECK(run.at("raw_y")[i].get<double>() == trace->true_value[i] - fopt);
        }
    }
    CHECK(evaluations == res.runs.size() * 12);

    // problems without f* are left out with a note; other suites get their own ids
    results::Results mixed = abc_results();
    mixed.problems[1].optimum.reset();
    results::write_results(dir / "mixed.h5", mixed);
    const auto m = run_cli("export " + (dir / "mixed.h5") + " --format iohprofiler " + (dir / "mixed"));
    REQUIRE(m.status == 0);
    CHECK(m.err.find("note: problem 'p2' has no known f*; left out") != std::string::npos);
    CHECK(m.err.find("note: problem 'p1' exported as suite 'handmade', function 1, instance 1, dimension 2") !=
          std::string::npos);
    CHECK(read_back("iohprofiler", dir / "mixed").size() == 30);  // p1 x 3 optimizers x 10 replicates
    CHECK(run_cli("export " + (dir / "mixed.h5") + " --format coco").err.find("needs an output folder") !=
          std::string::npos);
    CHECK(run_cli("export " + (dir / "mixed.h5") + " --format cocoa x").err.find(
              "--format 'cocoa' is not supported; accepted: csv, coco, iohprofiler") != std::string::npos);
}

TEST_CASE("cli export: an IOHprofiler run whose every evaluation failed is written at its scenario's worst value",
          "[exports][cli]") {
    TempDir dir;
    results::Results r = empty_results({problem("p1", 0.0)}, {"A", "B"});
    r.runs.push_back(make_trace(0, 0, 1, {4.0, 2.5}));
    r.runs.push_back(make_trace(0, 0, 2, {kNaN, 3.0}));   // one failure: IOHanalyzer fills it from its run
    r.runs.push_back(make_trace(0, 1, 1, {kNaN, kNaN}));  // none succeeded
    r.runs.push_back(make_trace(0, 1, 2, {1.0, 7.0}));
    r.sort_runs();
    results::write_results(dir / "failed.h5", r);
    const auto e = run_ok("export " + (dir / "failed.h5") + " --format iohprofiler " + (dir / "ioh"));
    CHECK(e.err.find("note: 1 run had no evaluation that succeeded: written at the worst value") != std::string::npos);
    // read as IOHanalyzer does (strict JSON, a value in every run, best y a number)
    const nlohmann::json runs = read_back("iohprofiler", dir / "ioh");
    REQUIRE(runs.size() == 4);
    std::map<std::string, std::vector<nlohmann::json>> by_algorithm;
    for (const auto& run : runs) by_algorithm[run.at("algorithm")].push_back(run.at("raw_y"));
    CHECK(by_algorithm.at("A").at(1) == nlohmann::json::parse("[null, 3.0]"));  // a failure stays NaN
    CHECK(by_algorithm.at("B").at(0) == nlohmann::json::parse("[7.0, 7.0]"));   // the worst of p1, over A and B
    CHECK(by_algorithm.at("B").at(1) == nlohmann::json::parse("[1.0, 7.0]"));
}

TEST_CASE("cli export: COCO folders hold bbob data only, the .info in numeric instance order", "[exports][cli]") {
    TempDir dir;
    const std::string file = dir / "suites.h5";
    // instances given 10, 2, 3; a non-bbob problem with f* beside them
    run_ok("run --problem bbob:f=1,i=10,d=2 --problem bbob:f=1,i=2,d=2 --problem bbob:f=1,i=3,d=2 "
           "--problem branin --optimizer random-search --budget 4 --replicates 1 --seed 3 --threads 1 "
           "--output " + file);
    const auto coco = run_ok("export " + file + " --format coco " + (dir / "coco"));
    CHECK(coco.err.find("note: problem 'branin' (suite 'synthetic') left out of the COCO export: cocopp would take "
                        "its function ids for bbob's") != std::string::npos);
    std::vector<std::string> files;
    for (const auto& f : std::filesystem::recursive_directory_iterator(dir / "coco"))
        if (f.is_regular_file()) files.push_back(std::filesystem::relative(f.path(), dir / "coco").string());
    std::sort(files.begin(), files.end());
    CHECK(files == std::vector<std::string>{"random-search/bbobexp_f1.info", "random-search/data_f1/bbobexp_f1_DIM2.dat",
                                            "random-search/data_f1/bbobexp_f1_DIM2.tdat"});
    const std::string info = testing::read_file(dir / "coco/random-search/bbobexp_f1.info");
    INFO(info);
    CHECK(info.find("from problems bbob:d=2,f=1,i=2, bbob:d=2,f=1,i=3, bbob:d=2,f=1,i=10\n") != std::string::npos);
    const auto two = info.find(", 2:4|"), three = info.find(", 3:4|"), ten = info.find(", 10:4|");
    REQUIRE(ten != std::string::npos);
    CHECK(two < three);
    CHECK(three < ten);
    CHECK(read_back("coco", dir / "coco").size() == 3);
}

TEST_CASE("cli views: fixed-target table, ECDF, aggregate, cost and CD plots, rank json and latex",
          "[exports][cli]") {
    TempDir dir;
    results::write_results(dir / "abc.h5", abc_results());
    const auto table = run_ok("table " + (dir / "abc.h5") + " --target 0.5,1e-8 --bootstrap 50");
    CHECK(table.out.find("| p1 | 0.5 | **2** [2, 2] 10/10 | ∞ 0/10 | ∞ 0/10 |") != std::string::npos);
    CHECK(run_cli("table " + (dir / "abc.h5") + " --target 0").err.find("'0' is not a positive number") !=
          std::string::npos);

    const auto json = run_cli("rank " + (dir / "abc.h5") + " --friedman --format json");
    REQUIRE(json.status == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j.at("total").at("scores").at(0).at("optimizer") == "A");
    CHECK(j.at("friedman").at("average_rank") == nlohmann::json::array({1.5, 2.0, 2.5}));  // p1: 1,2,3; p2: 2,2,2
    CHECK(j.at("friedman").at("nemenyi_p").size() == 3);
    const auto latex = run_cli("rank " + (dir / "abc.h5") + " --format latex --family-alpha 0.05 --correction holm");
    REQUIRE(latex.status == 0);
    CHECK(latex.out.find("p1 & \\textbf{0.045} & 1.04$^\\dagger$ & 10$^\\dagger$ \\\\") != std::string::npos);
    CHECK(latex.out.find("holm correction") != std::string::npos);
    CHECK(run_cli("rank " + (dir / "abc.h5") + " --format html").err.find("accepted: markdown, json, latex") !=
          std::string::npos);

    const char* path = std::getenv("PATH");
    if (run_shell("command -v gnuplot").status != 0) {
        FAIL("gnuplot is not installed here (PATH " << (path ? path : "") << "); scripts/install-deps installs gnuplot-nox");
    }
    const auto ecdf = run_ok("plot " + (dir / "abc.h5") + " --view ecdf --by dimension --out " + (dir / "ecdf"));
    CHECK(ecdf.out.find("ecdf-dimension-2.png") != std::string::npos);
    CHECK(ecdf.out.find("ecdf-dimension-10.svg") != std::string::npos);
    const auto agg = run_cli("plot " + (dir / "abc.h5") + " --view aggregate --aggregate rank --out " + (dir / "agg"));
    REQUIRE(agg.status == 0);
    CHECK(testing::read_file(dir / "agg/mean-rank-all.dat").find("# A\n# x mean") !=
          std::string::npos);
    const auto cost = run_cli("plot " + (dir / "abc.h5") + " --x cost --out " + (dir / "cost"));
    CHECK(cost.status == 2);  // the hand-made runs cost nothing
    CHECK(cost.err.find("no problem of") != std::string::npos);
    // Friedman across 2 problems: a CD diagram
    run_ok("plot " + (dir / "abc.h5") + " --view cd --out " + (dir / "cd"));
    CHECK(testing::read_file(dir / "cd/cd-nemenyi.svg").find(">A (1.50)</text>") != std::string::npos);
    CHECK(testing::read_file(dir / "cd/cd-nemenyi.png").rfind("\x89PNG", 0) == 0);
    // another clique method: its own files beside, no CD bar
    const auto wilcoxon = run_cli("plot " + (dir / "abc.h5") + " --view cd --cliques wilcoxon --out " + (dir / "cd"));
    REQUIRE(wilcoxon.status == 0);
    CHECK(wilcoxon.out == (dir / "cd/cd-wilcoxon.svg") + "\n" + (dir / "cd/cd-wilcoxon.png") + "\n");
    CHECK(testing::read_file(dir / "cd/cd-wilcoxon.svg").find("CD =") == std::string::npos);
    CHECK(testing::read_file(dir / "cd/cd-nemenyi.svg").find("CD =") != std::string::npos);
}
