// NUTS and adaptive SGHMC against targets with known moments: a correlated 10-D Gaussian,
// the closed-form posterior of Bayesian linear regression, and Neal's funnel (whose
// divergences the diagnostics must report). Tolerances are Monte-Carlo errors from the
// effective sample size of each estimate (4 standard errors), so a wrong sampler fails.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include <Eigen/LU>
#include <Eigen/Core>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/simd/lanes.hpp"
#include "surrogates/samplers/effective_sample_size.hpp"
#include "surrogates/samplers/nuts.hpp"
#include "surrogates/samplers/sghmc.hpp"

using namespace bobench;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// N(mu, Sigma) with Sigma_ij = s_i s_j 0.9^|i-j|, scales s from e^-1 to e^1.
struct Gaussian {
    VectorXd mu;
    MatrixXd cov, precision;
    explicit Gaussian(int d) : mu(d), cov(d, d) {
        for (int i = 0; i < d; ++i) {
            mu[i] = 0.5 * i - 2;
            for (int j = 0; j < d; ++j) {
                const double si = std::exp(-1 + 2.0 * i / (d - 1)), sj = std::exp(-1 + 2.0 * j / (d - 1));
                cov(i, j) = si * sj * std::pow(0.9, std::abs(i - j));
            }
        }
        precision = cov.inverse();
    }
    double operator()(const VectorXd& q, VectorXd& grad) const {
        const VectorXd r = q - mu;
        grad.noalias() = -precision * r;
        return 0.5 * r.dot(grad);
    }
};

struct Moments {
    VectorXd mean;
    MatrixXd cov;
};

// Checks the draws' mean and covariance against the truth within `z` Monte-Carlo
// standard errors (each from the ESS of its own chain), plus an optional absolute
// allowance for a sampler's known discretisation bias. Returns the worst ratio.
double check_moments(const MatrixXd& draws, const Moments& truth, double z, double bias_sd = 0) {
    const Eigen::Index d = draws.rows(), n = draws.cols();
    double worst = 0;
    for (Eigen::Index i = 0; i < d; ++i) {
        const VectorXd xi = draws.row(i).transpose();
        const double sd = std::sqrt(truth.cov(i, i));
        const double se = sd / std::sqrt(samplers::effective_sample_size(xi));
        const double err = std::abs(xi.mean() - truth.mean[i]);
        INFO("mean " << i << ": " << xi.mean() << " vs " << truth.mean[i] << ", se " << se);
        CHECK(err < z * se + bias_sd * sd);
        worst = std::max(worst, err / se);
        for (Eigen::Index j = 0; j <= i; ++j) {
            const VectorXd u = (draws.row(i).array() - truth.mean[i]) * (draws.row(j).array() - truth.mean[j]);
            const double su = std::sqrt((u.array() - u.mean()).square().sum() / (n - 1));
            const double se_u = su / std::sqrt(samplers::effective_sample_size(u));
            const double scale = std::sqrt(truth.cov(i, i) * truth.cov(j, j));
            INFO("cov(" << i << "," << j << "): " << u.mean() << " vs " << truth.cov(i, j) << ", se " << se_u);
            CHECK(std::abs(u.mean() - truth.cov(i, j)) < z * se_u + bias_sd * scale);
            worst = std::max(worst, std::abs(u.mean() - truth.cov(i, j)) / se_u);
        }
    }
    return worst;
}

