// A researcher's workflow without traps (#41): labels on the command line, every default in
// --help and printed as written, "did you mean" for misspelt flags and INI entries, counts
// with their nouns, and a resume note that says where the kept runs were.
#include <catch2/catch.hpp>

#include <regex>

#include "core/text.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::testing;

TEST_CASE("cli run: LABEL=IDENTIFIER labels command-line entries as the spec's INI lines do", "[cli][labels]") {
    TempDir dir;
    const std::string out = dir / "l.h5";
    const auto r = run_ok("run --problem h6=hartmann6 --problem l3=levy:d=3 --problem bbob:d=2,f=1,i=1 "
                          "--optimizer rs=random-search --optimizer de --budget 4 --replicates 1 --threads 1 "
                          "--output " + out);
    const results::Results stored = results::read_results(out);
    REQUIRE(stored.problems.size() == 3);
    CHECK(stored.problems[0].label == "h6");
    CHECK(stored.problems[0].id == "hartmann6");
    CHECK(stored.problems[1].label == "l3");
    CHECK(stored.problems[1].id == "levy:d=3");
    CHECK(stored.problems[2].label == stored.problems[2].id);  // no label: its canonical id, '=' and all
    CHECK(stored.problems[2].id.rfind("bbob:d=2,f=1", 0) == 0);
    REQUIRE(stored.optimizers.size() == 2);
    CHECK(stored.optimizers[0].label == "rs");
    CHECK(stored.optimizers[0].id == "random-search");
    CHECK(stored.optimizers[1].label == stored.optimizers[1].id);
    // the summary and the stored spec use the labels
    CHECK(r.out.find("\nh6 ") != std::string::npos);
    CHECK(r.out.find(" rs ") != std::string::npos);
    CHECK(stored.spec.find("\nh6 = hartmann6\n") != std::string::npos);
    CHECK(stored.spec.find("\nrs = random-search\n") != std::string::npos);
    // an external optimizer's command holds '=' after the ':': labelled only by a NAME= before it
    const auto labelled = run_cli("run --problem branin --optimizer 'x=external:command=sh -c \"exit 3\"' --budget 2 "
                                  "--replicates 1 --quiet --output " + (dir / "x.h5"));
    CHECK(labelled.status == 1);
    CHECK(labelled.err.find("optimizer 'x', replicate 0: external optimizer 'sh -c \"exit 3\"'") != std::string::npos);
}

TEST_CASE("cli run: a labelled list of problems is labelled as the README says", "[cli][labels][readme]") {
    TempDir dir;
    run_ok("run --problem suite=bbob:f=1-2,i=1,d=2,3 --problem bbob:f=3,i=1,d=2 --optimizer de "
           "--budget 2 --replicates 1 --quiet --output " + (dir / "s.h5"));
    std::vector<std::string> labels;
    for (const auto& p : results::read_results(dir / "s.h5").problems) labels.push_back(p.label);
    CHECK(labels == std::vector<std::string>{"suite-f1-d2", "suite-f1-d3", "suite-f2-d2", "suite-f2-d3",
                                             "bbob:d=2,f=3,i=1"});
}

TEST_CASE("cli run: a label used twice, an identifier under two labels or an empty label is refused", "[cli][labels]") {
    TempDir dir;
    const std::string tail = " --budget 2 --replicates 1 --output " + (dir / "r.h5");
    check_refused("run --problem branin --optimizer a=random-search --optimizer a=de" + tail, "label 'a' is used twice");
    check_refused("run --problem b=branin --problem b=levy --optimizer de" + tail, "label 'b' is used twice");
    // one identifier under two labels: the file would keep the runs of both under one label
    check_refused("run --problem a=branin --problem b=branin --optimizer de" + tail,
                  "problems 'a' and 'b' are the same problem (branin): give it once");
    check_refused("run --problem branin --optimizer x=de --optimizer y=de:F=0.8 --optimizer z=de" + tail,
                  "optimizers 'x' and 'z' are the same optimizer (de): give it once");
    check_refused("run --problem =branin --optimizer de" + tail,
                  "--problem '=branin': '' is not a label (LABEL=IDENTIFIER");
    CHECK_FALSE(std::filesystem::exists(dir / "r.h5"));
}

