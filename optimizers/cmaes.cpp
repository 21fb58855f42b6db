// CMA-ES with IPOP restarts (optimizers/cmaes.hpp for the algorithm and its sources).
#include "optimizers/cmaes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <Eigen/Eigenvalues>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/registry.hpp"

namespace bobench::cmaes {

namespace {
constexpr int kResamples = 100;         // draws of an infeasible candidate before it is clipped
constexpr double kTolFun = 1e-12;       // B.3's TolFun
constexpr double kTolX = 1e-12;         // TolX, times sigma0
constexpr double kTolXUp = 1e4;         // TolXUp: sigma max(D) grew this much from sigma0
constexpr double kMaxCondition = 1e14;  // ConditionCov
constexpr std::size_t kMaxHistory = 20000;
constexpr double kInf = std::numeric_limits<double>::infinity();

double median_of(std::vector<double> v) {
    const std::size_t h = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(h), v.end());
    const double upper = v[h];
    if (v.size() % 2 == 1) return upper;
    return 0.5 * (upper + *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(h)));
}
}  // namespace

const char* stop_name(Stop stop) {
    switch (stop) {
        case Stop::None: return "none";
        case Stop::TolFun: return "tolfun";
        case Stop::TolX: return "tolx";
        case Stop::NoEffectAxis: return "noeffectaxis";
        case Stop::NoEffectCoord: return "noeffectcoord";
        case Stop::ConditionCov: return "conditioncov";
        case Stop::EqualFunValues: return "equalfunvalues";
        case Stop::Stagnation: return "stagnation";
        case Stop::TolXUp: return "tolxup";
        case Stop::Numerics: return "numerics";
    }
    return "?";
}

int default_popsize(Eigen::Index n) { return 4 + static_cast<int>(std::floor(3 * std::log(static_cast<double>(n)))); }

Strategy::Strategy(Eigen::Index dim, int lam) : n(dim), lambda(lam), mu(lam / 2) {
    const double nd = static_cast<double>(n);
    Eigen::VectorXd w(lambda);
    for (int i = 0; i < lambda; ++i) w[i] = std::log((lambda + 1) / 2.0) - std::log(i + 1.0);
    const Eigen::VectorXd pos = w.head(mu), neg = w.tail(lambda - mu);
    mu_eff = pos.sum() * pos.sum() / pos.squaredNorm();
    const double mu_eff_neg = neg.sum() * neg.sum() / neg.squaredNorm();  // w'_lambda < 0 for lambda >= 2
    const double alpha_cov = 2;
    c_1 = alpha_cov / ((nd + 1.3) * (nd + 1.3) + mu_eff);
    c_mu = std::min(1 - c_1, alpha_cov * (mu_eff - 2 + 1 / mu_eff) / ((nd + 2) * (nd + 2) + alpha_cov * mu_eff / 2));
    // negative weights scaled so that C stays positive definite (alpha_mu^-, alpha_mueff^-, alpha_posdef^-)
    const double alpha_neg = std::min({1 + c_1 / c_mu, 1 + 2 * mu_eff_neg / (mu_eff + 2), (1 - c_1 - c_mu) / (nd * c_mu)});
    const double sum_pos = pos.sum(), sum_neg = -neg.sum();
    weights.resize(lambda);
    for (int i = 0; i < lambda; ++i) weights[i] = w[i] >= 0 ? w[i] / sum_pos : alpha_neg * w[i] / sum_neg;
    c_sigma = (mu_eff + 2) / (nd + mu_eff + 5);
    d_sigma = 1 + 2 * std::max(0.0, std::sqrt((mu_eff - 1) / (nd + 1)) - 1) + c_sigma;
    c_c = (4 + mu_eff / nd) / (nd + 4 + 2 * mu_eff / nd);
    chi_n = std::sqrt(nd) * (1 - 1 / (4 * nd) + 1 / (21 * nd * nd));
    eigen_every = std::max(1, static_cast<int>(std::floor(1 / (10 * nd * (c_1 + c_mu)))));
}

Descent::Descent(Eigen::Index n, int lambda, Eigen::VectorXd mean, double sigma)
    : s_(n, lambda), mean_(std::move(mean)), p_sigma_(Eigen::VectorXd::Zero(n)), p_c_(Eigen::VectorXd::Zero(n)),
      sigma_(sigma), sigma0_(sigma), C_(Eigen::MatrixXd::Identity(n, n)), B_(Eigen::MatrixXd::Identity(n, n)),
      inv_sqrt_C_(Eigen::MatrixXd::Identity(n, n)), D_(Eigen::VectorXd::Ones(n)) {}

