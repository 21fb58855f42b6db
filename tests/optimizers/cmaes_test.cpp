#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "optimizers/cmaes.hpp"
#include "tests/optimizers/optimizer_loop.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"

using namespace bobench;
using density_test::optimizer;
using density_test::problem;

namespace {

// Evaluations until f - f_opt < target, through plain ask/tell (the runner's loop);
// budget + 1 when the target is not reached.
long evaluations_to(const std::string& optimizer_id, const Problem& p, long budget, std::uint64_t seed,
                    double target = 1e-8) {
    auto opt = optimizer(optimizer_id, p.space(), budget);
    Rng opt_rng(derive_seed(seed, 1)), problem_rng(derive_seed(seed, 2));
    for (long i = 0; i < budget; ++i) {
        const Point x = opt->ask(opt_rng);
        REQUIRE(p.space().contains(x));
        const Evaluation e = p.evaluate(x, problem_rng);
        opt->tell(x, e.value);
        if (e.true_value - *p.optimum() < target) return i + 1;
    }
    return budget + 1;
}

// Drives an Ipop on a problem (decoding its unit-cube candidates) for `budget` evaluations.
void drive(cmaes::Ipop& ipop, const Problem& p, long budget, std::uint64_t seed) {
    Rng rng(seed), problem_rng(derive_seed(seed, 2));
    for (long i = 0; i < budget; ++i) {
        const auto c = ipop.ask(rng);
        ipop.tell(c.ticket, p.evaluate(p.space().decode(c.u), problem_rng).value);
    }
}

}  // namespace

TEST_CASE("cmaes: the tutorial's default strategy parameters at n = 10", "[cmaes]") {
    // reference: python3-cmaes 0.9.1's CMA(mean=numpy.zeros(10), sigma=1), the same formulas
    const cmaes::Strategy s(10, cmaes::default_popsize(10));
    CHECK(s.lambda == 10);
    CHECK(s.mu == 5);
    CHECK(s.mu_eff == Approx(3.1672992814107026).epsilon(1e-12));
    CHECK(s.c_1 == Approx(0.015283824524751714).epsilon(1e-12));
    CHECK(s.c_mu == Approx(0.02015428276120838).epsilon(1e-12));
    CHECK(s.c_sigma == Approx(0.2844285879463675).epsilon(1e-12));
    CHECK(s.d_sigma == Approx(1.2844285879463675).epsilon(1e-12));
    CHECK(s.c_c == Approx(0.29499038303562225).epsilon(1e-12));
    CHECK(s.chi_n == Approx(3.0847265651690123).epsilon(1e-12));
    const double w[] = {0.45627265, 0.2707531, 0.16223112, 0.08523355, 0.02550959,
                        -0.08532086, -0.2364766, -0.36741366, -0.48290833, -0.58622183};
    for (int i = 0; i < 10; ++i) CHECK(s.weights[i] == Approx(w[i]).margin(1e-8));
    CHECK(s.weights.head(5).sum() == Approx(1.0).epsilon(1e-14));
    CHECK(cmaes::default_popsize(2) == 6);
    CHECK(cmaes::default_popsize(5) == 8);
}

TEST_CASE("cmaes: solves bbob f1, f2 and f8 at d = 10 to 1e-8 within 1e3 d, 2e3 d and 2e3 d evaluations", "[cmaes]") {
    struct Case {
        const char* id;
        long budget;
    };
    // CMA-ES needs about 1.5e3 evaluations on the sphere at d = 10 and 5e3 on the ellipsoid and on
    // Rosenbrock (these runs: 1369-1412, 4081-4559, 4567-5151); 2e3 d leaves room for a restart
    // out of Rosenbrock's local minimum and fails an update several times slower
    for (const Case c : {Case{"bbob:f=1,i=1,d=10", 10000}, Case{"bbob:f=2,i=1,d=10", 20000},
                         Case{"bbob:f=8,i=1,d=10", 20000}}) {
        const auto p = problem(c.id);
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            const long used = evaluations_to("cmaes", *p, c.budget, seed);
            INFO(c.id << ", seed " << seed << ": " << used << " evaluations");
            CHECK(used <= c.budget);
        }
    }
    // and no faster than an evolution strategy can be: the sphere from sigma = 3 to 1e-8
    // takes a few hundred evaluations per 10-D at least
    CHECK(evaluations_to("cmaes", *problem("bbob:f=1,i=1,d=10"), 10000, 1) > 500);
}