// Bayesian linear regression y = X w + N(0, sigma^2), w ~ N(0, tau^2 I): the posterior
// is N(m, S) with S = (X^T X / sigma^2 + I / tau^2)^-1, m = S X^T y / sigma^2.
struct LinearRegression {
    MatrixXd X;
    VectorXd y;
    double sigma = 0.5, tau = 2.0;
    LinearRegression(int n, int d, Rng& rng) : X(n, d), y(n) {
        boost::random::normal_distribution<double> normal;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < d; ++j) X(i, j) = normal(rng);
        VectorXd w(d);
        for (int j = 0; j < d; ++j) w[j] = 1.0 - 0.7 * j;
        for (int i = 0; i < n; ++i) y[i] = X.row(i).dot(w) + sigma * normal(rng);
    }
    Moments posterior() const {
        const MatrixXd A = X.transpose() * X / (sigma * sigma) +
                           MatrixXd::Identity(X.cols(), X.cols()) / (tau * tau);
        const MatrixXd S = A.inverse();
        return {S * X.transpose() * y / (sigma * sigma), S};
    }
    // log p of the rows in `rows` scaled up to the whole data set, plus the prior.
    double log_density(const VectorXd& w, VectorXd& grad, const std::vector<int>* rows) const {
        const double scale = rows ? static_cast<double>(X.rows()) / static_cast<double>(rows->size()) : 1.0;
        grad = -w / (tau * tau);
        double lp = -0.5 * w.squaredNorm() / (tau * tau);
        const auto add = [&](int i) {
            const double r = y[i] - X.row(i).dot(w);
            lp += -0.5 * scale * r * r / (sigma * sigma);
            grad += (scale * r / (sigma * sigma)) * X.row(i).transpose();
        };
        if (rows)
            for (int i : *rows) add(i);
        else
            for (int i = 0; i < X.rows(); ++i) add(i);
        return lp;
    }
};

}  // namespace

TEST_CASE("NUTS: correlated 10-D Gaussian moments within Monte-Carlo error, adapted acceptance 0.8",
          "[samplers][nuts]") {
    const Gaussian target(10);
    samplers::NutsOptions o;
    o.warmup = 1000;
    o.draws = 2000;
    Rng rng(7);
    const auto r = samplers::nuts(std::cref(target), VectorXd::Zero(10), o, rng);
    const auto& d = r.diagnostics;
    INFO("step " << d.step_size << ", accept " << d.mean_accept << ", depth " << d.mean_depth);
    // Dual averaging brings the acceptance statistic of the adapting iterations to the
    // target; the averaged step it ends with accepts more (Jensen's gap on a concave
    // acceptance curve; Stan shows the same), so the sampling phase is checked for
    // [0.8, 0.95].
    CHECK(d.warmup_accept == Approx(0.8).margin(0.05));
    CHECK(d.mean_accept >= 0.8);
    CHECK(d.mean_accept < 0.95);
    CHECK(d.divergences == 0);
    CHECK(d.max_depth_hits == 0);
    // the adapted inverse mass matrix approaches the marginal variances
    for (int i = 0; i < 10; ++i) {
        CHECK(d.inverse_mass[i] > 0.5 * target.cov(i, i));
        CHECK(d.inverse_mass[i] < 2.0 * target.cov(i, i));
    }
    check_moments(r.draws, {target.mu, target.cov}, 4.0);
}

TEST_CASE("NUTS: Bayesian linear regression posterior against the closed form", "[samplers][nuts]") {
    Rng data_rng(3);
    const LinearRegression blr(40, 3, data_rng);
    samplers::NutsOptions o;
    o.warmup = 500;
    o.draws = 2000;
    Rng rng(11);
    const auto r = samplers::nuts(
        [&](const VectorXd& w, VectorXd& g) { return blr.log_density(w, g, nullptr); }, VectorXd::Zero(3), o, rng);
    check_moments(r.draws, blr.posterior(), 4.0);
    // The tolerances above come from the chain's own ESS, so a sampler that mixes badly
    // would widen them until anything passes: NUTS with an adapted mass matrix on a
    // Gaussian posterior reaches an ESS near the number of draws (Stan's typical
    // behaviour); a random walk in its place gets a few percent of it.
    for (Eigen::Index i = 0; i < r.draws.rows(); ++i) {
        const double ess = samplers::effective_sample_size(r.draws.row(i).transpose());
        INFO("coordinate " << i << ": ESS " << ess << " of " << o.draws << " draws");
        CHECK(ess > 0.5 * o.draws);
    }
}

