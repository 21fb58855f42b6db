#include <catch2/catch.hpp>

#include <utility>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
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

    const std::pair<const char*, const char*> refused[] = {
        {"x:dim=3", "problem 'x': unknown parameter 'dim' (did you mean 'd'?); accepted: d, noise, scratch, act"},
        {"x:d=2.5", "problem 'x': parameter 'd' = '2.5' is not valid; expected an integer in [1, 40]"},
        {"x:d=41", "problem 'x': parameter 'd' = '41' is not valid; expected an integer in [1, 40]"},
        {"x:noise=-1", "problem 'x': parameter 'noise' = '-1' is not valid; expected a number >= 0"},
        {"x:act=gelu", "problem 'x': parameter 'act' = 'gelu' is not valid; expected one of elu, relu"},
        {"x:scratch=maybe", "problem 'x': parameter 'scratch' = 'maybe' is not valid; expected true or false"},
    };
    for (const auto& [id, error] : refused)
        CHECK_THROWS_WITH(bind_args("problem 'x'", specs, Identifier::parse(id)), error);
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

TEST_CASE("params: open bounds, finite numbers, integers within int, UTF-8 identifiers", "[core][params]") {
    const std::vector<ParamSpec> specs = {ParamSpec::real("gamma", 0.25, "fraction", 0, 1).open_min().open_max(),
                                          ParamSpec::real("eta", 0.3, "rate", 0, 1).open_min(),
                                          ParamSpec::real("noise", 0.0, "std", 0.0),
                                          ParamSpec::integer("trees", 10, "trees", 1)};
    CHECK(specs[0].accepted() == "a number in (0, 1)");
    CHECK(specs[1].accepted() == "a number in (0, 1]");
    CHECK(specs[3].accepted() == "an integer in [1, 2147483647]");
    auto refused = [&](const std::string& id) { return bind_args("o", specs, Identifier::parse(id)); };
    CHECK_THROWS_WITH(refused("o:gamma=0"), "o: parameter 'gamma' = '0' is not valid; expected a number in (0, 1)");
    CHECK_THROWS_WITH(refused("o:gamma=1"), Catch::Contains("expected a number in (0, 1)"));
    CHECK(bind_args("o", specs, Identifier::parse("o:gamma=0.5,eta=1")).real("eta") == 1);
    CHECK_THROWS_WITH(refused("o:eta=0"), "o: parameter 'eta' = '0' is not valid; expected a number in (0, 1]");
    CHECK_THROWS_WITH(refused("o:noise=inf"), "o: parameter 'noise' = 'inf' is not valid; expected a number >= 0");
    CHECK_THROWS_WITH(refused("o:trees=2147483648"), Catch::Contains("expected an integer in [1, 2147483647]"));
    CHECK_THROWS_WITH(Identifier::parse("levy:d=5\xff"), "identifier 'levy:d=5\xff' is not valid UTF-8 text");
    CHECK(Identifier::parse("fcnet:file=d\xc3\xa9j\xc3\xa0.h5").args[0].second == "d\xc3\xa9j\xc3\xa0.h5");
    CHECK_THROWS_WITH(parse_integer("--threads", "4294967297", 0, 1024),
                      "--threads = '4294967297' is not valid; expected an integer in [0, 1024]");
}

TEST_CASE("text: UTF-8 validation follows RFC 3629", "[core][text]") {
    CHECK(is_utf8("plain ascii"));
    CHECK(is_utf8("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));  // é € 😀
    CHECK_FALSE(is_utf8("\xff"));
    CHECK_FALSE(is_utf8("\xc3"));              // cut short
    CHECK_FALSE(is_utf8("\xc0\xaf"));          // overlong '/'
    CHECK_FALSE(is_utf8("\xed\xa0\x80"));      // a surrogate
    CHECK_FALSE(is_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
}

TEST_CASE("params: list and range expansion is capped before it is built", "[core][params]") {
    const std::vector<ParamSpec> specs = {ParamSpec::integer("f", 1, "", 1, 24), ParamSpec::integer("i", 1, "", 1, 200000)};
    CHECK(expand_lists(Identifier::parse("bbob:f=1-24,i=1-4000"), specs).size() == 96000);
    CHECK_THROWS_WITH(expand_lists(Identifier::parse("bbob:f=1-24,i=1-100000"), specs),
                      "'bbob:f=1-24,i=1-100000' expands to more than 100000 combinations; split it into smaller "
                      "lists or ranges");
    CHECK_THROWS_WITH(expand_lists(Identifier::parse("bbob:i=-9223372036854775807-9223372036854775807"), specs),
                      Catch::Contains("is too long (at most 100000 values)"));
}
