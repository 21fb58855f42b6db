// Every optimizer in the catalog, found by iterating the registry (a new optimizer is
// tested here without editing a list): on small problems covering every parameter kind,
// through the real run loop, the same seed gives the same trace, every suggestion lies in
// the space, and objectives that fail sometimes (NaN) or are constant run to the end
// under both failure policies (with a fidelity added for the optimizers that choose one).
// Optimizers that are expensive at their defaults get cheaper settings below; any other
// optimizer runs with its defaults.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/function_problem.hpp"

using namespace bobench;

namespace {

constexpr long kBudget = 14;

// Settings that keep one run at this budget well under a second (samplers, networks and
// MCMC chains shortened); a newly registered optimizer absent from here runs as it is.
const std::map<std::string, std::string>& cheap_settings() {
    static const std::map<std::string, std::string> m = {
        {"bohamiann", "units=10,burn_in_per_point=5,sample_steps=300,keep_every=10"},
        {"bore-ggn", "hessian=diag,steps=50"},
        {"bore-mlp", "steps=50"},
        {"bore-xgb", "rounds=20"},
        {"dngo", "epochs=20"},
        {"elm", "members=50"},
        {"gp-mcmc", "chain_length=10,burn_in=10"},
        {"hbnn", "iterations=60,warmup=40,thin=1,max_depth=5"},
        {"ivbnn", "steps=30,critic_iterations=2,ensemble=5"},
        {"nuts-bnn", "layers=1,units=10,iterations=40,warmup=30,max_depth=4"},
        {"robo-gp-mcmc", "chain_length=10,burn_in=10"},
        {"sbnn", "iterations=60,warmup=40,thin=1,max_depth=5"},
#ifdef BOBENCH_PYTHON
        {"external", "command=env PYTHONPATH=" + std::string(BOBENCH_PYTHON_PATH) + " " + BOBENCH_PYTHON + " " +
                         BOBENCH_SOURCE_DIR + "/tests/python/optimizers/random_search.py"},
#endif
    };
    return m;
}

// n_init = 4 so that the model (or classifier, or density) proposes most of the points;
// optimizers without an n_init keep their own warm-up.
std::string identifier(const OptimizerFactory& f) {
    std::string args;
    for (const ParamSpec& p : f.params)
        if (p.key == "n_init") args = "n_init=4";
    if (auto it = cheap_settings().find(f.name); it != cheap_settings().end())
        args += (args.empty() ? "" : ",") + it->second;
    return args.empty() ? f.name : f.name + ":" + args;
}

bool runnable(const OptimizerFactory& f) {
    for (const ParamSpec& p : f.params)
        if (p.key == "command") return cheap_settings().count(f.name) > 0;  // external without Python
    return true;
}

// Every parameter kind; the objective fails (NaN) on about a quarter of the evaluations,
// drawn from the run's problem stream, so the failures are the same for every optimizer.
class MixedProblem final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng& rng) const override {
        Evaluation e;
        if (boost::random::uniform_real_distribution<double>(0, 1)(rng) < 0.25) return e;  // NaN
        const double v = (x[0] - 0.3) * (x[0] - 0.3) + std::log10(x[1]) * std::log10(x[1]) + std::abs(x[2] - 2) +
                         (x[3] == 0.5 ? 0 : 1) + (x[4] == 1 ? 0 : 1);
        e.value = e.true_value = v;
        return e;
    }
    std::optional<double> optimum() const override { return 0.0; }

private:
    Space space_{{Param::real("r", -1, 1), Param::real("log_r", 1e-3, 10, true), Param::integer("i", 0, 4),
                  Param::ordinal("o", {0.125, 0.25, 0.5, 1}), Param::categorical("c", {"a", "b", "c"})}};
};

// The same value everywhere on a 3 x 3 grid: fewer points than evaluations, so repeats
// are forced, and a classifier or density sees only ties.
std::shared_ptr<const Problem> constant_grid() {
    return testing::function_problem(Space({Param::integer("a", 0, 2), Param::categorical("b", {"x", "y", "z"})}),
                                     [](const Point&) { return 1.0; }, 1.0);
}

// A 2-D real space (the gradient-based acquisition search) with the same failures.
class RealProblem final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng& rng) const override {
        Evaluation e;
        if (boost::random::uniform_real_distribution<double>(0, 1)(rng) < 0.25) return e;
        e.value = e.true_value = x[0] * x[0] + (x[1] - 1) * (x[1] - 1);
        return e;
    }
    std::optional<double> optimum() const override { return 0.0; }

private:
    Space space_{{Param::real("x", -2, 3), Param::real("y", 0, 2)}};
};

