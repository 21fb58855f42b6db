// Speed of the Bayesian-network machinery: gradient evaluations of the posterior log
// density per second (what bounds NUTS) for Aryan's 1 x 10 sigmoid network on N points
// in 6-D, and for pybnn's 50-50 tanh network on a mini-batch of 20; and whole SGHMC steps
// of BOHAMIANN (gradient + noise draws + update), its noise draws alone, and a sampled
// network's predictions at many points, one at a time and all at once.
#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "surrogates/bnn/network.hpp"
#include "surrogates/bnn/network_posterior.hpp"
#include "surrogates/bnn/sampled_network.hpp"
#include "surrogates/samplers/sghmc.hpp"
#include "surrogates/samplers/standard_normals.hpp"

using namespace bobench;

// N points (the columns of Xt) and outputs, all U(-1, 1).
static void uniform_data(int N, int D, Rng& rng, Eigen::MatrixXd& Xt, Eigen::VectorXd& y) {
    boost::random::uniform_real_distribution<double> u(-1, 1);
    Xt.resize(D, N);
    y.resize(N);
    for (int i = 0; i < N; ++i) {
        for (int j = 0; j < D; ++j) Xt(j, i) = u(rng);
        y[i] = u(rng);
    }
}

static void posterior_gradient(benchmark::State& state, std::vector<int> hidden, bnn::Activation act) {
    const int N = static_cast<int>(state.range(0)), D = 6;
    Rng rng(1);
    boost::random::uniform_real_distribution<double> u(-1, 1);
    Eigen::MatrixXd Xt;
    Eigen::VectorXd y;
    uniform_data(N, D, rng, Xt, y);
    bnn::Network net(D, hidden, act);
    bnn::NetworkPrior prior;
    bnn::NetworkPosterior post(net, prior, Xt, y);
    Eigen::VectorXd q(post.dimension()), grad(post.dimension());
    for (Eigen::Index i = 0; i < q.size(); ++i) q[i] = u(rng);
    for (auto _ : state) {
        q[0] += 1e-9;  // a new point every time, as in a trajectory
        benchmark::DoNotOptimize(post.log_density(q, grad));
    }
    state.SetItemsProcessed(state.iterations());  // items/s = gradient evaluations per second
}

BENCHMARK_CAPTURE(posterior_gradient, sbnn_1x10_sigmoid, std::vector<int>{10}, bnn::Activation::Sigmoid)
    ->Arg(20)
    ->Arg(100)
    ->Arg(200);
BENCHMARK_CAPTURE(posterior_gradient, bohamiann_50x50_tanh_batch, std::vector<int>{50, 50}, bnn::Activation::Tanh)
    ->Arg(20);

// One SGHMC step of BOHAMIANN's sampler at N = 100 (6-D): half of the timed steps in
// burn-in, half after, as in a fit (100 N burn-in + 10000 steps); mini-batches of 20.
static void bohamiann_sghmc_step(benchmark::State& state) {
    const int N = 100, D = 6, steps = 200;
    Rng rng(1);
    boost::random::uniform_real_distribution<double> u(-1, 1);
    Eigen::MatrixXd Xt;
    Eigen::VectorXd y;
    uniform_data(N, D, rng, Xt, y);
    bnn::Network net(D, {50, 50}, bnn::Activation::Tanh);
    bnn::NetworkPrior prior;
    prior.weight_sd = std::sqrt(static_cast<double>(net.parameter_count()));
    prior.noise = bnn::NetworkPrior::Noise::NormalOnLogVariance;
    prior.noise_a = std::log(1e-6), prior.noise_b = 0.01;
    bnn::NetworkPosterior post(net, prior, Xt, y);
    std::vector<int> batch(20);
    int next = 0;
    auto target = [&](const Eigen::VectorXd& q, Eigen::VectorXd& g, Rng&) {
        for (int& b : batch) b = next++ % N;
        return post.log_density(q, g, batch);
    };
    samplers::SghmcOptions o;
    o.steps = steps, o.burn_in = steps / 2, o.keep_every = steps;
    Eigen::VectorXd q0(post.dimension());
    for (Eigen::Index i = 0; i < q0.size(); ++i) q0[i] = 0.1 * u(rng);
    for (auto _ : state) benchmark::DoNotOptimize(samplers::adaptive_sghmc(target, q0, o, rng).steps);
    state.SetItemsProcessed(state.iterations() * steps);  // items/s = SGHMC steps per second
}
BENCHMARK(bohamiann_sghmc_step)->Unit(benchmark::kMillisecond);

// A sampled network's predictions at the 500 random points an acquisition is maximised over
// (BOHAMIANN in RoBO's loop), point by point (predict) against all rows at once
// (predict_member_rows, the same bits): pybnn's 3 x 50 tanh network, range(0) draws, D = 2.
static void sampled_network_predict(benchmark::State& state, bool rows_at_once) {
    const int N = 40, D = 2, points = 500;
    const long draws = state.range(0);
    Rng rng(1);
    Eigen::MatrixXd Xt;
    Eigen::VectorXd y;
    uniform_data(N, D, rng, Xt, y);
    bnn::SampledNetworkOptions o;
    o.hidden = {50, 50, 50};
    o.activation = bnn::Activation::Tanh;
    o.prior.weight_sd = 0;
    o.prior.noise = bnn::NetworkPrior::Noise::NormalOnLogVariance;
    o.prior.noise_a = std::log(1e-3), o.prior.noise_b = 0.01;
    o.sampler = bnn::SampledNetworkOptions::Sampler::Sghmc;
    o.burn_in = 100, o.sample_steps = draws * 5;
    o.sghmc.keep_every = 5;
    o.init = bnn::SampledNetworkOptions::Init::FanIn;
    bnn::SampledNetwork model(D, o);
    model.fit(Xt.transpose(), y, rng);
    Eigen::MatrixXd X;
    Eigen::VectorXd unused;
    uniform_data(points, D, rng, X, unused);
    X.transposeInPlace();  // one point per row
    std::vector<surrogates::Prediction> out(points);
    for (auto _ : state) {
        if (rows_at_once) {
            model.predict_member_rows(0, X, out);
        } else {
            for (int p = 0; p < points; ++p) out[static_cast<std::size_t>(p)] = model.predict(X.row(p).transpose());
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["draws"] = static_cast<double>(model.function_samples());
    state.SetItemsProcessed(state.iterations() * points);  // items/s = points predicted per second
}
BENCHMARK_CAPTURE(sampled_network_predict, one_by_one, false)->Arg(100)->Arg(400)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sampled_network_predict, rows_at_once, true)->Arg(100)->Arg(400)->Unit(benchmark::kMillisecond);

// SGHMC's noise: one step's 2,951 standard normal draws (BOHAMIANN's 50-50 network on 6-D
// inputs), Boost's ziggurat one at a time against the bulk Box-Muller of StandardNormals.
static void normal_draws_boost(benchmark::State& state) {
    Rng rng(1);
    boost::random::normal_distribution<double> normal;
    std::vector<double> z(2951);
    for (auto _ : state) {
        for (double& x : z) x = normal(rng);
        benchmark::DoNotOptimize(z.data());
    }
    state.SetItemsProcessed(state.iterations() * 2951);
}
BENCHMARK(normal_draws_boost);

static void normal_draws_box_muller(benchmark::State& state) {
    samplers::StandardNormals normals(1);
    std::vector<double> z(2951);
    for (auto _ : state) {
        normals.fill(z.data(), 2951);
        benchmark::DoNotOptimize(z.data());
    }
    state.SetItemsProcessed(state.iterations() * 2951);
}
BENCHMARK(normal_draws_box_muller);
