#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "cli/catalog.hpp"

using namespace bobench;

TEST_CASE("identifier: NAME[:key=value,...] parsing", "[core][params]") {
    const Identifier a = Identifier::parse(" levy:d=5 ");
    CHECK(a.name == "levy");
    REQUIRE(a.args.size() == 1);
    CHECK(a.args[0] == std::pair<std::string, std::string>{"d", "5"});
    CHECK(Identifier::parse("random-search").args.empty());
    const Identifier b = Identifier::parse("bbob:f=1,2,3,i=1,d=5");
    REQUIRE(b.args.size() == 3);
    CHECK(b.args[0].second == "1,2,3");
    CHECK(b.str() == "bbob:f=1,2,3,i=1,d=5");
    CHECK_THROWS_WITH(Identifier::parse(":d=5"), "identifier ':d=5' has no name; expected NAME[:key=value[,key=value...]]");
    CHECK_THROWS_WITH(Identifier::parse("levy:"), Catch::Contains("has ':' but no parameters"));
    CHECK_THROWS_WITH(Identifier::parse("levy:5"), Catch::Contains("'5' is not key=value"));
    CHECK_THROWS_WITH(Identifier::parse("levy:d=5,d=6"), "identifier 'levy:d=5,d=6' sets 'd' twice");
}

TEST_CASE("params: binding checks keys, types and ranges and fills defaults", "[core][params]") {
    const std::vector<ParamSpec> specs = {ParamSpec::integer("d", 2, "dimension", 1, 40),
                                          ParamSpec::real("noise", 0.0, "noise std", 0.0),
                                          ParamSpec::boolean("scratch", false, "retrain"),
                                          ParamSpec::choice("act", "elu", {"elu", "relu"}, "activation")};
    const Args a = bind_args("problem 'x'", specs, Identifier::parse("x:d=05,noise=0.10,act=relu"));
    CHECK(a.integer("d") == 5);
    CHECK(a.real("noise") == 0.1);
    CHECK_FALSE(a.boolean("scratch"));
    CHECK(a.text("act") == "relu");
    CHECK(canonical_id("x", specs, a) == "x:act=relu,d=5,noise=0.1");
    CHECK(canonical_id("x", specs, bind_args("x", specs, Identifier::parse("x:d=2"))) == "x");

    CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse("x:dim=3")),
                      "problem 'x': unknown parameter 'dim' (did you mean 'd'?); accepted: d, noise, scratch, act");
    CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse("x:d=2.5")),
                      "problem 'x': parameter 'd' = '2.5' is not valid; expected an integer in [1, 40]");
    CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse("x:d=41")),
                      "problem 'x': parameter 'd' = '41' is not valid; expected an integer in [1, 40]");
    CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse("x:noise=-1")),
                      "problem 'x': parameter 'noise' = '-1' is not valid; expected a number >= 0");
    CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse("x:act=gelu")),
                      "problem 'x': parameter 'act' = 'gelu' is not valid; expected one of elu, relu");
    CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse("x:scratch=maybe")),
                      "problem 'x': parameter 'scratch' = 'maybe' is not valid; expected true or false");
}

TEST_CASE("registry: unknown names suggest the closest known one", "[core][registry]") {
    const auto& opt = cli::optimizer_catalog();
    CHECK_THROWS_WITH(opt.get("random-serach"),
                      Catch::StartsWith("unknown optimizer 'random-serach' (did you mean 'random-search'?); known: "));
    CHECK_THROWS_WITH(cli::problem_catalog().get("hartman6"),
                      Catch::StartsWith("unknown problem 'hartman6' (did you mean 'hartmann6'?)"));
    CHECK_THROWS_WITH(cli::problem_catalog().get("zzzzzzzz"), Catch::StartsWith("unknown problem 'zzzzzzzz'; known: "));
    const BoundProblem p = bind_problem(cli::problem_catalog(), Identifier::parse("levy:d=5,noise=0"));
    CHECK(p.id == "levy:d=5");
    CHECK(p.problem->space().size() == 5);
}
