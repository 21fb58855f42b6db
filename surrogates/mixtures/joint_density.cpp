#include "surrogates/mixtures/joint_density.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "surrogates/gp/jittered_cholesky.hpp"

namespace bobench::surrogates::mixtures {

double log_sum_exp(const double* values, std::size_t n) {
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) top = std::max(top, values[i]);
    if (!std::isfinite(top)) return top;
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i) sum += std::exp(values[i] - top);
    return top + std::log(sum);
}

double normal_log_pdf(double v, double mean, double var) {
    const double d = v - mean;
    return -0.5 * (d * d / var + std::log(2.0 * std::numbers::pi * var));
}

Eigen::VectorXd column_variances(const Eigen::MatrixXd& Z) {
    return (Z.rowwise() - Z.colwise().mean()).colwise().squaredNorm() / static_cast<double>(Z.rows());
}

Eigen::MatrixXd cholesky_with_jitter(Eigen::MatrixXd& S) {
    Eigen::MatrixXd L(S.rows(), S.cols());
    const CholeskyOutcome factor = jittered_cholesky(S, L);
    if (!factor.ok)
        throw std::runtime_error("mixture model: a covariance matrix is not finite or cannot be made positive "
                                 "definite (jitter up to 1e-2 of its mean diagonal)");
    S.diagonal().array() += factor.jitter;  // the density is the one factorised
    return L.triangularView<Eigen::Lower>();
}

double mixture_log_density(const Components& mixture, double y) {
    std::vector<double> terms;
    terms.reserve(mixture.size());
    for (const WeightedPrediction& c : mixture)
        if (c.weight > 0.0) terms.push_back(std::log(c.weight) + normal_log_pdf(y, c.mean, c.var));
    return log_sum_exp(terms);
}

Prediction mixture_moments(const Components& mixture) {
    double mean = 0.0;
    for (const WeightedPrediction& c : mixture) mean += c.weight * c.mean;
    double var = 0.0;
    for (const WeightedPrediction& c : mixture) var += c.weight * (c.var + (c.mean - mean) * (c.mean - mean));
    return {mean, var};
}

}  // namespace bobench::surrogates::mixtures
