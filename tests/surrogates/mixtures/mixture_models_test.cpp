// The mixture-density surrogates (surrogates/mixtures/): EM, conditionals against closed
// forms and hand computations, normalisation, the mixture EI, and bad input.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include <Eigen/Dense>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "acquisitions/expected_improvement.hpp"
#include "core/error.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "surrogates/mixtures/gaussian_mixture.hpp"
#include "surrogates/mixtures/kernel_density.hpp"
#include "surrogates/mixtures/sum_product_network.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::surrogates::mixtures;
using bobench::test::point;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// n rows around three centres in p dimensions (sd 0.1): a clear 3-cluster structure.
MatrixXd clustered_rows(Eigen::Index n, Eigen::Index p, Rng& rng) {
    boost::random::normal_distribution<double> g(0.0, 0.1);
    MatrixXd Z(n, p);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < p; ++j) Z(i, j) = static_cast<double>((i % 3) * (j + 1)) * 0.5 + g(rng);
    return Z;
}

bool non_decreasing(const std::vector<double>& trace) {
    for (std::size_t i = 1; i < trace.size(); ++i)
        if (trace[i] < trace[i - 1] - 1e-9 * std::abs(trace[i - 1])) return false;
    return true;
}

// n draws of (x, y) = (0.3 + 0.2 u, 1 + 0.15 u + 0.2 v), u, v ~ N(0, 1): y | x has slope 0.75.
MatrixXd correlated_pair(Eigen::Index n, Rng& rng) {
    boost::random::normal_distribution<double> n01(0.0, 1.0);
    MatrixXd Z(n, 2);
    for (Eigen::Index i = 0; i < n; ++i) {
        const double u = n01(rng), v = n01(rng);
        Z(i, 0) = 0.3 + 0.2 * u;
        Z(i, 1) = 1.0 + 0.15 * u + 0.2 * v;
    }
    return Z;
}

// The MAP covariance of one Gaussian fitted to all of Z: (scatter + Lambda) / (n + 1), with
// Lambda = r + each coordinate's variance (the data-scaled prior with one component).
MatrixXd map_covariance(const MatrixXd& Z, double r) {
    const MatrixXd C = Z.rowwise() - Z.colwise().mean();
    const MatrixXd lambda = ((C.array().square().colwise().mean() + r).matrix()).asDiagonal();
    return (C.transpose() * C + lambda) / (static_cast<double>(Z.rows()) + 1.0);
}

// The fitted conditional alone, in y's own units (the tests' hand computations are in them).
MixtureRegressionOptions no_prior() {
    MixtureRegressionOptions o;
    o.prior_blend = false;
    o.output = OutputTransform::Standardise;
    return o;
}

}  // namespace

TEST_CASE("mixtures: EM never lowers the objective (Gaussian mixture and sum-product network)", "[mixtures]") {
    Rng rng(7);
    for (Eigen::Index p : {2, 3}) {
        const MatrixXd Z = clustered_rows(90, p, rng);
        for (int k : {1, 3, 5}) {
            GaussianMixtureOptions o;
            o.components = k;
            o.restarts = 1;
            o.tolerance = 0.0;  // run all iterations: more steps to check
            o.max_iterations = 60;
            const GaussianMixture g = GaussianMixture::fit(Z, o, rng);
            INFO("p = " << p << ", k = " << k << ", " << g.objective_trace().size() << " iterations");
            CHECK(g.objective_trace().size() >= 2);
            CHECK(non_decreasing(g.objective_trace()));
        }
        // the objective is the log-likelihood plus -1/2 tr(Lambda S^-1) - 1/2 log|S| per
        // component, Lambda = diag(r + variance_j / K^(2/p)) (the data-scaled prior) or r I
        GaussianMixtureOptions tiny;
        tiny.components = 3;
        tiny.reg_covar = 1e-10;
        tiny.restarts = 1;
        for (bool scaled : {true, false}) {
            tiny.data_scaled_prior = scaled;
            const GaussianMixture g = GaussianMixture::fit(Z, tiny, rng);
            CHECK(non_decreasing(g.objective_trace()));
            VectorXd lambda = VectorXd::Constant(p, tiny.reg_covar);
            if (scaled)
                for (Eigen::Index j = 0; j < p; ++j)
                    lambda[j] += (Z.col(j).array() - Z.col(j).mean()).square().mean() / std::pow(3.0, 2.0 / static_cast<double>(p));
            double penalty = 0.0;
            for (const MatrixXd& S : g.covariances())
                penalty += -0.5 * (lambda.asDiagonal() * S.inverse()).trace() - 0.5 * std::log(S.determinant());
            CHECK(g.objective_trace().back() == Approx(g.log_likelihood(Z) + penalty).epsilon(1e-9));
        }
        const GaussianMixture g = GaussianMixture::fit(Z, tiny, rng);
        // three clusters: three components explain the data far better than one
        tiny.components = 1;
        CHECK(g.log_likelihood(Z) > GaussianMixture::fit(Z, tiny, rng).log_likelihood(Z) + 10.0);

        SpnOptions s;
        s.tolerance = 0.0;
        s.max_iterations = 40;
        const SumProductNetwork spn = SumProductNetwork::fit(Z, s, rng);
        CHECK(non_decreasing(spn.objective_trace()));
        CHECK(spn.objective_trace().back() > spn.objective_trace().front() + 1.0);  // it does learn
    }
}

