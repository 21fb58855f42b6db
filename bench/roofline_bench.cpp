// Roofline of the expensive methods (#39 item 2, docs/PERFORMANCE.md "Roofline"): this
// machine's measured peak for each kind of kernel they run, built with the project's
// flags (-O2, baseline x86-64 for Eigen; our own AVX2/AVX-512 kernels chosen at run time),
// and the counts that turn a method's time into GFLOP/s.
//   - Eigen GEMM, square and the thin shapes of a 50-unit layer over N points;
//   - the GP's O(N^3) kernels as gp-ei / gp-mcmc call them: jittered_cholesky (Eigen LLT
//     in place), a triangular solve with N right-hand sides (TRSM, the blocked L^-1 of
//     marginal_likelihood.cpp) and the symmetric rank update (SYRK, K^-1 = L^-T L^-1);
//   - one marginal-likelihood evaluation (value + gradient, and value only) at N;
//   - exp-bound work: glibc's scalar exp and log, a Matern 5/2 kernel entry (sqrt + exp),
//     the vectorised exp / tanh / logistic of surrogates/simd, and Adam's update (one
//     square root and one division per parameter);
//   - the sampled networks' layer product (surrogates/simd/matrix_product), 50 x 50 and
//     6 -> 50, over N points;
//   - NUTS fits of sbnn, hbnn and nuts-bnn with their default settings, counting gradient
//     evaluations (the tree depths vary, so the count is measured);
//   - EM fits of the GMR and SPN mixtures, counting iterations;
//   - one suggestion of the network and mixture optimizers at N = 50, 200, 500.
// The "flops" counters are rates (per second of CPU time): Google Benchmark prints
// them as e.g. 11.2G/s. A flop is one double add, subtract or multiply.
#include <cmath>
#include <string>

#include <Eigen/Cholesky>
#include <benchmark/benchmark.h>
#include <boost/random/uniform_real_distribution.hpp>

#include "bench/suggestion.hpp"
#include "optimizers/nuts_network.hpp"
#include "surrogates/bnn/sampled_network.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/jittered_cholesky.hpp"
#include "surrogates/gp/kernels.hpp"
#include "surrogates/gp/marginal_likelihood.hpp"
#include "surrogates/mixtures/gaussian_mixture.hpp"
#include "surrogates/mixtures/sum_product_network.hpp"
#include "surrogates/simd/matrix_product.hpp"
#include "surrogates/simd/vector_math.hpp"