Eigen::VectorXd Descent::sample(Rng& rng) const {
    boost::random::normal_distribution<double> normal;
    Eigen::VectorXd z(s_.n), x;
    for (int attempt = 0; attempt <= kResamples; ++attempt) {
        for (Eigen::Index j = 0; j < s_.n; ++j) z[j] = normal(rng);
        x = mean_ + sigma_ * (B_ * D_.cwiseProduct(z));
        if ((x.array() >= 0).all() && (x.array() <= 1).all()) return x;
    }
    return x.cwiseMax(0.0).cwiseMin(1.0);
}

Stop Descent::update(const Eigen::MatrixXd& x, const Eigen::VectorXd& f) {
    std::vector<int> order(static_cast<std::size_t>(s_.lambda));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return f[a] < f[b]; });
    Eigen::MatrixXd y;
    const Eigen::VectorXd y_w = recombine(x, order, y);
    p_sigma_ = (1 - s_.c_sigma) * p_sigma_ + std::sqrt(s_.c_sigma * (2 - s_.c_sigma) * s_.mu_eff) * (inv_sqrt_C_ * y_w);
    const double norm = p_sigma_.norm();
    // h_sigma: stall the rank-one path while p_sigma is long, i.e. while sigma is still rising (tutorial, A)
    const double correction = std::sqrt(1 - std::pow(1 - s_.c_sigma, 2.0 * static_cast<double>(generation_ + 1)));
    const bool h_sigma = norm / correction < (1.4 + 2 / (static_cast<double>(s_.n) + 1)) * s_.chi_n;
    adapt_covariance(y, y_w, h_sigma);
    sigma_ *= std::exp(s_.c_sigma / s_.d_sigma * (norm / s_.chi_n - 1));
    ++generation_;
    if (!std::isfinite(sigma_) || !C_.allFinite() || !mean_.allFinite()) return Stop::Numerics;
    if (generation_ - decomposed_at_ >= s_.eigen_every && !decompose()) return Stop::Numerics;
    record(f, order);
    return check(f, order);
}

// The candidates' steps y_i = (x_i - m) / sigma in rank order, and the mean moved by sigma <y>_w (c_m = 1).
Eigen::VectorXd Descent::recombine(const Eigen::MatrixXd& x, const std::vector<int>& order, Eigen::MatrixXd& y) {
    y.resize(s_.n, s_.lambda);
    for (int i = 0; i < s_.lambda; ++i) y.col(i) = (x.col(order[static_cast<std::size_t>(i)]) - mean_) / sigma_;
    const Eigen::VectorXd y_w = y.leftCols(s_.mu) * s_.weights.head(s_.mu);
    mean_ += sigma_ * y_w;
    return y_w;
}

void Descent::adapt_covariance(const Eigen::MatrixXd& y, const Eigen::VectorXd& y_w, bool h_sigma) {
    p_c_ = (1 - s_.c_c) * p_c_ + (h_sigma ? std::sqrt(s_.c_c * (2 - s_.c_c) * s_.mu_eff) : 0.0) * y_w;
    // negative weights act on the Mahalanobis-normalised steps (w_i° = w_i n / ||C^-1/2 y_i||^2)
    Eigen::VectorXd w = s_.weights;
    for (int i = s_.mu; i < s_.lambda; ++i) {
        const double m2 = (inv_sqrt_C_ * y.col(i)).squaredNorm();
        if (w[i] < 0) w[i] *= static_cast<double>(s_.n) / std::max(m2, std::numeric_limits<double>::min());
    }
    const double delta = h_sigma ? 0.0 : s_.c_c * (2 - s_.c_c);
    const double keep = 1 + s_.c_1 * delta - s_.c_1 - s_.c_mu * s_.weights.sum();
    C_ = keep * C_ + s_.c_1 * p_c_ * p_c_.transpose() + s_.c_mu * y * w.asDiagonal() * y.transpose();
}

// B, D and C^-1/2 from C; false when C is no longer positive definite.
bool Descent::decompose() {
    const Eigen::MatrixXd sym = 0.5 * (C_ + C_.transpose());
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(sym);
    if (eig.info() != Eigen::Success || !(eig.eigenvalues().minCoeff() > 0)) return false;
    C_ = sym;
    B_ = eig.eigenvectors();
    D_ = eig.eigenvalues().cwiseSqrt();
    inv_sqrt_C_ = B_ * D_.cwiseInverse().asDiagonal() * B_.transpose();
    decomposed_at_ = generation_;
    return true;
}