TEST_CASE("mixtures: GMR's conditional of one 2-D Gaussian is the closed form", "[mixtures]") {
    // x ~ N(0.3, 0.04), y | x ~ N(1 + (0.03 / 0.04)(x - 0.3), 0.09 - 0.03^2 / 0.04)
    MatrixXd S(2, 2);
    S << 0.04, 0.03, 0.03, 0.09;
    const GaussianMixture g({1.0}, {point({0.3, 1.0})}, {S});
    Components c;
    for (double x : {-0.2, 0.3, 0.75}) {
        const double log_px = g.conditional(point({x}), c);
        REQUIRE(c.size() == 1);
        CHECK(c[0].weight == Approx(1.0));
        CHECK(c[0].mean == Approx(1.0 + 0.75 * (x - 0.3)).epsilon(1e-12));
        CHECK(c[0].var == Approx(0.0675).epsilon(1e-12));
        CHECK(log_px == Approx(-0.5 * (x - 0.3) * (x - 0.3) / 0.04 - 0.5 * std::log(2 * std::numbers::pi * 0.04)));
    }
    // two components: the weights are w_k N(x; mu_k,x, S_k,xx), normalised
    MatrixXd S2(2, 2);
    S2 << 0.01, -0.005, -0.005, 0.02;
    const GaussianMixture two({0.25, 0.75}, {point({0.3, 1.0}), point({0.6, -1.0})}, {S, S2});
    const double x = 0.5;
    const double a = 0.25 * std::exp(-0.5 * 0.04 / 0.04) / std::sqrt(0.04);
    const double b = 0.75 * std::exp(-0.5 * 0.01 / 0.01) / std::sqrt(0.01);
    two.conditional(point({x}), c);
    REQUIRE(c.size() == 2);
    CHECK(c[0].weight == Approx(a / (a + b)).epsilon(1e-12));
    CHECK(c[1].mean == Approx(-1.0 - 0.5 * (x - 0.6)).epsilon(1e-12));
    CHECK(c[1].var == Approx(0.02 - 0.005 * 0.005 / 0.01).epsilon(1e-12));

    // fitted with one component: the closed form of the regularised sample moments
    Rng rng(3);
    const MatrixXd Z = correlated_pair(400, rng);
    GaussianMixtureOptions o;
    o.components = 1;
    const GaussianMixture fitted = GaussianMixture::fit(Z, o, rng);
    const VectorXd m = Z.colwise().mean();
    const MatrixXd Sigma = map_covariance(Z, o.reg_covar);
    fitted.conditional(point({0.5}), c);
    CHECK(c[0].mean == Approx(m[1] + Sigma(0, 1) / Sigma(0, 0) * (0.5 - m[0])).epsilon(1e-9));
    CHECK(c[0].var == Approx(Sigma(1, 1) - Sigma(0, 1) * Sigma(0, 1) / Sigma(0, 0)).epsilon(1e-9));
    CHECK(c[0].mean == Approx(1.0 + 0.75 * 0.2).epsilon(0.1));  // and near the truth
}

