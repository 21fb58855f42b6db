// BOHB (Falkner, Klein & Hutter 2018, "BOHB: Robust and Efficient Hyperparameter
// Optimization at Scale", ICML): Hyperband's brackets (hyperband.hpp), with the first rung's
// configurations proposed by a TPE-like model instead of drawn at random.
//
// The model, as the paper's Algorithm 2 and the authors' HpBandSter (config_generators/
// bohb.py) define it; the code here is bobench's own:
//   * observations are kept per budget (fidelity); a failed evaluation counts as +infinity.
//     Once a model exists for a budget, results on smaller budgets are no longer recorded;
//   * a budget with N observations gets a model when N >= N_min = d + 1 (min_points_in_model):
//     the best n_good = max(N_min, floor(top_n_percent N / 100)) observations make the "good"
//     density l(x), the next n_bad = max(N_min, floor((100 - top_n_percent) N / 100)) the
//     "bad" one g(x); both need more than d points, else no model is fitted;
//   * each density is a product-kernel KDE (statsmodels' KDEMultivariate, which HpBandSter
//     uses): a Gaussian kernel for real, integer and ordinal parameters (in [0, 1], as
//     Space::encode maps them), Aitchison-Aitken's for categoricals (1 - lambda for the same
//     category, lambda / (c - 1) for another); bandwidths by the normal reference rule
//     1.06 sd n^(-1 / (4 + d)), at least min_bandwidth;
//   * a new configuration is random with probability random_fraction (and while no budget
//     has a model); otherwise the model of the largest budget that has one draws num_samples
//     candidates: a random good observation, each real coordinate moved by a normal of sd
//     bandwidth_factor * bandwidth truncated to [0, 1], each categorical kept with
//     probability 1 - lambda, else drawn uniformly; the candidate with the lowest g(x) / l(x)
//     (both floored at 1e-32) is proposed.
// Defaults are HpBandSter's: eta = 3, top_n_percent = 15, num_samples = 64,
// random_fraction = 1/3, bandwidth_factor = 3, min_bandwidth = 1e-3.
// One deviation: statsmodels applies the normal reference rule to categorical columns of
// category indices too, which can give lambda > 1 (a negative kernel) for 5 categories;
// bobench caps lambda at (c - 1) / c, where the kernel is uniform over the categories.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "optimizers/hyperband.hpp"

namespace bobench {

namespace {

struct BohbSettings {
    double eta, min_fidelity;
    long min_points;  // N_min; 0: d + 1
    double top_n_percent;
    long num_samples;
    double random_fraction, bandwidth_factor, min_bandwidth;
};

// A product-kernel density over model coordinates: reals in [0, 1], categoricals by index.
class ProductKde {
public:
    // `levels[j]`: 0 for a continuous coordinate, else the number of categories.
    ProductKde(std::vector<std::vector<double>> data, const std::vector<std::size_t>& levels, double min_bandwidth)
        : data_(std::move(data)), levels_(levels), bw_(levels.size()) {
        const std::size_t n = data_.size(), d = levels.size();
        const double factor = 1.06 * std::pow(static_cast<double>(n), -1.0 / (4.0 + static_cast<double>(d)));
        for (std::size_t j = 0; j < d; ++j) {
            double mean = 0, var = 0;
            for (const auto& row : data_) mean += row[j];
            mean /= static_cast<double>(n);
            for (const auto& row : data_) var += (row[j] - mean) * (row[j] - mean);
            bw_[j] = std::max(min_bandwidth, factor * std::sqrt(var / static_cast<double>(n)));  // numpy's std
            if (levels_[j] > 1) bw_[j] = std::min(bw_[j], static_cast<double>(levels_[j] - 1) / static_cast<double>(levels_[j]));
        }
    }

    double pdf(const std::vector<double>& x) const {
        constexpr double inv_sqrt_2pi = 0.3989422804014327;
        double sum = 0;
        for (const auto& row : data_) {
            double k = 1;
            for (std::size_t j = 0; j < x.size(); ++j) {
                if (levels_[j] == 0) {
                    const double z = (x[j] - row[j]) / bw_[j];
                    k *= inv_sqrt_2pi * std::exp(-0.5 * z * z) / bw_[j];
                } else {
                    k *= x[j] == row[j] ? 1 - bw_[j] : bw_[j] / static_cast<double>(levels_[j] - 1);
                }
            }
            sum += k;
        }
        return sum / static_cast<double>(data_.size());
    }

