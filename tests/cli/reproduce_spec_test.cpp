// Reproductions as data: a spec file with a [reproduction] section and a reference CSV,
// run from any folder with `bobench reproduce --spec FILE`, no rebuild; bad sections are
// refused with the file and the key named.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/reports/html_report.hpp"
#include "core/csv.hpp"
#include "core/text.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/markdown.hpp"
#include "tests/support/text_table.hpp"

using namespace bobench::testing;

namespace {

// The cells of the Markdown table row whose first cell is `first`; empty when there is none.
std::vector<std::string> markdown_row(const std::string& text, const std::string& first) {
    const auto at = text.find("\n| " + first + " |");
    if (at == std::string::npos) return {};
    const std::string line = text.substr(at + 3, text.find('\n', at + 1) - at - 3);
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < line.size();) {
        const std::size_t bar = line.find(" |", i);
        cells.push_back(line.substr(i, bar - i));
        i = bar + 3;
    }
    return cells;
}

std::string replace_first(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// A two-method reproduction of branin and levy, cheap enough to run in a test.
std::string tiny_spec(const std::string& output, const std::string& reproduction_extra = "") {
    return "# a user's reproduction, outside bobench's experiments/\n"
           "[reproduction]\n"
           "source = Somebody 2024, Table 1: final regret\n"
           "reference = published/table1.csv\n"
           "problem_column = function\n"
           "method_column = algorithm\n"
           "value_column = regret\n"
           "sd_column = regret_sd\n"
           "select = budget=20\n"
           "statistic = median\n"
           "quick_replicates = 2\n"
           "quick_budget = 6\n"
           "cost = measured: a second\n"
           "deviation = the paper's seeds are unknown\n"
           "deviation = a second deviation, kept in order\n" +
           reproduction_extra +
           "\n[experiment]\nseed = 3\nbudget = 8\nreplicates = 3\noutput = " + output +
           "\n\n[problems]\nBranin = branin\nLevy = levy:d=2\n\n[optimizers]\nRS = random-search\nDE = de\n";
}

const char* tiny_reference =
    "# Somebody 2024, Table 1 (made up for this test)\n"
    "function,algorithm,budget,regret,regret_sd\n"
    "Branin,RS,20,0.5,0.2\nBranin,DE,20,0.3,0.1\nLevy,RS,20,1.5,0.5\nLevy,DE,20,1.0,\n"
    "Branin,RS,999,100,1\n";  // another budget: left out by `select`

void write_tiny(const TempDir& dir, const std::string& extra = "") {
    std::filesystem::create_directories(dir.path() / "mine/published");
    write_file(dir / "mine/published/table1.csv", tiny_reference);
    write_file(dir / "mine/tiny.ini", tiny_spec(dir / "tiny.h5", extra));
}

// The same with one claim of the paper: DE comes first.
void write_tiny_with_claim(const TempDir& dir) {
    write_tiny(dir, "claims = published/claims.csv\n");
    write_file(dir / "mine/published/claims.csv", "id,place,quote,check\nc1,Table 1,DE comes first,borda_first DE\n");
}

}  // namespace

TEST_CASE("reproduce --spec runs a reproduction defined only in a temporary folder", "[reproduce][cli]") {
    TempDir dir;
    write_tiny(dir);
    // from another folder, with a relative path: the reference is found beside the spec, not in the cwd
    const auto r = run_shell("cd '" + dir.path().string() + "' && '" + BOBENCH_CLI +
                             "' reproduce --spec mine/tiny.ini -q --threads 2");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("# Reproduction: tiny") != std::string::npos);
    CHECK(r.out.find("Source: Somebody 2024, Table 1: final regret.") != std::string::npos);
    CHECK(r.out.find("2 problems × 2 optimizers × 3 replicates, 8 evaluations each") != std::string::npos);
    CHECK(r.out.find("- the paper's seeds are unknown\n- a second deviation, kept in order") != std::string::npos);
    CHECK(r.out.find("cells agree") != std::string::npos);  // the comparison table
    CHECK(r.out.find("Kendall's tau-b") != std::string::npos);
    CHECK(r.out.find("| Branin | DE |") != std::string::npos);
    CHECK(std::filesystem::exists(dir / "tiny.md"));
    // statistic = median, but three of the paper's four numbers have an sd: those cells are means
    CHECK(r.out.find("| ours (median ± sd; mean ± sd where the paper gives an sd) |") != std::string::npos);
    CHECK(bobench::testing::heading_outline_error(read_file(dir / "tiny.md")) == "");

    // the same file runs as a plain spec, and a reproduction resumes that results file
    REQUIRE(run_cli("run '" + (dir / "mine/tiny.ini") + "' -q --output '" + (dir / "run.h5") + "'").status == 0);
    const auto resumed = run_cli("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q --output '" + (dir / "run.h5") + "'");
    INFO(resumed.err);
    CHECK(resumed.status == 0);
    CHECK(resumed.out.find("cells agree") != std::string::npos);

    // --quick takes the section's sizes
    const auto quick = run_cli("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --quick -q --output '" +
                               (dir / "quick.h5") + "'");
    INFO(quick.err);
    CHECK(quick.status == 0);
    CHECK(quick.out.find("--quick: 2 replicates of 6 evaluations") != std::string::npos);
}

TEST_CASE("reproduce: the plan line, with the section's cost note until a run has finished", "[reproduce][cli][plan]") {
    TempDir dir;
    write_tiny(dir);
    const std::string reproduce = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' --threads 2 --output ";
    const std::string spec = reproduce + "'" + (dir / "r.h5") + "'";
    const auto first = run_ok(spec);
    CHECK(first.err.find("plan: 12 runs (2 problems x 2 optimizers x 3 replicates); 12 to run on 2 threads\n"
                         "cost: estimated once the first runs finish (the reproduction's note: measured: a second)\n") !=
          std::string::npos);
    // the kept results: nothing to run
    const auto again = run_ok(spec);
    CHECK(again.err.find("plan: 12 runs (2 problems x 2 optimizers x 3 replicates), 12 already in '" + (dir / "r.h5") +
                         "'; nothing to run\n") != std::string::npos);
    // --quick is not the protocol the note is about
    const auto quick = run_ok(reproduce + "'" + (dir / "q.h5") + "' --quick");
    CHECK(quick.err.find("cost: estimated once the first runs finish\n") != std::string::npos);
}

TEST_CASE("reproduce --experiments lists and runs the reproductions of another folder", "[reproduce][cli]") {
    TempDir dir;
    write_tiny(dir);
    write_file(dir / "mine/plain.ini", "[experiment]\nbudget = 5\n[problems]\nb = branin\n[optimizers]\nr = random-search\n");
    const auto list = run_ok("reproduce list --experiments '" + (dir / "mine") + "'");
    CHECK(table_row(list.out, "tiny") ==
          std::vector<std::string>{"tiny", "2 × 2 × 3", "8", "nothing", "measured: a second"});
    const auto show = run_cli("reproduce show tiny --experiments '" + (dir / "mine") + "'");
    INFO(show.err);
    CHECK(show.out.find("tiny: Somebody 2024, Table 1: final regret\n") == 0);
    CHECK(show.out.find("\nfull cost: measured: a second (the reproduction's note; it has no cost table)\n") !=
          std::string::npos);
    CHECK(list.out.find("plain") == std::string::npos);  // a spec without [reproduction] is no reproduction
    const auto r = run_cli("reproduce tiny --experiments '" + (dir / "mine") + "' -q");
    INFO(r.err);
    CHECK(r.status == 0);
    check_refused("reproduce plain --experiments '" + (dir / "mine") + "'", "unknown reproduction 'plain'; known: tiny");
}