TEST_CASE("mixtures: a sum-product network leaf with a full covariance regresses y on its inputs", "[mixtures]") {
    // one repetition of one leaf over (x, y) (depth 0): the network is one Gaussian, fitted
    // by the same MAP M-step as a one-component mixture, so its conditional is the closed
    // form of the regularised sample moments (Lambda = r + each coordinate's variance);
    // factorised leaves lose the slope: y's mean no longer moves with x
    Rng rng(3);
    const MatrixXd Z = correlated_pair(200, rng);
    const VectorXd m = Z.colwise().mean();
    SpnOptions o;
    o.repetitions = o.leaves = o.sums = 1;
    o.depth = 0;
    const MatrixXd Sigma = map_covariance(Z, o.reg_var);
    Components c;
    for (double x : {0.1, 0.5}) {
        SumProductNetwork::fit(Z, o, rng).conditional(point({x}), c);
        REQUIRE(c.size() == 1);
        CHECK(c[0].mean == Approx(m[1] + Sigma(0, 1) / Sigma(0, 0) * (x - m[0])).epsilon(1e-9));
        CHECK(c[0].var == Approx(Sigma(1, 1) - Sigma(0, 1) * Sigma(0, 1) / Sigma(0, 0)).epsilon(1e-9));
    }
    o.full_covariance = false;
    for (double x : {0.1, 0.5}) {
        SumProductNetwork::fit(Z, o, rng).conditional(point({x}), c);
        REQUIRE(c.size() == 1);
        CHECK(c[0].mean == Approx(m[1]).epsilon(1e-9));
        CHECK(c[0].var == Approx(Sigma(1, 1)).epsilon(1e-9));
    }
}

TEST_CASE("mixtures: the sum-product network is a normalised density with a consistent conditional", "[mixtures]") {
    Rng rng(11);
    const MatrixXd Z = clustered_rows(60, 2, rng);
    for (int depth : {0, 1}) {
        SpnOptions o;
        o.depth = depth;
        o.leaves = o.sums = 3;
        const SumProductNetwork spn = SumProductNetwork::fit(Z, o, rng);
        // midpoint rule on a box that holds all the mass (the data lie in [-0.4, 1.4])
        const double lo = -2.5, hi = 3.5, h = 0.01;
        double mass = 0.0;
        for (double u = lo + h / 2; u < hi; u += h)
            for (double v = lo + h / 2; v < hi; v += h) mass += std::exp(spn.log_density(point({u, v}))) * h * h;
        INFO("depth " << depth << ", " << spn.nodes() << " nodes");
        CHECK(mass == Approx(1.0).epsilon(1e-3));
        // p(x) = integral of p(x, y) dy, and p(y | x) = p(x, y) / p(x)
        for (double x : {0.0, 0.5, 1.0, 1.2}) {  // the clusters have y near 2 x
            Components c;
            const double log_px = spn.conditional(point({x}), c);
            double marginal = 0.0;
            for (double v = lo + h / 2; v < hi; v += h) marginal += std::exp(spn.log_density(point({x, v}))) * h;
            CHECK(std::exp(log_px) == Approx(marginal).epsilon(1e-3));
            for (double y : {2 * x - 0.3, 2 * x, 2 * x + 0.4})
                CHECK(mixture_log_density(c, y) == Approx(spn.log_density(point({x, y})) - log_px).epsilon(1e-9));
        }
    }
}

TEST_CASE("mixtures: the kernel estimator's conditional mean is the hand-computed one", "[mixtures]") {
    // x = 0.1, 0.4, 0.9 with y = 1, 2, 4; h_x = 0.2; at x = 0.3 the kernel exponents are
    // -(0.3 - x_i)^2 / 0.08 = -0.5, -0.125, -4.5, so the weights are e^-0.5, e^-0.125, e^-4.5
    // over their sum 1.500139 = 0.404317, 0.588278, 0.007405 and the mean
    // 0.404317 * 1 + 0.588278 * 2 + 0.007405 * 4 = 1.610494.
    const MatrixXd X = (MatrixXd(3, 1) << 0.1, 0.4, 0.9).finished();
    const VectorXd y = point({1.0, 2.0, 4.0});
    KernelDensityRegression kde(no_prior(), {{0.2}, {0.5}});
    Rng rng(1);
    kde.fit(X, y, rng);
    const surrogates::Prediction p = kde.predict(point({0.3}));
    CHECK(p.mean == Approx(1.610494).epsilon(1e-6));
    // variance: the kernel's (h_y = 0.5 sd of y) plus the weighted spread of the y_i
    const double sd_y = std::sqrt(((y.array() - y.mean()).square()).mean());
    CHECK(p.var == Approx(0.25 * sd_y * sd_y + 0.282223).epsilon(1e-5));
}

