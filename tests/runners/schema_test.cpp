// The experiment schema (runners/schema.hpp): every setting declared once, and the INI
// reader, the flags, --help, check_spec and the stored text all derived from the table.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <vector>

#include <boost/program_options.hpp>

#include "core/error.hpp"
#include "runners/spec.hpp"

using namespace bobench;
using namespace bobench::runners;
namespace po = boost::program_options;

namespace {
// `run`'s way with flags: the schema's flags parsed from `words` and applied to a default spec.
ExperimentSpec from_flags(Schema schema, const std::vector<std::string>& words) {
    po::options_description opts;
    add_setting_flags(opts, schema);
    po::variables_map vm;
    po::store(po::command_line_parser(words).options(opts).run(), vm);
    ExperimentSpec spec;
    apply_setting_flags(vm, schema, spec);
    return spec;
}

std::string help_of(Schema schema) {
    po::options_description opts;
    add_setting_flags(opts, schema);
    std::ostringstream out;
    out << opts;
    return out.str();
}

std::vector<Setting> with_range(std::string_view key, long min, long max) {
    std::vector<Setting> copy(experiment_schema().begin(), experiment_schema().end());
    auto it = std::find_if(copy.begin(), copy.end(), [&](const Setting& s) { return s.key == key; });
    REQUIRE(it != copy.end());
    it->min = min;
    it->max = max;
    return copy;
}
}  // namespace

TEST_CASE("schema: budget, replicates, threads and seed are each declared once, with a flag of the same name",
          "[runners][schema]") {
    for (const char* key : {"budget", "replicates", "threads", "seed"}) {
        INFO(key);
        const Schema schema = experiment_schema();
        CHECK(std::count_if(schema.begin(), schema.end(), [&](const Setting& s) { return s.key == key; }) == 1);
        const Setting& s = setting(schema, key);
        CHECK(s.flag == key);
        CHECK(s.integer());
        CHECK(s.min >= 0);  // check_spec compares them unsigned
    }
    CHECK(find_setting(experiment_schema(), "nope") == nullptr);
    const ExperimentSpec s = from_flags(experiment_schema(), {"--budget", "7", "--replicates", "3", "--seed", "9",
                                                              "--threads", "2", "--on-failure", "skip"});
    CHECK(s.budget == 7);
    CHECK(s.replicates == 3);
    CHECK(s.seed == 9);
    CHECK(s.threads == 2);
    CHECK(s.on_failure == results::FailurePolicy::Skip);
}

TEST_CASE("schema: a changed range is followed by the INI, the flag, check_spec and --help", "[runners][schema]") {
    const std::vector<Setting> narrow = with_range("threads", 0, 8);
    // the INI reader
    CHECK(parse_spec("[experiment]\nthreads = 8\n", "s", {}, narrow).threads == 8);
    CHECK_THROWS_WITH(parse_spec("[experiment]\nthreads = 9\n", "s", {}, narrow),
                      "s: experiment.threads = '9' is not valid; expected an integer in [0, 8]");
    CHECK(parse_spec("[experiment]\nthreads = 9\n", "s").threads == 9);  // bobench's own table is untouched
    // the flag
    CHECK(from_flags(narrow, {"--threads", "8"}).threads == 8);
    CHECK_THROWS_WITH(from_flags(narrow, {"--threads", "9"}),
                      "--threads = '9' is not valid; expected an integer in [0, 8]");
    // check_spec
    ExperimentSpec spec;
    spec.problems.push_back({"b", Identifier::parse("branin")});
    spec.optimizers.push_back({"r", Identifier::parse("random-search")});
    spec.threads = 9;
    CHECK_NOTHROW(check_spec(spec));
    CHECK_THROWS_WITH(check_spec(spec, narrow), "threads = '9' is not valid; expected an integer in [0, 8]");
    // --help
    const std::string help = help_of(narrow);
    CHECK(help.find("worker threads (0: all cores; at most 8; default 0)") != std::string::npos);
    CHECK(help_of(experiment_schema()).find("at most 1024;") != std::string::npos);

    const std::vector<Setting> short_runs = with_range("budget", 1, 50);
    CHECK_THROWS_WITH(parse_spec("[experiment]\nbudget = 51\n", "s", {}, short_runs),
                      "s: experiment.budget = '51' is not valid; expected an integer in [1, 50]");
    CHECK_THROWS_WITH(from_flags(short_runs, {"--budget", "51"}),
                      "--budget = '51' is not valid; expected an integer in [1, 50]");
    CHECK_THROWS_WITH(check_spec(spec, short_runs), "budget = '100' is not valid; expected an integer in [1, 50]");
}

TEST_CASE("schema: the stored spec's text is the one results files have always held", "[runners][schema]") {
    ExperimentSpec spec;
    spec.problems.push_back({"b", Identifier::parse("branin")});
    spec.optimizers.push_back({"", Identifier::parse("levy:d=3")});
    CHECK(to_ini(spec) == "[experiment]\nseed = 1\nbudget = 100\nreplicates = 10\noutput = output/bobench.h5\n"
                          "threads = 0\non_failure = penalty\n\n[problems]\nb = branin\n\n[optimizers]\n"
                          "levy_d_3 = levy:d=3\n");
    spec.data_dir = "tables";
    spec.plugins = {"a.so", "b.so"};
    spec.restart = parse_restart_on("target", "t");
    spec.restart.target = 0.5;
    const std::string full = to_ini(spec);
    CHECK(full.substr(0, full.find("\n\n")) ==
          "[experiment]\nseed = 1\nbudget = 100\nreplicates = 10\noutput = output/bobench.h5\nthreads = 0\n"
          "on_failure = penalty\ndata_dir = tables\nplugins = a.so, b.so\nrestart_on = target\nrestart_target = 0.5");
    CHECK(to_ini(parse_spec(full, "stored")) == full);
}
