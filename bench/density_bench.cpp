// Cost of the density-ratio parts: one suggestion of tpe / re after N tells, and the
// MLP work of one BORE iteration (fit with S = 100 steps, then 1000 probability + input-
// gradient evaluations, the budget of a small multi-start maximisation), plus the
// Laplace-GGN posterior and its predictive. Figures: docs/perf/density.md.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/registry.hpp"
#include "optimizers/bore_labels.hpp"
#include "cli/catalog.hpp"
#include "surrogates/mlp/laplace_ggn.hpp"
#include "surrogates/mlp/mlp.hpp"

namespace {

using namespace bobench;

std::shared_ptr<const Problem> make_problem(const std::string& id) {
    return bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
}

// An optimizer told n uniformly random points of the problem.
std::unique_ptr<Optimizer> told_optimizer(const std::string& optimizer_id, const Problem& p, long n) {
    auto opt = bind_optimizer(cli::optimizer_catalog(), Identifier::parse(optimizer_id)).make({p.space(), n + 1});
    Rng rng(42);
    for (long i = 0; i < n; ++i) {
        const Point x = p.space().sample(rng);
        opt->tell(x, p.evaluate(x, rng).value);
    }
    return opt;
}

void ask_after_tells(benchmark::State& state, const std::string& optimizer_id, const std::string& problem_id) {
    const auto p = make_problem(problem_id);
    auto opt = told_optimizer(optimizer_id, *p, state.range(0));
    Rng rng(7);
    for (auto _ : state) benchmark::DoNotOptimize(opt->ask(rng));
}

void BM_TpeAskBranin(benchmark::State& s) { ask_after_tells(s, "tpe", "branin"); }
void BM_TpeAskHartmann6(benchmark::State& s) { ask_after_tells(s, "tpe", "hartmann6"); }
void BM_TpeHyperoptAskBranin(benchmark::State& s) { ask_after_tells(s, "tpe-hyperopt", "branin"); }
void BM_TpeHyperoptAskHartmann6(benchmark::State& s) { ask_after_tells(s, "tpe-hyperopt", "hartmann6"); }
void BM_ReAskBranin(benchmark::State& s) { ask_after_tells(s, "re", "branin"); }
void BM_ReAskHartmann6(benchmark::State& s) { ask_after_tells(s, "re", "hartmann6"); }
BENCHMARK(BM_TpeAskBranin)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TpeAskHartmann6)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TpeHyperoptAskBranin)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TpeHyperoptAskHartmann6)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReAskBranin)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReAskHartmann6)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);

// A whole 200-trial Branin study (ask, evaluate, tell), the unit of the Optuna reference
// figure (~6.5 ms per trial); the per_trial counter is seconds per trial.
void tpe_branin_study_200(benchmark::State& state, const std::string& optimizer_id) {
    const auto p = make_problem("branin");
    for (auto _ : state) {
        auto opt = bind_optimizer(cli::optimizer_catalog(), Identifier::parse(optimizer_id)).make({p->space(), 200});
        Rng rng(11);
        for (int i = 0; i < 200; ++i) {
            const Point x = opt->ask(rng);
            opt->tell(x, p->evaluate(x, rng).value);
        }
    }
    state.counters["per_trial"] = benchmark::Counter(200.0 * static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK_CAPTURE(tpe_branin_study_200, tpe, std::string("tpe"))->Name("BM_TpeBraninStudy200")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(tpe_branin_study_200, tpe_hyperopt, std::string("tpe-hyperopt"))
    ->Name("BM_TpeHyperoptBraninStudy200")
    ->Unit(benchmark::kMillisecond);

// BORE's training data: N random points of the problem in [0,1]^D with gamma = 1/4 labels.
struct BoreData {
    Eigen::MatrixXd X;
    Eigen::VectorXd z;
};

BoreData bore_data(const std::string& problem_id, long n) {
    const auto p = make_problem(problem_id);
    const std::size_t d = p->space().size();
    Rng rng(3);
    BoreData data{Eigen::MatrixXd(n, static_cast<Eigen::Index>(d)), {}};
    std::vector<double> y;
    for (long i = 0; i < n; ++i) {
        const Point x = p->space().sample(rng);
        data.X.row(i) = p->space().encode(x).transpose();
        y.push_back(p->evaluate(x, rng).value);
    }
    data.z = bore::bore_labels(y, 0.25).z;
    return data;
}

void mlp_fit(benchmark::State& state, const std::string& problem_id) {
    const BoreData data = bore_data(problem_id, state.range(0));
    Rng rng(5);
    mlp::Classifier net(static_cast<std::size_t>(data.X.cols()), mlp::Options{}, rng);  // S = 100 steps per fit
    long steps = 0;
    for (auto _ : state) steps += net.fit(data.X, data.z, rng).steps;
    state.counters["steps_per_fit"] = static_cast<double>(steps) / static_cast<double>(state.iterations());
}
void BM_MlpFit100Branin(benchmark::State& s) { mlp_fit(s, "branin"); }
void BM_MlpFit100Hartmann6(benchmark::State& s) { mlp_fit(s, "hartmann6"); }
BENCHMARK(BM_MlpFit100Branin)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MlpFit100Hartmann6)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);