// Any of the problems above with a fidelity in [1, 9] (each evaluation costs its fidelity,
// the value does not depend on it): multi-fidelity optimizers (hyperband, bohb), which
// refuse a problem without one, run on these.
class WithFidelity final : public Problem {
public:
    explicit WithFidelity(std::shared_ptr<const Problem> inner) : inner_(std::move(inner)) {}
    const Space& space() const override { return inner_->space(); }
    Evaluation evaluate(const Point& x, Rng& rng) const override { return evaluate_at(x, 9, rng); }
    std::optional<double> optimum() const override { return inner_->optimum(); }
    std::optional<Fidelity> fidelity() const override { return Fidelity{"epoch", 1, 9, true}; }
    Evaluation evaluate_at(const Point& x, double f, Rng& rng) const override {
        check_fidelity(fidelity(), f, "with-fidelity");
        Evaluation e = inner_->evaluate(x, rng);
        e.cost = f;
        return e;
    }

private:
    std::shared_ptr<const Problem> inner_;
};

// Whether an optimizer refuses a problem without a fidelity (it chooses fidelities).
bool needs_fidelity(const std::string& id, const Problem& p) {
    try {
        bind_optimizer(cli::optimizer_catalog(), Identifier::parse(id)).make({p.space(), kBudget});
        return false;
    } catch (const UserError&) {
        return true;
    }
}

results::Trace run(std::shared_ptr<const Problem> problem, const std::string& optimizer, int replicate,
                   results::FailurePolicy policy) {
    if (needs_fidelity(optimizer, *problem)) problem = std::make_shared<WithFidelity>(std::move(problem));
    return testing::run_single(std::move(problem), optimizer, kBudget, replicate, policy);
}

// The run went to the end, every suggestion is a point of the space.
void check_complete_and_inside(const results::Trace& t, const Problem& p) {
    REQUIRE(t.size() == static_cast<std::size_t>(kBudget));
    const std::size_t d = p.space().size();
    REQUIRE(t.x.size() == t.size() * d);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const Point x(t.x.begin() + static_cast<std::ptrdiff_t>(i * d), t.x.begin() + static_cast<std::ptrdiff_t>((i + 1) * d));
        INFO("evaluation " << i);
        CHECK(p.space().why_not_contains(x).empty());
    }
}

}  // namespace

// (no semicolon in a test's name: CTest would split it)
TEST_CASE("every registered optimizer: same seed gives the same trace, suggestions stay inside the space, NaN and "
          "constant objectives run to the end", "[optimizers][registry]") {
    const auto mixed = std::make_shared<MixedProblem>();
    const auto real = std::make_shared<RealProblem>();
    const auto constant = constant_grid();
    std::vector<std::string> ids;
    std::vector<results::Trace> sequential;
    for (const OptimizerFactory& f : cli::optimizer_catalog().entries()) {
        if (!runnable(f)) {
#ifdef BOBENCH_PYTHON_LEFT_OUT  // a build configured without the Python package on purpose (the sanitizer build)
            WARN(f.name << " is not tested in this build: it needs the Python package, which it leaves out");
            continue;
#else
            FAIL(f.name << " needs the Python package, which this build lacks: CMake found no pybind11 or Python "
                           "headers; scripts/install-deps installs pybind11-dev");
#endif
        }
        const std::string id = identifier(f);
        INFO("optimizer " << id);
        // penalty: the optimizer is told the worst value seen; skip: it is told nothing
        for (auto policy : {results::FailurePolicy::Penalty, results::FailurePolicy::Skip}) {
            INFO((policy == results::FailurePolicy::Penalty ? "on_failure = penalty" : "on_failure = skip"));
            const results::Trace a = run(mixed, id, 0, policy);
            check_complete_and_inside(a, *mixed);
            CHECK(a.failures() > 0);
            CHECK(a.failures() < a.size());
            for (std::size_t i = 0; i < a.size(); ++i) CHECK(a.failed[i] == (std::isnan(a.value[i]) ? 1 : 0));
            CHECK(run(mixed, id, 0, policy).same_record(a));
            if (policy == results::FailurePolicy::Penalty) ids.push_back(id), sequential.push_back(a);
        }
        const results::Trace r = run(real, id, 1, results::FailurePolicy::Penalty);
        check_complete_and_inside(r, *real);
        CHECK(run(real, id, 1, results::FailurePolicy::Penalty).same_record(r));
        const results::Trace c = run(constant, id, 0, results::FailurePolicy::Penalty);
        check_complete_and_inside(c, *constant);
        CHECK(c.failures() == 0);
    }
    CHECK(ids.size() + 1 >= cli::optimizer_catalog().entries().size());  // at most `external` left out

    // the same runs on two threads at once (no optimizer may share state between runs)
    std::vector<results::Trace> parallel(ids.size());
#pragma omp parallel for num_threads(2) schedule(dynamic, 1)
    for (long i = 0; i < static_cast<long>(ids.size()); ++i)
        parallel[static_cast<std::size_t>(i)] = run(mixed, ids[static_cast<std::size_t>(i)], 0, results::FailurePolicy::Penalty);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        INFO("optimizer " << ids[i] << " on two threads");
        CHECK(parallel[i].same_record(sequential[i]));
    }
}
