// The trace policy (results/trace_policy.hpp): which evaluations become rows, that the
// incumbent curve stays what it is with every evaluation kept (everywhere for
// `improvements`, on COCO's ladders for `targets`), and that runs under a policy store,
// resume, merge and analyse as runs keeping everything do.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <set>

#include <boost/random/uniform_real_distribution.hpp>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "hdf5/hdf5.hpp"
#include "results/journal.hpp"
#include "results/store.hpp"
#include "results/trace_policy.hpp"
#include "runners/plan.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using namespace bobench::testing;
using results::TracePolicy;

namespace {

// `n` evaluations of random search on a 3-d sphere (f* = 0), a few failing, every one a row.
results::Trace random_search_trace(std::size_t n, std::uint64_t seed) {
    Rng rng(seed);
    boost::random::uniform_real_distribution<double> coordinate(-5, 5);
    results::Trace t;
    for (std::size_t i = 0; i < n; ++i) {
        double f = 0;
        for (int j = 0; j < 3; ++j) {
            const double x = coordinate(rng);
            t.x.push_back(x);
            f += x * x;
        }
        const bool failed = i % 37 == 5;
        t.value.push_back(failed ? std::nan("") : f);
        t.true_value.push_back(failed ? std::nan("") : f);
        t.cost.push_back(1);
        t.test_value.push_back(f);
        t.failed.push_back(failed ? 1 : 0);
    }
    return t;
}

// f(x) = x on [0, 1], its optimum not declared.
class Line : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override { return {x[0], x[0], 1, x[0]}; }

private:
    Space space_ = real_box({0}, {1});
};

// The same at every fidelity in [1, 9].
class MultiFidelityLine final : public Line {
public:
    std::optional<Fidelity> fidelity() const override { return Fidelity{"epoch", 1, 9, true}; }
};

std::vector<std::size_t> rows_of(const results::Trace& t) {
    return {t.evaluation_index.begin(), t.evaluation_index.end()};
}

// The evaluation counts at which COCO's bbob logger writes its .tdat for dimension d, up to
// n, written out from its rule: floor(10^(k/20)) for k = 0, 1, ... and d * {1, 2, 5} * 10^k.
std::set<std::size_t> coco_budget_ladder(std::size_t d, std::size_t n) {
    std::set<std::size_t> ladder;
    for (int k = 0; std::floor(std::pow(10.0, k / 20.0)) <= static_cast<double>(n); ++k)
        ladder.insert(static_cast<std::size_t>(std::floor(std::pow(10.0, k / 20.0))));
    for (std::size_t scale = 1; scale * d <= n; scale *= 10)
        for (std::size_t base : {1u, 2u, 5u})
            if (scale * d * base <= n) ladder.insert(scale * d * base);
    return ladder;
}

const char* runs_flags = "--problem 'bbob:f=1,i=1,d=3' --problem 'bbob:f=8,i=2,d=3' --optimizer random-search "
                         "--optimizer 'tpe:n_startup=5' --budget 60 --replicates 3 --seed 7 -q";

std::string run_with(const TempDir& dir, const std::string& name, const std::string& extra) {
    const std::string file = dir / name;
    run_ok("run " + std::string(runs_flags) + " " + extra + " --output '" + file + "'");
    return file;
}

}  // namespace