namespace {

using namespace bobench;
using Eigen::MatrixXd;
using Eigen::VectorXd;

void rate(benchmark::State& state, const char* name, double per_iteration) {
    state.counters[name] = benchmark::Counter(per_iteration, benchmark::Counter::kIsIterationInvariantRate);
}

MatrixXd uniform(Eigen::Index rows, Eigen::Index cols, double lo, double hi, std::uint64_t seed) {
    Rng rng(seed);
    boost::random::uniform_real_distribution<double> u(lo, hi);
    MatrixXd m(rows, cols);
    for (Eigen::Index j = 0; j < cols; ++j)
        for (Eigen::Index i = 0; i < rows; ++i) m(i, j) = u(rng);
    return m;
}

// A well-conditioned SPD matrix: a Matern 5/2 kernel matrix of N uniform 6-D points plus
// a nugget, the GP's own kind of K.
MatrixXd kernel_matrix(Eigen::Index n) {
    const MatrixXd X = uniform(n, 6, 0.0, 1.0, 42);
    MatrixXd K(n, n);
    for (Eigen::Index a = 0; a < n; ++a)
        for (Eigen::Index b = 0; b <= a; ++b) {
            const double r2 = (X.row(a) - X.row(b)).squaredNorm() / 0.25;
            K(a, b) = K(b, a) = surrogates::kernel_profile(surrogates::KernelFamily::Matern52, r2).value;
        }
    K.diagonal().array() += 1e-2;
    return K;
}

// C (m x n) = A (m x k) B (k x n): 2 m n k flops.
void eigen_gemm(benchmark::State& state) {
    const Eigen::Index m = state.range(0), k = state.range(1), n = state.range(2);
    const MatrixXd A = uniform(m, k, -1, 1, 1), B = uniform(k, n, -1, 1, 2);
    MatrixXd C(m, n);
    for (auto _ : state) {
        C.noalias() = A * B;
        benchmark::DoNotOptimize(C.data());
        benchmark::ClobberMemory();
    }
    rate(state, "flops", 2.0 * static_cast<double>(m * n * k));
}

// Square N x N products (N = 50 is also the 50 x 50 layer over 50 points), then N points
// through a 50 x 50 layer (N x 50 . 50 x 50) and
// through the 6 -> 50 input layer (N x 6 . 6 x 50).
BENCHMARK(eigen_gemm)->ArgNames({"m", "k", "n"})
    ->Args({50, 50, 50})->Args({200, 200, 200})->Args({500, 500, 500})
    ->Args({200, 50, 50})->Args({500, 50, 50})
    ->Args({50, 6, 50})->Args({200, 6, 50})->Args({500, 6, 50});

// The GP's factorisation as gp-ei and gp-mcmc run it (lower triangle copied, LLT in
// place, pivots checked): N^3 / 3 flops.
void gp_cholesky(benchmark::State& state) {
    const Eigen::Index n = state.range(0);
    const MatrixXd K = kernel_matrix(n);
    MatrixXd L(n, n);
    for (auto _ : state) {
        const surrogates::CholeskyOutcome out = surrogates::jittered_cholesky(K, L);
        benchmark::DoNotOptimize(out.ok);
        benchmark::ClobberMemory();
    }
    const double nd = static_cast<double>(n);
    rate(state, "flops", nd * nd * nd / 3.0);
}
BENCHMARK(gp_cholesky)->ArgName("N")->Arg(50)->Arg(200)->Arg(500);

// L X = B for N right-hand sides (TRSM): N^3 flops. The blocked L^-1 of the GP's gradient
// is this kernel on trailing blocks.
void triangular_solve(benchmark::State& state) {
    const Eigen::Index n = state.range(0);
    MatrixXd L(n, n);
    surrogates::jittered_cholesky(kernel_matrix(n), L);
    const MatrixXd B = uniform(n, n, -1, 1, 3);
    MatrixXd X(n, n);
    for (auto _ : state) {
        X = B;
        L.triangularView<Eigen::Lower>().solveInPlace(X);
        benchmark::DoNotOptimize(X.data());
        benchmark::ClobberMemory();
    }
    const double nd = static_cast<double>(n);
    rate(state, "flops", nd * nd * nd);
}
BENCHMARK(triangular_solve)->ArgName("N")->Arg(50)->Arg(200)->Arg(500);

// S += A A^T on the lower triangle, A N x N (SYRK): N^2 (N + 1) flops. K^-1 = L^-T L^-1
// of the GP's gradient is this kernel on growing leading blocks.
void symmetric_rank_update(benchmark::State& state) {
    const Eigen::Index n = state.range(0);
    const MatrixXd A = uniform(n, n, -1, 1, 4);
    MatrixXd S = MatrixXd::Zero(n, n);
    for (auto _ : state) {
        S.selfadjointView<Eigen::Lower>().rankUpdate(A);
        benchmark::DoNotOptimize(S.data());
        benchmark::ClobberMemory();
    }
    const double nd = static_cast<double>(n);
    rate(state, "flops", nd * nd * (nd + 1.0));
}
BENCHMARK(symmetric_rank_update)->ArgName("N")->Arg(50)->Arg(200)->Arg(500);

// One marginal-likelihood evaluation of gp-ei's refit (d = 6, Matern 5/2, value + gradient)
// or of gp-mcmc's sampler (value only), at the default hyperparameters. Counted flops:
// value N^3/3 (Cholesky) + 2 N^2 (two solves) + (3d + 12) N^2/2 (distances, kernel
// entries); the gradient adds 2 N^3/3 (L^-1 and K^-1) + (3d + 6) N^2/2 (the sums).
// "entries" counts kernel entries (one sqrt and one exp each) per second.
void marginal_likelihood(benchmark::State& state) {
    const Eigen::Index n = state.range(0);
    const bool gradient = state.range(1) != 0;
    constexpr int d = 6;
    const MatrixXd X = uniform(n, d, 0, 1, 5);
    const VectorXd y = uniform(n, 1, -1, 1, 6).col(0);
    surrogates::MarginalLikelihood lml(surrogates::KernelFamily::Matern52, X, y);
    const VectorXd theta = surrogates::gp_default_params(d, 1e-6);
    VectorXd grad;
    for (auto _ : state) benchmark::DoNotOptimize(lml(theta, gradient ? &grad : nullptr));
    const double nd = static_cast<double>(n), pairs = nd * nd / 2.0;
    double flops = nd * nd * nd / 3.0 + 2.0 * nd * nd + (3.0 * d + 12.0) * pairs;
    if (gradient) flops += 2.0 * nd * nd * nd / 3.0 + (3.0 * d + 6.0) * pairs;
    rate(state, "flops", flops);
    rate(state, "entries", pairs);
}
BENCHMARK(marginal_likelihood)->ArgNames({"N", "gradient"})
    ->Args({50, 1})->Args({200, 1})->Args({500, 1})->Args({50, 0})->Args({200, 0})->Args({500, 0});

constexpr Eigen::Index kArray = 1024;  // input and output fit in L1 (32 KiB per core here)

// One glibc scalar call per entry of an array in L1: `counter` calls per second.
template <double (*function)(double)>
void scalar_calls(benchmark::State& state, double lo, double hi, std::uint64_t seed, const char* counter) {
    const VectorXd in = uniform(kArray, 1, lo, hi, seed).col(0);
    VectorXd out(kArray);
    for (auto _ : state) {
        for (Eigen::Index i = 0; i < kArray; ++i) out[i] = function(in[i]);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    rate(state, counter, static_cast<double>(kArray));
}

// exp: what the kernel matrices of the GP, the KDE and the mixtures call
void scalar_exp(benchmark::State& state) { scalar_calls<std::exp>(state, -20, 0, 7, "exp"); }
BENCHMARK(scalar_exp);

// log: the mixtures' normal log densities and log-sum-exps
void scalar_log(benchmark::State& state) { scalar_calls<std::log>(state, 1e-3, 1e3, 13, "log"); }
BENCHMARK(scalar_log);

// Adam's parameter update as dngo's training writes it (Eigen arrays, baseline ISA) over
// the 5 401 parameters of its 6-50-50-50-1 network: one square root and one division per
// parameter besides ~10 flops; "pairs" is square root + division pairs per second.
void adam_update(benchmark::State& state) {
    constexpr Eigen::Index p = 5401;
    const VectorXd grad = uniform(p, 1, -1, 1, 14).col(0);
    VectorXd m = VectorXd::Zero(p), v = VectorXd::Zero(p), theta = uniform(p, 1, -1, 1, 15).col(0);
    for (auto _ : state) {
        m = 0.9 * m + 0.1 * grad;
        v = 0.999 * v + 0.001 * grad.cwiseAbs2();
        theta.array() -= 1e-3 * m.array() / (v.array().sqrt() + 1e-8);
        benchmark::DoNotOptimize(theta.data());
        benchmark::ClobberMemory();
    }
    rate(state, "pairs", static_cast<double>(p));
}
BENCHMARK(adam_update);

// One Matern 5/2 kernel entry from a squared distance as marginal_likelihood.cpp forms it
// (square roots of the column at once, then kernel_profile: exp + ~10 flops).
void matern52_entries(benchmark::State& state) {
    const VectorXd r2 = uniform(kArray, 1, 0, 30, 8).col(0);
    VectorXd r(kArray), value(kArray), slope(kArray);
    for (auto _ : state) {
        r = r2.cwiseSqrt();
        for (Eigen::Index i = 0; i < kArray; ++i) {
            const surrogates::KernelProfile p =
                surrogates::kernel_profile(surrogates::KernelFamily::Matern52, r2[i], r[i]);
            value[i] = p.value;
            slope[i] = p.slope;
        }
        benchmark::DoNotOptimize(value.data());
        benchmark::DoNotOptimize(slope.data());
        benchmark::ClobberMemory();
    }
    rate(state, "entries", static_cast<double>(kArray));
}
BENCHMARK(matern52_entries);

// The vectorised functions of the sampled networks (AVX-512 / AVX2 where the CPU has it).
// exp works on a fresh copy each time (repeated in place it would overflow); tanh and the
// logistic function are applied in place again and again (their values stay in [-1, 1]
// and (0, 1), and the lanes take no data-dependent branch), so no copy is timed.
void simd_function(benchmark::State& state, void (*f)(double*, Eigen::Index), bool fresh_copy) {
    const VectorXd in = uniform(kArray, 1, -5, 5, 9).col(0);
    VectorXd data = in;
    for (auto _ : state) {
        if (fresh_copy) data = in;
        f(data.data(), kArray);
        benchmark::DoNotOptimize(data.data());
        benchmark::ClobberMemory();
    }
    rate(state, "calls", static_cast<double>(kArray));
}
BENCHMARK_CAPTURE(simd_function, exp, &simd::exp_in_place, true);
BENCHMARK_CAPTURE(simd_function, tanh, &simd::tanh_in_place, false);
BENCHMARK_CAPTURE(simd_function, logistic, &simd::logistic_in_place, false);

// A layer's pre-activations for N points as network.cpp's forward pass computes them:
// A (units x N) = W (units x inputs) X (inputs x N) + b, 2 units inputs N flops.
void layer_product(benchmark::State& state) {
    const Eigen::Index units = state.range(0), inputs = state.range(1), n = state.range(2);
    const MatrixXd W = uniform(units, inputs, -1, 1, 10), X = uniform(inputs, n, -1, 1, 11);
    const VectorXd b = uniform(units, 1, -1, 1, 12).col(0);
    MatrixXd A(units, n);
    for (auto _ : state) {
        simd::multiply({.rows = units, .cols = n, .depth = inputs, .a = W.data(), .a_col = units,
                        .b = X.data(), .b_row = 1, .b_col = inputs, .c = A.data(), .c_col = units,
                        .start = simd::MatrixProduct::Start::Bias, .bias = b.data()});
        benchmark::DoNotOptimize(A.data());
        benchmark::ClobberMemory();
    }
    rate(state, "flops", 2.0 * static_cast<double>(units * inputs * n));
}
BENCHMARK(layer_product)->ArgNames({"units", "inputs", "N"})
    ->Args({50, 50, 20})->Args({50, 50, 50})->Args({50, 50, 200})->Args({50, 50, 500})
    ->Args({50, 6, 50})->Args({50, 6, 200})->Args({50, 6, 500})
    ->Args({10, 6, 50})->Args({10, 6, 200})->Args({10, 6, 500});

// One NUTS fit of a network optimizer with its default settings (bound through the
// registry, so the settings are the optimizer's own) on N uniform Hartmann6 points. The
// counter "gradients" is the number of gradient evaluations of the fit, warm-up and step
// size heuristics included; the sampler is seeded alike in every repetition, so it is
// the same in each.
void nuts_fit(benchmark::State& state, const std::string& optimizer_id) {
    const BoundProblem problem = bind_problem(cli::problem_catalog(), Identifier::parse("hartmann6"));
    const BoundOptimizer bound = bind_optimizer(cli::optimizer_catalog(), Identifier::parse(optimizer_id));
    const Space& space = problem.problem->space();
    const Eigen::Index n = state.range(0);
    Rng rng(1);
    MatrixXd X(n, space.size());
    VectorXd y(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const Point x = space.sample(rng);
        X.row(i) = Eigen::Map<const VectorXd>(x.data(), static_cast<Eigen::Index>(x.size())).transpose();
        y[i] = problem.problem->evaluate(x, rng).value;
    }
    long gradients = 0;
    for (auto _ : state) {
        auto model = nuts_network::make_model(static_cast<int>(space.size()), bound.args);
        model->fit(X, y, rng);
        gradients = dynamic_cast<const bnn::SampledNetwork&>(*model).nuts_diagnostics().gradient_evaluations;
    }
    state.counters["gradients"] = static_cast<double>(gradients);
}
#define NUTS_FIT(name, optimizer)                                                                      \
    BENCHMARK_CAPTURE(nuts_fit, name, optimizer)->Arg(50)->Arg(200)->Arg(500)->Iterations(1)->Unit( \
        benchmark::kMillisecond)
NUTS_FIT(sbnn, "sbnn");
NUTS_FIT(hbnn, "hbnn");
NUTS_FIT(nuts_bnn, "nuts-bnn");

// EM of the mixture models at their optimizers' default sizes (mixture-gmr: 16 components,
// 3 restarts; mixture-spn: 4 leaves and 4 sums per region) on N points (x uniform in the
// unit square, y the standardised sphere value), counting iterations, which vary:
// "em_iterations" is the mean number the kept run took (GMR keeps the best of 3 restarts).
Eigen::MatrixXd sphere_points(Eigen::Index n) {
    MatrixXd Z(n, 3);
    Z.leftCols(2) = uniform(n, 2, 0, 1, 16);
    const Eigen::ArrayXd f = (Z.leftCols(2).array() - 0.5).square().rowwise().sum();
    const Eigen::ArrayXd centred = f - f.mean();
    Z.col(2) = centred / std::sqrt(centred.square().mean());
    return Z;
}

void gmr_em(benchmark::State& state) {
    const MatrixXd Z = sphere_points(state.range(0));
    surrogates::mixtures::GaussianMixtureOptions o;
    o.components = 16;
    Rng rng(1);
    double iterations = 0, fits = 0;
    for (auto _ : state) {
        iterations += static_cast<double>(surrogates::mixtures::GaussianMixture::fit(Z, o, rng).objective_trace().size());
        ++fits;
    }
    state.counters["em_iterations"] = iterations / fits;
}
BENCHMARK(gmr_em)->ArgName("N")->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);

void spn_em(benchmark::State& state) {
    const MatrixXd Z = sphere_points(state.range(0));
    surrogates::mixtures::SpnOptions o;
    o.leaves = o.sums = 4;
    Rng rng(1);
    double iterations = 0, fits = 0;
    for (auto _ : state) {
        iterations += static_cast<double>(surrogates::mixtures::SumProductNetwork::fit(Z, o, rng).objective_trace().size());
        ++fits;
    }
    state.counters["em_iterations"] = iterations / fits;
}
BENCHMARK(spn_em)->ArgName("N")->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);