TEST_CASE("the cost table gives each reproduction's full cost and the sum of all", "[reproduce][cli][cost]") {
    TempDir dir;
    write_tiny(dir, "costs = costs.csv\n");
    // 2 problems x 3 replicates: 6 runs per method
    write_file(dir / "mine/costs.csv", "reproduction,method,seconds,basis,from\n"
                                       "tiny,RS,0.5,measured,six runs timed\n"
                                       "tiny,DE,1.5,extrapolated,a shorter pilot\n"
                                       "other,RS,99,measured,another reproduction's row\n");
    const std::string mine = " --experiments '" + (dir / "mine") + "'";
    const auto list = run_ok("reproduce list" + mine);
    // 3 s measured + 9 s extrapolated, spread over 2 cores
    CHECK(table_row(list.out, "tiny").at(4) == "~6.0 s");
    CHECK(list.out.find("\nAll full protocols together, by the cost tables:\n  ~6.0 s on 2 cores (12.0 s of CPU, 75 % "
                        "of it extrapolated)\n") != std::string::npos);
    CHECK(list.out.find("measured: a second") == std::string::npos);  // the note gives way to the table
    // show has the whole figure and each method's, with what it rests on
    const auto show = run_cli("reproduce show" + mine + " tiny");
    INFO(show.err);
    CHECK(show.out.find("\nfull cost: ~6.0 s on 2 cores (12.0 s of CPU, 75 % of it extrapolated)\n") !=
          std::string::npos);
    CHECK(show.out.find("\n  RS: 0.5 s, measured, from six runs timed\n  DE: 1.5 s, extrapolated, from a shorter "
                        "pilot\n") != std::string::npos);
    CHECK(show.out.find("another reproduction's row") == std::string::npos);

    // before the first run finishes, the full protocol's figure; a method without one is named
    write_file(dir / "mine/costs.csv", "reproduction,method,seconds,basis,from\ntiny,DE,1.5,measured,six runs timed\n");
    const auto run = run_ok("reproduce tiny" + mine + " --threads 1 --output '" + (dir / "r.h5") + "'");
    CHECK(run.err.find("cost: estimated once the first runs finish (the cost table: ~4.5 s on 2 cores (9.0 s of CPU, "
                       "measured; not measured: RS))\n") != std::string::npos);
    const auto unmeasured = run_cli("reproduce list" + mine);
    CHECK(table_row(unmeasured.out, "tiny").at(4) == "~4.5 s*");  // * without RS
    CHECK(unmeasured.out.find("\nAll full protocols together, by the cost tables:\n  ~4.5 s on 2 cores (9.0 s of CPU, "
                              "measured)\nnot measured: tiny (1 of 2 methods)\n") != std::string::npos);
    const auto show_unmeasured = run_cli("reproduce show tiny" + mine);
    CHECK(show_unmeasured.out.find("\nfull cost: ~4.5 s on 2 cores (9.0 s of CPU, measured; not measured: RS)\n") !=
          std::string::npos);
    CHECK(show_unmeasured.out.find("\n  RS: not measured\n") != std::string::npos);

    auto refused = [&](const std::string& table, const std::string& message) {
        write_file(dir / "mine/costs.csv", table);
        check_refused("reproduce list" + mine, message);
        check_refused("reproduce tiny" + mine + " --output '" + (dir / "x.h5") + "'", message);
    };
    const std::string file = "cost table '" + (dir / "mine/costs.csv") + "'";
    const std::string header = "reproduction,method,seconds,basis,from\n";
    refused("reproduction,method,seconds\n", file + ": the first line must be the header " + header.substr(0, 38));
    refused(header + "tiny,RS,0.5,guessed,x\n",
            file + " line 2: basis 'guessed' is not accepted; expected measured or extrapolated");
    refused(header + "tiny,RS,-1,measured,x\n", file + " line 2: seconds '-1' is not a number >= 0");
    refused(header + "tiny,RS,1,measured,x\ntiny,RS,2,measured,y\n", file + " line 3: method 'RS' of 'tiny' is given twice");
    refused(header + "tiny,RS,1\n", file + " line 2: 3 fields; expected 5");
    std::filesystem::remove(dir / "mine/costs.csv");
    check_refused("reproduce list" + mine, "reproduction.costs: no file '" + (dir / "mine/costs.csv") + "'");
    CHECK_FALSE(std::filesystem::exists(dir / "x.h5"));  // nothing ran
}

TEST_CASE("reproduce --preset subset runs the cheaper methods on some problems and says what it leaves out",
          "[reproduce][cli][preset]") {
    TempDir dir;
    write_tiny(dir, "subset_method = RS\nsubset_problem = Branin\n");
    const std::string spec = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' --threads 2 ";
    const auto r = run_ok(spec + "--preset subset --output '" + (dir / "s.h5") + "'");
    const std::string says = "--preset subset: the cheaper methods RS (left out: DE) on Branin (left out: Levy), at the "
                             "protocol's 3 replicates of 8 evaluations: a reproduction of those cells only";
    CHECK(r.err.find("bobench reproduce: " + says + "\n") != std::string::npos);  // before the runs
    CHECK(r.err.find("plan: 3 runs (1 problem x 1 optimizer x 3 replicates)") != std::string::npos);
    const std::string report = read_file(dir / "s.md");
    CHECK(report.find("- " + says) != std::string::npos);                 // a deviation of the report
    CHECK(report.find("smoke test") == std::string::npos);               // a real reproduction of its cells
    CHECK(report.find("cells agree") != std::string::npos);
    CHECK(report.find("| Levy |") == std::string::npos);                 // the cells of the problems left out
    CHECK(run_cli("reproduce show --spec '" + (dir / "mine/tiny.ini") + "'")
              .out.find("\n--preset subset: RS on Branin, at the protocol's replicates and budget\n") != std::string::npos);

    check_refused(spec + "--preset subset --quick", "--preset subset chooses the methods and the size itself");
    check_refused(spec + "--preset subset --methods DE", "--preset subset chooses the methods and the size itself");
    check_refused(spec + "--preset all", "--preset 'all' is not known; the one preset is subset");
    write_tiny(dir, "subset_method = RS\nsubset_method = CMA\n");
    check_refused(spec + "--preset subset", "--preset subset: 'CMA' is not a method of this reproduction; its methods: RS, DE");
    write_tiny(dir);
    check_refused(spec + "--preset subset", "--preset subset: reproduction 'tiny' defines no subset");
    write_tiny(dir, "subset_problem = Branin\n");
    check_refused(spec + "--preset subset", "reproduction.subset_problem needs reproduction.subset_method");
}