    const std::vector<std::vector<double>>& data() const { return data_; }
    double bandwidth(std::size_t j) const { return bw_[j]; }

private:
    std::vector<std::vector<double>> data_;
    std::vector<std::size_t> levels_;
    std::vector<double> bw_;
};

class Bohb final : public MultiFidelityOptimizer {
public:
    Bohb(const Space& space, const Fidelity& fidelity, const BohbSettings& s)
        : space_(space), s_(s), engine_(fidelity, s.eta, s.min_fidelity), levels_(space.size()) {
        for (std::size_t j = 0; j < space.size(); ++j)
            levels_[j] = space[j].kind == ParamKind::Categorical ? space[j].cardinality() : 0;
        if (s_.min_points == 0) s_.min_points = static_cast<long>(space.size()) + 1;
    }

    Query ask_query(Rng& rng) override {
        return engine_.next(rng, [&](Rng& r) { return propose(r); });
    }
    void tell_query(const Query& q, double value) override {
        engine_.result(q, value);
        observe(q, value);
    }
    // failed evaluations are the worst observations, whatever the failure policy (HpBandSter)
    void tell_query_failure(const Query& q, std::optional<double>) override {
        const double inf = std::numeric_limits<double>::infinity();
        engine_.result(q, inf);
        observe(q, inf);
    }
    Metadata diagnostics() const override {
        return {{"model_based_proposals", std::to_string(model_based_)}, {"random_proposals", std::to_string(random_)}};
    }

private:
    struct Model {
        ProductKde good, bad;
    };
    struct Observations {
        std::vector<std::vector<double>> x;
        std::vector<double> value;
    };

    std::vector<double> model_coordinates(const Point& x) const {
        const Eigen::VectorXd u = space_.encode(x);
        std::vector<double> v(u.data(), u.data() + u.size());
        for (std::size_t j = 0; j < v.size(); ++j)
            if (levels_[j] > 0) v[j] = static_cast<double>(space_[j].index_of(x[j]));
        return v;
    }

    void observe(const Query& q, double value) {
        const double budget = *q.fidelity;
        if (!models_.empty() && models_.rbegin()->first > budget) return;  // a larger budget already has a model
        Observations& obs = observations_[budget];
        obs.x.push_back(model_coordinates(q.x));
        obs.value.push_back(std::isfinite(value) ? value : std::numeric_limits<double>::infinity());
        fit(budget, obs);
    }

    void fit(double budget, const Observations& obs) {
        const std::size_t n = obs.value.size(), d = space_.size(), n_min = static_cast<std::size_t>(s_.min_points);
        if (n < n_min) return;
        const auto n_good = std::max(n_min, static_cast<std::size_t>(std::floor(s_.top_n_percent * static_cast<double>(n) / 100)));
        const auto n_bad =
            std::max(n_min, static_cast<std::size_t>(std::floor((100 - s_.top_n_percent) * static_cast<double>(n) / 100)));
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return obs.value[a] < obs.value[b]; });
        std::vector<std::vector<double>> good, bad;
        for (std::size_t k = 0; k < n; ++k) {
            if (k < n_good) good.push_back(obs.x[order[k]]);
            else if (k < n_good + n_bad) bad.push_back(obs.x[order[k]]);
        }
        if (good.size() <= d || bad.size() <= d) return;
        models_.insert_or_assign(budget, Model{ProductKde(std::move(good), levels_, s_.min_bandwidth),
                                               ProductKde(std::move(bad), levels_, s_.min_bandwidth)});
    }