void Descent::record(const Eigen::VectorXd& f, const std::vector<int>& order) {
    const auto window = static_cast<std::size_t>(10 + std::ceil(30.0 * static_cast<double>(s_.n) / s_.lambda));
    recent_best_.push_back(f[order.front()]);
    if (recent_best_.size() > window) recent_best_.pop_front();
    best_history_.push_back(f[order.front()]);
    median_history_.push_back(median_of(std::vector<double>(f.data(), f.data() + f.size())));
    if (best_history_.size() > kMaxHistory) best_history_.pop_front(), median_history_.pop_front();
}

Stop Descent::check(const Eigen::VectorXd& f, const std::vector<int>& order) const {
    const auto window = static_cast<std::size_t>(10 + std::ceil(30.0 * static_cast<double>(s_.n) / s_.lambda));
    if (recent_best_.size() >= window) {
        const auto [lo, hi] = std::minmax_element(recent_best_.begin(), recent_best_.end());
        const double range = std::max(*hi, f[order.back()]) - std::min(*lo, f[order.front()]);
        if (range < kTolFun) return Stop::TolFun;
        if (*hi == *lo) return Stop::EqualFunValues;
    }
    const Eigen::ArrayXd sd = sigma_ * C_.diagonal().array().sqrt();
    if ((sd < kTolX * sigma0_).all() && (sigma_ * p_c_.array().abs() < kTolX * sigma0_).all()) return Stop::TolX;
    for (Eigen::Index i = 0; i < s_.n; ++i)
        if ((mean_ + 0.1 * sigma_ * D_[i] * B_.col(i)).cwiseEqual(mean_).all()) return Stop::NoEffectAxis;
    if ((mean_.array() + 0.2 * sd == mean_.array()).any()) return Stop::NoEffectCoord;
    const double d_max = D_.maxCoeff(), d_min = D_.minCoeff();
    if ((d_max / d_min) * (d_max / d_min) > kMaxCondition) return Stop::ConditionCov;
    if (stagnates()) return Stop::Stagnation;
    if (sigma_ * d_max > kTolXUp * sigma0_) return Stop::TolXUp;
    return Stop::None;
}

// Over the last 20% of the generations (at least 120 + 30 n / lambda, at most 20000), the
// median of the latest 30% of both the best and the median values is no better than that of
// the first 30%.
bool Descent::stagnates() const {
    const double least = 120 + 30.0 * static_cast<double>(s_.n) / s_.lambda;
    const auto span = static_cast<std::size_t>(std::ceil(std::max(least, 0.2 * static_cast<double>(generation_))));
    if (best_history_.size() < span) return false;
    const auto part = static_cast<std::ptrdiff_t>(std::ceil(0.3 * static_cast<double>(span)));
    auto no_better = [&](const std::deque<double>& h) {
        const auto begin = h.end() - static_cast<std::ptrdiff_t>(span);
        return median_of(std::vector<double>(h.end() - part, h.end())) >= median_of(std::vector<double>(begin, begin + part));
    };
    return no_better(best_history_) && no_better(median_history_);
}

Ipop::Ipop(Eigen::Index n, Settings settings)
    : n_(n), settings_(settings), lambda_(settings.popsize > 0 ? settings.popsize : default_popsize(n)) {}

Ipop::Candidate Ipop::ask(Rng& rng) {
    if (asked_ == lambda_) finish_generation();  // some candidates never told
    if (restart_pending_) start(rng);
    const Eigen::VectorXd u = descent_->sample(rng);
    x_.col(asked_++) = u;
    return {next_ticket_++, u};
}

void Ipop::tell(long ticket, double value) {
    const long slot = ticket - first_ticket_;
    if (slot < 0 || slot >= asked_ || told_[static_cast<std::size_t>(slot)]) return;
    f_[slot] = std::isnan(value) ? kInf : value;
    told_[static_cast<std::size_t>(slot)] = 1;
    if (++told_count_ == lambda_) finish_generation();
}

void Ipop::start(Rng& rng) {
    boost::random::uniform_real_distribution<double> uniform(0.0, 1.0);
    Eigen::VectorXd mean(n_);
    for (Eigen::Index j = 0; j < n_; ++j) mean[j] = uniform(rng);
    descent_.emplace(n_, lambda_, std::move(mean), settings_.sigma0);
    descents_.push_back({lambda_, 0, Stop::None});
    x_.resize(n_, lambda_);
    f_.setConstant(lambda_, kInf);
    told_.assign(static_cast<std::size_t>(lambda_), 0);
    restart_pending_ = false;
}

