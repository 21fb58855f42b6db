// GP-EI iteration cost: hyperparameter refit by type-II ML + EI maximisation by
// multi-start L-BFGS-B, against N (d = 6, Hartmann6 data) and at N = 60, d = 2
// (Branin data) to compare with a scikit-learn/scipy reference (docs/perf/gp.md).
// Also the O(N^2) incremental append against the O(N^3) full conditioning.
#include <cmath>
#include <numbers>

#include <benchmark/benchmark.h>
#include <boost/random/uniform_real_distribution.hpp>

#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/multistart_lbfgsb.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "optimizers/presets/autogluon.hpp"
#include "surrogates/gp/gaussian_process_mcmc.hpp"
#include "testfunctions/synthetic/synthetic.hpp"

namespace {

using namespace bobench;

// Branin with [0,1]^2 mapped to [-5,10] x [0,15], minimum 0.397887.
double branin(const Eigen::VectorXd& u) {
    const double pi = std::numbers::pi;
    const double x1 = 15 * u[0] - 5, x2 = 15 * u[1];
    const double q = x2 - 5.1 / (4 * pi * pi) * x1 * x1 + 5 / pi * x1 - 6;
    return q * q + 10 * (1 - 1 / (8 * pi)) * std::cos(x1) + 10;
}

struct Data {
    Eigen::MatrixXd X;
    Eigen::VectorXd y;
};

Data make_data(int dim, int n, std::uint64_t seed) {
    Rng rng(seed);
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    Data d{Eigen::MatrixXd(n, dim), Eigen::VectorXd(n)};
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < dim; ++j) d.X(i, j) = u(rng);
        const Eigen::VectorXd x = d.X.row(i).transpose();
        d.y[i] = dim == 6 ? synthetic::hartmann6_value(x.data()) : branin(x);
    }
    return d;
}

surrogates::GpOptions options(int restarts) {
    surrogates::GpOptions o;  // Matern 5/2, learned noise, flat prior
    o.random_restarts = restarts;
    return o;
}

// One full iteration: a fresh model (so the first start is the default theta, as an
// uninformed refit), type-II ML with 1 + restarts L-BFGS-B starts, then EI maximised
// by MultiStartLbfgsb defaults (1000 random points, 5 L-BFGS-B starts, <= 50 iterations).
void BM_GpEiIteration(benchmark::State& state) {
    const int dim = static_cast<int>(state.range(0)), n = static_cast<int>(state.range(1));
    const int restarts = static_cast<int>(state.range(2));
    const Data d = make_data(dim, n, 42);
    const acquisitions::MultiStartLbfgsb maximizer;
    Rng rng(7);
    for (auto _ : state) {
        surrogates::GaussianProcess gp(dim, options(restarts));
        gp.fit(d.X, d.y, rng);
        const acquisitions::ExpectedImprovement ei(gp, d.y.minCoeff());
        const auto best = maximizer.maximize(acquisitions::make_objective(ei),
                                             acquisitions::Box::unit(dim), rng);
        benchmark::DoNotOptimize(best.value);
    }
}

void BM_GpFit(benchmark::State& state) {
    const int dim = static_cast<int>(state.range(0)), n = static_cast<int>(state.range(1));
    const int restarts = static_cast<int>(state.range(2));
    const Data d = make_data(dim, n, 42);
    Rng rng(7);
    long evaluations = 0, runs = 0;
    for (auto _ : state) {
        surrogates::GaussianProcess gp(dim, options(restarts));
        gp.fit(d.X, d.y, rng);
        evaluations += gp.last_fit().evaluations;
        ++runs;
    }
    state.counters["lml_evals"] = static_cast<double>(evaluations) / static_cast<double>(runs);
}

void BM_EiMaximize(benchmark::State& state) {
    const int dim = static_cast<int>(state.range(0)), n = static_cast<int>(state.range(1));
    const Data d = make_data(dim, n, 42);
    Rng rng(7);
    surrogates::GaussianProcess gp(dim, options(2));
    gp.fit(d.X, d.y, rng);
    const acquisitions::ExpectedImprovement ei(gp, d.y.minCoeff());
    const acquisitions::MultiStartLbfgsb maximizer;
    long evaluations = 0, runs = 0;
    for (auto _ : state) {
        const auto best = maximizer.maximize(acquisitions::make_objective(ei),
                                             acquisitions::Box::unit(dim), rng);
        evaluations += best.evaluations;
        ++runs;
    }
    state.counters["acq_evals"] = static_cast<double>(evaluations) / static_cast<double>(runs);
}