TEST_CASE("reproduce refuses a bad [reproduction] section, naming the file and the key", "[reproduce][cli]") {
    TempDir dir;
    const std::string spec = dir / "mine/tiny.ini";
    const std::string quoted = "'" + spec + "'";
    auto refused = [&](const std::string& extra, const std::string& message) {
        write_tiny(dir, extra);
        check_refused("reproduce --spec " + quoted, message);
    };
    refused("colour = red\n", "spec '" + spec + "': unknown key 'reproduction.colour'; [reproduction] accepts source, reference");
    // a misspelt key or section is named with the nearest known one, as a misspelt id is
    refused("sorce = x\n",
            "spec '" + spec + "': unknown key 'reproduction.sorce' (did you mean 'source'?); [reproduction] accepts source");
    refused("deviaton = x\n", "unknown key 'reproduction.deviaton' (did you mean 'deviation'?)");
    write_file(spec, "[reproductio]\nsource = x\n[experiment]\nbudget = 5\n[problems]\nb = branin\n[optimizers]\n"
                     "r = random-search\n");
    check_refused("reproduce --spec " + quoted, "spec '" + spec + "': unknown entry 'reproductio.source' (did you mean "
                                                "section [reproduction]?)");
    refused("quick_method = RS\nquick_budget = 0\n",
            "spec '" + spec + "': reproduction.quick_budget is set twice");
    {
        std::string text = tiny_spec(dir / "x.h5");
        text.replace(text.find("statistic = median"), 18, "statistic = average");
        write_file(spec, text);
        check_refused("reproduce --spec " + quoted,
                      "spec '" + spec + "': reproduction.statistic = 'average' is not accepted; expected mean or median");
        text = tiny_spec(dir / "x.h5");
        text.replace(text.find("quick_budget = 6"), 16, "quick_budget = -1");
        write_file(spec, text);
        check_refused("reproduce --spec " + quoted,
                      "spec '" + spec + "': reproduction.quick_budget = '-1' is not valid; expected an integer in [1, ");
        text = tiny_spec(dir / "x.h5");
        text.replace(text.find("select = budget=20"), 18, "select = budget");
        write_file(spec, text);
        check_refused("reproduce --spec " + quoted, "spec '" + spec + "': reproduction.select = 'budget' is not accepted; "
                                                    "expected COLUMN=VALUE");
    }
    write_file(spec, tiny_spec(dir / "x.h5"));
    std::filesystem::remove(dir / "mine/published/table1.csv");
    check_refused("reproduce --spec " + quoted, "spec '" + spec + "': reproduction.reference: no file '" +
                                                    (dir / "mine/published/table1.csv") + "'");
    // the files a spec names stay inside its folder: no file elsewhere is read or quoted
    write_file(dir / "outside.csv", tiny_reference);
    for (const std::string key : {"claims", "causes", "costs"})
        refused(key + " = ../outside.csv\n", "reproduction." + key + " = '../outside.csv' is not accepted; expected a "
                                              "path inside the spec file's folder");
    {
        std::string text = tiny_spec(dir / "x.h5");
        text.replace(text.find("reference = published/table1.csv"), 32, "reference = /etc/passwd");
        write_file(spec, text);
        check_refused("reproduce --spec " + quoted, "reproduction.reference = '/etc/passwd' is not accepted");
    }
    write_file(spec, "[experiment]\nbudget = 5\n[problems]\nb = branin\n[optimizers]\nr = random-search\n");
    check_refused("reproduce --spec " + quoted, "spec '" + spec + "' has no [reproduction] section");
    write_file(spec, "[reproduction]\ncost = 1 s\n");
    check_refused("reproduce --spec " + quoted, "spec '" + spec + "': [reproduction] has no source");
    check_refused("reproduce --spec '" + (dir / "none.ini") + "'", "cannot read spec file '" + (dir / "none.ini") + "'");
    check_refused("reproduce dtu-bbob40 --spec " + quoted, "give a reproduction's NAME or --spec FILE, not both");
    CHECK_FALSE(std::filesystem::exists(dir / "x.h5"));  // nothing ran
}

TEST_CASE("reproduce list reads the eleven built-in reproductions from experiments/", "[reproduce][cli]") {
    const auto r = run_cli("reproduce list");
    REQUIRE(r.status == 0);
    // the header, one row per reproduction, then a blank line
    const std::string table = r.out.substr(0, r.out.find("\n\n") + 1);
    CHECK(std::count(table.begin(), table.end(), '\n') == 12);
    // sorted by name, so the order does not depend on the file system
    const char* names[] = {"aryan-ch3-bbob",   "aryan-ch4-synthetic", "aryan-ch4-synthetic-evidence",
                           "bore-hpobench",    "bore-nasbench201",    "bore-racing-line",
                           "bore-robot-push",  "bore-synthetic",      "bore-toy",
                           "dtu-bbob40",       "hassen-boggn"};
    std::size_t last = 0;
    for (const char* name : names) {
        const std::size_t at = table.find(std::string("\n") + name + " ");
        CHECK(at != std::string::npos);
        CHECK(at > last);
        last = at;
    }
    CHECK(table_row(r.out, "bore-toy") ==
          std::vector<std::string>{"bore-toy", "no runs", "-", "nothing", "measured: about 1 s"});
    const auto show = run_cli("reproduce show bore-toy");
    CHECK(show.out.find("bore-toy: Tiao et al. 2021 (BORE, ICML), Appendix: the density-ratio illustration on a 1-D "
                        "toy\n") == 0);
    CHECK(show.out.find("\nan illustration computed in place, no runs; needs nothing\n") != std::string::npos);
}

TEST_CASE("reproduce show gives the protocol of a NAME or a --spec FILE, and refuses anything else",
          "[reproduce][cli][help]") {
    TempDir dir;
    write_tiny(dir);
    const auto r = run_ok("reproduce show --spec '" + (dir / "mine/tiny.ini") + "'");
    CHECK(r.out.find("\nprotocol: 2 problems × 2 methods × 3 replicates, 8 evaluations a run\n") !=
          std::string::npos);
    CHECK(r.out.find("\nmethods:\n  RS      random-search\n  DE      de\n") != std::string::npos);
    CHECK(r.out.find("\nthe paper's numbers: " + (dir / "mine/published/table1.csv") + "\n") != std::string::npos);
    check_refused("reproduce show", "usage: bobench reproduce show NAME | --spec FILE");
    check_refused("reproduce show dtu-bbob40 --spec '" + (dir / "mine/tiny.ini") + "'",
                  "usage: bobench reproduce show NAME | --spec FILE");
    check_refused("reproduce show dtu-bbob --experiments '" + (dir / "mine") + "'", "unknown reproduction 'dtu-bbob'");
    check_refused("reproduce show tiny --budget 3", "unrecognised option '--budget'");
    CHECK(run_cli("reproduce show --help").out.find("bobench reproduce show NAME | --spec FILE") != std::string::npos);
    // a cost note too long for the list's row is cut there, whole in show
    std::string text = read_file(dir / "mine/tiny.ini");
    const std::string long_note = std::string(120, 'x');
    text.replace(text.find("measured: a second"), 18, "measured: " + long_note);
    write_file(dir / "mine/tiny.ini", text);
    const auto list = run_cli("reproduce list --experiments '" + (dir / "mine") + "'");
    CHECK(widest_line(list.out) <= 100);
    const std::string cut = table_row(list.out, "tiny").at(4);
    CHECK(cut.rfind("measured: xxx", 0) == 0);
    CHECK(cut.substr(cut.size() - 3) == "...");
    CHECK(run_cli("reproduce show tiny --experiments '" + (dir / "mine") + "'").out.find(long_note) !=
          std::string::npos);
}

