// The generic `table` problem: CSV and HDF5 tables, inferred and declared spaces, repeats,
// missing configurations, and bad input.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/error.hpp"
#include "hpobench_tables/generic.hpp"
#include "hpobench_tables/h5_io.hpp"
#include "hpobench_tables/info.hpp"
#include "cli/catalog.hpp"
#include "tests/support/cli.hpp"
#include "tests/hpobench_tables/table_problems.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {

// lr x act, with repeats; (0.1, relu) is missing.
const char* results_csv =
    "# learning rate sweep\n"
    "lr,act,loss,seconds,test\n"
    "0.01,tanh,0.5,10,0.55\n"
    "0.001,relu,0.9,11,0.95\n"
    "0.01,tanh,0.7,12,0.65\n"
    "0.1,tanh,0.4,13,0.45\n"
    "0.01,relu,0.3,14,\n"
    "\"0.001\",\"tanh\",0.8,15,0.85\n";

}  // namespace

TEST_CASE("table: a CSV becomes a problem and repeated configurations are repeats", "[tabular]") {
    TempDir dir;
    write_file(dir / "r.csv", results_csv);
    const std::string id = "table:file=" + (dir / "r.csv") + ",objective=loss,cost=seconds,test=test";
    const auto p = table_problem(id + ",repeat=mean");
    const Space& s = p->space();
    REQUIRE(s.size() == 2);
    CHECK(s[0].name == "lr");
    CHECK(s[0].kind == ParamKind::Ordinal);
    CHECK(s[0].values == std::vector<double>{0.001, 0.01, 0.1});
    CHECK(s[1].kind == ParamKind::Categorical);
    CHECK(s[1].choices == std::vector<std::string>{"relu", "tanh"});
    CHECK(p->table().repeats() == 2);
    CHECK(p->table().present() == 5);

    Rng rng(1);
    const Evaluation mean = p->evaluate({0.01, 1}, rng);
    CHECK(mean.value == Approx(0.6));
    CHECK(mean.cost == Approx(11));
    CHECK(mean.test_value == Approx(0.6));
    const Evaluation second = table_problem(id + ",repeat=1")->evaluate({0.01, 1}, rng);
    CHECK(second.value == 0.7);
    CHECK(second.cost == 12);
    // a configuration with one repeat has no repeat 1
    CHECK(std::isnan(table_problem(id + ",repeat=1")->evaluate({0.1, 1}, rng).value));
    // random draws among the configuration's own repeats
    const auto random = table_problem(id);
    int seen_first = 0;
    for (int i = 0; i < 400; ++i) {
        const double v = random->evaluate({0.01, 1}, rng).value;
        REQUIRE((v == 0.5 || v == 0.7));
        seen_first += v == 0.5;
    }
    CHECK(std::abs(seen_first - 200) < 50);
    CHECK(random->evaluate({0.1, 1}, rng).value == 0.4);
    // an empty test cell is NaN; the missing (0.1, relu) fails
    CHECK(std::isnan(p->evaluate({0.01, 0}, rng).test_value));
    CHECK(std::isnan(p->evaluate({0.1, 0}, rng).value));
    // optima over means: loss (0.01, relu) 0.3; test: lowest finite mean 0.45
    CHECK(*p->optimum() == 0.3);
    CHECK(*p->test_optimum() == 0.45);
    // missing=error refuses the incomplete table
    CHECK(message_of([&] { table_problem(id + ",missing=error"); })
              .find("has 5 of the 6 configurations of its space; missing e.g. lr=0.1, act=relu") != std::string::npos);
}

TEST_CASE("table: categorical=, params= and a declared space", "[tabular]") {
    TempDir dir;
    write_file(dir / "r.csv", results_csv);
    const std::string base = "table:file=" + (dir / "r.csv") + ",objective=loss";
    const auto cat = table_problem(base + ",params=lr,act,categorical=lr");
    CHECK(cat->space()[0].kind == ParamKind::Categorical);
    CHECK(cat->space()[0].choices == std::vector<std::string>{"0.001", "0.01", "0.1"});
    Rng rng(1);
    CHECK(table_problem(base + ",params=lr,act,categorical=lr,repeat=0")->evaluate({2, 1}, rng).value == 0.4);

    // only lr: the rows of each lr are its repeats (act is ignored)
    const auto lr_only = table_problem(base + ",params=lr,repeat=mean");
    CHECK(lr_only->space().size() == 1);
    CHECK(lr_only->evaluate({0.01}, rng).value == Approx((0.5 + 0.7 + 0.3) / 3));

    write_file(dir / "space.json",
               "{\"params\": [{\"name\": \"lr\", \"type\": \"ordinal\", \"values\": [0.001, 0.01, 0.1, 1.0]},"
               " {\"name\": \"act\", \"type\": \"categorical\", \"choices\": [\"tanh\", \"relu\", \"elu\"]}]}");
    const auto declared = table_problem(base + ",space=" + (dir / "space.json"));
    CHECK(declared->space()[0].values.size() == 4);
    CHECK(declared->space()[1].choices == std::vector<std::string>{"tanh", "relu", "elu"});
    CHECK(declared->table().size() == 12);
    CHECK(table_problem(base + ",space=" + (dir / "space.json") + ",repeat=0")->evaluate({0.1, 0}, rng).value == 0.4);
    CHECK(std::isnan(declared->evaluate({1.0, 2}, rng).value));

    write_file(dir / "narrow.json", "{\"params\": [{\"name\": \"lr\", \"type\": \"ordinal\", \"values\": [0.001, 0.01]},"
                                    " {\"name\": \"act\", \"type\": \"categorical\", \"choices\": [\"tanh\", \"relu\"]}]}");
    CHECK(message_of([&] { table_problem(base + ",space=" + (dir / "narrow.json")); })
              .find("data row 4: lr = '0.1' is not a value of the declared space") != std::string::npos);
    write_file(dir / "broken.json", "{\"params\": [{\"name\": \"lr\", \"type\": \"real\"}]}");
    CHECK(message_of([&] { table_problem(base + ",space=" + (dir / "broken.json")); })
              .find("parameter 'lr' has type \"real\"; expected ordinal, categorical or integer") != std::string::npos);
}