// Conditioning on N points at fixed hyperparameters: kernel matrix + Cholesky, O(N^3).
void BM_GpConditionFull(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const Data d = make_data(6, n, 42);
    surrogates::GaussianProcess gp(6, options(0));
    for (auto _ : state) {
        gp.condition(d.X, d.y);
        benchmark::DoNotOptimize(gp.exact().size());
    }
}

// Appending the N-th point to a GP holding N - 1: one new factor row, O(N^2). The GP is
// restored from a copy (untimed) before each append.
void BM_GpAppendOne(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const Data d = make_data(6, n, 42);
    surrogates::GaussianProcess base(6, options(0));
    base.condition(d.X.topRows(n - 1), d.y.head(n - 1));
    const Eigen::VectorXd x = d.X.row(n - 1).transpose();
    surrogates::GaussianProcess gp = base;
    for (auto _ : state) {
        state.PauseTiming();
        gp = base;
        state.ResumeTiming();
        gp.append(x, d.y[n - 1]);
        benchmark::DoNotOptimize(gp.exact().size());
    }
}

// A GP-MCMC refit with RoBO's defaults after the first fit: 22 walkers (d = 6) x 200
// chain steps of value-only marginal likelihoods, then 22 conditionings.
void BM_GpMcmcRefit(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const Data d = make_data(6, n, 42);
    Rng rng(7);
    surrogates::GaussianProcessMCMC gp(6);
    gp.fit(d.X, d.y, rng);  // burn-in, untimed
    for (auto _ : state) {
        gp.fit(d.X, d.y, rng);
        benchmark::DoNotOptimize(gp.samples().data());
    }
    state.counters["lml_evals"] = static_cast<double>(gp.evaluations());
}

// The refit of one suggestion as each schedule runs it in the loop: the model has just been
// fitted on N - 1 points (untimed) and is refitted on N. schedule 0: gp-ei (warm start from
// that fit + 2 uniform restarts, <= 100 iterations each, type-II ML); 1: autogluon-gp
// (AutoGluon's GPFIFOSearcher: from its initial values + 1 perturbed restart, <= 50
// iterations each, MAP under its priors).
void BM_GpRefitSchedule(benchmark::State& state) {
    const int dim = 6, n = static_cast<int>(state.range(0));
    const bool autogluon = state.range(1) == 1;
    const Data d = make_data(dim, n, 42);
    const surrogates::GpOptions o = autogluon ? autogluon::gp_options() : options(2);
    Rng rng(7);
    long evaluations = 0, runs = 0;
    for (auto _ : state) {
        state.PauseTiming();
        surrogates::GaussianProcess gp(dim, o);
        gp.fit(d.X.topRows(n - 1), d.y.head(n - 1), rng);
        state.ResumeTiming();
        gp.fit(d.X, d.y, rng);
        evaluations += gp.last_fit().evaluations;
        ++runs;
    }
    state.counters["lml_evals"] = static_cast<double>(evaluations) / static_cast<double>(runs);
}

}  // namespace

BENCHMARK(BM_GpRefitSchedule)
    ->ArgNames({"N", "autogluon"})
    ->Args({50, 0})->Args({50, 1})->Args({100, 0})->Args({100, 1})->Args({200, 0})->Args({200, 1})
    ->Args({400, 0})->Args({400, 1})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpEiIteration)
    ->ArgNames({"d", "N", "restarts"})
    ->Args({6, 50, 2})->Args({6, 100, 2})->Args({6, 200, 2})->Args({6, 400, 2})->Args({6, 500, 2})
    ->Args({2, 60, 0})->Args({2, 60, 2})->Args({2, 60, 9})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpFit)
    ->ArgNames({"d", "N", "restarts"})
    ->Args({6, 50, 2})->Args({6, 100, 2})->Args({6, 200, 2})->Args({6, 400, 2})->Args({6, 500, 2})
    ->Args({2, 60, 0})->Args({2, 60, 2})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EiMaximize)
    ->ArgNames({"d", "N"})
    ->Args({6, 50})->Args({6, 100})->Args({6, 200})->Args({6, 400})->Args({6, 500})->Args({2, 60})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GpConditionFull)->ArgName("N")->Arg(50)->Arg(100)->Arg(200)->Arg(400)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GpAppendOne)->ArgName("N")->Arg(50)->Arg(100)->Arg(200)->Arg(400)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GpMcmcRefit)->ArgName("N")->Arg(50)->Arg(100)->Arg(200)->Arg(500)
    ->Unit(benchmark::kMillisecond);
