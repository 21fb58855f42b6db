// The bbob functions as bobench problems: identifiers, suite expansion, metadata, CLI.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "core/registry.hpp"
#include "core/text.hpp"
#include "cli/catalog.hpp"
#include "runners/plan.hpp"
#include "testfunctions/bbob/function.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;

TEST_CASE("bbob problem: identifier, space, optimum and metadata", "[bbob][problem]") {
    const BoundProblem b = bind_problem(cli::problem_catalog(), Identifier::parse("bbob:f=15,i=3,d=5"));
    CHECK(b.id == "bbob:d=5,f=15,i=3");
    const bbob::Function f(15, 3, 5);
    CHECK(*b.problem->optimum() == f.fopt());
    CHECK(b.problem->space().size() == 5);
    CHECK(b.problem->space()[4].lo == -5);
    CHECK(b.problem->space()[4].hi == 5);
    Rng rng(1);
    CHECK(b.problem->evaluate(f.xopt(), rng).value == f.fopt());
    const Metadata m = b.problem->metadata();
    CHECK(m.at("suite") == "bbob");
    CHECK(m.at("group") == "4");
    CHECK(m.at("function") == "15");
    CHECK(m.at("instance") == "3");
    CHECK(m.at("dimension") == "5");
}

TEST_CASE("bbob problem: a spec selects a suite by lists and ranges", "[bbob][problem]") {
    runners::ExperimentSpec spec;
    spec.problems.push_back({"bbob", Identifier::parse("bbob:f=1-24,i=1-5,d=2,5,10")});
    spec.optimizers.push_back({"rs", Identifier::parse("random-search")});
    spec.replicates = 1;
    const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    REQUIRE(plan.problems.size() == 24 * 5 * 3);
    std::set<std::string> labels, ids;
    std::map<std::string, int> per_group;
    for (const auto& p : plan.problems) {
        labels.insert(p.label);
        ids.insert(p.id);
        per_group[p.problem->metadata().at("group")]++;
    }
    CHECK(labels.size() == plan.problems.size());
    CHECK(ids.size() == plan.problems.size());
    CHECK(plan.problems[0].label == "bbob-f1-i1-d2");
    CHECK(plan.problems[1].label == "bbob-f1-i1-d5");
    CHECK(per_group == std::map<std::string, int>{{"1", 75}, {"2", 60}, {"3", 75}, {"4", 75}, {"5", 75}});
}

TEST_CASE("bbob problem: eval prints COCO's values with 17 digits", "[bbob][cli]") {
    // the first rows of COCO's reference values for f8 (Rosenbrock) and f23 (Katsuura), d = 5
    std::ifstream in(std::string(BOBENCH_TEST_DATA_DIR) + "/bbob_values.csv");
    std::string line;
    std::getline(in, line);
    int checked = 0;
    testing::TempDir dir;
    while (std::getline(in, line) && checked < 6) {
        const auto cols = split(line, ',');
        if (!((cols[0] == "8" || cols[0] == "23") && cols[2] == "5" && cols[1] == "2")) continue;
        std::string point = cols[4];
        std::replace(point.begin(), point.end(), ';', ',');
        testing::write_file(dir / "p", point + "\n");
        const auto r = testing::run_cli("eval bbob:f=" + cols[0] + ",i=2,d=5 --points " + (dir / "p"));
        REQUIRE(r.status == 0);
        double got, want;
        REQUIRE(parse_double(trim(r.out), got));
        REQUIRE(parse_double(cols[5], want));
        CHECK(got == Approx(want).epsilon(1e-10));
        // 17 significant digits: the printed text reads back to the very same double
        std::vector<double> x;
        for (const auto& c : split(cols[4], ';')) x.push_back(std::stod(c));
        CHECK(got == bbob::Function(std::stoi(cols[0]), 2, 5).evaluate(x));
        ++checked;
    }
    CHECK(checked == 6);
}

TEST_CASE("bbob problem: bad identifiers and points name the value and the range", "[bbob][cli]") {
    auto err = [](const std::string& args) {
        const auto r = testing::run_cli(args);
        CHECK(r.status == 2);
        return r.err;
    };
    CHECK_THAT(err("eval bbob:f=25,i=1,d=2 </dev/null"),
               Catch::Contains("parameter 'f' = '25' is not valid; expected an integer in [1, 24]"));
    CHECK_THAT(err("eval bbob:f=0,i=1,d=2 </dev/null"),
               Catch::Contains("parameter 'f' = '0' is not valid; expected an integer in [1, 24]"));
    CHECK_THAT(err("eval bbob:f=1,i=1,d=1 </dev/null"),
               Catch::Contains("parameter 'd' = '1' is not valid; expected an integer in [2, 640]"));
    CHECK_THAT(err("eval bbob:f=1,i=0,d=2 </dev/null"),
               Catch::Contains("parameter 'i' = '0' is not valid; expected an integer in [1, 200000]"));
    CHECK_THAT(err("eval bbob:f=1,d=2 </dev/null"),
               Catch::Contains("parameter 'i' is required (an integer in [1, 200000])"));
    testing::TempDir dir;
    testing::write_file(dir / "p", "1,2,3\n");
    CHECK_THAT(err("eval bbob:f=1,i=1,d=2 --points " + (dir / "p")),
               Catch::Contains("point has 3 coordinates, the space has 2"));
}
