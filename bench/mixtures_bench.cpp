// Fitting the mixture-density surrogates with their defaults (KDE: bandwidths by 5-fold
// cross-validation, then the final fit; GMR and SPN: one fit of the largest size) on N
// observations of a 2-D quadratic; one suggestion (fit + EI search) is in suggestion_bench.cpp.
#include <benchmark/benchmark.h>

#include <functional>
#include <memory>

#include <boost/random/uniform_real_distribution.hpp>

#include "surrogates/mixtures/gaussian_mixture.hpp"
#include "surrogates/mixtures/kernel_density.hpp"
#include "surrogates/mixtures/sum_product_network.hpp"

using namespace bobench;
using namespace bobench::surrogates::mixtures;

static void mixture_fit(benchmark::State& state, const std::function<std::unique_ptr<MixtureRegression>()>& make) {
    Rng rng(1);
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    Eigen::MatrixXd X(state.range(0), 2);
    for (double& v : X.reshaped()) v = u(rng);
    const Eigen::VectorXd y = (X.array() - 0.3).square().rowwise().sum();
    const auto model = make();
    for (auto _ : state) {
        model->fit(X, y, rng);
        benchmark::DoNotOptimize(model->observations());
    }
}

static std::unique_ptr<MixtureRegression> kde() { return std::make_unique<KernelDensityRegression>(MixtureRegressionOptions{}); }
static std::unique_ptr<MixtureRegression> gmr() {
    return std::make_unique<GaussianMixtureRegression>(MixtureRegressionOptions{}, GmrOptions{});
}
static std::unique_ptr<MixtureRegression> spn() {
    return std::make_unique<SumProductNetworkRegression>(MixtureRegressionOptions{}, SpnRegressionOptions{});
}

BENCHMARK_CAPTURE(mixture_fit, kde, kde)->Arg(10)->Arg(40)->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(mixture_fit, gmr, gmr)->Arg(10)->Arg(40)->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(mixture_fit, spn, spn)->Arg(10)->Arg(40)->Arg(200)->Unit(benchmark::kMillisecond);