// 1000 probability + input-gradient evaluations: the work of 3 L-BFGS-B restarts of a few
// hundred iterations each. Independent of N (the network's size is fixed).
void mlp_gradients(benchmark::State& state, std::size_t d) {
    Rng rng(6);
    mlp::Classifier net(d, mlp::Options{}, rng);
    boost::random::uniform_real_distribution<double> u(0, 1);
    Eigen::MatrixXd X(1000, static_cast<Eigen::Index>(d));
    for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = u(rng);
    Eigen::VectorXd g(static_cast<Eigen::Index>(d));
    for (auto _ : state) {
        double sum = 0;
        for (Eigen::Index i = 0; i < 1000; ++i) sum += net.probability_and_gradient(X.row(i).transpose(), g);
        benchmark::DoNotOptimize(sum);
    }
}
void BM_Mlp1000ProbGrad2D(benchmark::State& s) { mlp_gradients(s, 2); }
void BM_Mlp1000ProbGrad6D(benchmark::State& s) { mlp_gradients(s, 6); }
BENCHMARK(BM_Mlp1000ProbGrad2D)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mlp1000ProbGrad6D)->Unit(benchmark::kMillisecond);

// Laplace-GGN: building the posterior (P and its Cholesky) after a fit, and one probit
// probability with its input gradient.
// BORE's MLP (delta = 1) fitted to Hartmann6 data.
mlp::Classifier fitted_network(const BoreData& data, Rng& rng) {
    mlp::Options o;
    o.prior_precision = 1;
    mlp::Classifier net(6, o, rng);
    net.fit(data.X, data.z, rng);
    return net;
}

void laplace_build(benchmark::State& state, bool diagonal) {
    const BoreData data = bore_data("hartmann6", state.range(0));
    Rng rng(8);
    const mlp::Classifier net = fitted_network(data, rng);
    mlp::LaplaceOptions lo;
    lo.diagonal = diagonal;
    for (auto _ : state) benchmark::DoNotOptimize(mlp::LaplaceGgn(net, data.X, lo, rng));
}
void BM_LaplaceFullBuildHartmann6(benchmark::State& s) { laplace_build(s, false); }
void BM_LaplaceDiagBuildHartmann6(benchmark::State& s) { laplace_build(s, true); }
BENCHMARK(BM_LaplaceFullBuildHartmann6)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LaplaceDiagBuildHartmann6)->Arg(200)->Unit(benchmark::kMillisecond);

void laplace_predict(benchmark::State& state, bool diagonal) {
    const BoreData data = bore_data("hartmann6", 200);
    Rng rng(9);
    const mlp::Classifier net = fitted_network(data, rng);
    mlp::LaplaceOptions lo;
    lo.diagonal = diagonal;
    const mlp::LaplaceGgn lap(net, data.X, lo, rng);
    Eigen::VectorXd g(6);
    Eigen::Index i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(lap.probit_probability_and_gradient(data.X.row(i).transpose(), g));
        i = (i + 1) % data.X.rows();
    }
}
void BM_LaplaceFullProbitGrad6D(benchmark::State& s) { laplace_predict(s, false); }
void BM_LaplaceDiagProbitGrad6D(benchmark::State& s) { laplace_predict(s, true); }
BENCHMARK(BM_LaplaceFullProbitGrad6D)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LaplaceDiagProbitGrad6D)->Unit(benchmark::kMicrosecond);

}  // namespace
