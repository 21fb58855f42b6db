// Every setting of a shipped reproduction cites its paper or a declared reading of ours, and
// the check that says so names each line at fault.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "cli/catalog.hpp"
#include "cli/reproduce_readings.hpp"
#include "reproductions/entry.hpp"
#include "reproductions/citations.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// A reproduction whose [experiment], [problems] and [optimizers] are given by the test.
reproductions::ReproductionEntry entry_of(const TempDir& dir, const std::string& readings, const std::string& body) {
    write_file(dir / "r.ini", "[reproduction]\nsource = Somebody 2024, Table 1\n" + readings +
                                  "\n[experiment]\nseed = 1\noutput = out.h5\n" + body);
    return reproductions::load_reproduction(dir / "r.ini");
}

const std::string cited_body =
    "budget = 20  # §5.1\nreplicates = 3  # Table 2\n\n[problems]\n# Fig. 3: the two functions\nBranin = branin\n"
    "Levy = levy:d=2  # App. B\n\n[optimizers]\nRS = random-search  # Algorithm 1\n"
    "DE = de:population=20  # reading pop\n";
const std::string pop_reading = "reading = pop | DE | population=20 | population=40; text: a growing population | "
                                "§5.2 gives no population\n";

}  // namespace

TEST_CASE("every shipped reproduction cites a place or a declared reading on every setting", "[reproduce][citations]") {
    const auto shipped = reproductions::reproduction_entries(std::string(BOBENCH_SOURCE_DIR) + "/experiments");
    REQUIRE(shipped.size() >= 8);
    for (const reproductions::ReproductionEntry& e : shipped) {
        INFO(e.name << ":\n" << join(reproductions::citation_faults(e), "\n"));
        CHECK(reproductions::citation_faults(e).empty());
    }
}

TEST_CASE("every runnable reading of a shipped reproduction names options its lines accept", "[reproduce][citations]") {
    for (const reproductions::ReproductionEntry& e : reproductions::reproduction_entries(std::string(BOBENCH_SOURCE_DIR) + "/experiments")) {
        const runners::ExperimentSpec spec = reproductions::read_spec_file(e.file);
        for (const reproductions::Reading& r : e.readings)
            for (const std::string& choice : r.others) {
                if (!reproductions::runnable_choice(choice)) continue;
                INFO(e.name << ": reading " << r.name << ", " << choice);
                const runners::ExperimentSpec changed = cli::with_choice(spec, r, choice);
                CHECK_NOTHROW(runners::check_spec(changed));
                if (r.on_problems()) {  // tables need their files to be bound: the keys are checked
                    for (const runners::SpecEntry& p : changed.problems)
                        for (const auto& option : reproductions::choice_options(choice)) {
                            if (runners::find_setting(runners::experiment_schema(), option.first)) continue;
                            const auto& params = cli::problem_catalog().get(p.id.name).params;
                            CHECK(std::any_of(params.begin(), params.end(),
                                              [&](const ParamSpec& x) { return x.key == option.first; }));
                        }
                } else {
                    for (const runners::SpecEntry& o : changed.optimizers)
                        CHECK_NOTHROW(bind_optimizer(cli::optimizer_catalog(), o.id));
                }
            }
    }
}

TEST_CASE("a place is a section, table, figure, equation, appendix or algorithm", "[reproduce][citations]") {
    for (const char* yes : {"§4.4.1", "# § 5", "Table 4.2", "Tables 4.6-4.9", "Fig. 5.15", "Figure 3", "Figs. 5-6",
                            "Eq. 4.7", "eq. 3.5 is lowercase", "(4.7)", "App. I", "Appendix H", "Algorithm 4",
                            "Section 5", "Table S1"})
        CHECK(reproductions::cites_place(yes));
    for (const char* no : {"ours", "the thesis, ch. 4", "see the README", "4.7", "chosen by us", "reading"})
        CHECK_FALSE(reproductions::cites_place(no));
}