TEST_CASE("mixtures: bandwidths and components follow the data by cross-validation", "[mixtures]") {
    Rng rng(5);
    const MatrixXd X = test::uniform_points(80, 1, rng);
    boost::random::normal_distribution<double> noise(0.0, 0.05);
    VectorXd smooth(80), wiggly(80);
    for (Eigen::Index i = 0; i < 80; ++i) {
        smooth[i] = X(i, 0) + noise(rng);
        wiggly[i] = std::sin(25.0 * X(i, 0)) + noise(rng);
    }
    KernelDensityRegression kde(no_prior());
    kde.fit(X, smooth, rng);
    const double h_smooth = kde.h_x();
    kde.fit(X, wiggly, rng);
    CHECK(kde.h_x() < h_smooth);  // a function that wiggles needs narrower input kernels
    GmrOptions by_cv;
    by_cv.max_components = 8;
    by_cv.components_by_cv = true;
    GaussianMixtureRegression gmr(no_prior(), by_cv);
    gmr.fit(X, smooth, rng);
    const std::size_t k_smooth = gmr.components();
    gmr.fit(X, wiggly, rng);
    CHECK(gmr.components() > k_smooth);
}

TEST_CASE("mixtures: the exact mixture EI matches Monte Carlo and moment matching differs", "[mixtures][acquisitions]") {
    const Components mixture{{0.5, 0.0, 0.04}, {0.3, 1.0, 0.25}, {0.2, -0.5, 1.0}};
    const double target = -0.1;
    Rng rng(9);
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    boost::random::normal_distribution<double> n01(0.0, 1.0);
    const int draws = 400000;
    double sum = 0.0, sum2 = 0.0;
    for (int i = 0; i < draws; ++i) {
        const double r = u(rng);
        const auto& c = r < 0.5 ? mixture[0] : r < 0.8 ? mixture[1] : mixture[2];
        const double imp = std::max(0.0, target - (c.mean + std::sqrt(c.var) * n01(rng)));
        sum += imp;
        sum2 += imp * imp;
    }
    const double mc = sum / draws, se = std::sqrt((sum2 / draws - mc * mc) / draws);
    const double exact = acquisitions::MixtureExpectedImprovement::of_mixture(mixture, target);
    INFO("exact " << exact << ", Monte Carlo " << mc << " +- " << se);
    CHECK(std::abs(exact - mc) < 4.0 * se);
    // one Gaussian with the mixture's moments gives another number here
    const surrogates::Prediction m = mixture_moments(mixture);
    const double matched = acquisitions::MixtureExpectedImprovement::of_mixture({{1.0, m.mean, m.var}}, target);
    CHECK(std::abs(matched - exact) > 20.0 * se);
}

TEST_CASE("mixtures: mixture-EI equals EI for a one-Gaussian model", "[mixtures][acquisitions]") {
    Rng rng(2);
    const MatrixXd X = test::uniform_points(8, 2, rng);
    VectorXd y(8);
    for (Eigen::Index i = 0; i < 8; ++i) y[i] = X.row(i).squaredNorm();
    surrogates::GaussianProcess gp(2, {});
    gp.fit(X, y, rng);
    const acquisitions::ExpectedImprovement ei(gp, y.minCoeff());
    const acquisitions::MixtureExpectedImprovement mixture_ei(gp, y.minCoeff());
    for (int i = 0; i < 5; ++i) {
        const VectorXd x = test::uniform_points(1, 2, rng).row(0).transpose();
        CHECK(mixture_ei.value(x) == Approx(ei.value(x)).epsilon(1e-12));
    }
}

