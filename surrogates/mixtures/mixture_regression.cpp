#include "surrogates/mixtures/mixture_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <utility>

#include <boost/math/special_functions/erf.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"

namespace bobench::surrogates::mixtures {

using Eigen::MatrixXd;
using Eigen::VectorXd;

CvTarget parse_cv_target(const std::string& name) {
    if (name == "conditional") return CvTarget::Conditional;
    if (name == "joint") return CvTarget::Joint;
    throw UserError("cv_target '" + name + "': expected conditional or joint");
}

OutputTransform parse_output_transform(const std::string& name) {
    if (name == "rank") return OutputTransform::Rank;
    if (name == "standardise") return OutputTransform::Standardise;
    throw UserError("output '" + name + "': expected rank or standardise");
}

namespace {
// Normal scores of v (ties share their mean rank), as (value, score) pairs by value.
std::vector<std::pair<double, double>> normal_scores(const VectorXd& v) {
    const auto n = static_cast<std::size_t>(v.size());
    std::vector<std::pair<double, double>> sorted(n);
    for (std::size_t i = 0; i < n; ++i) sorted[i] = {v[static_cast<Eigen::Index>(i)], 0.0};
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i;
        while (j + 1 < n && sorted[j + 1].first == sorted[i].first) ++j;
        const double q = (0.5 * static_cast<double>(i + j) + 0.5) / static_cast<double>(n);  // (mean rank - 1/2) / n
        const double score = -std::numbers::sqrt2 * boost::math::erfc_inv(2.0 * q);     // Phi^-1(q)
        for (std::size_t k = i; k <= j; ++k) sorted[k].second = score;
        i = j + 1;
    }
    return sorted;
}
}  // namespace

MixtureRegression::MixtureRegression(const MixtureRegressionOptions& options) : options_(options) {
    if (!(options.prior_sd > 0.0) || !std::isfinite(options.prior_sd))
        throw UserError("mixture regression: prior_sd " + std::to_string(options.prior_sd) + " must be > 0");
    if (options.cv_folds < 2)
        throw UserError("mixture regression: cv_folds " + std::to_string(options.cv_folds) + " must be >= 2");
    std::vector<double> weights = options.prior_weight_grid;
    weights.push_back(options.prior_weight);
    for (double w : weights)
        if (!(w > 0.0) || !std::isfinite(w))
            throw UserError("mixture regression: prior weight " + std::to_string(w) + " must be > 0");
}

void MixtureRegression::fit(const MatrixXd& X, const VectorXd& y, Rng& rng) {
    if (X.rows() != y.size())
        throw UserError("mixture regression: " + std::to_string(X.rows()) + " inputs but " +
                        std::to_string(y.size()) + " targets");
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < y.size(); ++i)
        if (std::isfinite(y[i])) rows.push_back(i);
    n_ = rows.size();
    density_.reset();
    y_mean_ = 0.0;
    y_sd_ = 1.0;
    if (n_ == 0) return;

    const auto n = static_cast<Eigen::Index>(n_);
    MatrixXd Z(n, X.cols() + 1);
    for (Eigen::Index r = 0; r < n; ++r) {
        Z.row(r).head(X.cols()) = X.row(rows[static_cast<std::size_t>(r)]);
        Z(r, X.cols()) = y[rows[static_cast<std::size_t>(r)]];
    }
    auto yc = Z.col(X.cols());
    scores_.clear();
    if (options_.output == OutputTransform::Rank) {
        scores_ = normal_scores(yc);
        for (Eigen::Index r = 0; r < n; ++r) yc[r] = target_units(yc[r]);
    }
    y_mean_ = yc.mean();
    const double sd = std::sqrt((yc.array() - y_mean_).square().mean());
    // constant outputs: nothing to scale; sd 1 keeps the prior's width in output units
    y_sd_ = sd > 1e-12 * std::max(1.0, std::abs(y_mean_)) ? sd : 1.0;
    yc = (yc.array() - y_mean_) / y_sd_;

    const std::optional<std::size_t> fixed = fixed_candidate(n_);
    chosen_ = fixed.value_or(0);
    weight_ = options_.prior_weight;
    folds_used_ = 0;
    if (!fixed) select_candidate(Z, rng);
    density_ = fit_candidate(chosen_, Z, rng);
}