// One suggestion at N = 50, 200, 500 (suggestion_bench.cpp measures other sizes).
void roofline_suggestion(benchmark::State& state, const std::string& problem, const std::string& optimizer) {
    bench::suggestion(state, problem, optimizer);
}
// the networks' suggestions take seconds: one timed each
#define ROOFLINE_SUGGESTION(name, problem, optimizer, ...)                                           \
    BENCHMARK_CAPTURE(roofline_suggestion, name, problem, optimizer)->Arg(50)->Arg(200)->Arg(500) \
        __VA_ARGS__->Unit(benchmark::kMillisecond)
ROOFLINE_SUGGESTION(sbnn_hartmann6, "hartmann6", "sbnn", ->Iterations(1));
ROOFLINE_SUGGESTION(hbnn_hartmann6, "hartmann6", "hbnn", ->Iterations(1));
ROOFLINE_SUGGESTION(nuts_bnn_hartmann6, "hartmann6", "nuts-bnn", ->Iterations(1));
ROOFLINE_SUGGESTION(bohamiann_hartmann6, "hartmann6", "bohamiann", ->Iterations(1));
ROOFLINE_SUGGESTION(dngo_hartmann6, "hartmann6", "dngo");
ROOFLINE_SUGGESTION(mixture_kde_sphere2, "bbob:f=1,i=1,d=2", "mixture-kde");
ROOFLINE_SUGGESTION(mixture_gmr_sphere2, "bbob:f=1,i=1,d=2", "mixture-gmr");
ROOFLINE_SUGGESTION(mixture_spn_sphere2, "bbob:f=1,i=1,d=2", "mixture-spn");

}  // namespace