TEST_CASE("mixtures: output=rank fits normal scores and maps values into them", "[mixtures]") {
    // y = 5, 1, 3, 3: ranks 4, 1, 2.5 (tie), so the scores are Phi^-1 of (rank - 1/2) / 4
    const MatrixXd X = (MatrixXd(4, 1) << 0.1, 0.4, 0.6, 0.9).finished();
    const VectorXd y = point({5.0, 1.0, 3.0, 3.0});
    MixtureRegressionOptions rank = no_prior();
    rank.output = OutputTransform::Rank;
    KernelDensityRegression kde(rank, {{0.2}, {0.5}});
    Rng rng(1);
    kde.fit(X, y, rng);
    const double s1 = -1.1503493803760079, s3 = 0.0, s5 = 1.1503493803760079;  // Phi^-1(1/8, 4/8, 7/8)
    CHECK(kde.target_units(1.0) == Approx(s1).epsilon(1e-12));
    CHECK(kde.target_units(3.0) == Approx(s3).margin(1e-12));
    CHECK(kde.target_units(5.0) == Approx(s5).epsilon(1e-12));
    CHECK(kde.target_units(2.0) == Approx(0.5 * s1).epsilon(1e-12));  // linear between observed values
    CHECK(kde.target_units(-7.0) == Approx(s1).epsilon(1e-12));       // the end scores beyond them
    CHECK(kde.target_units(9.0) == Approx(s5).epsilon(1e-12));
    // the density is fitted to the scores: mean 0 and sd sqrt(2 s5^2 / 4)
    CHECK(kde.y_mean() == Approx(0.0).margin(1e-12));
    CHECK(kde.y_sd() == Approx(s5 / std::sqrt(2.0)).epsilon(1e-12));
    // any increasing transform of y gives the same model
    VectorXd warped(4);
    for (Eigen::Index i = 0; i < 4; ++i) warped[i] = std::exp(y[i]) + 7.0;
    KernelDensityRegression other(rank, {{0.2}, {0.5}});
    other.fit(X, warped, rng);
    for (double u : {0.0, 0.35, 0.8}) {
        CHECK(other.predict(point({u})).mean == Approx(kde.predict(point({u})).mean).epsilon(1e-12));
        CHECK(other.predict(point({u})).var == Approx(kde.predict(point({u})).var).epsilon(1e-12));
    }
    CHECK(other.target_units(std::exp(1.0) + 7.0) == Approx(s1).epsilon(1e-12));
}

TEST_CASE("mixtures: the prior takes over far from the data", "[mixtures]") {
    Rng rng(4);
    const MatrixXd X = 0.1 * test::uniform_points(20, 2, rng);  // all in [0, 0.1]^2
    VectorXd y(20);
    for (Eigen::Index i = 0; i < 20; ++i) y[i] = 3.0 + X(i, 0);
    MixtureRegressionOptions o;
    o.prior_blend = true;
    o.prior_sd = 2.0;
    o.output = OutputTransform::Standardise;  // the prior's mean and sd in y's own units
    for (int model = 0; model < 3; ++model) {
        std::unique_ptr<MixtureRegression> m;
        if (model == 0) m = std::make_unique<KernelDensityRegression>(o);
        if (model == 1) m = std::make_unique<GaussianMixtureRegression>(o, GmrOptions{});
        if (model == 2) m = std::make_unique<SumProductNetworkRegression>(o, SpnRegressionOptions{});
        m->fit(X, y, rng);
        INFO("model " << model);
        // a_x = N p(x) / (N p(x) + 1) with the fitted p(x)
        Components c;
        const double px = std::exp(m->density()->conditional(point({0.05, 0.05}), c));
        CHECK(m->blend_weight(point({0.05, 0.05})) == Approx(20 * px / (20 * px + 1)).epsilon(1e-12));
        CHECK(m->blend_weight(point({0.05, 0.05})) > 0.9);
        CHECK(m->blend_weight(point({0.95, 0.95})) < 1e-3);
        const surrogates::Prediction far = m->predict(point({0.95, 0.95}));
        CHECK(far.mean == Approx(y.mean()).epsilon(1e-3));
        CHECK(std::sqrt(far.var) == Approx(2.0 * m->y_sd()).epsilon(1e-2));
    }
}

