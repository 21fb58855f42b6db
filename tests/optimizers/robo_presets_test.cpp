// The robo-* optimizers (optimizers/presets/robo.hpp): RoBO's settings take effect, checked on
// the parts they configure (prior, GP, GP-MCMC, acquisition, maximiser, loop defaults).
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

#include <Eigen/Cholesky>

#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"
#include "analysis/summary.hpp"
#include "core/registry.hpp"
#include "optimizers/catalog.hpp"
#include "optimizers/presets/robo.hpp"
#include "tests/optimizers/optimizer_quality_support.hpp"
#include "tests/support/numeric.hpp"
#include "tests/support/values.hpp"

using namespace bobench;
using namespace bobench::surrogates;
using bobench::testing::kInf;

namespace {

double matern52(double r) { return (1.0 + std::sqrt(5.0) * r + 5.0 * r * r / 3.0) * std::exp(-std::sqrt(5.0) * r); }
}  // namespace

TEST_CASE("robo: the amplitude prior is scipy's lognorm(1) on george's log-constant", "[robo][gp][prior]") {
    // scipy.stats.lognorm.logpdf(u, 1.0) (scipy 1.10), u = theta0 = t - log D
    const double log6 = std::log(6.0);
    const ScalarPrior p = ScalarPrior::robo_log_amplitude(6);
    CHECK(p.log_density(log6 + 0.05) == Approx(-2.4104121870571635).epsilon(1e-13));
    CHECK(p.log_density(log6 + 0.5) == Approx(-0.466017859603828).epsilon(1e-13));
    CHECK(p.log_density(log6 + 3.0) == Approx(-2.6210253022790733).epsilon(1e-13));
    // RoBO's start, amplitude 2 = 6 exp(theta0): theta0 < 0, zero density
    CHECK(p.log_density(std::log(2.0)) == -kInf);
    CHECK(p.log_density(log6) == -kInf);
    for (double u : {0.05, 0.7, 2.5, 12.0}) {
        double d = 0.0;
        p.log_density(log6 + u, &d);
        CHECK(d == Approx(test::central_difference([&](const Eigen::VectorXd& t) { return p.log_density(t[0]); },
                                                   test::point({log6 + u}))[0])
                       .epsilon(1e-6));
    }
    // RoBO's box |theta_robo| <= 20 is the support of robo_as_run
    const GpPrior prior = GpPrior::robo_as_run(6);
    CHECK(prior.log_signal_variance.upper() == Approx(log6 + 20.0));
    CHECK(prior.log_signal_variance.log_density(log6 + 19.0) == Approx(-8.198237963388467).epsilon(1e-13));
    CHECK(prior.log_signal_variance.log_density(log6 + 21.0) == -kInf);
    CHECK(prior.log_noise_variance.log_density(-20.5) == -kInf);
    CHECK(std::isfinite(prior.log_noise_variance.log_density(-19.5)));
    CHECK(prior.log_lengthscale.lower() == -5.0);  // tophat(-10, 2) on log l^2
    CHECK(prior.log_lengthscale.upper() == 1.0);
    Rng rng(3);
    for (int i = 0; i < 100; ++i) CHECK(prior.sample(6, rng)[0] > log6);  // walkers start with amplitude > D
    CHECK_THROWS_WITH(ScalarPrior::tophat(-5.0, 1.0).within(2.0, 3.0), Catch::Contains("leaves no support"));
}