TEST_CASE("cli run: --help shows every default", "[cli][help]") {
    const auto r = run_cli("run --help");
    REQUIRE(r.status == 0);
    const std::string text = std::regex_replace(r.out, std::regex("\\s+"), " ");  // unwrapped
    for (const std::string shown :
         {"evaluations per run (default 100)", "runs per problem and optimizer (default 10)",
          "(HDF5; default output/bobench.h5)", "(default 1)", "(default penalty)", "default 0)", "(default none)",
          "(default 1e-8)", "LABEL=IDENTIFIER", "once 3 of its runs failed with the same first line"})
        CHECK(text.find(shown) != std::string::npos);
}

TEST_CASE("cli: every --help prints its defaults as written, not as binary expansions", "[cli][help]") {
    const std::regex expansion("[0-9]\\.[0-9]*(0000|9999)[0-9]");
    for (const std::string command : {"reproduce", "run", "merge", "slurm", "list", "eval", "export", "rank", "table",
                                      "plot", "report", "stats", "tabular"}) {
        const auto r = run_cli(command + " --help");
        INFO(command << ":\n" << r.out);
        CHECK(r.status == 0);
        CHECK_FALSE(std::regex_search(r.out, expansion));
    }
    CHECK(run_cli("plot --help").out.find("(=0.05)") != std::string::npos);
}

TEST_CASE("cli: misspelt flags, INI keys and INI sections get a suggestion", "[cli][suggest]") {
    TempDir dir;
    check_refused("run --problem branin --optimizer de --budjet 5", "unrecognised option '--budjet' (did you mean '--budget'?)");
    check_refused("table --formt csv x.h5", "(did you mean '--format'?)");
    check_refused("tabular fixture --layuot fcnet --out x.h5", "(did you mean '--layout'?)");
    const auto spec = [&](const std::string& ini) {
        testing::write_file(dir / "s.ini", ini + "\n[problems]\nbranin =\n");
        return "run " + (dir / "s.ini") + " --optimizer de";
    };
    check_refused(spec("[experiment]\nbudjet = 5"), "unknown entry 'experiment.budjet' (did you mean 'budget'?)");
    check_refused(spec("budget = 5"), "unknown entry 'budget' (did you mean 'budget' under [experiment]?)");
    check_refused(spec("[optimisers]\nde =\n[experiment]\nbudget = 5"),
                  "unknown entry 'optimisers.de' (did you mean section [optimizers]?)");
}

TEST_CASE("text: a count and its noun, singular for 1", "[core][text]") {
    CHECK(count_noun(1, "replicate") == "1 replicate");
    CHECK(count_noun(0, "replicate") == "0 replicates");
    CHECK(count_noun(3, "shard file") == "3 shard files");
}

TEST_CASE("cli rank: a note about one replicate says 'replicate', not 'replicates' or 'replicate(s)'", "[cli][plural]") {
    TempDir dir;
    const std::string out = dir / "one.h5";
    REQUIRE(run_cli("run --problem branin --problem levy --optimizer random-search --optimizer de --budget 3 "
                    "--replicates 1 --quiet --output " + out).status == 0);
    const auto r = run_cli("rank " + out);
    INFO(r.out << r.err);
    CHECK(r.err.find("with 1 replicate against 1, the smallest two-sided p") != std::string::npos);
    CHECK((r.out + r.err).find("(s)") == std::string::npos);
}

TEST_CASE("cli run: the resume note says where the kept runs were", "[cli][resume-note]") {
    TempDir dir;
    const std::string out = dir / "k.h5";
    const std::string args = "run --problem branin --optimizer random-search --budget 3 --replicates 2 --output " + out;
    const auto fresh = run_cli(args);
    REQUIRE(fresh.status == 0);
    CHECK(fresh.err.find("already done") == std::string::npos);  // a new file: nothing was kept
    const auto again = run_cli("run --problem branin --optimizer random-search --budget 3 --replicates 3 --output " + out);
    REQUIRE(again.status == 0);
    CHECK(again.err.find("2 of 3 runs were already done and were kept (in '" + out + "')\n") != std::string::npos);
}