TEST_CASE("NUTS: the diagnostics report divergences on Neal's funnel, none on a Gaussian", "[samplers][nuts]") {
    // v ~ N(0, 3^2), x_k | v ~ N(0, e^v), k = 1..9 (Neal 2003, "Slice sampling", section 8)
    auto funnel = [](const VectorXd& q, VectorXd& g) {
        const double v = q[0];
        const VectorXd x = q.tail(9);
        g[0] = -v / 9.0 - 4.5 + 0.5 * x.squaredNorm() * std::exp(-v);
        g.tail(9) = -x * std::exp(-v);
        return -v * v / 18.0 - 4.5 * v - 0.5 * x.squaredNorm() * std::exp(-v);
    };
    samplers::NutsOptions o;
    o.warmup = 500;
    o.draws = 1000;
    Rng rng(5);
    const auto r = samplers::nuts(funnel, VectorXd::Ones(10), o, rng);
    INFO("divergences " << r.diagnostics.divergences << " (warm-up " << r.diagnostics.warmup_divergences << ")");
    CHECK(r.diagnostics.divergences > 0);
}

TEST_CASE("NUTS: Stan's warm-up windows", "[samplers][nuts]") {
    using W = std::vector<std::pair<int, int>>;
    CHECK(samplers::mass_matrix_windows(1000) == W{{75, 100}, {100, 150}, {150, 250}, {250, 450}, {450, 950}});
    CHECK(samplers::mass_matrix_windows(2500) ==
          W{{75, 100}, {100, 150}, {150, 250}, {250, 450}, {450, 850}, {850, 2450}});
    CHECK(samplers::mass_matrix_windows(100) == W{{15, 90}});
    CHECK(samplers::mass_matrix_windows(19).empty());
}

TEST_CASE("NUTS: bad options and a non-finite start are refused", "[samplers][nuts]") {
    const Gaussian target(2);
    Rng rng(1);
    samplers::NutsOptions o;
    o.draws = -1;
    CHECK_THROWS_WITH(samplers::nuts(std::cref(target), VectorXd::Zero(2), o, rng),
                      Catch::Contains("draws = -1 must be >= 0"));
    o = {};
    o.max_depth = 0;
    CHECK_THROWS_AS(samplers::nuts(std::cref(target), VectorXd::Zero(2), o, rng), UserError);
    o = {};
    CHECK_THROWS_WITH(samplers::nuts([](const VectorXd&, VectorXd&) { return std::nan(""); }, VectorXd::Zero(2), o,
                                     rng),
                      Catch::Contains("not finite at the initial point"));
}

TEST_CASE("adaptive SGHMC: correlated 10-D Gaussian moments", "[samplers][sghmc]") {
    const Gaussian target(10);
    samplers::SghmcOptions o;
    // pybnn's update subtracts lr^4 from the injected noise variance, which shrinks the
    // sampled variance visibly for lr = 0.1 (by ~35 % here); at lr = 0.03 it is a few %.
    o.steps = 1005000;
    o.burn_in = 5000;
    o.keep_every = 50;
    o.learning_rate = 0.03;
    Rng rng(9);
    const auto r = samplers::adaptive_sghmc([&](const VectorXd& q, VectorXd& g, Rng&) { return target(q, g); },
                                            VectorXd::Zero(10), o, rng);
    REQUIRE_FALSE(r.diverged);
    REQUIRE(r.draws.cols() == 19999);
    // SGHMC has no Metropolis correction: allow a discretisation bias of 10 % of a sd
    check_moments(r.draws, {target.mu, target.cov}, 4.0, 0.1);
}

TEST_CASE("adaptive SGHMC: the same draws in the scalar, SSE2, AVX2 and AVX-512 paths", "[samplers][sghmc]") {
    const Gaussian target(13);  // 13 coordinates: each wide path leaves entries to the narrower ones
    samplers::SghmcOptions o;
    o.steps = 3000;
    o.burn_in = 1000;  // both halves of the update: adapting and frozen
    o.keep_every = 10;
    std::vector<MatrixXd> draws;
    for (int lanes : {8, 4, 2, 1}) {
        const simd::ForcedLanes force(lanes);
        Rng rng(12);
        draws.push_back(samplers::adaptive_sghmc([&](const VectorXd& q, VectorXd& g, Rng&) { return target(q, g); },
                                                 VectorXd::Zero(13), o, rng)
                            .draws);
        INFO("lanes " << lanes);
        CHECK(draws.back().cols() == 199);
        CHECK(draws.back() == draws.front());
    }
}

