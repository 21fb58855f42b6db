// IVBNN (Aryan 2020 ch. 6; surrogates/ivbnn/): the cost of ONE generator step of the
// thesis' own setting (uncapped widths, 40 critic iterations, batches of 100), which its
// unstated number of steps multiplies. The cost of a suggestion with the ivbnn optimizer's
// defaults is suggestion/ivbnn_hartmann6 in suggestion_bench.cpp.
#include <benchmark/benchmark.h>

#include <cmath>

#include "surrogates/ivbnn/adversarial_elbo.hpp"

using namespace bobench;

// One step of the adversarial ELBO with the thesis' sizes for N observations in D = 6:
// main network 6 -> 2N tanh -> 1, generator width 2N, critic 3 x P (P = 16N + 1).
static void ivbnn_thesis_step(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0)), dim = 6;
    Rng rng(1);
    const Eigen::MatrixXd Xt = Eigen::MatrixXd::Random(dim, n);
    const Eigen::VectorXd y = Xt.row(0).transpose().array().sin();
    bnn::Network net(dim, {2 * n}, bnn::Activation::Tanh);
    const ivbnn::ScaleMixturePrior prior = ivbnn::ScaleMixturePrior::thesis();
    ivbnn::Generator generator(5, 2 * n, net.parameter_count(), 2.0, rng);
    ivbnn::Critic critic(net.parameter_count(), static_cast<int>(net.parameter_count()), 3, prior.sd(), rng);
    ivbnn::GaussianLikelihood likelihood(net, Xt, y);
    ivbnn::AdversarialElboOptions thesis;
    thesis.steps = 1, thesis.critic_iterations = 40, thesis.batch = 100;
    thesis.learning_rate = thesis.critic_learning_rate = 3e-5;
    for (auto _ : state) benchmark::DoNotOptimize(ivbnn::train_adversarial_elbo(generator, critic, prior, &likelihood, thesis, rng));
    state.counters["critic_weights"] = static_cast<double>(critic.parameter_count());
}
BENCHMARK(ivbnn_thesis_step)->Arg(20)->Arg(100)->Arg(200)->Iterations(1)->Unit(benchmark::kSecond);