TEST_CASE("table: HDF5 columns, text and numeric, with the space from the group's attribute", "[tabular]") {
    TempDir dir;
    const std::string file = dir / "t.h5";
    {
        h5::Handle f = h5::create_file(file);
        h5::Handle g = h5::create_group(f.get(), "sweep");
        tables::h5io::write_strings(g.get(), "opt", {"adam", "sgd", "adam", "sgd"});
        const std::vector<double> layers = {1, 1, 2, 2}, loss = {0.3, 0.5, 0.2, NAN};
        tables::h5io::write_doubles(g.get(), "layers", {4}, layers.data());
        tables::h5io::write_doubles(g.get(), "loss", {4}, loss.data());
        h5::write_attribute(g.get(), "space",
                            std::string("{\"params\": [{\"name\": \"opt\", \"type\": \"categorical\", \"choices\": "
                                        "[\"sgd\", \"adam\"]}, {\"name\": \"layers\", \"type\": \"integer\", \"lo\": 1, \"hi\": 3}]}"));
    }
    const auto p = table_problem("table:file=" + file + ",group=/sweep,objective=loss");
    CHECK(p->space()[0].choices == std::vector<std::string>{"sgd", "adam"});
    CHECK(p->space()[1].kind == ParamKind::Integer);
    Rng rng(1);
    CHECK(p->evaluate({1, 2}, rng).value == 0.2);  // adam, 2 layers
    CHECK(std::isnan(p->evaluate({0, 2}, rng).value));  // NaN in the table: failed
    CHECK(std::isnan(p->evaluate({0, 3}, rng).value));  // not in the table
    CHECK(p->table().nan_counts().objective == 1);
    CHECK(*p->optimum() == 0.2);
    CHECK(tables::describe(p->table()).find("NaN entries: 1 in 1 configurations (evaluated as failed)") != std::string::npos);
}

TEST_CASE("table: bad tables and arguments are refused, naming the column, row or file", "[tabular]") {
    TempDir dir;
    write_file(dir / "r.csv", results_csv);
    const std::string f = dir / "r.csv";
    CHECK(message_of([&] { table_problem("table:file=" + f); }) ==
          "table '" + f + "': no column 'objective' (objective); columns: lr, act, loss, seconds, test");
    CHECK(message_of([&] { table_problem("table:file=" + f + ",objective=act"); }) ==
          "table '" + f + "': column 'act' (objective) is not numeric");
    CHECK(message_of([&] { table_problem("table:file=" + f + ",objective=loss,categorical=seconds,params=lr"); }) ==
          "table '" + f + "': categorical = seconds is not a configuration column (lr)");
    CHECK(message_of([&] { table_problem("table:objective=loss"); }).find("no file given") != std::string::npos);
    CHECK(message_of([&] { table_problem("table:file=" + (dir / "none.csv")); }).find("does not exist") != std::string::npos);
    write_file(dir / "ragged.csv", "a,objective\n1,2\n3\n");
    CHECK(message_of([&] { table_problem("table:file=" + (dir / "ragged.csv")); }) ==
          dir / "ragged.csv" + ":3: 1 fields; the header has 2");
    write_file(dir / "quote.csv", "a,objective\n\"1,2\n");
    CHECK(message_of([&] { table_problem("table:file=" + (dir / "quote.csv")); }) ==
          dir / "quote.csv" + ":2: unterminated double quote");
    write_file(dir / "dup.csv", "a,a,objective\n1,2,3\n");
    CHECK(message_of([&] { table_problem("table:file=" + (dir / "dup.csv")); }).find("column 'a' appears twice") !=
          std::string::npos);
    write_file(dir / "nan_config.csv", "a,objective\n1,2\nnan,3\n");
    CHECK(message_of([&] { table_problem("table:file=" + (dir / "nan_config.csv")); })
              .find("data row 2: a = 'nan' is not a value of the inferred space") != std::string::npos);
    Rng rng(1);
    CHECK(message_of([&] { table_problem("table:file=" + f + ",objective=loss,params=lr,act")->evaluate({0.02, 0}, rng); })
              .find("lr = 0.02 is not one of the values {0.001, 0.01, 0.1}") != std::string::npos);
}
