// Hyperband and BOHB: the bracket schedule against the paper's table, the successive-halving
// order (who is promoted, at which fidelity), and the refusals of bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "optimizers/hyperband.hpp"
#include "runners/plan.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;

namespace {

// A problem whose value is x itself at every fidelity in [1, 81]: the promotion order can be
// checked by hand.
class IdentityWithFidelity final : public Problem {
public:
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override { return {x[0], x[0], 1, x[0]}; }
    std::optional<Fidelity> fidelity() const override { return Fidelity{"epoch", 1, 81, true}; }
    Evaluation evaluate_at(const Point& x, double f, Rng& rng) const override {
        check_fidelity(fidelity(), f, "identity");
        return evaluate(x, rng);
    }

private:
    Space space_ = real_box({0}, {1});
};

std::unique_ptr<Optimizer> make(const std::string& id, const Problem& p, long budget = 1000) {
    return bind_optimizer(cli::optimizer_catalog(), Identifier::parse(id)).make({p.space(), budget, p.fidelity()});
}

std::string planning_error(const std::string& problem, const std::string& optimizer) {
    runners::ExperimentSpec spec;
    spec.budget = 10;
    spec.problems.push_back({"", Identifier::parse(problem)});
    spec.optimizers.push_back({"", Identifier::parse(optimizer)});
    try {
        runners::make_plan(spec, cli::problem_catalog(), cli::optimizer_catalog());
    } catch (const UserError& e) {
        return e.what();
    }
    FAIL("no UserError while planning " + optimizer + " on " + problem);
    return {};
}

}  // namespace

TEST_CASE("hyperband's brackets for eta = 3, R = 81 are Table 1 of Li et al. (2018)", "[multifidelity][hyperband]") {
    // n_i configurations at r_i, bracket by bracket (s = 4 ... 0)
    const std::vector<std::vector<std::pair<long, double>>> paper = {
        {{81, 1}, {27, 3}, {9, 9}, {3, 27}, {1, 81}},
        {{34, 3}, {11, 9}, {3, 27}, {1, 81}},
        {{15, 9}, {5, 27}, {1, 81}},
        {{8, 27}, {2, 81}},
        {{5, 81}},
    };
    const auto brackets = hyperband::schedule(81, 3, 1);
    REQUIRE(brackets.size() == paper.size());
    for (std::size_t b = 0; b < paper.size(); ++b) {
        CHECK(brackets[b].s == static_cast<int>(paper.size() - 1 - b));
        REQUIRE(brackets[b].rungs.size() == paper[b].size());
        for (std::size_t i = 0; i < paper[b].size(); ++i) {
            CHECK(brackets[b].rungs[i].configs == paper[b][i].first);
            CHECK(brackets[b].rungs[i].resource == Approx(paper[b][i].second).epsilon(1e-12));
        }
    }
    // FCNet's 100 epochs: s_max = floor(log3 100) = 4, resources 100/81 ... 100
    const auto fcnet = hyperband::schedule(100, 3, 1);
    CHECK(fcnet.size() == 5);
    CHECK(fcnet[0].rungs[0].resource == Approx(100.0 / 81));
    CHECK_THROWS_AS(hyperband::schedule(81, 1, 1), std::invalid_argument);
    CHECK_THROWS_AS(hyperband::schedule(81, 3, 100), std::invalid_argument);
}

TEST_CASE("hyperband runs the brackets in order and promotes each rung's best", "[multifidelity][hyperband]") {
    const IdentityWithFidelity problem;
    auto opt = make("hyperband", problem);
    Rng rng(7);
    std::vector<Query> asked;
    for (int i = 0; i < 206 + 81; ++i) {  // one whole iteration, then the first rung again
        const Query q = opt->ask_query(rng);
        REQUIRE(q.fidelity);
        asked.push_back(q);
        opt->tell_query(q, q.x[0]);
    }
    // the fidelities asked, in order, are the schedule's rungs (n_i times r_i), then again
    const std::vector<std::pair<long, double>> rungs = {
        {81, 1}, {27, 3}, {9, 9}, {3, 27}, {1, 81}, {34, 3}, {11, 9}, {3, 27}, {1, 81}, {15, 9},
        {5, 27}, {1, 81}, {8, 27}, {2, 81}, {5, 81}, {81, 1}};
    std::vector<double> expected;
    for (const auto& [n, r] : rungs) expected.insert(expected.end(), static_cast<std::size_t>(n), r);
    std::vector<double> fidelities;
    for (const Query& q : asked) fidelities.push_back(*q.fidelity);
    CHECK(fidelities == expected);

    // rung 1 of the first bracket holds the 27 smallest of the 81 first values, best first
    std::vector<double> first(81);
    for (int i = 0; i < 81; ++i) first[static_cast<std::size_t>(i)] = asked[static_cast<std::size_t>(i)].x[0];
    std::sort(first.begin(), first.end());
    for (int i = 0; i < 27; ++i) CHECK(asked[static_cast<std::size_t>(81 + i)].x[0] == first[static_cast<std::size_t>(i)]);
    // the full-fidelity survivor of bracket 4 is the best of its 81 configurations
    CHECK(asked[81 + 27 + 9 + 3].x[0] == first[0]);
}