TEST_CASE("reproduce --shard K/N, merge, then --report-only: the report comes from the kept file, the same each time",
          "[reproduce][cli]") {
    TempDir dir;
    write_tiny(dir, "causes = published/causes.csv\n");
    write_file(dir / "mine/published/causes.csv",
               "problem,method,cause,evidence\n*,RS,paper,the paper's random search ran a different box\n");
    const std::string spec = dir / "mine/tiny.ini";
    for (const char* shard : {"1/2", "2/2"}) {
        const auto r = run_ok("reproduce --spec '" + spec + "' --shard " + shard + " -q --output '" + (dir / "full.h5") + "'");
        CHECK(r.out.find("join the shards with `bobench merge`") != std::string::npos);
        CHECK(r.out.find("cells agree") == std::string::npos);  // a shard has no report
    }
    REQUIRE(run_cli("merge '" + (dir / "full.h5") + "' '" + (dir / "full.shard-1-of-2.h5") + "' '" +
                    (dir / "full.shard-2-of-2.h5") + "'").status == 0);
    const std::string report_only = "reproduce --spec '" + spec + "' --report-only --output '" + (dir / "full.h5") + "'";
    const auto first = run_ok(report_only + " --report '" + (dir / "a.md") + "'");
    const auto second = run_cli(report_only + " --report '" + (dir / "b.md") + "'");
    REQUIRE(second.status == 0);
    const std::string a = read_file(dir / "a.md");
    CHECK(a == read_file(dir / "b.md"));
    CHECK(a.find("2 problems × 2 optimizers × 3 replicates") != std::string::npos);
    CHECK(a.find("written by `bobench merge ") != std::string::npos);  // who wrote the kept file, not this machine
    CHECK(a.find("wall time ") == std::string::npos);  // this machine's time is not in the report
    CHECK(first.out.find("wall time ") == std::string::npos);  // nothing ran
    // the causes table names why RS's cells disagree, wherever they do
    if (a.find(" / RS (ours") != std::string::npos)
        CHECK(a.find("- **paper**: the paper's random search ran a different box") != std::string::npos);

    check_refused("reproduce --spec '" + spec + "' --report-only --output '" + (dir / "none.h5") + "'",
                  "--report-only: no results file");
    check_refused("reproduce --spec '" + spec + "' --report-only --shard 1/2", "give one");
    // another experiment's file (two methods, like the protocol, but other ones on other problems)
    run_ok("run --problem ackley --optimizer random-search --optimizer de --budget 5 --replicates 2 -q --output '" +
           (dir / "foreign.h5") + "'");
    check_refused("reproduce --spec '" + spec + "' --report-only --output '" + (dir / "foreign.h5") + "'",
                  "holds no run of this reproduction's methods (it holds runs of random-search, de); is it another");
    // the same labels on another problem: no cell of the paper's to compare (it read "0 of 0 cells agree")
    run_ok("run --problem Ackley=ackley --optimizer RS=random-search --optimizer DE=de --budget 8 --replicates 2 -q --output '" +
           (dir / "other-problem.h5") + "'");
    check_refused("reproduce --spec '" + spec + "' --report-only --output '" + (dir / "other-problem.h5") + "'",
                  "are on none of the paper's problems for its methods; is it another experiment's file?");
    // the same labels and problems at another budget
    run_ok("run --problem Branin=branin --problem Levy=levy:d=2 --optimizer RS=random-search --optimizer DE=de --budget 5 "
           "--replicates 2 -q --output '" + (dir / "other-budget.h5") + "'");
    check_refused("reproduce --spec '" + spec + "' --report-only --output '" + (dir / "other-budget.h5") + "'",
                  "holds runs of 5 evaluations, this reproduction's are 8");
    write_tiny(dir, "causes = published/missing.csv\n");
    check_refused("reproduce --spec '" + spec + "' -q", "reproduction.causes: no file");
}

TEST_CASE("reproduce --quick is a smoke test: so titled, the numbers side by side, no verdict",
          "[reproduce][cli][smoke]") {
    TempDir dir;
    write_tiny_with_claim(dir);
    const std::string quick = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' --quick -q --threads 2 --output '" +
                              (dir / "quick.h5") + "'";
    const auto r = run_ok(quick);
    CHECK(r.out.rfind("# Reproduction: tiny, smoke test (--quick), not a reproduction\n", 0) == 0);
    CHECK(r.out.find("its few, short runs cannot support a verdict, so this report gives none") != std::string::npos);
    CHECK(r.out.find("| Branin | RS | 2 | ") != std::string::npos);  // ours beside theirs
    CHECK(r.out.find("No verdicts: this is a smoke test") != std::string::npos);
    CHECK(r.out.find("| c1 | Table 1 | DE comes first | Borda: ") != std::string::npos);  // the claim's figure only
    for (const char* verdict : {"| agrees |", "cells agree", "a perfect reproduction", "**no**", "Disagreements",
                                "Kendall", "holds", "fails", "claims hold", "| verdict |"})
        CHECK(r.out.find(verdict) == std::string::npos);
    // the CSV keeps its columns and leaves the verdicts' empty
    const auto csv = run_cli(quick + " --format csv --report '" + (dir / "quick.csv") + "'");
    REQUIRE(csv.status == 0);
    const std::string table = read_file(dir / "quick.csv");
    CHECK(table.find(",yes\n") == std::string::npos);
    CHECK(table.find(",no\n") == std::string::npos);
}

TEST_CASE("reproduce --report and --html on a full disk keep the old report and page", "[reproduce][cli][outputs]") {
    TempDir dir;
    write_tiny(dir);
    const std::string spec = dir / "mine/tiny.ini", report = dir / "old.md", page = dir / "page/index.html";
    run_ok("reproduce --spec '" + spec + "' -q");
    const std::string report_only = "reproduce --spec '" + spec + "' --report-only --report '" + report + "'";
    write_file(report, "the old report\n");
    const auto full = run_limited(2048, report_only);  // a file-size limit: writes fail as on a full disk
    INFO(full.err);
    CHECK(full.status == 1);
    CHECK(full.err.find("cannot write '" + report + "': File too large") != std::string::npos);
    CHECK(read_file(report) == "the old report\n");
    // the report fits, the page does not
    std::filesystem::create_directories(dir / "page");
    write_file(page, "the old page\n");
    const auto html = run_limited(8192, report_only + " --html '" + (dir / "page") + "'");
    INFO(html.err);
    CHECK(html.status == 1);
    CHECK(html.err.find("cannot write '" + page + "': File too large") != std::string::npos);
    CHECK(read_file(page) == "the old page\n");
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir.path()))
        CHECK(e.path().filename().string().find(".tmp-") == std::string::npos);
}

