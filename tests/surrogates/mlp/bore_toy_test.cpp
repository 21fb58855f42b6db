// The toy of the BORE paper's appendix: l = 0.3 N(2, 1) + 0.7 N(-3, 0.5^2), g = N(0, 2^2),
// gamma = 1/4, 250 samples of l labelled 1 and 750 of g labelled 0. A classifier's
// probability pi(x) estimates gamma r_gamma(x) with r_gamma = l / (gamma l + (1 - gamma) g).
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

#include <boost/random/bernoulli_distribution.hpp>
#include <boost/random/normal_distribution.hpp>

#include "surrogates/mlp/mlp.hpp"
#include "surrogates/parzen/parzen.hpp"

using namespace bobench;

namespace {

constexpr double kGamma = 0.25;

double normal_pdf(double x, double mu, double sd) {
    const double t = (x - mu) / sd;
    return std::exp(-0.5 * t * t) / (sd * std::sqrt(2 * std::numbers::pi));
}
double l_pdf(double x) { return 0.3 * normal_pdf(x, 2, 1) + 0.7 * normal_pdf(x, -3, 0.5); }
double g_pdf(double x) { return normal_pdf(x, 0, 2); }
double r_gamma(double x) { return l_pdf(x) / (kGamma * l_pdf(x) + (1 - kGamma) * g_pdf(x)); }

// argmax of f on a grid of [lo, hi]
template <class F>
double grid_argmax(F f, double lo, double hi, double step) {
    double best_x = lo, best = -INFINITY;
    for (double x = lo; x <= hi; x += step)
        if (const double v = f(x); v > best) best = v, best_x = x;
    return best_x;
}

struct ToyData {
    std::vector<double> good, bad;  // samples of l and of g
};

ToyData draw(Rng& rng) {
    boost::random::bernoulli_distribution<double> first(0.3);
    boost::random::normal_distribution<double> n1(2, 1), n2(-3, 0.5), ng(0, 2);
    ToyData d;
    for (int i = 0; i < 250; ++i) d.good.push_back(first(rng) ? n1(rng) : n2(rng));
    for (int i = 0; i < 750; ++i) d.bad.push_back(ng(rng));
    return d;
}

}  // namespace

TEST_CASE("bore toy: the MLP classifier's r_gamma peaks within 0.3 of the true maximiser", "[density][bore-toy]") {
    // the true maximiser, numerically: a coarse grid then a fine one around its best point
    const double coarse = grid_argmax(r_gamma, -8, 8, 1e-2);
    const double x_star = grid_argmax(r_gamma, coarse - 0.02, coarse + 0.02, 1e-6);
    REQUIRE(x_star == Approx(-3.2).margin(0.1));  // log l - log g ~ -2 (x + 3)^2 + x^2 / 8 peaks near -3.2
    const double r_max = r_gamma(x_star);

    Rng rng(2021);
    const ToyData data = draw(rng);
    Eigen::MatrixXd X(1000, 1);
    Eigen::VectorXd z(1000);
    for (int i = 0; i < 250; ++i) X(i, 0) = data.good[i], z[i] = 1;
    for (int i = 0; i < 750; ++i) X(250 + i, 0) = data.bad[i], z[250 + i] = 0;

    // BORE's network (2 x 32 elu, batches of 64), trained to convergence: Adam at 1e-2 for
    // 2000 steps (BORE's 1e-3 needs about 10000 to get there). Over 12 other data seeds this
    // put the argmax within 0.24 of x* every time and r(x*) within 21% of the truth; the
    // remaining error is mostly the sample's own (the empirical peak moves by ~0.3).
    mlp::Options o;
    o.learning_rate = 1e-2;
    o.steps = 2000;
    mlp::Classifier net(1, o, rng);
    net.fit(X, z, rng);
    auto r_mlp = [&](double x) { return net.probability(Eigen::VectorXd::Constant(1, x)) / kGamma; };
    const double x_mlp = grid_argmax(r_mlp, -8, 8, 1e-3);

    // TPE-style: two adaptive Parzen estimators on [-10, 10], ratio l / g
    parzen::AdaptiveParzen l_hat, g_hat;
    l_hat.fit(data.good, -10, 10, 1.0);
    g_hat.fit(data.bad, -10, 10, 1.0);
    auto log_ratio = [&](double x) { return l_hat.log_pdf(x) - g_hat.log_pdf(x); };
    const double x_kde = grid_argmax(log_ratio, -8, 8, 1e-3);

    WARN("true argmax of r_gamma " << x_star << " (r = " << r_max << "); MLP argmax " << x_mlp << " (r = "
                                   << r_mlp(x_mlp) << "); two-Parzen argmax of l/g " << x_kde);
    CHECK(std::abs(x_mlp - x_star) <= 0.3);
    // the classifier's ratio is on the right scale where it matters
    CHECK(r_mlp(x_star) == Approx(r_max).epsilon(0.25));
    CHECK(r_mlp(0.0) < 0.5 * r_max);
    // The Parzen ratio divides two estimates and is spiky where data are sparse: for one of
    // 12 data seeds its argmax sat at 6.2, in g's empty upper tail. Only its values where
    // the data are dense are robust: l / g is 9.3 at x* and 0.08 at 0.
    CHECK(log_ratio(x_star) > std::log(3.0));
    CHECK(log_ratio(0.0) < 0.0);
}