TEST_CASE("trace = improvements keeps the first, every improvement and the last, and the incumbent curve unchanged",
          "[results][trace_policy]") {
    const results::Trace all = random_search_trace(500, 3);
    const results::Trace kept = results::keep_rows(all, TracePolicy::improvements, true, 3, 0.0);
    std::vector<std::size_t> expected{0};
    double best = INFINITY;
    for (std::size_t i = 0; i < all.rows(); ++i)
        if (!all.failed[i] && all.value[i] < best) {
            best = all.value[i];
            if (i > 0) expected.push_back(i);
        }
    expected.push_back(499);
    CHECK(rows_of(kept) == expected);
    CHECK(kept.size() == 500);
    CHECK(kept.rows() == expected.size());
    CHECK(kept.rows() < 20);  // random search improves about ln(500) times
    CHECK(kept.failures() == all.failures());
    CHECK(kept.failures() > 10);
    CHECK(kept.x.size() == 3 * kept.rows());
    CHECK(kept.x[3 * 1] == all.x[3 * expected[1]]);
    const results::IncumbentCurve a = results::incumbent_curve(all), b = results::incumbent_curve(kept);
    CHECK(a.best == b.best);
    CHECK(a.best_true == b.best_true);
    CHECK(a.best_test == b.best_test);
    // without points: the same rows, no x
    const results::Trace bare = results::keep_rows(all, TracePolicy::improvements, false, 3, 0.0);
    CHECK(rows_of(bare) == expected);
    CHECK(bare.x.empty());
}

TEST_CASE("trace = targets keeps COCO's ladders: the incumbent curve is exact on the budget ladder and at every "
          "target's first hit",
          "[results][trace_policy]") {
    for (std::uint64_t seed : {1, 2, 3}) {
        const results::Trace all = random_search_trace(3000, seed);
        const results::Trace kept = results::keep_rows(all, TracePolicy::targets, true, 3, 0.0);
        const results::Trace improving = results::keep_rows(all, TracePolicy::improvements, true, 3, 0.0);
        const std::vector<std::size_t> rows = rows_of(kept), improvements = rows_of(improving);
        // a subset of improvements' rows (first, improvements, last), in order
        CHECK(std::includes(improvements.begin(), improvements.end(), rows.begin(), rows.end()));
        CHECK(rows.front() == 0);
        CHECK(rows.back() == 2999);
        const results::IncumbentCurve a = results::incumbent_curve(all), b = results::incumbent_curve(kept);
        for (std::size_t count : coco_budget_ladder(3, 3000)) {
            INFO("evaluation " << count);
            CHECK(b.best[count - 1] == a.best[count - 1]);
            CHECK(b.best_true[count - 1] == a.best_true[count - 1]);
        }
        CHECK(b.best.back() == a.best.back());
        // the first evaluation at or below each target 10^(k/20) is the same
        for (int k = 40; k >= -40; --k) {
            const double target = std::pow(10.0, k / 20.0);
            const auto first_hit = [&](const std::vector<double>& curve) {
                return std::find_if(curve.begin(), curve.end(), [&](double v) { return v <= target; }) - curve.begin();
            };
            INFO("target " << target);
            CHECK(first_hit(b.best_true) == first_hit(a.best_true));
        }
        // between the ladders the curve is held from the last row: never below the truth
        for (std::size_t i = 0; i < a.best.size(); ++i)
            if (!std::isnan(a.best[i])) REQUIRE(b.best[i] >= a.best[i]);
    }
}

TEST_CASE("trace policies: a journal record keeps the rows, their evaluations and the run's counts",
          "[results][trace_policy]") {
    const results::Trace all = random_search_trace(700, 5);
    for (TracePolicy policy : {TracePolicy::all, TracePolicy::improvements, TracePolicy::targets}) {
        for (bool points : {true, false}) {
            const results::Trace kept = results::keep_rows(all, policy, points, 3, 0.0);
            const std::string record = results::Journal::encode("p", "o", kept);
            const auto decoded = results::Journal::decode(record.data(), record.size());
            REQUIRE(decoded);
            CHECK(decoded->trace.same_record(kept));
            CHECK(decoded->trace.size() == 700);
            CHECK(decoded->trace.failures() == all.failures());
            // a torn record is no record
            CHECK_FALSE(results::Journal::decode(record.data(), record.size() - 1));
        }
    }
}