TEST_CASE("mixtures: bad input gets a clear error or the documented fallback", "[mixtures]") {
    Rng rng(6);
    const MatrixXd two_rows = (MatrixXd(2, 2) << 0.1, 1.0, 0.2, 2.0).finished();
    GaussianMixtureOptions o;
    o.components = 3;
    CHECK_THROWS_WITH(GaussianMixture::fit(two_rows, o, rng), "GaussianMixture: 3 components need at least 3 rows, got 2");
    o.components = 1;
    o.reg_covar = 0.0;
    CHECK_THROWS_AS(GaussianMixture::fit(two_rows, o, rng), UserError);
    MatrixXd S = MatrixXd::Identity(2, 2);
    S(1, 1) = -1.0;
    CHECK_THROWS_WITH(GaussianMixture({1.0}, {point({0, 0})}, {S}), Catch::Contains("not positive definite"));
    CHECK_THROWS_AS(SumProductNetwork::fit(MatrixXd(0, 2), SpnOptions{}, rng), UserError);
    MixtureRegressionOptions bad;
    bad.prior_sd = 0.0;
    CHECK_THROWS_WITH(KernelDensityRegression(bad), Catch::Contains("prior_sd"));
    CHECK_THROWS_AS(parse_cv_target("loo"), UserError);
    CHECK_THROWS_WITH(parse_output_transform("log"), Catch::Contains("expected rank or standardise"));

    const MatrixXd same = MatrixXd::Constant(6, 2, 0.4);         // six copies of one point
    const MatrixXd line = (MatrixXd(6, 2) << 0, 0, 0.2, 0.2, 0.4, 0.4, 0.6, 0.6, 0.8, 0.8, 1, 1).finished();
    const VectorXd constant = VectorXd::Constant(6, 5.0), on_line = point({0, 1, 2, 3, 4, 5});
    VectorXd holes = on_line;
    holes[1] = std::nan("");
    holes[4] = std::numeric_limits<double>::infinity();
    for (int model = 0; model < 3; ++model) {
        auto make = [&]() -> std::unique_ptr<MixtureRegression> {
            if (model == 0) return std::make_unique<KernelDensityRegression>(MixtureRegressionOptions{});
            if (model == 1) return std::make_unique<GaussianMixtureRegression>(MixtureRegressionOptions{}, GmrOptions{});
            return std::make_unique<SumProductNetworkRegression>(MixtureRegressionOptions{}, SpnRegressionOptions{});
        };
        INFO("model " << model);
        auto m = make();
        // degenerate covariances: identical rows, constant targets, exactly collinear data
        for (const auto& [X, y] : {std::pair{same, constant}, std::pair{line, constant}, std::pair{line, on_line}}) {
            m->fit(X, y, rng);
            for (double u : {0.0, 0.4, 0.9}) {
                const surrogates::Prediction p = m->predict(point({u, 1 - u}));
                CHECK(std::isfinite(p.mean));
                CHECK(p.var > 0.0);
                CHECK(std::isfinite(p.var));
            }
        }
        // non-finite targets: dropped, the same fit as without those rows
        Rng a(8), b(8);
        m->fit(line, holes, a);
        auto without = make();
        const std::vector<Eigen::Index> kept{0, 2, 3, 5};
        without->fit(line(kept, Eigen::all), holes(kept), b);
        CHECK(m->observations() == 4);
        for (double u : {0.1, 0.5})
            CHECK(m->predict(point({u, u})).mean == without->predict(point({u, u})).mean);
        // nothing finite: the broad prior alone
        m->fit(line, VectorXd::Constant(6, std::nan("")), a);
        CHECK(m->predict(point({0.5, 0.5})).mean == 0.0);
        CHECK(m->predict(point({0.5, 0.5})).var == Approx(4.0));
        // fewer rows than components: GMR falls back to what the rows support
        m->fit(line.topRows(2), on_line.head(2), a);
        CHECK(std::isfinite(m->predict(point({0.1, 0.1})).mean));
    }
    GaussianMixtureRegression gmr(MixtureRegressionOptions{}, GmrOptions{});
    gmr.fit(line.topRows(2), on_line.head(2), rng);
    CHECK(gmr.components() == 1);
}