TEST_CASE("robo-gp: for D >= 3 the amplitude quirk freezes the hyperparameters (amplitude 2, l 1, noise 1e-3)",
          "[robo][gp]") {
    // Raw outputs around mean(y): the posterior is the closed form with these values.
    Rng rng(5);
    const Eigen::MatrixXd X = test::uniform_points(3, 6, rng);
    const Eigen::VectorXd y = test::point({-1.7, -0.4, -2.9});
    GaussianProcess gp(6, robo::gp_options(6));
    gp.fit(X, y, rng);
    gp.fit(X, y, rng);  // the second fit warm-starts from the first
    const Eigen::VectorXd theta = gp.params();
    CHECK(theta[0] == std::log(2.0));
    CHECK(theta.segment(1, 6).isZero(0.0));
    CHECK(theta[7] == std::log(1e-3));

    Eigen::MatrixXd K(3, 3);
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) K(a, b) = 2.0 * matern52((X.row(a) - X.row(b)).norm()) + (a == b ? 1e-3 : 0.0);
    const Eigen::VectorXd xs = test::point({0.3, 0.8, 0.1, 0.5, 0.9, 0.2});
    Eigen::VectorXd k(3);
    for (int a = 0; a < 3; ++a) k[a] = 2.0 * matern52((X.row(a).transpose() - xs).norm());
    const double m = y.mean();
    const Eigen::VectorXd w = K.ldlt().solve(k);
    const Prediction p = gp.predict(xs);
    CHECK(p.mean == Approx(m + w.dot(y.array().matrix() - Eigen::VectorXd::Constant(3, m))).epsilon(1e-10));
    CHECK(p.var == Approx(2.0 - w.dot(k)).epsilon(1e-10));
}

TEST_CASE("robo-gp: for D = 2 the MAP fit leaves the start, with amplitude above D", "[robo][gp]") {
    Rng rng(7);
    const Eigen::MatrixXd X = test::uniform_points(12, 2, rng);
    const Eigen::VectorXd y = 40.0 * test::smooth_values(X);
    GaussianProcess gp(2, robo::gp_options(2));
    const Eigen::VectorXd start = gp.params();
    gp.fit(X, y, rng);
    CHECK((gp.params() - start).norm() > 0.1);
    CHECK(std::exp(gp.params()[0]) > 2.0);  // theta0 > 0
    CHECK(std::isfinite(gp.last_fit().log_posterior));
}

TEST_CASE("robo-gp-mcmc: members sample amplitudes above D on raw outputs and log-EI is their average",
          "[robo][gp][mcmc][acq]") {
    Rng rng(11);
    const Eigen::MatrixXd X = test::uniform_points(10, 3, rng);
    const Eigen::VectorXd y = 0.01 * test::smooth_values(X);  // tiny raw scale: amplitudes still > D
    GpMcmcOptions o = robo::gp_mcmc_options(3);
    o.burn_in = 30;
    o.chain_length = 30;
    GaussianProcessMCMC model(3, o);
    model.fit(X, y, rng);
    REQUIRE(model.members() == 12);  // 3 (D + 1)
    for (Eigen::Index w = 0; w < model.samples().cols(); ++w) CHECK(model.samples()(0, w) > std::log(3.0));

    const double eta = y.minCoeff();
    const acquisitions::LogExpectedImprovement log_ei(model, eta);
    for (const Eigen::VectorXd& x : {test::point({0.2, 0.5, 0.9}), test::point({0.7, 0.1, 0.4})}) {
        double mean_log_ei = 0.0;
        for (std::size_t m = 0; m < model.members(); ++m) {
            const Prediction p = model.predict_member(m, x);
            const double s = std::sqrt(p.var), z = (eta - p.mean) / s;
            const double ei = s * (z * 0.5 * std::erfc(-z / std::sqrt(2.0)) +
                                   std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi));
            mean_log_ei += std::log(ei) / static_cast<double>(model.members());
        }
        CHECK(log_ei.value(x) == Approx(mean_log_ei).epsilon(1e-9));
        const Prediction mix = model.predict(x);  // not the log-EI of the mixture
        CHECK(std::abs(log_ei.score(mix.mean, mix.var, nullptr, nullptr) - mean_log_ei) > 1e-6);
    }
}

