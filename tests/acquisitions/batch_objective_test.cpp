// Objective::batch: DE, random sampling and multi-start L-BFGS-B score many points in one
// call when the objective has a batch form, and find exactly what they find point by point.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "acquisitions/maximizers/differential_evolution.hpp"
#include "acquisitions/maximizers/multistart_lbfgsb.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"

using namespace bobench;
using namespace bobench::acquisitions;

namespace {

// A bumpy function with plateaus (ties, broken by the Rng) and a NaN region.
double bumpy(const Eigen::VectorXd& x) {
    if (x[0] > 0.95) return std::nan("");
    return std::floor(20 * std::sin(7 * x[0]) * std::cos(5 * x[1] + x[2])) / 20;
}

struct Calls {
    std::vector<long> batch_rows;  // rows of each batch call
    long single = 0;
};

Objective objective(Calls& calls, bool with_batch) {
    Objective f{[&calls](const Eigen::VectorXd& x, Eigen::VectorXd*) {
                    ++calls.single;
                    return bumpy(x);
                },
                false};
    if (with_batch)
        f.batch = [&calls](const Eigen::MatrixXd& X, Eigen::VectorXd& v) {
            calls.batch_rows.push_back(X.rows());
            v.resize(X.rows());
            for (Eigen::Index k = 0; k < X.rows(); ++k) v[k] = bumpy(X.row(k).transpose());
        };
    return f;
}

// Maximizes bumpy on the unit cube once point by point and once in batches, from the same
// seed; checks that both find the same point with the same draws. Returns the calls of each.
template <class Maximizer>
std::pair<Calls, Calls> single_and_batched(const Maximizer& maximizer, std::uint64_t seed,
                                           const Eigen::MatrixXd& candidates) {
    const Box box = Box::unit(3);
    Calls single, batched;
    Rng r1(seed), r2(seed);
    const MaximizeResult a = maximizer.maximize(objective(single, false), box, r1, candidates);
    const MaximizeResult b = maximizer.maximize(objective(batched, true), box, r2, candidates);
    CHECK(a.x == b.x);
    CHECK(a.value == b.value);
    CHECK(a.evaluations == b.evaluations);
    CHECK(r1() == r2());  // the same draws were made
    return {single, batched};
}

}  // namespace

TEST_CASE("DE with a batch objective: one call per generation, the same result", "[acquisitions][de][batch]") {
    Eigen::MatrixXd candidates(1, 3);
    candidates << 0.2, 0.4, 0.6;
    for (const long budget : {2000L, 1000L, 95L}) {  // 95: the last generation is cut short
        DifferentialEvolutionOptions o;
        o.max_evaluations = budget;
        INFO("budget " << budget);
        const auto [single, batched] = single_and_batched(DifferentialEvolution(o), 7, candidates);
        CHECK(single.single == budget);
        CHECK(batched.single == 0);
        long rows = 0;
        for (long n : batched.batch_rows) {
            CHECK(n <= 30);  // the population, 10 * D
            rows += n;
        }
        CHECK(rows == budget);
        CHECK(static_cast<long>(batched.batch_rows.size()) == (budget + 29) / 30);
    }
}

TEST_CASE("random sampling with a batch objective: one call, the same result", "[acquisitions][random][batch]") {
    Eigen::MatrixXd candidates(1, 3);
    candidates << 0.5, 0.5, 0.5;
    for (const double local : {0.0, 0.3}) {
        RandomSamplingOptions o;
        o.n_samples = 500;
        o.local_fraction = local;
        INFO("local fraction " << local);
        const auto batched = single_and_batched(RandomSampling(o), 9, candidates).second;
        CHECK(batched.batch_rows == std::vector<long>{501});
        CHECK(batched.single == 0);
    }
}

TEST_CASE("multi-start L-BFGS-B with a batch objective: one call for the points that pick the starts, the same result",
          "[acquisitions][lbfgsb][batch]") {
    Eigen::MatrixXd candidates(1, 3);
    candidates << 0.3, 0.6, 0.1;
    MultiStartLbfgsbOptions o;
    o.n_random = 200;
    o.n_starts = 3;
    const auto [single, batched] = single_and_batched(MultiStartLbfgsb(o), 13, candidates);
    REQUIRE_FALSE(batched.batch_rows.empty());
    CHECK(batched.batch_rows.front() == 201);
    CHECK(single.single == batched.single + 201);  // L-BFGS-B's own steps call f one point at a time
}