    Point propose(Rng& rng) {
        boost::random::uniform_01<double> u01;
        if (models_.empty() || u01(rng) < s_.random_fraction) {
            ++random_;
            return space_.sample(rng);
        }
        ++model_based_;
        const Model& m = models_.rbegin()->second;  // the largest budget with a model
        const auto& good = m.good.data();
        std::vector<double> best, candidate(space_.size());
        double best_score = std::numeric_limits<double>::infinity();
        for (long k = 0; k < s_.num_samples; ++k) {
            const auto& datum = good[boost::random::uniform_int_distribution<std::size_t>(0, good.size() - 1)(rng)];
            for (std::size_t j = 0; j < candidate.size(); ++j) {
                const double bw = m.good.bandwidth(j);
                if (levels_[j] == 0) {
                    candidate[j] = truncated_normal(datum[j], s_.bandwidth_factor * bw, rng);
                } else {
                    candidate[j] = u01(rng) < 1 - bw
                                       ? datum[j]
                                       : static_cast<double>(boost::random::uniform_int_distribution<std::size_t>(0, levels_[j] - 1)(rng));
                }
            }
            const double score = std::max(1e-32, m.bad.pdf(candidate)) / std::max(1e-32, m.good.pdf(candidate));
            if (score < best_score || best.empty()) {
                best_score = score;
                best = candidate;
            }
        }
        Eigen::VectorXd u(static_cast<Eigen::Index>(best.size()));
        for (std::size_t j = 0; j < best.size(); ++j)
            u[static_cast<Eigen::Index>(j)] =
                levels_[j] > 0 ? (best[j] + 0.5) / static_cast<double>(levels_[j]) : best[j];  // Space::encode's layout
        return space_.decode(u);
    }

    // A normal(mean, sd) draw conditioned on [0, 1], by rejection (mean lies in [0, 1], so at
    // least ~1/4 of the draws are kept for any sd); clamped after 1,000 rejections.
    static double truncated_normal(double mean, double sd, Rng& rng) {
        boost::random::normal_distribution<double> normal(mean, sd);
        double v = mean;
        for (int tries = 0; tries < 1000; ++tries) {
            v = normal(rng);
            if (v >= 0 && v <= 1) return v;
        }
        return std::clamp(v, 0.0, 1.0);
    }

    const Space& space_;
    BohbSettings s_;
    hyperband::Engine engine_;
    std::vector<std::size_t> levels_;
    std::map<double, Observations> observations_;
    std::map<double, Model> models_;
    long model_based_ = 0, random_ = 0;
};

}  // namespace

OptimizerFactory bohb_optimizer() {
    std::vector<ParamSpec> params = hyperband_params();
    params.push_back(ParamSpec::integer("min_points_in_model", 0,
                                        "observations a budget needs before it gets a model (0: dimension + 1, the "
                                        "least HpBandSter accepts)",
                                        0, 100000));
    params.push_back(ParamSpec::real("top_n_percent", 15, "percentage of a budget's observations that are 'good'", 1, 99));
    params.push_back(ParamSpec::integer("num_samples", 64, "candidates drawn from l(x) per proposal", 1, 100000));
    params.push_back(ParamSpec::real("random_fraction", 1.0 / 3.0, "fraction of configurations drawn at random", 0, 1));
    params.push_back(
        ParamSpec::positive("bandwidth_factor", 3, "widening of l(x)'s bandwidths when drawing candidates"));
    params.push_back(ParamSpec::positive("min_bandwidth", 1e-3, "smallest KDE bandwidth"));
    return {"bohb",
            "BOHB (Falkner et al. 2018): Hyperband's brackets with configurations proposed by a TPE-like KDE model of "
            "the largest budget that has one; needs a multi-fidelity problem (fcnet, nasbench201)",
            std::move(params), [](const OptimizerSetup& setup, const Args& args) -> std::unique_ptr<Optimizer> {
                const Fidelity& f = require_fidelity(setup, "bohb");
                const long d = static_cast<long>(setup.space.size());
                const long min_points = args.integer("min_points_in_model");
                if (min_points != 0 && min_points < d + 1)
                    throw UserError("bohb: min_points_in_model = " + std::to_string(min_points) +
                                    " is too small; a KDE over " + std::to_string(d) + " parameters needs at least " +
                                    std::to_string(d + 1) + " (or 0 for that)");
                BohbSettings s{args.real("eta"),          args.real("min_fidelity"),    min_points,
                               args.real("top_n_percent"), args.integer("num_samples"), args.real("random_fraction"),
                               args.real("bandwidth_factor"), args.real("min_bandwidth")};
                return std::make_unique<Bohb>(setup.space, f, s);
            }};
}

}  // namespace bobench
