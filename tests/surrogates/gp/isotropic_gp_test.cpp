// lengthscales = isotropic: one lengthscale shared by every input (the DTU thesis' BO_Gaus,
// scikit-learn's default Matern kernel).
#include <cmath>
#include <vector>

#include <boost/random/uniform_real_distribution.hpp>
#include <catch2/catch.hpp>

#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "surrogates/gp/free_parameters.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "surrogates/gp/gp_hyperparameters.hpp"
#include "surrogates/gp/marginal_likelihood.hpp"
#include "tests/surrogates/gp/gp_samples.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::surrogates;

namespace {
GpOptions isotropic(KernelFamily family = KernelFamily::Matern32) {
    GpOptions o;
    o.kernel = family;
    o.lengthscales = Lengthscales::Isotropic;
    return o;
}
}  // namespace

TEST_CASE("isotropic GP: the shared lengthscale's likelihood gradient matches central differences",
          "[gp][lml][isotropic]") {
    Rng rng(8);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(15, dim, rng);
    const Eigen::VectorXd y = test::smooth_values(X) + 0.05 * test::normal_vector(15, rng);
    const Eigen::VectorXd ys = Standardization::of(y).apply(y);
    for (bool learn_noise : {true, false}) {
        INFO("learn_noise " << learn_noise);
        const FreeParameters map(dim, Lengthscales::Isotropic, learn_noise);
        CHECK(map.size() == (learn_noise ? 3 : 2));
        Eigen::VectorXd theta = gp_default_params(dim, 0.02);
        Eigen::VectorXd free(map.size());
        free.head(2) << 0.2, std::log(0.35);
        if (learn_noise) free[2] = std::log(0.02);
        for (KernelFamily family : {KernelFamily::Matern32, KernelFamily::Matern52, KernelFamily::SquaredExponential}) {
            INFO("kernel " << to_string(family));
            MarginalLikelihood lml(family, X, ys);
            auto value = [&](const Eigen::VectorXd& f) {
                Eigen::VectorXd t = theta;
                map.expand(f, t);
                return lml(t, nullptr);
            };
            Eigen::VectorXd t = theta, g_theta, g;
            map.expand(free, t);
            lml(t, &g_theta);
            map.fold_gradient(g_theta, g);
            const Eigen::VectorXd g_fd = test::central_difference(value, free);
            CHECK(test::gradient_mismatch(g, g_fd, 1e-5, 1e-6) <= 1.0);
        }
    }
}

TEST_CASE("isotropic GP: the fit keeps every lengthscale equal and is the best isotropic point",
          "[gp][mle][isotropic]") {
    Rng rng(31);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(30, dim, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    GaussianProcess gp(dim, isotropic());
    gp.fit(X, y, rng);
    const Eigen::VectorXd l = gp.params().segment(1, dim);
    CHECK(l.maxCoeff() == l.minCoeff());
    CHECK(gp.last_fit().starts == 3);

    MarginalLikelihood lml(KernelFamily::Matern32, X, Standardization::of(y).apply(y));
    const double best = gp.last_fit().log_posterior;
    CHECK(best == Approx(lml(gp.params(), nullptr)).epsilon(1e-12));
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    for (int i = 0; i < 50; ++i) {
        Eigen::VectorXd theta(dim + 2);
        theta[0] = std::log(1e-3) + u(rng) * std::log(1e6);
        theta.segment(1, dim).setConstant(std::log(1e-2) + u(rng) * std::log(1e4));
        theta[dim + 1] = std::log(1e-8) + u(rng) * std::log(1e8);
        CHECK(best >= lml(theta, nullptr));
    }
    // on these anisotropic data ARD has more freedom and does at least as well
    GaussianProcess ard(dim);
    Rng rng2(31);
    ard.fit(X, y, rng2);
    CHECK(ard.last_fit().log_posterior >= best - 1e-6);
}

TEST_CASE("isotropic GP: recovers the shared lengthscale of GP draws", "[gp][mle][isotropic]") {
    // 2-D draws from a Matern-3/2 GP with lengthscale 0.3 on both axes.
    std::vector<double> estimates;
    for (int seed = 1; seed <= 5; ++seed) {
        Rng rng(seed);
        const Eigen::MatrixXd X = test::uniform_points(60, 2, rng);
        const Eigen::VectorXd y =
            test::gp_draw(KernelFamily::Matern32, X, Eigen::VectorXd::Constant(2, 0.3), 1e-4, rng);
        GaussianProcess gp(2, isotropic());
        gp.fit(X, y, rng);
        CHECK(gp.params()[1] == gp.params()[2]);
        estimates.push_back(std::exp(gp.params()[1]));
    }
    CHECK(analysis::summarize(estimates).median == Approx(0.3).epsilon(0.2));
}

TEST_CASE("isotropic GP: unequal initial lengthscales are shared and bad names refused", "[gp][isotropic]") {
    GpOptions o = isotropic();
    o.initial_params = gp_default_params(2, 1e-6);
    o.initial_params[1] = std::log(0.1), o.initial_params[2] = std::log(0.4);
    GaussianProcess gp(2, o);
    CHECK(std::exp(gp.params()[1]) == Approx(0.2));
    CHECK(gp.params()[1] == gp.params()[2]);
    CHECK(parse_lengthscales("ard") == Lengthscales::Ard);
    CHECK_THROWS_WITH(parse_lengthscales("shared"), "lengthscales 'shared': expected ard or isotropic");
}