TEST_CASE("cmaes: the same seed gives the same trace bit for bit, another seed another", "[cmaes]") {
    const auto a = testing::run_traces("bbob:f=15,i=1,d=5", "cmaes", 3000, 2);
    const auto b = testing::run_traces("bbob:f=15,i=1,d=5", "cmaes", 3000, 2);
    REQUIRE(a.size() == 2);
    CHECK(a[0].same_record(b[0]));
    CHECK(a[1].same_record(b[1]));
    CHECK(a[0].x != a[1].x);
    CHECK(a[0].value != a[1].value);
}

TEST_CASE("cmaes: IPOP doubles the population at each restart on Rastrigin (bbob f15, d = 5)", "[cmaes]") {
    const auto p = problem("bbob:f=15,i=1,d=5");
    cmaes::Ipop ipop(5, cmaes::Settings{});
    drive(ipop, *p, 40000, 7);
    const auto& d = ipop.descents();
    INFO("descents: " << d.size());
    REQUIRE(d.size() >= 4);
    for (std::size_t k = 0; k < d.size(); ++k) {
        CHECK(d[k].lambda == 8 << k);  // 4 + floor(3 ln 5) = 8, doubled
        if (k + 1 < d.size()) {
            CHECK(d[k].stop != cmaes::Stop::None);
            CHECK(d[k].generations > 0);
        }
    }
    CHECK(d.back().stop == cmaes::Stop::None);  // the one running when the budget ended

    // the registered optimizer reports the same populations in its diagnostics
    auto opt = optimizer("cmaes", p->space(), 10000);
    Rng rng(3), problem_rng(4);
    for (int i = 0; i < 10000; ++i) {
        const Point x = opt->ask(rng);
        opt->tell(x, p->evaluate(x, problem_rng).value);
    }
    const std::string popsizes = opt->diagnostics().at("popsizes");
    INFO("popsizes " << popsizes);
    CHECK(popsizes.rfind("8,16,", 0) == 0);
}

TEST_CASE("cmaes: restarts=none and inc_popsize=1 keep one population", "[cmaes]") {
    const auto p = problem("bbob:f=15,i=1,d=5");
    cmaes::Settings none;
    none.restart = false;
    cmaes::Ipop single(5, none);
    drive(single, *p, 20000, 7);
    REQUIRE(single.descents().size() == 1);
    CHECK(single.descents()[0].stop != cmaes::Stop::None);  // stopped, and sampled to the end
    cmaes::Settings same;
    same.inc_popsize = 1;
    same.popsize = 12;
    cmaes::Ipop restarts(5, same);
    drive(restarts, *p, 20000, 7);
    REQUIRE(restarts.descents().size() >= 2);
    for (const auto& d : restarts.descents()) CHECK(d.lambda == 12);
}

TEST_CASE("cmaes: a generation asked in one batch and told in any order is the generation asked and told in turn",
          "[cmaes]") {
    const auto p = problem("bbob:f=2,i=1,d=4");
    const long lambda = cmaes::default_popsize(4);
    auto sequential = optimizer("cmaes", p->space(), 100);
    auto batched = optimizer("cmaes", p->space(), 100);
    Rng rng_a(11), rng_b(11), prng(5);
    std::vector<Point> first;
    for (long i = 0; i < lambda; ++i) {
        first.push_back(sequential->ask(rng_a));
        sequential->tell(first.back(), p->evaluate(first.back(), prng).value);
    }
    std::vector<Point> batch;
    for (long i = 0; i < lambda; ++i) batch.push_back(batched->ask(rng_b));
    CHECK(batch == first);
    for (long i = lambda - 1; i >= 0; --i) batched->tell(batch[static_cast<std::size_t>(i)],
                                                          p->evaluate(batch[static_cast<std::size_t>(i)], prng).value);
    // the update ran once all were told: the next generation is drawn alike
    for (long i = 0; i < lambda; ++i) CHECK(sequential->ask(rng_a) == batched->ask(rng_b));
}

TEST_CASE("cmaes: bad parameters are refused, naming them", "[cmaes]") {
    const Space space = real_box({0, 0}, {1, 1});
    const std::pair<const char*, const char*> cases[] = {
        {"cmaes:popsize=1", "popsize"},         {"cmaes:popsize=-3", "popsize"},
        {"cmaes:sigma0=0", "sigma0"},           {"cmaes:sigma0=1.5", "sigma0"},
        {"cmaes:restarts=bipop", "restarts"},   {"cmaes:inc_popsize=0.5", "inc_popsize"},
    };
    for (const auto& [id, key] : cases) {
        INFO(id);
        try {
            optimizer(id, space, 100);
            FAIL("accepted");
        } catch (const UserError& e) {
            CHECK_THAT(e.what(), Catch::Contains(key));
        }
    }
}