TEST_CASE("adaptive SGHMC with mini-batches: Bayesian linear regression posterior", "[samplers][sghmc]") {
    Rng data_rng(3);
    const LinearRegression blr(40, 3, data_rng);
    samplers::SghmcOptions o;
    o.steps = 1005000;
    o.burn_in = 5000;
    o.keep_every = 50;
    o.learning_rate = 0.01;  // pybnn's default
    std::vector<int> batch(10);
    Rng rng(4);
    const auto r = samplers::adaptive_sghmc(
        [&](const VectorXd& w, VectorXd& g, Rng& rng) {
            boost::random::uniform_int_distribution<int> row(0, 39);
            for (int& i : batch) i = row(rng);
            return blr.log_density(w, g, &batch);
        },
        VectorXd::Zero(3), o, rng);
    REQUIRE_FALSE(r.diverged);
    check_moments(r.draws, blr.posterior(), 4.0, 0.1);
}

TEST_CASE("adaptive SGHMC: pybnn's keep rule, divergence detection and bad options", "[samplers][sghmc]") {
    const Gaussian target(2);
    auto f = [&](const VectorXd& q, VectorXd& g, Rng&) { return target(q, g); };
    Rng rng(2);
    samplers::SghmcOptions o;  // 13000 steps, 3000 burn-in, keep every 100: 99 draws
    CHECK(samplers::adaptive_sghmc(f, VectorXd::Zero(2), o, rng).draws.cols() == 99);
    o.learning_rate = 1e3;  // hopeless: the momentum explodes
    o.burn_in = 0;
    const auto r = samplers::adaptive_sghmc(f, VectorXd::Zero(2), o, rng);
    CHECK(r.diverged);
    CHECK(r.diverged_at > 0);
    o = {};
    o.keep_every = 0;
    CHECK_THROWS_WITH(samplers::adaptive_sghmc(f, VectorXd::Zero(2), o, rng), Catch::Contains("keep_every = 0"));
    o = {};
    o.steps = -5;
    CHECK_THROWS_AS(samplers::adaptive_sghmc(f, VectorXd::Zero(2), o, rng), UserError);
}

TEST_CASE("adaptive SGHMC: draws are the positions after every keep_every-th step past burn-in and never burn-in ones",
          "[samplers][sghmc]") {
    // The DTU thesis' BOHAMIANN (Table 5.1): 1000 burn-in steps, then 2000 keeping every 5th.
    const Gaussian target(2);
    std::vector<VectorXd> seen;  // the position passed to the target at each step
    auto f = [&](const VectorXd& q, VectorXd& g, Rng&) {
        seen.push_back(q);
        return target(q, g);
    };
    Rng rng(9);
    samplers::SghmcOptions o;
    o.burn_in = 1000;
    o.steps = 1000 + 2000;
    o.keep_every = 5;
    const auto r = samplers::adaptive_sghmc(f, VectorXd::Zero(2), o, rng);
    REQUIRE_FALSE(r.diverged);
    REQUIRE(seen.size() == 3000);
    // pybnn's rule keeps s (0-based) with s - burn_in in {5, 10, ..., 1995}: 399 draws
    REQUIRE(r.draws.cols() == 399);
    for (Eigen::Index j = 0; j < r.draws.cols(); ++j) {
        // kept after step s = 1000 + 5 (j + 1), i.e. the position the next step starts from
        const std::size_t next = static_cast<std::size_t>(1000 + 5 * (j + 1) + 1);
        CHECK(r.draws.col(j) == seen[next]);
    }
    // no draw is a burn-in position (steps 0-999 start from seen[0..1000])
    bool from_burn_in = false;
    for (Eigen::Index j = 0; j < r.draws.cols(); ++j)
        for (std::size_t b = 0; b <= 1000; ++b) from_burn_in = from_burn_in || r.draws.col(j) == seen[b];
    CHECK_FALSE(from_burn_in);
}