void Ipop::finish_generation() {
    for (int i = 0; i < lambda_; ++i)
        if (!told_[static_cast<std::size_t>(i)]) f_[i] = kInf;  // never told: a failure
    if (!frozen_) {
        const Stop stop = descent_->update(x_, f_);
        ++descents_.back().generations;
        if (stop != Stop::None) {
            descents_.back().stop = stop;
            if (settings_.restart) {
                restart_pending_ = true;
                const double grown = std::round(lambda_ * settings_.inc_popsize);
                lambda_ = static_cast<int>(std::min<double>(grown, std::max(settings_.max_popsize, lambda_)));
            } else if (stop == Stop::Numerics) {
                restart_pending_ = true;  // a broken distribution is not sampled: start afresh
            } else {
                frozen_ = true;
            }
        }
    }
    asked_ = told_count_ = 0;
    std::fill(told_.begin(), told_.end(), 0);
    f_.setConstant(kInf);
    first_ticket_ = next_ticket_;
}

}  // namespace bobench::cmaes

namespace bobench {

namespace {
// The registered optimizer: Ipop on the space's encoding (Space::decode rounds integer,
// ordinal and categorical coordinates, as for `de`).
class CmaEs final : public Optimizer {
public:
    CmaEs(const Space& space, const cmaes::Settings& settings)
        : space_(space), ipop_(static_cast<Eigen::Index>(space.size()), settings) {}

    Point ask(Rng& rng) override {
        while (!pending_.empty() && pending_.front().ticket < ipop_.first_live_ticket()) pending_.pop_front();
        const cmaes::Ipop::Candidate c = ipop_.ask(rng);
        pending_.push_back({space_.decode(c.u), c.ticket});
        return pending_.back().x;
    }

    // The value of the oldest untold candidate at x (asked in a batch, told in any order),
    // else of the oldest untold one.
    void tell(const Point& x, double value) override {
        if (pending_.empty()) return;
        auto it = std::find_if(pending_.begin(), pending_.end(), [&](const Pending& p) { return p.x == x; });
        if (it == pending_.end()) it = pending_.begin();
        const long ticket = it->ticket;
        pending_.erase(it);
        ipop_.tell(ticket, value);
    }

    Metadata diagnostics() const override {
        // the descents' populations and why each finished one stopped, e.g. "8,16,32" and "tolfun,stagnation"
        std::string popsizes, stops;
        for (const auto& d : ipop_.descents()) {
            if (!popsizes.empty()) popsizes += ',';
            popsizes += std::to_string(d.lambda);
            if (d.stop == cmaes::Stop::None) continue;
            if (!stops.empty()) stops += ',';
            stops += cmaes::stop_name(d.stop);
        }
        return {{"popsizes", popsizes}, {"stops", stops}};
    }

private:
    struct Pending {
        Point x;
        long ticket;
    };
    const Space& space_;
    cmaes::Ipop ipop_;
    std::deque<Pending> pending_;  // asked, not told, in the order asked
};

cmaes::Settings settings_of(const Args& args, long budget) {
    cmaes::Settings s;
    const long popsize = args.integer("popsize");
    if (popsize == 1)
        throw UserError("optimizer 'cmaes': popsize = 1 is not valid; expected 0 (the default, 4 + floor(3 ln n)) "
                        "or an integer of at least 2");
    s.popsize = static_cast<int>(popsize);
    s.sigma0 = args.real("sigma0");
    s.restart = args.text("restarts") == "ipop";
    s.inc_popsize = args.real("inc_popsize");
    // a generation larger than the budget is never complete
    s.max_popsize = static_cast<int>(std::clamp<long>(budget, 2, s.max_popsize));
    return s;
}
}  // namespace

OptimizerFactory cmaes_optimizer() {
    return {"cmaes",
            "CMA-ES (Hansen's tutorial, arXiv:1604.00772, active weights) with IPOP restarts (Auger & Hansen 2005), "
            "on the space's [0, 1] encoding; docs/CMAES.md",
            {ParamSpec::integer("popsize", 0, "the first descent's population lambda; 0: 4 + floor(3 ln n)", 0, 1000000),
             ParamSpec::real("sigma0", 0.3,
                             "initial step size as a fraction of each parameter's range (of its log for log-scale "
                             "ones); 0.3, bobench's choice, is sigma = 3 on BBOB's [-5, 5]",
                             0.0, 1.0)
                 .open_min(),
             ParamSpec::choice("restarts", "ipop", {"ipop", "none"},
                               "ipop: a descent that meets a termination criterion of the tutorial (B.3) restarts from "
                               "a uniform mean with inc_popsize times the population; none: one descent, whose last "
                               "distribution is sampled to the end"),
             ParamSpec::real("inc_popsize", 2.0, "factor of the population at each restart (IPOP: 2)", 1.0, 100.0)},
            [](const OptimizerSetup& setup, const Args& args) {
                return std::make_unique<CmaEs>(setup.space, settings_of(args, setup.budget));
            }};
}

}  // namespace bobench
