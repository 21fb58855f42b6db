#include <catch2/catch.hpp>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "runners/plan.hpp"
#include "runners/spec.hpp"

using namespace bobench;
using namespace bobench::runners;
using namespace bobench::results;

TEST_CASE("spec: INI sections, labels and identifiers", "[runners][spec]") {
    const ExperimentSpec s = parse_spec(R"(
# comment
[experiment]
seed = 42
budget = 30
replicates = 3
output = out/x.h5
threads = 2
on_failure = skip
[problems]
levy5 = levy:d=5
branin =
[optimizers]
rs = random-search
)",
                                        "test");
    CHECK(s.seed == 42);
    CHECK(s.budget == 30);
    CHECK(s.replicates == 3);
    CHECK(s.output == "out/x.h5");
    CHECK(s.threads == 2);
    CHECK(s.on_failure == FailurePolicy::Skip);
    REQUIRE(s.problems.size() == 2);
    CHECK(s.problems[0].label == "levy5");
    CHECK(s.problems[0].id.str() == "levy:d=5");
    CHECK(s.problems[1].id.str() == "branin");
    // the stored text reads back to the same spec
    const ExperimentSpec again = parse_spec(to_ini(s), "again");
    CHECK(to_ini(again) == to_ini(s));
}

TEST_CASE("spec: bad entries name the key and what is accepted", "[runners][spec]") {
    CHECK_THROWS_WITH(parse_spec("[experiment]\nbudget = 0\n", "spec 'a.ini'"),
                      "spec 'a.ini': experiment.budget = '0' is not valid; expected an integer in [1, 10000000]");
    CHECK_THROWS_WITH(parse_spec("[experiment]\nbudget = ten\n", "spec 'a.ini'"),
                      "spec 'a.ini': experiment.budget = 'ten' is not valid; expected an integer in [1, 10000000]");
    CHECK_THROWS_WITH(parse_spec("[experiment]\nsede = 1\n", "spec 'a.ini'"),
                      Catch::StartsWith("spec 'a.ini': unknown entry 'experiment.sede' (did you mean 'seed'?); "
                                        "sections are [experiment] (keys seed, budget"));
    CHECK_THROWS_WITH(parse_spec("[experimnt]\nseed = 1\n", "s"), Catch::StartsWith("s: unknown entry 'experimnt.seed'"));
    CHECK_THROWS_WITH(parse_spec("[experiment]\non_failure = ignore\n", "s"),
                      "s: on_failure = 'ignore' is not valid; expected penalty or skip");
    CHECK_THROWS_WITH(parse_spec("[experiment]\nseed = 1\nseed = 2\n", "s"), "s: experiment.seed is set twice");
    CHECK_THROWS_WITH(read_spec("/nonexistent/spec.ini"),
                      "cannot read spec file '/nonexistent/spec.ini': no such file");
    ExperimentSpec s;
    s.problems.push_back({"a", Identifier::parse("branin")});
    s.optimizers.push_back({"r", Identifier::parse("random-search")});
    s.budget = 0;
    CHECK_THROWS_WITH(check_spec(s), "budget = '0' is not valid; expected an integer in [1, 10000000]");
    s.budget = 5;
    s.problems.push_back({"a", Identifier::parse("levy")});
    CHECK_THROWS_WITH(check_spec(s), "label 'a' is used twice");
}

TEST_CASE("spec: numbers are range-checked before they are narrowed or allocated", "[runners][spec]") {
    CHECK_THROWS_WITH(parse_spec("[experiment]\nthreads = 4294967297\n", "s"),
                      "s: experiment.threads = '4294967297' is not valid; expected an integer in [0, 1024]");
    CHECK_THROWS_WITH(parse_spec("[experiment]\nthreads = 100000\n", "s"), Catch::Contains("in [0, 1024]"));
    CHECK_THROWS_WITH(parse_spec("[experiment]\nreplicates = 1000000000\n", "s"),
                      "s: experiment.replicates = '1000000000' is not valid; expected an integer in [1, 100000]");
    CHECK_THROWS_WITH(parse_spec("[experiment]\nseed = -1\n", "s"),
                      "s: experiment.seed = '-1' is not valid; expected an integer in [0, 9223372036854775807]");
    CHECK(parse_spec("[experiment]\nseed = 9223372036854775807\n", "s").seed == 9223372036854775807ull);
    ExperimentSpec s;
    s.problems.push_back({"a", Identifier::parse("branin")});
    s.optimizers.push_back({"r", Identifier::parse("random-search")});
    s.seed = 18446744073709551615ull;  // would be stored as text that does not read back
    CHECK_THROWS_WITH(check_spec(s), Catch::StartsWith("seed = '18446744073709551615' is not valid"));
    s.seed = 1;
    s.optimizers.push_back({"r\xe9", Identifier::parse("random-search")});  // Latin-1, not UTF-8
    CHECK_THROWS_WITH(check_spec(s), "label 'r\xe9' is not valid UTF-8 text");
}