TEST_CASE("trace policies: names, refusals at planning", "[results][trace_policy]") {
    CHECK(results::parse_trace_policy("targets", "x") == TracePolicy::targets);
    CHECK_THROWS_WITH(results::parse_trace_policy("some", "spec 's.ini'"),
                      "spec 's.ini': trace = 'some' is not valid; expected all, improvements or targets");
    ProblemRegistry problems("problem");
    problems.add({"line", "f(x) = x", {}, [](const ProblemSetup&, const Args&) { return std::make_shared<const Line>(); }});
    problems.add({"epochs", "f(x) = x at every fidelity", {}, [](const ProblemSetup&, const Args&) {
                      return std::make_shared<const MultiFidelityLine>();
                  }});
    runners::ExperimentSpec spec;
    spec.optimizers = {{"rs", Identifier::parse("random-search")}};
    const auto planning_error = [&](const char* problem, TracePolicy policy) {
        spec.problems = {{problem, Identifier::parse(problem)}};
        spec.trace = policy;
        try {
            runners::make_plan(spec, problems, cli::optimizer_catalog());
        } catch (const UserError& e) {
            return std::string(e.what());
        }
        return std::string("planned");
    };
    CHECK(planning_error("line", TracePolicy::targets) ==
          "trace = targets needs the optimum f* of every problem (its targets are regrets); problem 'line' has none "
          "(use trace = improvements)");
    CHECK(planning_error("line", TracePolicy::improvements) == "planned");
    CHECK(planning_error("epochs", TracePolicy::improvements) ==
          "trace = improvements keeps single-fidelity runs only; problem 'epochs' is multi-fidelity (use trace = all)");
    CHECK(planning_error("epochs", TracePolicy::all) == "planned");
    // COCO-sized plans: every point of 1000 runs of 10^7 evaluations at d = 640 (51 TB: points and values) does
    // not fit any machine; their target ladders do
    spec.problems = {{"f1", Identifier::parse("bbob:f=1,i=1,d=640")}};
    spec.budget = 10'000'000;
    spec.replicates = 1000;
    spec.trace = TracePolicy::all;
    CHECK_THROWS_WITH(runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog()),
                      Catch::Contains("would hold about 5.14e+04 GB of evaluations in memory"));
    spec.trace = TracePolicy::targets;
    CHECK(runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog()).runs.size() == 1000);
    TempDir dir;
    check_refused("run --problem branin --optimizer random-search --trace-points maybe -q --output '" + (dir / "p.h5") + "'",
                  "trace_points = 'maybe' is not valid; expected yes or no");
    check_refused("run --problem branin --optimizer random-search --trace every -q --output '" + (dir / "p.h5") + "'",
                  "trace = 'every' is not valid; expected all, improvements or targets");
    CHECK_FALSE(std::filesystem::exists(dir / "p.h5"));
}

