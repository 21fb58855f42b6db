// Tree surrogates: fit and candidate-prediction cost at BO-sized data (d = 6).
//
// The classification cases model one BORE-RF / BORE-XGB iteration: fit the classifier on
// N labelled points, then score 2000 candidates (the evaluation budget of the DE search
// over the acquisition). Reference: scikit-learn's RandomForestClassifier fit + a
// 2000-evaluation DE takes about 0.65 s per iteration at N ~ 60.
// Figures and the command line are in docs/perf/trees.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/rng.hpp"
#include "surrogates/trees/classification_forest.hpp"
#include "surrogates/trees/regression_forest.hpp"
#include "surrogates/trees/xgboost_classifier.hpp"

namespace {

using bobench::Rng;
using namespace bobench::surrogates;

constexpr int kDim = 6;
constexpr int kCandidates = 2000;

Eigen::MatrixXd uniform_points(Eigen::Index n, Rng& rng) {
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    Eigen::MatrixXd X(n, kDim);
    for (Eigen::Index j = 0; j < kDim; ++j)
        for (Eigen::Index i = 0; i < n; ++i) X(i, j) = u(rng);
    return X;
}

// A smooth multimodal objective on [0,1]^6.
Eigen::VectorXd objective(const Eigen::MatrixXd& X) {
    Eigen::VectorXd y(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        double v = 0.0;
        for (Eigen::Index j = 0; j < kDim; ++j)
            v += std::sin(3.0 * (j + 1) * X(i, j)) + (X(i, j) - 0.3) * (X(i, j) - 0.3);
        y[i] = v;
    }
    return y;
}

// BORE labels: 1 for the best third (minimisation).
Eigen::VectorXi bore_labels(const Eigen::VectorXd& y) {
    std::vector<double> sorted(y.data(), y.data() + y.size());
    std::sort(sorted.begin(), sorted.end());
    const double tau = sorted[sorted.size() / 3];
    Eigen::VectorXi labels(y.size());
    for (Eigen::Index i = 0; i < y.size(); ++i) labels[i] = y[i] < tau ? 1 : 0;
    return labels;
}

struct Data {
    Eigen::MatrixXd X, candidates;
    Eigen::VectorXd y;
    Eigen::VectorXi labels;
    explicit Data(Eigen::Index n) {
        Rng rng(1234 + n);
        X = uniform_points(n, rng);
        candidates = uniform_points(kCandidates, rng);
        y = objective(X);
        labels = bore_labels(y);
    }
};

void BM_RegressionForest_Fit(benchmark::State& state) {
    const Data data(state.range(0));
    std::uint64_t seed = 0;
    for (auto _ : state) {
        RegressionForest forest;
        Rng rng(++seed);
        forest.fit(data.X, data.y, rng);
        benchmark::DoNotOptimize(forest.num_nodes(0));
    }
}

void BM_RegressionForest_Predict2000(benchmark::State& state) {
    const Data data(state.range(0));
    RegressionForest forest;
    Rng rng(1);
    forest.fit(data.X, data.y, rng);
    Eigen::VectorXd mean, var;
    for (auto _ : state) {
        forest.predict(data.candidates, mean, var);
        benchmark::DoNotOptimize(mean.data());
    }
}

void BM_RegressionForest_FitPredict2000(benchmark::State& state) {
    const Data data(state.range(0));
    std::uint64_t seed = 0;
    Eigen::VectorXd mean, var;
    for (auto _ : state) {
        RegressionForest forest;
        Rng rng(++seed);
        forest.fit(data.X, data.y, rng);
        forest.predict(data.candidates, mean, var);
        benchmark::DoNotOptimize(mean.data());
    }
}

// What a classifier benchmark does with the 2000 candidates after the fit: nothing, score
// them in one batch, or one at a time (a DE that asks point by point).
enum class Scoring { None, Batch, OneByOne };

// With `refit`, each iteration fits a new classifier (seeds 1, 2, ...), as one BORE
// iteration does; without, one classifier is fitted (seed 1) before the timed loop.
template <class Classifier>
void classifier_iterations(benchmark::State& state, bool refit, Scoring scoring) {
    const Data data(state.range(0));
    std::optional<Classifier> model;
    std::uint64_t seed = 0;
    auto fit = [&] {
        model.emplace();
        Rng rng(++seed);
        model->fit(data.X, data.labels, rng);
    };
    if (!refit) fit();
    Eigen::VectorXd proba, x(kDim);
    for (auto _ : state) {
        if (refit) fit();
        if (scoring == Scoring::None) {
            benchmark::DoNotOptimize(model->fitted());
        } else if (scoring == Scoring::Batch) {
            model->predict_proba(data.candidates, proba);
            benchmark::DoNotOptimize(proba.data());
        } else {
            double sum = 0.0;
            for (Eigen::Index i = 0; i < kCandidates; ++i) {
                x = data.candidates.row(i).transpose();
                sum += model->predict_proba(x);
            }
            benchmark::DoNotOptimize(sum);
        }
    }
}

void BM_ClassificationForest_Fit(benchmark::State& state) {
    classifier_iterations<ClassificationForest>(state, true, Scoring::None);
}
void BM_ClassificationForest_Predict2000(benchmark::State& state) {
    classifier_iterations<ClassificationForest>(state, false, Scoring::Batch);
}
// One BORE-RF iteration with the candidates scored in one batch.
void BM_ClassificationForest_Iteration_Batch(benchmark::State& state) {
    classifier_iterations<ClassificationForest>(state, true, Scoring::Batch);
}
// The same with the candidates scored one at a time.
void BM_ClassificationForest_Iteration_OneByOne(benchmark::State& state) {
    classifier_iterations<ClassificationForest>(state, true, Scoring::OneByOne);
}
void BM_XGBoost_Fit(benchmark::State& state) { classifier_iterations<XGBoostClassifier>(state, true, Scoring::None); }
void BM_XGBoost_Iteration_Batch(benchmark::State& state) {
    classifier_iterations<XGBoostClassifier>(state, true, Scoring::Batch);
}
void BM_XGBoost_Predict2000_OneByOne(benchmark::State& state) {
    classifier_iterations<XGBoostClassifier>(state, false, Scoring::OneByOne);
}

}  // namespace

BENCHMARK(BM_RegressionForest_Fit)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RegressionForest_Predict2000)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RegressionForest_FitPredict2000)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClassificationForest_Fit)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClassificationForest_Predict2000)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClassificationForest_Iteration_Batch)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClassificationForest_Iteration_OneByOne)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_XGBoost_Fit)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_XGBoost_Iteration_Batch)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_XGBoost_Predict2000_OneByOne)->Arg(60)->Arg(200)->Arg(500)->Unit(benchmark::kMicrosecond);