TEST_CASE("spec: a section the caller reads itself is skipped, other unknown sections are not", "[runners][spec]") {
    const std::string text = "[reproduction]\nsource = a paper\ndeviation = one\ndeviation = two\n"
                             "[experiment]\nbudget = 7\n[problems]\nb = branin\n[optimizers]\nr = random-search\n";
    const ExperimentSpec s = parse_spec(text, "s", {"reproduction"});
    CHECK(s.budget == 7);
    CHECK(s.problems.size() == 1);
    // the text stored in results files is the spec's, without the caller's section
    CHECK(to_ini(s).find("reproduction") == std::string::npos);
    CHECK(to_ini(parse_spec(to_ini(s), "stored")) == to_ini(s));
    CHECK_THROWS_WITH(parse_spec(text, "s"), Catch::StartsWith("s: unknown entry 'reproduction.source'"));
    CHECK_THROWS_WITH(parse_spec(text + "[extra]\nx = 1\n", "s", {"reproduction"}),
                      Catch::StartsWith("s: unknown entry 'extra.x'"));
}

TEST_CASE("spec: a line that is neither a section nor key = value is refused by its number", "[runners][spec]") {
    CHECK_THROWS_WITH(parse_spec("[experiment]\nbudget = 5\noops\n", "s.ini"),
                      "s.ini: line 3: 'oops' is neither a [section] nor a key = value line");
    // found by fuzzing: boost's own message for this line never ended (its placeholder
    // substituted into itself), and SIGTERM could not stop it
    CHECK_THROWS_WITH(parse_spec("[experiment]\n  %invalid_line% x # comment\n", "s.ini"),
                      "s.ini: line 2: '%invalid_line% x' is neither a [section] nor a key = value line");
    // comments, blank lines, sections and '=' anywhere in a value are lines boost reads
    CHECK_NOTHROW(parse_spec("# a spec\n\n[experiment]\nbudget = 5 # five\n[problems]\nb = bbob:f=1,i=1,d=2\n", "s.ini"));
}

TEST_CASE("spec: a command-line word is LABEL=IDENTIFIER only where what precedes its first '=' has no ':' or ','",
          "[runners][spec][labels]") {
    const SpecEntry h6 = parse_entry("h6=hartmann6", "--problem");
    CHECK(h6.label == "h6");
    CHECK(h6.id.str() == "hartmann6");
    const SpecEntry cma = parse_entry("cma=external:command=python3 -m cma --sigma=0.5", "--optimizer");
    CHECK(cma.label == "cma");
    CHECK(cma.id.name == "external");
    for (const std::string plain : {"external:command=x", "bbob:d=2,f=1,i=1", "levy", "levy:d=3"}) {
        INFO(plain);
        const SpecEntry e = parse_entry(plain, "--problem");
        CHECK(e.label.empty());
        CHECK(e.id.str() == Identifier::parse(plain).str());
    }
    CHECK_THROWS_WITH(parse_entry("=branin", "--problem"),
                      "--problem '=branin': '' is not a label (LABEL=IDENTIFIER; a label is not empty and has no ':', "
                      "',', '#' or ';')");
    CHECK_THROWS_WITH(parse_entry("a#b=branin", "--problem"), Catch::StartsWith("--problem 'a#b=branin': 'a#b' is not a label"));
}

TEST_CASE("spec: an [experiment] key under [problems] or [optimizers] is named, with its spec and line",
          "[runners][spec]") {
    const std::string head = "[experiment]\nbudget = 5\nreplicates = 1\n";
    CHECK_THROWS_WITH(cli::plan_experiment(parse_spec(head + "[problems]\nbranin =\nthreads = 2\n"
                                                      "[optimizers]\nrs = random-search\n", "spec 'F'")),
                      "spec 'F': [problems] line 'threads = 2': 'threads' is an [experiment] key; move it there "
                      "(or: unknown problem '2')");
    CHECK_THROWS_WITH(cli::plan_experiment(parse_spec(head + "[problems]\nbranin =\n[optimizers]\nrs = random-search\n"
                                                      "seed = 7\n", "spec 'F'")),
                      "spec 'F': [optimizers] line 'seed = 7': 'seed' is an [experiment] key; move it there "
                      "(or: unknown optimizer '7')");
    // a label that happens to be a key, of a known problem, is still a label
    const runners::Plan plan = cli::plan_experiment(
        parse_spec(head + "[problems]\nbudget = branin\n[optimizers]\nrs = random-search\n", "spec 'F'"));
    REQUIRE(plan.problems.size() == 1);
    CHECK(plan.problems[0].label == "budget");
    // other unknown ids keep the registry's message
    CHECK_THROWS_WITH(cli::plan_experiment(parse_spec(head + "[problems]\nb = brannin\n[optimizers]\nrs = "
                                                      "random-search\n", "spec 'F'")),
                      Catch::StartsWith("unknown problem 'brannin' (did you mean 'branin'?)"));
}