TEST_CASE("reproduce --html writes one page: the agreement and the paper's claims first, then the experiment",
          "[reproduce][cli][html]") {
    TempDir dir;
    write_tiny_with_claim(dir);
    const std::string spec = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q --threads 2 --output '" +
                             (dir / "tiny.h5") + "' --html '" + (dir / "page") + "'";
    const auto r = run_ok(spec);
    CHECK(r.out.find("page: " + (dir / "page/index.html")) != std::string::npos);
    const std::string page = read_file(dir / "page/index.html");
    const auto at = page.find("<section id=\"reproduction\">");
    REQUIRE(at != std::string::npos);
    CHECK(at < page.find("<section id=\"provenance\">"));  // first
    CHECK(page.find("Reproduction of Somebody 2024, Table 1: final regret") != std::string::npos);
    // the Markdown report's counts, here as a table: per method, then all 4 cells
    const std::string md = read_file(dir / "tiny.md");
    for (const char* method : {"RS", "DE"}) CHECK(page.find("<tr><td>" + std::string(method) + "</td><td>") != std::string::npos);
    const auto all = page.find("<tr><th>all</th><th>");
    REQUIRE(all != std::string::npos);
    const std::string overall = page.substr(all + 20, page.find("</th>", all + 20) - all - 20);  // "k of 4"
    CHECK(overall.size() > 5);
    CHECK(overall.substr(overall.size() - 4) == "of 4");
    CHECK(md.find(overall.substr(0, overall.find(' ')) + " of 4 cells agree") != std::string::npos);
    CHECK(page.find("id=\"claims-table\"") != std::string::npos);
    CHECK(page.find("<td>c1</td><td>Table 1</td><td>DE comes first</td>") != std::string::npos);
    CHECK(page.find("<p id=\"claim-tally\">") != std::string::npos);
    // the headline verdict and every cell, as the Markdown states them
    const auto headline = md.find("\n**");
    REQUIRE(headline != std::string::npos);
    const std::string sentence = md.substr(headline + 3, md.find("**\n", headline + 3) - headline - 3);
    CHECK(sentence.find(" of 4 cells agree, a perfect reproduction ") != std::string::npos);
    CHECK(page.find("<p id=\"verdict\" class=\"verdict\"><strong>" + bobench::analysis::reports::html_escape(sentence) +
                    "</strong></p>") != std::string::npos);
    CHECK(page.find("id=\"cells-table\"") != std::string::npos);

    // a smoke test says so and judges nothing; --shard writes no report, so no page either
    const auto quick = run_cli("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --quick -q --output '" +
                               (dir / "quick.h5") + "' --html '" + (dir / "quick") + "'");
    REQUIRE(quick.status == 0);
    const std::string smoke = read_file(dir / "quick/index.html");
    CHECK(smoke.find("No verdict: a smoke test (--quick)") != std::string::npos);
    CHECK(smoke.find("<td>(smoke test)</td>") != std::string::npos);
    CHECK(smoke.find("claims hold") == std::string::npos);
    CHECK(smoke.find("claim holds") == std::string::npos);
    check_refused("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --shard 1/2 --html '" + (dir / "x") + "'",
                  "--shard writes no report");
    // the page never replaces the results file, refused before anything runs
    std::filesystem::create_directories(dir.path() / "r");
    check_refused("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q --output '" + (dir / "r/index.html") +
                      "' --html '" + (dir / "r") + "'",
                  "writing it would destroy it (choose another --html)");
}

TEST_CASE("reproduce --methods ONE: each claim is listed as not run, in the Markdown and on the page",
          "[reproduce][cli][html][claims]") {
    TempDir dir;
    write_tiny_with_claim(dir);
    const std::string one = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q --threads 2 --output '" +
                            (dir / "one.h5") + "'";
    const auto r = run_cli(one + " --methods DE --html '" + (dir / "page") + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);  // was 139: the page read a verdict that the report never filled
    const std::string md = read_file(dir / "one.md");
    CHECK(md.find("| c1 | Table 1 | DE comes first | not run | cannot be checked with one method |") != std::string::npos);
    // a claim that could not be checked is not run, never failed
    CHECK(md.find("0 hold, 0 fail, 1 not run") != std::string::npos);
    // one of each, said in the singular
    CHECK(md.find("Protocol run: 2 problems × 1 optimizer × 3 replicates, 8 evaluations each;") != std::string::npos);
    CHECK(md.find("1 methods") == std::string::npos);
    // one method has no order to compare: no tau, and never "NaN"
    CHECK(md.find("Kendall") == std::string::npos);
    CHECK(md.find("NaN") == std::string::npos);
    const std::string page = read_file(dir / "page/index.html");
    CHECK(page.find("<td>c1</td><td>Table 1</td><td>DE comes first</td><td>not run</td><td>cannot be checked with one "
                    "method</td>") != std::string::npos);
    CHECK(page.find("0 hold, 0 fail, 1 not run") != std::string::npos);
    CHECK(page.find("Kendall") == std::string::npos);
    CHECK(page.find("NaN") == std::string::npos);
    CHECK(page.find("2 problems × 1 optimizer × 3 replicates, budget 8 evaluations") != std::string::npos);
    // the page names the deviations as the Markdown does, the spec's and the flags'
    CHECK(page.find("<ul id=\"deviations\">\n<li>the paper&#39;s seeds are unknown</li>\n") != std::string::npos);
    CHECK(page.find("<li>--methods DE: the other methods were not run</li>") != std::string::npos);

    // the report on that file alone must name the same method, and is told which
    check_refused(one + " --report-only", "--report-only: '" + (dir / "one.h5") + "' holds runs of DE only, of the "
                                          "protocol's 2 methods; report on it with --methods DE, as the run that "
                                          "wrote it was given");
    const auto again = run_cli(one + " --report-only --methods DE");
    INFO(again.err);
    CHECK(again.status == 0);
    CHECK(read_file(dir / "one.md") == md);
}

TEST_CASE("reproduce --report-only --methods on a file with more methods reports on the named ones alone",
          "[reproduce][cli]") {
    TempDir dir;
    write_tiny(dir);
    const std::string both = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q --threads 2 --output '" +
                             (dir / "both.h5") + "'";
    run_ok(both);
    const std::string full = read_file(dir / "both.md");
    REQUIRE(full.find("| Branin | RS |") != std::string::npos);

    run_ok(both + " --report-only --methods DE --report '" + (dir / "de.md") + "'");
    const std::string md = read_file(dir / "de.md");
    // the runs were there: the deviation says they were left out, not that they were not run
    CHECK(md.find("- --methods DE: the report leaves out the file's other methods (RS)\n") != std::string::npos);
    CHECK(md.find("the other methods were not run") == std::string::npos);
    CHECK(md.find("| Branin | DE |") != std::string::npos);
    CHECK(md.find("| Branin | RS |") == std::string::npos);
    CHECK(md.find("Kendall") == std::string::npos);  // one method: no order
    CHECK(md.find("2 problems × 1 optimizer × 3 replicates") != std::string::npos);
    // the file is untouched: the full report again is the same
    run_ok(both + " --report-only");
    CHECK(read_file(dir / "both.md") == full);
}

