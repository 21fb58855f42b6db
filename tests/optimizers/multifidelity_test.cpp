// Multi-fidelity end to end: on a NAS-Bench-201 fixture with learning curves, hyperband and
// bohb reach lower regret than random search at equal cumulative cost (Mann-Whitney over 40
// replicates), through the real run loop; the trace records each evaluation's fidelity and
// cost, and regret counts only full-fidelity evaluations.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "analysis/statistics/mann_whitney.hpp"
#include "cli/catalog.hpp"
#include "core/text.hpp"
#include "hpobench_tables/nasbench201.hpp"
#include "results/store.hpp"
#include "runners/restart.hpp"
#include "runners/executor.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

// The regret of a run's incumbent after its last evaluation within cumulative cost `c`
// (+inf when no full-fidelity evaluation fits: the run has no answer yet), and whether the
// run spent at least `c` (else the comparison would not be at equal cost).
struct AtCost {
    double regret;
    bool reached;
};
AtCost regret_at_cost(const results::Trace& t, double fopt, double c) {
    const results::IncumbentCurve inc = results::incumbent_curve(t);
    double total = 0, regret = inf;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (total + t.cost[i] > c) return {regret, true};
        total += t.cost[i];
        if (!std::isnan(inc.best_true[i])) regret = inc.best_true[i] - fopt;
    }
    return {regret, false};
}

}  // namespace

TEST_CASE("hyperband and bohb beat random search at equal cumulative cost on a fixture with epochs",
          "[multifidelity][hyperband][bohb]") {
    testing::TempDir dir;
    // in the data folder, not as file=PATH: the temporary path would change the seeds
    tables::nasbench201::write_fixture(dir / "nasbench201_cifar10.hdf5", "cifar10", 0, 81);  // all 15,625 cells, R = 81
    const std::string problem = "nasbench201:dataset=cifar10";
    const double fopt = *bind_problem(cli::problem_catalog(), Identifier::parse(problem), {dir.path().string()}).problem->optimum();
    // the fixture's full trainings cost 1500-4200 s (2,200 s on average): 120,000 s is about
    // 55 of them, or two of Hyperband's iterations (5 brackets of ~5 full trainings each)
    const double cost = 120000;
    constexpr int replicates = 40;

    auto regrets = [&](const std::string& optimizer, long budget) {
        std::vector<double> out;
        for (const results::Trace& t : testing::run_traces(problem, optimizer, budget, replicates, dir.path().string())) {
            const AtCost a = regret_at_cost(t, fopt, cost);
            CHECK(a.reached);  // the budget outlasts the cost: every run is compared at the same cost
            out.push_back(a.regret);
        }
        return out;
    };
    const std::vector<double> random = regrets("random-search", 100);
    const std::vector<double> hyperband = regrets("hyperband", 600);
    const std::vector<double> bohb = regrets("bohb", 600);
    for (const auto& [name, r] : {std::pair{"hyperband", &hyperband}, std::pair{"bohb", &bohb}}) {
        const analysis::MannWhitneyResult mw = analysis::mann_whitney_u(*r, random);
        std::vector<double> sorted = *r, base = random;
        std::sort(sorted.begin(), sorted.end());
        std::sort(base.begin(), base.end());
        INFO(name << ": p = " << mw.p_value << ", A12 = " << mw.a12 << ", median regret " << sorted[replicates / 2]
                  << " (random search " << base[replicates / 2] << ")");
        CHECK(mw.a_tends_lower());
        CHECK(mw.p_value < 0.01);
    }
}

TEST_CASE("a multi-fidelity run records fidelities and costs and regret counts full fidelity only",
          "[multifidelity][hyperband]") {
    testing::TempDir dir;
    const std::string file = dir / "nb201.h5";
    tables::nasbench201::write_fixture(file, "cifar10", 0, 9);
    const std::string problem = "nasbench201:file=" + file + ",repeat=0";
    const auto t = testing::run_traces(problem, "hyperband", 40, 1).at(0);
    REQUIRE(t.fidelity.size() == t.size());
    CHECK(t.full_fidelity == 9);
    // R = 9, eta = 3: the first bracket is 9 at epoch 1, 3 at 3, 1 at 9; then 5 at 3, 1 at 9 ...
    CHECK(std::vector<double>(t.fidelity.begin(), t.fidelity.begin() + 14) ==
          std::vector<double>{1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 9, 3});
    const results::IncumbentCurve inc = results::incumbent_curve(t);
    for (std::size_t i = 0; i < 12; ++i) CHECK(std::isnan(inc.best[i]));  // nothing at full fidelity yet
    CHECK(inc.best[12] == t.value[12]);
    // each evaluation is the problem's at the recorded fidelity (cost = runtime * e / 9)
    const auto p = bind_problem(cli::problem_catalog(), Identifier::parse(problem)).problem;
    Rng rng(0);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const Point x(t.x.begin() + static_cast<std::ptrdiff_t>(6 * i), t.x.begin() + static_cast<std::ptrdiff_t>(6 * i + 6));
        const Evaluation e = p->evaluate_at(x, t.fidelity[i], rng);
        CHECK(t.value[i] == e.value);
        CHECK(t.cost[i] == e.cost);
        CHECK(t.cost[i] == Approx(p->evaluate(x, rng).cost * t.fidelity[i] / 9).epsilon(1e-15));
    }
    // a single-fidelity optimizer on the same problem evaluates everything at full fidelity
    const auto r = testing::run_traces(problem, "random-search", 5, 1).at(0);
    CHECK(r.fidelity == std::vector<double>(5, 9.0));
}