TEST_CASE("trace policies: a run keeps exactly the rows its full trace filtered by the policy keeps, with any "
          "thread count, after a resume and a merge of shards",
          "[results][trace_policy]") {
    TempDir dir;
    const results::Results all = results::read_results(run_with(dir, "all.h5", "--threads 2"));
    REQUIRE(all.runs.size() == 12);
    for (const auto& [policy, flags] : std::vector<std::pair<TracePolicy, std::string>>{
             {TracePolicy::improvements, "--trace improvements"},
             {TracePolicy::targets, "--trace targets --trace-points no"}}) {
        const std::string name = results::trace_policy_name(policy);
        INFO(name);
        const bool points = policy == TracePolicy::improvements;
        const std::string one = run_with(dir, name + "-1.h5", flags + " --threads 1 --journal-after 0");
        // two threads, resumed from one replicate to three
        const std::string two = dir / (name + "-2.h5");
        run_ok("run " + replaced(runs_flags, "--replicates 3", "--replicates 1") + " " + flags +
               " --threads 2 --output '" + two + "'");
        run_ok("run " + std::string(runs_flags) + " " + flags + " --threads 2 --output '" + two + "'");
        // two shards, merged
        const std::string merged = dir / (name + "-merged.h5");
        for (const char* shard : {"1/2", "2/2"})
            run_ok("run " + std::string(runs_flags) + " " + flags + " --shard " + shard + " --output '" +
                   (dir / (name + "-s.h5")) + "'");
        run_ok("merge '" + merged + "' '" + (dir / (name + "-s.shard-1-of-2.h5")) + "' '" +
               (dir / (name + "-s.shard-2-of-2.h5")) + "'");
        for (const std::string& file : {one, two, merged}) {
            INFO(file);
            const results::Results r = results::read_results(file);
            CHECK(r.trace == policy);
            CHECK(r.trace_points == points);
            REQUIRE(r.runs.size() == all.runs.size());
            for (std::size_t i = 0; i < r.runs.size(); ++i) {
                const results::ProblemInfo& p = all.problems[static_cast<std::size_t>(all.runs[i].key.problem)];
                results::Trace expected = results::keep_rows(all.runs[i], policy, points, p.dimension(), p.optimum);
                CHECK(r.runs[i].same_record(expected));
                CHECK(r.runs[i].rows() < r.runs[i].size());
            }
            const h5::Handle f = h5::open_file(file);
            CHECK(h5::read_int_attribute(f.get(), "format_version") == 3);
            CHECK(h5::exists(h5::open_group(f.get(), "evals").get(), "x") == points);
        }
        // the policy is the experiment's: resuming with another is refused
        check_refused("run " + std::string(runs_flags) + " --output '" + one + "'",
                      "holds an experiment with trace = " + name + ", this one has trace = all");
    }
    // a file of trace = all is written as before (format version 2, readable by older builds)
    const h5::Handle f = h5::open_file(dir / "all.h5");
    CHECK(h5::read_int_attribute(f.get(), "format_version") == 2);
    CHECK_FALSE(h5::has_attribute(f.get(), "trace"));
}

TEST_CASE("trace policies: the same runs stored with every evaluation and with improvements give the same rank, "
          "table, ERT and exports, and targets the same final values and ERT",
          "[results][trace_policy]") {
    TempDir dir;
    const std::string all = run_with(dir, "all.h5", ""), improvements = run_with(dir, "imp.h5", "--trace improvements"),
                      targets = run_with(dir, "tar.h5", "--trace targets --trace-points no");
    // (export --runs is left out: it lists each run's seconds)
    for (const std::string args : {"rank FILE", "rank FILE --format json", "table FILE", "table FILE --target coco",
                                   "export FILE --curves --log-regret"}) {
        INFO(args);
        const std::string full = output_for(args, all);
        CHECK(full.size() > 100);
        CHECK(output_for(args, improvements) == full);
    }
    for (const std::string args : {"rank FILE --metrics best", "table FILE", "table FILE --target coco",
                                   "table FILE --target decades"}) {
        INFO(args);
        CHECK(output_for(args, targets) == output_for(args, all));
    }
    // the COCO export's .dat (first evaluation, every change of the best, the last) is the same;
    // the .tdat holds the rows kept
    run_ok("export '" + all + "' --format coco '" + (dir / "coco-all") + "'");
    run_ok("export '" + improvements + "' --format coco '" + (dir / "coco-imp") + "'");
    for (const char* dat : {"data_f1/bbobexp_f1_DIM3.dat", "data_f8/bbobexp_f8_DIM3.dat"}) {
        for (const char* optimizer : {"random-search", "tpe_n_startup_5"}) {
            const std::string path = std::string("/") + optimizer + "/" + dat;
            INFO(path);
            const std::string full = read_file(dir / ("coco-all" + path));
            CHECK(full.size() > 200);
            CHECK(read_file(dir / ("coco-imp" + path)) == full);
        }
    }
    // the per-evaluation export lists the rows kept, each by its evaluation
    const std::string rows = run_ok("export '" + improvements + "'").out;
    const std::string every = run_ok("export '" + all + "'").out;
    CHECK(std::count(rows.begin(), rows.end(), '\n') < std::count(every.begin(), every.end(), '\n') / 2);
    CHECK(rows.find(",60,") != std::string::npos);  // the last evaluation, by its number
    // what needs every evaluation says so
    check_refused("plot '" + targets + "' --x cost --out '" + (dir / "plots") + "'",
                  "the cost view needs every evaluation's cost");
}
