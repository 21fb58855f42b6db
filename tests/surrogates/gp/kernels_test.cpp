#include <cmath>

#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "surrogates/gp/kernels.hpp"
#include "tests/support/numeric.hpp"
#include "tests/support/kernel_families.hpp"

using namespace bobench;
using namespace bobench::surrogates;
using bobench::testing::kAllFamilies;

TEST_CASE("kernel values match the textbook formulas", "[gp][kernels]") {
    // One dimension, l = 0.5, s2 = 2: at distance 0.3 the scaled distance is r = 0.6.
    Eigen::VectorXd theta(2);
    theta << std::log(2.0), std::log(0.5);
    Eigen::VectorXd a(1), b(1);
    a << 0.1;
    b << 0.4;
    const double r = 0.6;
    const double expected[] = {
        2.0 * std::exp(-0.5 * r * r),
        2.0 * std::exp(-r),
        2.0 * (1.0 + std::sqrt(3.0) * r) * std::exp(-std::sqrt(3.0) * r),
        2.0 * (1.0 + std::sqrt(5.0) * r + 5.0 * r * r / 3.0) * std::exp(-std::sqrt(5.0) * r)};
    for (int f = 0; f < 4; ++f) {
        Kernel k(kAllFamilies[f], 1);
        k.set_log_params(theta);
        CHECK(k.value(a, b) == Approx(expected[f]).epsilon(1e-14));
        CHECK(k.value(a, a) == Approx(2.0).epsilon(1e-15));
    }
}

TEST_CASE("kernel gradients match central differences", "[gp][kernels]") {
    Rng rng(11);
    const int dim = 3;
    for (KernelFamily family : kAllFamilies) {
        INFO("kernel " << to_string(family));
        Kernel k(family, dim);
        Eigen::VectorXd theta(dim + 1);
        theta << 0.3, std::log(0.2), std::log(0.7), std::log(1.5);
        k.set_log_params(theta);
        for (int rep = 0; rep < 5; ++rep) {
            const Eigen::VectorXd a = test::uniform_points(1, dim, rng).row(0).transpose();
            const Eigen::VectorXd b = test::uniform_points(1, dim, rng).row(0).transpose();
            Eigen::VectorXd g;
            k.gradient_params(a, b, g);
            const Eigen::VectorXd g_fd = test::central_difference(
                [&](const Eigen::VectorXd& t) {
                    Kernel kk(family, dim);
                    kk.set_log_params(t);
                    return kk.value(a, b);
                },
                theta);
            CHECK(test::gradient_mismatch(g, g_fd, 1e-6, 1e-9) <= 1.0);

            k.gradient_x(a, b, g);
            const Eigen::VectorXd gx_fd = test::central_difference(
                [&](const Eigen::VectorXd& x) { return k.value(x, b); }, a);
            CHECK(test::gradient_mismatch(g, gx_fd, 1e-6, 1e-9) <= 1.0);
        }
    }
}

TEST_CASE("kernel x-gradient is finite at zero distance", "[gp][kernels]") {
    for (KernelFamily family : kAllFamilies) {
        Kernel k(family, 2);
        Eigen::VectorXd a(2), g;
        a << 0.3, 0.6;
        k.gradient_x(a, a, g);
        CHECK(g.allFinite());
        CHECK(g.norm() == 0.0);
    }
}

TEST_CASE("kernel names parse and bad ones are rejected", "[gp][kernels]") {
    CHECK(parse_kernel_family("matern52") == KernelFamily::Matern52);
    CHECK(parse_kernel_family("rbf") == KernelFamily::SquaredExponential);
    CHECK(to_string(KernelFamily::Matern32) == "matern32");
    CHECK_THROWS_WITH(parse_kernel_family("matern72"),
                      "unknown kernel 'matern72': accepted are se (rbf, squared_exponential), "
                      "matern12, matern32, matern52");
    Kernel k(KernelFamily::Matern52, 2);
    CHECK_THROWS_AS(k.set_log_params(Eigen::VectorXd::Zero(2)), UserError);
}