TEST_CASE("a cited spec passes, and each kind of fault names its line", "[reproduce][citations]") {
    TempDir dir;
    CHECK(reproductions::citation_faults(entry_of(dir, pop_reading, cited_body)).empty());

    // a setting with no citation, one directly below a blank line (the comment above is cut off)
    std::string body = replace_all(cited_body, "replicates = 3  # Table 2", "replicates = 3");
    body = replace_all(body, "# Fig. 3: the two functions\nBranin", "# Fig. 3: the two functions\n\nBranin");
    auto faults = reproductions::citation_faults(entry_of(dir, pop_reading, body));
    REQUIRE(faults.size() == 2);
    CHECK_THAT(faults[0], Catch::Contains("line 9 (experiment.replicates): cites no place"));
    CHECK_THAT(faults[1], Catch::Contains("(problems.Branin): cites no place"));

    // a reading that is named but not declared
    faults = reproductions::citation_faults(entry_of(dir, "", cited_body));
    REQUIRE(faults.size() == 1);
    CHECK_THAT(faults[0], Catch::Contains("(optimizers.DE): names the reading 'pop', which [reproduction] does not declare"));

    // a reading whose options are not what its target runs, and one naming an unknown method
    faults = reproductions::citation_faults(entry_of(dir, replace_all(pop_reading, "| population=20 |", "| population=30 |"), cited_body));
    REQUIRE(faults.size() == 1);
    CHECK_THAT(faults[0], Catch::Contains("the reading 'pop' says DE runs population=30, but its line is 'de:population=20'"));
    faults = reproductions::citation_faults(entry_of(dir, replace_all(pop_reading, "| DE |", "| DE, TPE |"), cited_body));
    REQUIRE(faults.size() == 1);
    CHECK_THAT(faults[0], Catch::Contains("the reading 'pop' names 'TPE', which is not an optimizer of the spec"));
}

TEST_CASE("a reading is parsed into its fields and listed among the deviations", "[reproduce][citations]") {
    TempDir dir;
    const reproductions::ReproductionEntry e = entry_of(dir, pop_reading, cited_body);
    REQUIRE(e.readings.size() == 1);
    const reproductions::Reading& r = e.readings[0];
    CHECK(r.name == "pop");
    CHECK(r.target == std::vector<std::string>{"DE"});
    CHECK(r.ours == "population=20");
    CHECK(r.others == std::vector<std::string>{"population=40", "text: a growing population"});
    CHECK(reproductions::runnable_choice(r.others[0]));
    // a ';' inside words is kept when what follows is neither options nor "text:"
    const reproductions::ReproductionEntry words =
        entry_of(dir, "reading = pop | DE | population=20 | text: one; two; population=40 | §5\n", cited_body);
    CHECK(words.readings[0].others == std::vector<std::string>{"text: one; two", "population=40"});
    CHECK_FALSE(reproductions::runnable_choice(r.others[1]));
    CHECK(reproductions::stated_deviations(e).back() ==
          "our reading `pop` on DE (§5.2 gives no population): `population=20`; the others: `population=40`; a "
          "growing population");
}

TEST_CASE("a malformed reading is refused, naming the file and the form", "[reproduce][citations]") {
    TempDir dir;
    auto refused = [&](const std::string& reading) {
        try {
            entry_of(dir, reading, cited_body);
        } catch (const UserError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(refused("reading = pop | DE | population=20 | population=40\n"),
               Catch::Contains("reproduction.reading = 'pop | DE | population=20 | population=40' is not accepted; "
                               "expected NAME | TARGET | OURS | OTHERS | PLACE"));
    CHECK_THAT(refused("reading = Pop! | DE | population=20 | population=40 | §5\n"), Catch::Contains("a NAME of a-z"));
    CHECK_THAT(refused("reading = pop | DE | population | population=40 | §5\n"),
               Catch::Contains("each choice either options k=v,... or text: words"));
    CHECK_THAT(refused("reading = pop | DE | population=20 | text: | §5\n"),
               Catch::Contains("each choice either options k=v,... or text: words"));
    CHECK_THAT(refused(pop_reading + pop_reading), Catch::Contains("the reading 'pop' is declared twice"));
}

TEST_CASE("a reading's [experiment] keys change the experiment, its other options the target lines",
          "[reproduce][readings]") {
    const runners::ExperimentSpec spec = runners::parse_spec(
        "[experiment]\nrestart_on = target\n[problems]\nb = bbob:f=1,i=1,d=2\n[optimizers]\nDE = de:population=20\n"
        "RS = random-search\n",
        "test");
    const reproductions::Reading instances{"instances", {"problems"}, "i=1", {"replicate_instances=year:2015"}, "§1"};
    const runners::ExperimentSpec trials = cli::with_choice(spec, instances, "replicate_instances=year:2015");
    CHECK(trials.replicate_instances == runners::parse_instance_list("1-5,41-50", "t"));
    CHECK(trials.problems.at(0).id.str() == spec.problems.at(0).id.str());
    const reproductions::Reading target{"target", {"DE"}, "population=20", {"restart_target=1e-5,population=4"}, "§1"};
    const runners::ExperimentSpec coarser = cli::with_choice(spec, target, "restart_target=1e-5,population=4");
    CHECK(coarser.restart.target == 1e-5);
    CHECK(coarser.optimizers.at(0).id.str() == "de:population=4");
    CHECK(coarser.optimizers.at(1).id.str() == "random-search");
    CHECK_THROWS_WITH(cli::with_choice(spec, instances, "replicate_instances=year:1999"),
                      Catch::Contains("reading instances") && Catch::Contains("before 2009"));
}
