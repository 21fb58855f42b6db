// Every problem in the catalog, found by iterating the registry (a new problem is tested
// here without editing a list): built with its defaults, or with the few arguments below
// for problems that need them (a function number, a table file), every point sampled from
// its space evaluates, twice to the same result bit for bit with the same problem stream,
// and never below the problem's stated optimum.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>

#include "cli/catalog.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/values.hpp"

using namespace bobench;

namespace {

#ifdef BOBENCH_PYTHON
const std::string python = BOBENCH_PYTHON;
#else
const std::string python = "python3";
#endif

bool same_bits_or_both_nan(double a, double b) { return bobench::testing::same_bits(a, b) || (std::isnan(a) && std::isnan(b)); }

}  // namespace

TEST_CASE("every registered problem: points of its space evaluate deterministically, never below f*",
          "[problems][registry]") {
    testing::TempDir dir;
    tables::fcnet::write_fixture(dir / "fcnet.h5", 200);
    tables::nasbench201::write_fixture(dir / "nb201.h5", "cifar10", 200);
    testing::write_file(dir / "table.csv", "lr,units,objective\n0.1,16,0.5\n0.01,16,0.25\n0.1,32,0.75\n0.01,32,0.125\n");
    // arguments of the problems that cannot be built from their defaults alone
    const std::map<std::string, std::string> arguments = {
        {"bbob", "f=17,i=3,d=3"},
        {"fcnet", "file=" + (dir / "fcnet.h5")},
        {"nasbench201", "file=" + (dir / "nb201.h5")},
        {"table", "file=" + (dir / "table.csv")},
        // a plain-JSON script (no bobench import) whose value is the sum of the point's values
        {"external", "command=" + python + " " + std::string(BOBENCH_SOURCE_DIR) + "/tests/python/problems/misbehave.py well"},
    };
    for (const ProblemFactory& f : cli::problem_catalog().entries()) {
        const auto it = arguments.find(f.name);
        const std::string id = it == arguments.end() ? f.name : f.name + ":" + it->second;
        INFO("problem " << id << " (a problem that needs arguments gets them in this test's map)");
        const auto problem = bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
        const Space& space = problem->space();
        Rng sampler(derive_seed(7, 1));
        std::size_t finite = 0;
        for (int i = 0; i < 50; ++i) {
            const Point x = space.sample(sampler);
            REQUIRE(space.contains(x));
            Rng first(derive_seed(7, static_cast<std::uint64_t>(i) + 2)), second(derive_seed(7, static_cast<std::uint64_t>(i) + 2));
            const Evaluation a = problem->evaluate(x, first), b = problem->evaluate(x, second);
            INFO("at " << space.format(x));
            CHECK(same_bits_or_both_nan(a.value, b.value));
            CHECK(same_bits_or_both_nan(a.true_value, b.true_value));
            CHECK(same_bits_or_both_nan(a.cost, b.cost));
            CHECK(same_bits_or_both_nan(a.test_value, b.test_value));
            if (!std::isfinite(a.true_value)) continue;  // a configuration a table fixture lacks
            ++finite;
            if (problem->optimum()) CHECK(a.true_value >= *problem->optimum() - 1e-9 * (1 + std::abs(*problem->optimum())));
        }
        // tables built from 200 configurations miss most sampled points; the rest must evaluate
        if (f.name != "fcnet" && f.name != "nasbench201") CHECK(finite == 50);
    }
}