void MixtureRegression::select_candidate(const MatrixXd& Z, Rng& rng) {
    const std::size_t n = static_cast<std::size_t>(Z.rows());
    if (n < 2) {
        chosen_ = fallback_candidate(n);
        return;
    }
    // fewer rows than folds: one row per fold, i.e. leave-one-out
    const std::size_t folds = std::min<std::size_t>(static_cast<std::size_t>(options_.cv_folds), n);
    // the smallest training set decides which candidates every fold can fit
    const std::size_t count = candidates(n - (n + folds - 1) / folds);
    const bool tune_weight = options_.prior_blend && !options_.prior_weight_grid.empty();
    if (count == 1 && !tune_weight) return;
    folds_used_ = folds;

    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    for (std::size_t i = n - 1; i > 0; --i) {  // Fisher-Yates with Boost's specified draws
        boost::random::uniform_int_distribution<std::size_t> pick(0, i);
        std::swap(order[i], order[pick(rng)]);
    }
    const std::size_t weights = tune_weight ? options_.prior_weight_grid.size() : 1;
    std::vector<double> score(count * weights, 0.0);  // candidate-major
    for (std::size_t f = 0; f < folds; ++f) {
        std::vector<Eigen::Index> train, test;
        for (std::size_t i = 0; i < n; ++i) (i % folds == f ? test : train).push_back(static_cast<Eigen::Index>(order[i]));
        const MatrixXd Ztrain = Z(train, Eigen::all), Ztest = Z(test, Eigen::all);
        for (std::size_t c = 0; c < count; ++c) {
            const std::vector<double> s = held_out_scores(*fit_candidate(c, Ztrain, rng), train.size(), Ztest);
            for (std::size_t w = 0; w < weights; ++w) score[c * weights + w] += s[w];
        }
    }
    // ties go to the fewest components (the simplest candidate), then the grid's first weight
    std::size_t best = 0;
    for (std::size_t k = 1; k < score.size(); ++k)
        if (score[k] > score[best] || !std::isfinite(score[best])) best = k;
    chosen_ = best / weights;
    if (tune_weight) weight_ = options_.prior_weight_grid[best % weights];
}

std::vector<double> MixtureRegression::held_out_scores(const JointDensity& density, std::size_t n_train,
                                                       const MatrixXd& Z) const {
    const Eigen::Index d = Z.cols() - 1;
    const bool joint = options_.cv_target == CvTarget::Joint;
    const bool blended = options_.prior_blend && !options_.prior_weight_grid.empty();
    const std::vector<double> grid = blended ? options_.prior_weight_grid : std::vector<double>{0.0};
    std::vector<double> total(grid.size(), 0.0);
    for (Eigen::Index r = 0; r < Z.rows(); ++r) {
        const VectorXd z = Z.row(r).transpose();
        if (joint && !blended) {
            total[0] += density.log_density(z);
            continue;
        }
        const double log_px = density.conditional(z.head(d), scratch_);
        const double log_fit = mixture_log_density(scratch_, z[d]);
        if (!blended) {
            total[0] += log_fit;
            continue;
        }
        // the prior as fitted on all rows: N(0, prior_sd^2) in standardised units
        const double log_prior = normal_log_pdf(z[d], 0.0, options_.prior_sd * options_.prior_sd);
        for (std::size_t w = 0; w < grid.size(); ++w) {
            const double a = blend_weight_at(log_px, static_cast<double>(n_train), grid[w]);
            const double terms[2] = {std::log(a) + log_fit, std::log1p(-a) + log_prior};
            total[w] += log_sum_exp(terms, 2) + (joint ? log_px : 0.0);
        }
    }
    for (double& t : total)
        if (std::isnan(t)) t = -std::numeric_limits<double>::infinity();
    return total;
}
double MixtureRegression::target_units(double y) const {
    if (scores_.empty() || std::isnan(y)) return y;
    if (y <= scores_.front().first) return scores_.front().second;
    if (y >= scores_.back().first) return scores_.back().second;
    const auto hi = std::lower_bound(scores_.begin(), scores_.end(), y,
                                     [](const std::pair<double, double>& p, double v) { return p.first < v; });
    if (hi->first == y) return hi->second;
    const auto lo = hi - 1;
    return lo->second + (hi->second - lo->second) * (y - lo->first) / (hi->first - lo->first);
}

double MixtureRegression::blend_weight_at(double log_px, double n, double weight) const {
    if (!options_.prior_blend) return 1.0;
    // a = t / (t + w) with t = N p(x) D, D = 1: the logistic of log t - log w, stable for any log p(x)
    return 1.0 / (1.0 + std::exp(-(std::log(n) + log_px - std::log(weight))));
}

double MixtureRegression::blend_weight(const VectorXd& x) const {
    return density_ ? blend_weight_at(density_->conditional(x, scratch_), static_cast<double>(n_), weight_) : 0.0;
}

void MixtureRegression::predict_mixture(const VectorXd& x, std::vector<WeightedPrediction>& out) const {
    out.clear();
    double a = 0.0;
    if (density_) {
        a = blend_weight_at(density_->conditional(x, out), static_cast<double>(n_), weight_);
        for (WeightedPrediction& c : out) c = {a * c.weight, y_mean_ + y_sd_ * c.mean, y_sd_ * y_sd_ * c.var};
    }
    if (a < 1.0) {
        const double sd = options_.prior_sd * y_sd_;
        out.push_back({1.0 - a, y_mean_, sd * sd});
    }
}

Prediction MixtureRegression::predict(const VectorXd& x) const {
    predict_mixture(x, scratch_);
    return mixture_moments(scratch_);
}

}  // namespace bobench::surrogates::mixtures