TEST_CASE("reproduce: a figure-only paper's claims are checked on our pairwise ranking and final regrets",
          "[reproduce][cli][claims]") {
    // no reference numbers: the report is our ranking (Mann-Whitney Borda), and the claims
    // read it and the curves; each check below holds or fails whatever the runs give
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "fig/published");
    write_file(dir / "fig/published/claims.csv",
               "# made up for this test\nid,place,quote,check\n"
               "one-lowest,Fig. 2,one of them ends lowest,final_first all DE RS\n"
               "self-below,Fig. 2,DE beats itself,final_below all DE < DE\n"
               "borda-self,Fig. 2,DE ranks below itself,borda_below DE < DE\n");
    write_file(dir / "fig/spec.ini", "[reproduction]\nsource = Somebody 2024, Fig. 2: regret curves\n"
                                     "claims = published/claims.csv\n\n[experiment]\nseed = 3\nbudget = 8\n"
                                     "replicates = 3\noutput = " + (dir / "fig.h5") +
                                     "\n\n[problems]\nBranin = branin\nLevy = levy:d=2\n\n"
                                     "[optimizers]\nRS = random-search\nDE = de\n");
    const auto r = run_cli("reproduce --spec '" + (dir / "fig/spec.ini") + "' -q --threads 2");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("| one-lowest | Fig. 2 | one of them ends lowest | holds | one of DE, RS lowest on 2 of 2 problems "
                     "by final median regret |") != std::string::npos);
    CHECK(r.out.find("| self-below | Fig. 2 | DE beats itself | **fails** | DE below DE on 0 of 2 problems by final "
                     "median regret; not on Branin: DE ") != std::string::npos);
    // the pairwise Borda (before: "DE has no runs here", as only a Friedman ranking was read)
    CHECK(r.out.find("| borda-self | Fig. 2 | DE ranks below itself | **fails** | the highest left: DE ") !=
          std::string::npos);
    // a claim naming a method the reproduction lacks is refused at load ("reproduce refuses a claim ...")
    CHECK(r.out.find("1 hold, 2 fail, 0 not run") != std::string::npos);
    CHECK(r.out.find("\n**Partly reproduced: 1 of 3 checked claims hold; the paper publishes no numbers.**\n") !=
          std::string::npos);
    // no numbers, no table of cells: refused before anything runs
    check_refused("reproduce --spec '" + (dir / "fig/spec.ini") + "' -q --format csv --output '" + (dir / "none.h5") + "'",
                  "--format csv is the table of cells, and 'spec' has no published numbers");
    CHECK_FALSE(std::filesystem::exists(dir / "none.h5"));
}

TEST_CASE("reproduce warns before running when its tests cannot reach their level with the runs given",
          "[reproduce][cli][min_p]") {
    TempDir dir;
    // the thesis' 5e-4 per pair on 5 runs: said before anything runs (here nothing does: no results file)
    const auto thesis = run_cli("reproduce aryan-ch3-bbob --replicates 5 --report-only --output '" + (dir / "c3.h5") + "'");
    CHECK(thesis.status == 2);
    const std::string warning =
        "bobench reproduce: warning: the ranking's pairwise tests cannot reach their level: with 5 replicates against "
        "5, the smallest two-sided p the Mann-Whitney test (auto) can give is 0.0079, not below the per-pair level "
        "0.0005: no pair of optimizers can differ significantly, so every pair ties and every Borda score is 0; at "
        "least 8 replicates per optimizer are needed\n";
    CHECK(thesis.err.find(warning) == 0);
    CHECK(thesis.err.find("--report-only: no results file") > thesis.err.find(warning));

    // a ranking of our own at that level, run: the warning first, then the report says it again
    write_file(dir / "rank.ini", "[reproduction]\nsource = a ranking\nalpha = 0.0005\n\n[experiment]\nseed = 1\n"
                                 "budget = 8\nreplicates = 5\noutput = " + (dir / "rank.h5") +
                                 "\n\n[problems]\nBranin = branin\n\n[optimizers]\nRS = random-search\nDE = de\n");
    const auto ranked = run_ok("reproduce --spec '" + (dir / "rank.ini") + "' -q --threads 2");
    CHECK(ranked.err.find(warning) == 0);
    CHECK(ranked.out.find("**Too few runs for this level:** on 1 of 1 problems (the first: 'Branin'), with 5 "
                          "replicates against 5, the smallest two-sided p") != std::string::npos);
    // `rank` on those results: a warning at the thesis' level, none at 0.05 (5 against 5 reach 0.0079)
    const auto strict = run_cli("rank '" + (dir / "rank.h5") + "' --alpha 0.0005");
    REQUIRE(strict.status == 0);
    CHECK(strict.err.find("bobench rank: warning: too few runs for this level: on 1 of 1 problems (the first: "
                          "'Branin'), with 5 replicates against 5") != std::string::npos);
    CHECK(strict.err.find("at least 8 replicates per optimizer are needed") != std::string::npos);
    const auto usual = run_cli("rank '" + (dir / "rank.h5") + "' --alpha 0.05");
    REQUIRE(usual.status == 0);
    CHECK(usual.err.find("warning") == std::string::npos);
    CHECK(usual.out.find("Too few runs") == std::string::npos);

    // one replicate: the agreement test has nothing to test
    write_tiny(dir);
    const auto one = run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --replicates 1 -q --threads 2 --output '" +
                            (dir / "one.h5") + "'");
    CHECK(one.err.find("bobench reproduce: warning: the agreement test cannot be computed with 1 replicate") == 0);
    CHECK(one.out.find("| not tested |") != std::string::npos);
    CHECK(one.out.find("0 of 0 cells agree") != std::string::npos);
    CHECK(one.out.find("4 cells with a single run of ours are not tested") != std::string::npos);
}

TEST_CASE("reproduce --report-only names each method whose kept runs are of other settings than the spec's",
          "[reproduce][cli]") {
    TempDir dir;
    write_tiny(dir);
    run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q");
    // the spec corrected after the runs: DE's line now states a population
    write_file(dir / "mine/tiny.ini",
               tiny_spec(dir / "tiny.h5").replace(tiny_spec(dir / "tiny.h5").find("DE = de"), 7, "DE = de:population=30"));
    const auto r = run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --report-only -q");
    CHECK_THAT(r.out, Catch::Contains("- the kept runs of DE are of `de`, not of this spec's `de:population=30`: its "
                                      "cells are those earlier settings' until it is run again"));
    CHECK(r.out.find("the kept runs of RS") == std::string::npos);  // RS's line did not change
}

TEST_CASE("reproduce --readings runs each alternative in place of ours and reports agreement and tau per reading",
          "[reproduce][cli][readings]") {
    TempDir dir;
    write_tiny(dir, "reading = pop | DE | population=20 | population=4; text: a growing population | Table 1 "
                    "states no population\nreading = stream | RS | text: one stream per run | text: one per cell | "
                    "Table 1 is silent\n");
    write_file(dir / "mine/tiny.ini",
               replace_first(read_file(dir / "mine/tiny.ini"), "DE = de", "DE = de:population=20"));
    const auto r = run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --readings -q");
    const std::string folder = dir / "tiny-readings";
    for (const char* file : {"ours.h5", "pop-1.h5", "readings.md"})
        CHECK(std::filesystem::exists(folder + "/" + file));
    CHECK(read_file(folder + "/readings.md") == r.out.substr(0, r.out.find("\nreport: ")));
    // ours on every method, the alternative on DE alone (RS keeps our runs: its cells are ours)
    const std::vector<std::string> ours = markdown_row(r.out, "ours");
    const std::vector<std::string> alt = markdown_row(r.out, "pop");
    REQUIRE(ours.size() == 7);
    REQUIRE(alt.size() == 7);
    CHECK(ours[1] == "every reading as the spec runs it");
    CHECK(ours[2] == "RS, DE");
    CHECK(alt[1] == "`population=4`");
    CHECK(alt[2] == "DE");
    CHECK_THAT(alt[3], Catch::Matches("[0-2] of 2"));  // DE's two cells (Branin, Levy)
    CHECK_THAT(alt[5], Catch::Matches("[0-4] of 4"));  // every cell
    CHECK_THAT(alt[6], Catch::Matches("-?[01]\\.[0-9]{2}|–"));
    // the words-only reading is listed, not run; per method, what the best reading reaches
    CHECK_THAT(r.out, Catch::Contains("- our reading `pop` on DE (Table 1 states no population): `population=20`; the "
                                      "others: `population=4`; a growing population"));
    CHECK_THAT(r.out, Catch::Contains("## Per method: how far the best reading gets"));
    CHECK(markdown_row(r.out, "RS").at(2) == "none better");
    CHECK_THAT(r.out, Catch::Contains("τ is over the 2 methods run."));
    CHECK_THAT(r.out, Catch::Contains("- our reading `stream` on RS"));
    // the alternative's runs are of its own settings: a second call resumes both files, runs nothing new
    const auto again = run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --readings -q");
    CHECK(again.out == r.out);
    // DE alone: the report lists the readings that bind it (not RS's), and its tau is over the one method
    const auto de = run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' --readings --methods DE -q --output '" +
                           (dir / "de.h5") + "'");
    CHECK_THAT(de.out, Catch::Contains("τ is over the 1 method run."));
    CHECK_THAT(de.out, Catch::Contains("- our reading `pop` on DE"));
    CHECK(de.out.find("our reading `stream`") == std::string::npos);
}