TEST_CASE("hyperband ranks failed evaluations last", "[multifidelity][hyperband]") {
    const IdentityWithFidelity problem;
    auto opt = make("hyperband:min_fidelity=27", problem);  // s_max = 1: 3 at 27, then 1 at 81
    Rng rng(3);
    std::vector<Query> rung;
    for (int i = 0; i < 3; ++i) rung.push_back(opt->ask_query(rng));
    CHECK(*rung[0].fidelity == 27);
    opt->tell_query_failure(rung[0], 0.0);  // a penalty of 0 is ignored: failures rank last
    opt->tell_query_failure(rung[1], std::nullopt);
    opt->tell_query(rung[2], 5.0);
    const Query a = opt->ask_query(rng);
    CHECK(*a.fidelity == 81);
    CHECK(a.x == rung[2].x);
}

TEST_CASE("bohb proposes from its model once a budget has enough observations", "[multifidelity][bohb]") {
    const IdentityWithFidelity problem;
    auto opt = make("bohb:random_fraction=0", problem);
    Rng rng(11);
    // d = 1: a budget's model needs 2 good and more than 1 bad observation, so the first 4
    // configurations are random and every later new one comes from the model
    std::vector<Query> asked;
    for (int i = 0; i < 206 + 81; ++i) {
        asked.push_back(opt->ask_query(rng));
        opt->tell_query(asked.back(), asked.back().x[0]);
    }
    const Metadata d = opt->diagnostics();
    CHECK(d.at("random_proposals") == "4");
    CHECK(d.at("model_based_proposals") == std::to_string(81 - 4 + 34 + 15 + 8 + 5 + 81));
    // the second iteration's first rung comes from l(x) of budget 81, which sits near the
    // best values (x near 0): far below the median 0.5 of 81 uniform draws (which falls
    // below 0.25 with probability < 1e-5)
    std::vector<double> xs;
    for (std::size_t i = 206; i < asked.size(); ++i) xs.push_back(asked[i].x[0]);
    std::sort(xs.begin(), xs.end());
    CHECK(xs[xs.size() / 2] < 0.25);
}

TEST_CASE("multi-fidelity optimizers refuse problems without a fidelity, and bad settings",
          "[multifidelity][hyperband][bohb]") {
    for (const std::string o : {"hyperband", "bohb"}) {
        const std::string m = planning_error("branin", o);
        CHECK_THAT(m, Catch::Contains("optimizer '" + o + "' cannot run on problem 'branin'"));
        CHECK_THAT(m, Catch::Contains(o + " chooses the fidelity of each evaluation and needs a problem that has one"));
    }
    const testing::TempDir dir;
    testing::check_refused("run --problem branin --optimizer hyperband --budget 5 --output " + (dir / "x.h5"),
                           "hyperband chooses the fidelity");

    const IdentityWithFidelity problem;
    CHECK_THROWS_WITH(make("hyperband:min_fidelity=100", problem),
                      Catch::Contains("min_fidelity = 100 is outside the problem's fidelity epoch [1, 81]"));
    CHECK_THROWS_WITH(make("bohb:min_points_in_model=1", problem), Catch::Contains("min_points_in_model = 1 is too small"));
    auto opt = make("hyperband", problem);
    Rng rng(1);
    CHECK_THROWS_AS(opt->ask(rng), std::logic_error);  // the single-fidelity ask would lose the fidelity
}

TEST_CASE("evaluating a fidelity outside the problem's range is refused by name", "[multifidelity]") {
    const IdentityWithFidelity problem;
    Rng rng(1);
    CHECK_THROWS_WITH(problem.evaluate_at({0.5}, 0, rng), Catch::Contains("fidelity epoch = 0 is outside [1, 81]"));
    CHECK_THROWS_WITH(problem.evaluate_at({0.5}, 82, rng), Catch::Contains("fidelity epoch = 82 is outside [1, 81]"));
    CHECK_THROWS_WITH(problem.evaluate_at({0.5}, 2.5, rng), Catch::Contains("fidelity epoch = 2.5 is not a whole number"));
    const auto branin = bind_problem(cli::problem_catalog(), Identifier::parse("branin")).problem;
    CHECK_FALSE(branin->fidelity());
    CHECK_THROWS_WITH(branin->evaluate_at({0, 0}, 3, rng), Catch::Contains("this problem has no fidelity"));
}