TEST_CASE("robo: random sampling draws 350 uniform points, then 150 around the incumbent with sd 0.1 in native units",
          "[robo][maximizer]") {
    const Space space = real_box({-5.0, 0.0}, {10.0, 15.0});  // Branin's box: sd 0.1 / 15 on the cube
    const Eigen::VectorXd each = acquisitions::native_local_sd(space, 0.1);
    CHECK(each[0] == Approx(0.1 / 15.0));
    CHECK(each[1] == Approx(0.1 / 15.0));
    acquisitions::RandomSamplingOptions o;
    o.n_samples = 500;
    o.local_fraction = 0.3;
    o.local_sd_each = each;
    std::vector<Eigen::VectorXd> seen;
    acquisitions::Objective f;
    f.fn = [&](const Eigen::VectorXd& x, Eigen::VectorXd*) {
        seen.push_back(x);
        return -x.squaredNorm();
    };
    Eigen::MatrixXd incumbent(1, 2);
    incumbent << 0.3, 0.6;
    Rng rng(2);
    acquisitions::RandomSampling(o).maximize(f, acquisitions::Box::unit(2), rng, incumbent);
    REQUIRE(seen.size() == 1 + 500);
    auto spread = [&](std::size_t from, std::size_t to, int j, double centre) {
        double ss = 0.0;
        for (std::size_t i = from; i < to; ++i) ss += std::pow(seen[i][j] - centre, 2);
        return std::sqrt(ss / static_cast<double>(to - from));
    };
    for (int j = 0; j < 2; ++j) {
        CHECK(spread(1, 351, j, 0.5) == Approx(std::sqrt(1.0 / 12.0)).epsilon(0.15));      // uniform
        CHECK(spread(351, 501, j, incumbent(0, j)) == Approx(0.1 / 15.0).epsilon(0.15));  // local
    }
    // mixed spaces: only linear parameters are rescaled
    const Space mixed({Param::real("lr", 1e-4, 1.0, true), Param::integer("n", 1, 11), Param::categorical("c", {"a", "b"})});
    const Eigen::VectorXd m = acquisitions::native_local_sd(mixed, 0.1);
    CHECK(m[0] == 0.1);
    CHECK(m[1] == Approx(0.01));
    CHECK(m[2] == 0.1);
    o.local_sd_each = Eigen::VectorXd::Constant(3, 0.1);
    CHECK_THROWS_WITH(acquisitions::RandomSampling(o).maximize(f, acquisitions::Box::unit(2), rng, incumbent),
                      Catch::Contains("local_sd_each has 3 entries but the box has 2"));
}

TEST_CASE("robo-* and the RVFLs: RoBO's fmin loop is each one's default", "[robo]") {
    OptimizerRegistry registry("optimizer");
    register_optimizers(registry);
    // RoBO's acquisition, initial design: log-EI and 3 LHS points for its own presets; the
    // thesis' RVFL runs are RoBO-based with "random search to optimize EI" (ch. 5.4) and its
    // protocol's 2 uniform points
    struct Expected {
        const char* name;
        const char* acquisition;
        long n_init;
        const char* init;
    };
    for (const Expected& e : {Expected{"robo-gp", "logei", 3, "lhs"}, Expected{"robo-gp-mcmc", "logei", 3, "lhs"},
                              Expected{"robo-rf", "logei", 3, "lhs"}, Expected{"brvfl1", "ei", 2, "uniform"},
                              Expected{"brvfl4", "ei", 2, "uniform"}, Expected{"ervfl2", "ei", 2, "uniform"},
                              Expected{"ervfl3", "ei", 2, "uniform"}}) {
        INFO(e.name);
        const BoundOptimizer b = bind_optimizer(registry, Identifier::parse(e.name));
        CHECK(b.args.text("acquisition") == e.acquisition);
        CHECK(b.args.text("maximizer") == "random");
        CHECK(b.args.integer("random_samples") == 500);
        CHECK(b.args.real("random_local_fraction") == 0.3);
        CHECK(b.args.text("random_local_units") == "native");
        CHECK(b.args.integer("n_init") == e.n_init);
        CHECK(b.args.text("init") == e.init);
        CHECK(b.args.integer("random_interleave") == 0);
        CHECK(b.args.text("on_repeat") == "evaluate");
    }
}

TEST_CASE("robo-gp and robo-rf beat random search on Hartmann3 in 60 evaluations, 2 initial points",
          "[robo][quality]") {
    const auto rs = analysis::summarize(testing::final_regrets("hartmann3", "random-search", 60, 8)).median;
    for (const char* opt : {"robo-gp:n_init=2", "robo-rf:n_init=2"}) {
        const double median = analysis::summarize(testing::final_regrets("hartmann3", opt, 60, 8)).median;
        INFO(opt << ": median final regret " << median << ", random search " << rs);
        CHECK(median < 0.5 * rs);
    }
}