// The rows of `bobench export FILE` (every evaluation, no times) of one method.
std::string exported_rows(const std::string& file, const std::string& method) {
    const auto r = run_cli("export '" + file + "'");
    REQUIRE(r.status == 0);
    std::string rows;
    for (const std::string& line : bobench::split(r.out, '\n'))
        if (line.find("," + method + ",") != std::string::npos) rows += line + "\n";
    return rows;
}

TEST_CASE("reproduce --reading NAME=K runs the whole protocol with one alternative in place of ours",
          "[reproduce][cli][readings]") {
    TempDir dir;
    write_tiny(dir, "reading = pop | DE | population=20 | population=4 ; text: a growing population ; population=8 | "
                    "Table 1 states no population\n");
    write_file(dir / "mine/tiny.ini",
               replace_first(read_file(dir / "mine/tiny.ini"), "DE = de", "DE = de:population=20"));
    const std::string spec = "reproduce --spec '" + (dir / "mine/tiny.ini") + "'";
    const auto r = run_ok(spec + " --reading pop=2 -q");
    // its own file beside ours, which it leaves alone; the report names the alternative
    CHECK(std::filesystem::exists(dir / "tiny-pop-2.h5"));
    CHECK_FALSE(std::filesystem::exists(dir / "tiny.h5"));
    CHECK_THAT(r.out, Catch::Contains("- reading `pop`, its alternative 2 of 2: `population=8` in place of ours on DE\n"));
    CHECK(markdown_row(r.out, "DE").size() == 3);  // DE's cells compared as ours would be
    // the same runs as --readings makes of that alternative; RS's are ours
    run_ok(spec + " --readings -q");
    CHECK(exported_rows(dir / "tiny-pop-2.h5", "DE") == exported_rows(dir / "tiny-readings/pop-2.h5", "DE"));
    CHECK(exported_rows(dir / "tiny-pop-2.h5", "RS") == exported_rows(dir / "tiny-readings/ours.h5", "RS"));
    CHECK_FALSE(exported_rows(dir / "tiny-pop-2.h5", "DE").empty());
    // shards of it merge into the same runs, and the report on them finds DE's runs of the spec it reads
    for (const char* shard : {"1/2", "2/2"}) run_ok(spec + " --reading pop=2 --shard " + shard + " -q");
    REQUIRE(run_cli("merge '" + (dir / "m.h5") + "' '" + (dir / "tiny-pop-2.shard-1-of-2.h5") + "' '" +
                    (dir / "tiny-pop-2.shard-2-of-2.h5") + "'").status == 0);
    CHECK(exported_rows(dir / "m.h5", "DE") == exported_rows(dir / "tiny-pop-2.h5", "DE"));
    const auto kept = run_ok(spec + " --reading pop=2 --report-only --output '" + (dir / "m.h5") + "'");
    CHECK(kept.out.find("the kept runs of DE") == std::string::npos);
    // and refuses what it cannot do, naming the alternatives
    check_refused(spec + " --reading pop=3 -q", "--reading pop=3: reading 'pop' has 2 runnable alternatives: 1 "
                                                "`population=4`; 2 `population=8`");
    check_refused(spec + " --reading pop -q", "--reading pop: say which, as pop=K; reading 'pop' has 2");
    check_refused(spec + " --reading pip=1 -q", "--reading: 'pip' is not a reading of 'tiny'; its readings: pop");
    check_refused(spec + " --reading pop=1 --methods RS -q", "--reading pop=1: its methods, DE, are not in this run");
    check_refused(spec + " --reading pop=1 --readings -q", "--reading runs one alternative on the whole protocol");
}

TEST_CASE("reproduce --readings refuses what it cannot do, naming why", "[reproduce][cli][readings]") {
    TempDir dir;
    write_tiny(dir);
    const std::string spec = "--spec '" + (dir / "mine/tiny.ini") + "'";
    check_refused("reproduce " + spec + " --readings -q", "reproduction 'tiny' has no reading to run here (it declares none)");
    check_refused("reproduce " + spec + " --readings --report-only",
                  "--readings runs and reports the readings itself: give it without --report-only, --shard and --html");
    check_refused("reproduce " + spec + " --readings pop -q", "--readings: 'pop' is not a reading of 'tiny'; its readings: none");
    write_tiny(dir, "reading = pop | DE | text: twenty | text: forty | Table 1\n");
    check_refused("reproduce " + spec + " --readings -q",
                  "has no reading to run here: pop (its other readings are words, not options)");
}

TEST_CASE("reproduce: baselines_from joins the paper's other methods from another reproduction's kept runs",
          "[reproduce][cli]") {
    TempDir dir;
    write_tiny(dir);
    // the other reproduction, kept where baselines_from looks: results/NAME/NAME.h5 beside the specs
    write_file(dir / "mine/both.ini", tiny_spec(dir / "mine/results/both/both.h5"));
    run_ok("reproduce --spec '" + (dir / "mine/both.ini") + "' -q");
    // this one runs RS alone and leaves DE, a method of the paper's table, to `both`
    const std::string rs_only = replace_first(tiny_spec(dir / "rs.h5", "baselines_from = both\n"), "DE = de\n", "");
    write_file(dir / "mine/rs.ini", rs_only);
    const auto r = run_ok("reproduce --spec '" + (dir / "mine/rs.ini") + "' -q");
    CHECK_THAT(r.out, Catch::Contains("- the runs of DE are both's kept runs (`both.h5`, build "));
    CHECK(markdown_row(r.out, "DE").size() == 3);  // DE's agreement row: its cells are compared
    CHECK(r.out.find("the paper's methods not run") == std::string::npos);
    // the same, both files' runs being identical, from the report alone
    const auto again = run_ok("reproduce --spec '" + (dir / "mine/rs.ini") + "' --report-only -q");
    CHECK(markdown_row(again.out, "DE") == markdown_row(r.out, "DE"));
    // a subset run joins the other runs on its own problems alone
    write_file(dir / "mine/rs.ini", replace_first(rs_only, "baselines_from = both\n",
                                                  "baselines_from = both\nsubset_method = RS\nsubset_problem = Branin\n"));
    const auto subset = run_ok("reproduce --spec '" + (dir / "mine/rs.ini") + "' --preset subset -q --output '" +
                               (dir / "subset.h5") + "'");
    CHECK_THAT(subset.out, Catch::Contains("- the runs of DE are both's kept runs"));
    CHECK_THAT(markdown_row(subset.out, "DE").at(1), Catch::Matches("[01] of 1"));  // Branin's one DE cell
    // without the other reproduction's kept runs the report says so and goes on
    std::filesystem::remove_all(dir / "mine/results");
    const auto alone = run_ok("reproduce --spec '" + (dir / "mine/rs.ini") + "' --report-only -q");
    CHECK_THAT(alone.out, Catch::Contains("- the paper's DE are both's, whose kept results ('"));
    CHECK(markdown_row(alone.out, "DE").empty());
}