TEST_CASE("bobench run, export and plot --x cost show fidelities and the recorded costs", "[multifidelity][exports]") {
    testing::TempDir dir;
    REQUIRE(testing::run_cli("tabular fixture --layout nasbench201 --epochs 9 --out " + (dir / "nasbench201_cifar10.hdf5"))
                .status == 0);
    const std::string out = dir / "mf.h5";
    const auto run = testing::run_cli("run --data-dir " + dir.path().string() +
                                      " --problem nasbench201 --optimizer hyperband --optimizer random-search --budget 20 "
                                      "--replicates 2 --threads 1 --quiet --output " + out);
    INFO(run.err);
    REQUIRE(run.status == 0);
    const results::Results res = results::read_results(out);
    REQUIRE(res.problems[0].fidelity);
    CHECK(res.problems[0].fidelity->full == 9);

    const auto csv = testing::run_cli("export " + out);
    REQUIRE(csv.status == 0);
    CHECK(csv.out.rfind("problem,optimizer,replicate,iteration,value,best_so_far,regret,test_regret,true_value,cost,"
                        "test_value,failed,fidelity\n", 0) == 0);
    std::map<std::string, std::set<std::string>> fidelities;  // per optimizer, as exported
    std::istringstream lines(csv.out.substr(csv.out.find('\n') + 1));
    for (std::string line; std::getline(lines, line);) {
        const auto cols = split(line, ',');
        REQUIRE(cols.size() == 13);
        fidelities[cols[1]].insert(cols[12]);
    }
    CHECK(fidelities["hyperband"] == std::set<std::string>{"1", "3", "9"});
    CHECK(fidelities["random-search"] == std::set<std::string>{"9"});

    // the cost view's data: x is the cumulative recorded cost, up to the largest run total
    const auto plot = testing::run_cli("plot " + out + " --x cost --out " + (dir / "plots"));
    INFO(plot.err);
    REQUIRE(plot.status == 0);
    double largest = 0;
    for (const results::Trace& t : res.runs) {
        double total = 0;
        for (double c : t.cost) total += c;
        largest = std::max(largest, total);
    }
    double last_x = 0;
    std::istringstream data(testing::read_file(dir / "plots/nasbench201.dat"));
    for (std::string line; std::getline(data, line);)
        if (!line.empty() && line[0] != '#') last_x = std::max(last_x, std::stod(line.substr(0, line.find(' '))));
    CHECK(last_x == Approx(largest).epsilon(1e-12));
}

TEST_CASE("restarts within a run watch full-fidelity evaluations only", "[multifidelity][hyperband]") {
    testing::TempDir dir;
    const std::string file = dir / "nb201.h5";
    tables::nasbench201::write_fixture(file, "cifar10", 0, 9);
    runners::ExperimentSpec spec;
    spec.budget = 14;
    spec.restart = runners::parse_restart_on("revisit", "test");
    spec.problems.push_back({"", Identifier::parse("nasbench201:file=" + file + ",repeat=0")});
    spec.optimizers.push_back({"", Identifier::parse("hyperband")});
    const runners::Plan plan = runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    std::atomic<bool> stop{false};
    const results::Trace t = runners::run_one(plan, plan.runs[0], stop);
    // a promoted configuration is the same point at a higher fidelity: not a revisit, so
    // the brackets run as scheduled (9 at epoch 1, 3 at 3, 1 at 9, then 5 at 3 ...)
    CHECK(runners::restart_indices(t).empty());
    CHECK(t.fidelity == std::vector<double>{1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 9, 3});
}
