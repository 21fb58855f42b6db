// replicate_instances (runners/spec.hpp, runners/plan.hpp): COCO's instances as trials. Replicate r
// runs each problem at instance r mod n of the list, its values moved onto the first instance's
// optimum, so the stored f* and every regret are those of the instance that ran.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>

#include "analysis/reports/benchmark_exports.hpp"
#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"
#include "runners/plan.hpp"
#include "runners/spec.hpp"
#include "testfunctions/bbob/function.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using bobench::testing::TempDir;

namespace {

runners::ExperimentSpec trials_spec(const std::string& output, const std::string& instances) {
    return runners::parse_spec("[experiment]\nseed = 5\nbudget = 12\nreplicates = 5\nreplicate_instances = " + instances +
                                   "\noutput = " + output + "\n[problems]\nrastrigin = bbob:f=3,i=2,d=3\n"
                                   "[optimizers]\nrs = random-search\ntpe = tpe:n_startup=4\n",
                               "test");
}

results::Results run_spec(const runners::ExperimentSpec& spec) {
    std::atomic<bool> stop{false};
    const auto outcome =
        runners::run_experiment(runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog()), stop);
    REQUIRE(outcome.errors.empty());
    return results::read_results(spec.output);
}

}  // namespace

TEST_CASE("replicate_instances: instance lists and COCO's years", "[runners][spec]") {
    using V = std::vector<int>;
    CHECK(runners::parse_instance_list("1-5,41-50", "t") == V{1, 2, 3, 4, 5, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50});
    CHECK(runners::parse_instance_list("year:2015", "t") == runners::parse_instance_list("1-5,41-50", "t"));
    CHECK(runners::parse_instance_list("year:2009", "t") == V{1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5});
    CHECK(runners::parse_instance_list("year:2011", "t").size() == 15);
    CHECK(runners::parse_instance_list(" 7 ", "t") == V{7});
    CHECK_THROWS_WITH(runners::parse_instance_list("year:2008", "spec.ini"),
                      Catch::Contains("spec.ini") && Catch::Contains("no instances before 2009"));
    CHECK_THROWS_AS(runners::parse_instance_list("5-3", "t"), UserError);
    CHECK_THROWS_AS(runners::parse_instance_list("0", "t"), UserError);
    CHECK_THROWS_AS(runners::parse_instance_list("1,,2", "t"), UserError);
    CHECK_THROWS_AS(runners::parse_instance_list("1-100001", "t"), UserError);
    // the stored spec writes the list out and reads it back
    const runners::ExperimentSpec spec = trials_spec("x.h5", "year:2015");
    CHECK(runners::to_ini(spec).find("replicate_instances = 1,2,3,4,5,41,42,43,44,45,46,47,48,49,50") !=
          std::string::npos);
    CHECK(runners::parse_spec(runners::to_ini(spec), "stored").replicate_instances == spec.replicate_instances);
}

TEST_CASE("replicate_instances: replicate r runs instance r mod n, its regrets that instance's",
          "[runners][spec]") {
    TempDir dir;
    const results::Results r = run_spec(trials_spec(dir / "trials.h5", "4,9,4"));
    const std::vector<int> instance_of = {4, 9, 4, 4, 9};  // replicates 0-4
    const bbob::Function first(3, 4, 3);
    REQUIRE(r.problems.size() == 1);
    CHECK(r.problems[0].optimum == first.fopt());
    CHECK(r.problems[0].metadata.at("instance") == "per replicate: 4,9,4");
    REQUIRE(r.runs.size() == 10);
    bool shifted = false;
    for (const results::Trace& t : r.runs) {
        const bbob::Function f(3, instance_of[static_cast<std::size_t>(t.key.replicate)], 3);
        for (std::size_t row = 0; row < t.rows(); ++row) {
            const auto at = t.x.begin() + static_cast<long>(3 * row);
            const std::vector<double> x(at, at + 3);
            // the regret of the instance that ran, up to the rounding of the shift
            CHECK(t.true_value[row] - first.fopt() == Approx(f.evaluate(x) - f.fopt()).margin(1e-10));
            shifted = shifted || f.fopt() != first.fopt();
        }
    }
    CHECK(shifted);  // instance 9's optimum is not instance 4's

    // COCO's .info lists each run under the instance it ran
    const auto exported = analysis::reports::export_benchmark_logs(r, analysis::reports::ExportFormat::coco, dir / "coco");
    const auto info = std::find_if(exported.files.begin(), exported.files.end(),
                                   [](const std::string& f) { return f.find("rs") != std::string::npos && f.ends_with(".info"); });
    REQUIRE(info != exported.files.end());
    const std::string text = testing::read_file(dir / ("coco/" + *info));
    CHECK(text.find(", 4:12|") != std::string::npos);
    CHECK(text.find(", 9:12|") != std::string::npos);
    CHECK(text.find(", 1:12|") == std::string::npos);

    // the same traces with 1 and 2 threads, and a file of another list is not joined
    runners::ExperimentSpec one = trials_spec(dir / "one.h5", "4,9,4"), two = trials_spec(dir / "two.h5", "4,9,4");
    one.threads = 1;
    two.threads = 2;
    const results::Results a = run_spec(one), b = run_spec(two);
    REQUIRE(a.runs.size() == b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) CHECK(a.runs[i].same_record(b.runs[i]));
    runners::ExperimentSpec other = trials_spec(dir / "one.h5", "4,9");
    std::atomic<bool> stop{false};
    CHECK_THROWS_WITH(
        runners::run_experiment(runners::make_plan(other, cli::problem_catalog(), cli::optimizer_catalog()), stop),
        Catch::Contains("replicate_instances"));
}

TEST_CASE("replicate_instances: a problem without an instance parameter, or listing several, is refused by name", "[runners][spec]") {
    const runners::ExperimentSpec spec = runners::parse_spec(
        "[experiment]\nreplicate_instances = 1-3\n[problems]\nbranin2 = branin\n[optimizers]\nrs = random-search\n",
        "test");
    CHECK_THROWS_WITH(runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog()),
                      Catch::Contains("problem 'branin2'") && Catch::Contains("no instance parameter i"));
    const runners::ExperimentSpec listed = runners::parse_spec(
        "[experiment]\nreplicate_instances = 1-3\n[problems]\nb = bbob:f=1,i=1-3,d=2\n[optimizers]\nrs = random-search\n",
        "test");
    CHECK_THROWS_WITH(runners::make_plan(listed, cli::problem_catalog(), cli::optimizer_catalog()),
                      Catch::Contains("problem 'b' lists i = 1-3 for nothing: give one i"));
}