TEST_CASE("reproduce refuses a claim that names a method neither the spec nor the paper's table has",
          "[reproduce][cli][bad-input]") {
    TempDir dir;
    write_tiny(dir, "claims = published/claims.csv\n");
    // "CMA" is in neither: a typo that would read "not run" for ever
    write_file(dir / "mine/published/claims.csv", "id,place,quote,check\nc1,Table 1,DE beats CMA,borda_below CMA < DE\n");
    check_refused("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q",
                  "claims table '" + (dir / "mine/published/claims.csv") + "': claim 'c1' names 'CMA', which is not a "
                  "method of this reproduction (its methods: DE, RS)");
    CHECK_FALSE(std::filesystem::exists(dir / "tiny.h5"));  // refused before any run
    // a claim on the spec's own methods is accepted
    write_file(dir / "mine/published/claims.csv", "id,place,quote,check\nc1,Table 1,RS last,final_below 1 DE < RS\n");
    run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q");
}

TEST_CASE("reproduce refuses a paper's table of many methods it does not have, and control characters in a table",
          "[reproduce][cli][bad-input]") {
    TempDir dir;
    write_tiny(dir);
    std::string table = "function,algorithm,budget,regret,regret_sd\n";
    for (int k = 0; k < 21; ++k) table += "Branin,M" + std::to_string(k) + ",20,0.5,0.1\n";
    write_file(dir / "mine/published/table1.csv", table);
    check_refused("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q",
                  "names more than 20 methods this reproduction does not have (the first: M0, M1, M2)");
    // a few the paper ran and we do not are listed as not run
    write_file(dir / "mine/published/table1.csv", std::string(tiny_reference) + "Branin,CMA,20,0.4,0.1\n");
    CHECK(run_ok("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q").out.find("not run: CMA") != std::string::npos);
    // a NUL in a method's name would reach the reports raw
    write_file(dir / "mine/published/table1.csv", std::string(tiny_reference) + std::string("Levy,C\0MA,20,0.4,0.1\n", 21));
    check_refused("reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q", "line 8: field 2 holds the control character 0x00");
}

TEST_CASE("reproduce: every format states the same cells, shares, causes and verdicts", "[reproduce][cli][formats]") {
    TempDir dir;
    write_tiny(dir, "claims = published/claims.csv\ncauses = published/causes.csv\n");
    write_file(dir / "mine/published/claims.csv", "id,place,quote,check\nc1,Table 1,DE comes first,borda_first DE\n"
                                                  "c2,Table 1,RS comes first,borda_first RS\n");
    write_file(dir / "mine/published/causes.csv", "problem,method,cause,evidence\n*,RS,ours,\"our random search, read "
                                                  "as ours\"\nLevy,*,paper,the paper's Levy\n");
    const std::string run = "reproduce --spec '" + (dir / "mine/tiny.ini") + "' -q --threads 2 --output '" +
                            (dir / "tiny.h5") + "'";
    run_ok(run + " --html '" + (dir / "page") + "'");
    for (const char* format : {"json", "csv", "latex"})
        run_ok(run + " --report-only --format " + format + " --report '" + (dir / "tiny.") + format + "'");
    const auto json = nlohmann::json::parse(read_file(dir / "tiny.json"));
    const std::string md = read_file(dir / "tiny.md"), tex = read_file(dir / "tiny.latex"),
                      page = read_file(dir / "page/index.html");
    const auto records = bobench::read_csv_records(dir / "tiny.csv");

    const std::string sentence = json["headline"]["sentence"];
    CHECK(md.find("\n**" + sentence + "**\n") != std::string::npos);
    CHECK(page.find(">" + bobench::analysis::reports::html_escape(sentence) + "<") != std::string::npos);
    CHECK(tex.find(std::string(json["headline"]["verdict"]) + ":") != std::string::npos);
    const auto& overall = json["comparison"]["overall"];
    const std::string share = std::to_string(int(overall["agreeing"])) + " of " + std::to_string(int(overall["compared"]));
    CHECK(md.find(share + " cells agree") != std::string::npos);
    CHECK(page.find("<tr><th>all</th><th>" + share + "</th>") != std::string::npos);
    CHECK(tex.find("all & " + share + " &") != std::string::npos);

    // each cell: the CSV's row, the Markdown's row and the JSON agree on runs, p and the verdict
    const auto& cells = json["comparison"]["cells"];
    REQUIRE(cells.size() == 4);
    REQUIRE(records.size() == 5);  // the header, then the cells in the same order
    std::size_t disagreeing = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const auto& c = cells[i];
        const std::vector<std::string>& row = records[i + 1].fields;
        const std::string problem = c["problem"], method = c["method"];
        INFO(problem << " / " << method);
        CHECK(row[0] == problem);
        CHECK(row[1] == method);
        CHECK(std::stoul(row[2]) == c["runs"].get<std::size_t>());
        CHECK(std::stod(row[9]) == c["p"].get<double>());
        const bool agrees = c["agrees"];
        CHECK(row[13] == (agrees ? "yes" : "no"));
        const auto md_row = markdown_row(md, problem + " | " + method);
        REQUIRE(md_row.size() == 9);
        CHECK(md_row[8] == (agrees ? "yes" : "**no**"));
        disagreeing += !agrees;
        // a disagreeing cell names its cause, the same in the JSON and on the page
        CHECK(c["cause"].is_null() == agrees);
        if (!agrees) CHECK(c["cause"]["kind"] == (method == "RS" ? "ours" : problem == "Levy" ? "paper" : "not examined"));
    }
    REQUIRE(disagreeing > 0);  // the seed gives disagreeing cells, so the causes are checked
    std::size_t grouped = 0;
    for (const auto& g : json["causes"]) grouped += g["cells"].size();
    CHECK(grouped == disagreeing);
    std::size_t rows = 0;
    for (auto at = page.find("<tr class=\"disagrees\">"); at != std::string::npos;
         at = page.find("<tr class=\"disagrees\">", at + 1)) {
        ++rows;
        CHECK(page.substr(at, page.find("</tr>", at) - at).find("<a href=\"#cause-") != std::string::npos);
    }
    CHECK(rows == disagreeing);

    // the claims: one verdict each, the same tally everywhere
    const auto& tally = json["claim_tally"];
    const std::string counted = std::to_string(int(tally["holds"])) + " hold, " + std::to_string(int(tally["fails"])) +
                                " fail, " + std::to_string(int(tally["not_run"])) + " not run";
    CHECK(int(tally["holds"]) + int(tally["fails"]) == 2);
    CHECK(md.find(counted) != std::string::npos);
    CHECK(page.find(counted) != std::string::npos);
    for (const auto& c : json["claims"]) {
        const std::string verdict = c["verdict"];
        const auto md_row = markdown_row(md, std::string(c["id"]));
        REQUIRE(md_row.size() == 5);
        CHECK(md_row[3] == (verdict == "fails" ? "**fails**" : verdict));
    }
}
