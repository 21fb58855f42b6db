#include <cmath>
#include <limits>
#include <memory>
#include <numbers>

#include <boost/random/normal_distribution.hpp>
#include <catch2/catch.hpp>

#include "acquisitions/confidence_bound.hpp"
#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/maximizer.hpp"
#include "acquisitions/normal_tail.hpp"
#include "acquisitions/probability_of_improvement.hpp"
#include "acquisitions/thompson_scores.hpp"
#include "core/error.hpp"
#include "surrogates/gp/gaussian_process.hpp"
#include "tests/support/numeric.hpp"
#include "tests/support/kernel_families.hpp"

using namespace bobench;
using namespace bobench::acquisitions;
using namespace bobench::surrogates;
using bobench::testing::kAllFamilies;

namespace {

// A model of two members with closed-form predictives and gradients, to test
// marginalisation independently of the GP.
class TwoMemberModel final : public RegressionModel {
public:
    void fit(const Eigen::MatrixXd&, const Eigen::VectorXd&, Rng&) override {}
    Prediction predict(const Eigen::VectorXd& x) const override { return member(0, x, nullptr, nullptr); }
    bool has_gradient() const override { return true; }
    Prediction predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dm,
                                     Eigen::VectorXd& dv) const override {
        return member(0, x, &dm, &dv);
    }
    std::size_t members() const override { return 2; }
    Prediction predict_member(std::size_t m, const Eigen::VectorXd& x) const override {
        return member(m, x, nullptr, nullptr);
    }
    Prediction predict_member_with_gradient(std::size_t m, const Eigen::VectorXd& x,
                                            Eigen::VectorXd& dm, Eigen::VectorXd& dv) const override {
        return member(m, x, &dm, &dv);
    }

private:
    // member m: mean = (m+1) sin(x0) + x1^2, var = 0.1 + (m+1) x0^2 + x1^2 / 4
    static Prediction member(std::size_t m, const Eigen::VectorXd& x, Eigen::VectorXd* dm,
                             Eigen::VectorXd* dv) {
        const double c = static_cast<double>(m + 1);
        if (dm) {
            dm->resize(2);
            *dm << c * std::cos(x[0]), 2 * x[1];
            dv->resize(2);
            *dv << 2 * c * x[0], x[1] / 2;
        }
        return {c * std::sin(x[0]) + x[1] * x[1], 0.1 + c * x[0] * x[0] + x[1] * x[1] / 4};
    }
};

std::unique_ptr<GaussianProcess> fitted_gp(KernelFamily family, const Eigen::MatrixXd& X,
                                           const Eigen::VectorXd& y) {
    GpOptions o;
    o.kernel = family;
    o.optimize_hyperparameters = false;
    auto gp = std::make_unique<GaussianProcess>(static_cast<int>(X.cols()), o);
    Eigen::VectorXd theta(X.cols() + 2);
    theta << 0.2, Eigen::VectorXd::LinSpaced(X.cols(), std::log(0.2), std::log(0.6)), std::log(1e-4);
    gp->set_params(theta);
    gp->condition(X, y);
    return gp;
}

// Reference tau(z) = z Phi(z) + phi(z) in long double (cancellation costs ~log10(z^2)
// of its ~19 digits, fine for |z| <= 30).
double tau_reference(double z) {
    const long double zl = z;
    const long double cdf = 0.5L * std::erfc(-zl / std::sqrt(2.0L));
    const long double pdf = std::exp(-0.5L * zl * zl) / std::sqrt(2.0L * std::numbers::pi_v<long double>);
    return static_cast<double>(zl * cdf + pdf);
}

}  // namespace

TEST_CASE("acquisition gradients match central differences for every kernel", "[acq][gradient]") {
    Rng rng(17);
    const int dim = 3;
    const Eigen::MatrixXd X = test::uniform_points(15, dim, rng);
    const Eigen::VectorXd y = test::smooth_values(X);
    const double incumbent = y.minCoeff();
    for (KernelFamily family : kAllFamilies) {
        const auto gp = fitted_gp(family, X, y);
        const ExpectedImprovement ei(*gp, incumbent);
        const LogExpectedImprovement log_ei(*gp, incumbent);
        const ProbabilityOfImprovement pi(*gp, incumbent, 0.01);
        const LowerConfidenceBound lcb(*gp, 2.0);
        const Acquisition* acqs[] = {&ei, &log_ei, &pi, &lcb};
        const char* names[] = {"EI", "logEI", "PI", "LCB"};
        for (int a = 0; a < 4; ++a) {
            for (int rep = 0; rep < 3; ++rep) {
                INFO("kernel " << to_string(family) << ", acquisition " << names[a] << ", rep " << rep);
                const Eigen::VectorXd x = test::uniform_points(1, dim, rng).row(0).transpose();
                Eigen::VectorXd g;
                const double v = acqs[a]->value(x, &g);
                CHECK(v == acqs[a]->value(x));
                const Eigen::VectorXd g_fd = test::central_difference(
                    [&](const Eigen::VectorXd& z) { return acqs[a]->value(z); }, x);
                CHECK(test::gradient_mismatch(g, g_fd, 1e-5, 1e-8) <= 1.0);
            }
        }
    }
}

TEST_CASE("EI agrees with a Monte Carlo estimate", "[acq][ei]") {
    TwoMemberModel unused;
    const double incumbent = 0.3;
    const ExpectedImprovement ei(unused, incumbent);
    Rng rng(2024);
    boost::random::normal_distribution<double> normal(0.0, 1.0);
    const double cases[][2] = {{0.3, 0.04}, {0.0, 1.0}, {1.2, 0.25}, {-0.5, 2.0}};
    const int samples = 200000;
    for (const auto& c : cases) {
        const double mean = c[0], s = std::sqrt(c[1]);
        double sum = 0.0, sum2 = 0.0;
        for (int i = 0; i < samples; ++i) {
            const double improvement = std::max(incumbent - (mean + s * normal(rng)), 0.0);
            sum += improvement;
            sum2 += improvement * improvement;
        }
        const double mc = sum / samples;
        const double se = std::sqrt((sum2 / samples - mc * mc) / samples);
        INFO("mean " << mean << " var " << c[1] << " MC " << mc << " +- " << se);
        CHECK(std::abs(ei.score(mean, c[1], nullptr, nullptr) - mc) <= 4.0 * se);
    }
}

TEST_CASE("log-EI equals log(EI) where EI is representable", "[acq][logei]") {
    TwoMemberModel unused;
    const ExpectedImprovement ei(unused, 0.0);
    const LogExpectedImprovement log_ei(unused, 0.0);
    const double s = 0.7;
    for (double z = -30.0; z <= 6.0; z += 0.25) {
        const double mean = -z * s;  // so that (0 - mean) / s = z
        INFO("z = " << z);
        const double expected = std::log(s * tau_reference(z));
        CHECK(log_ei.score(mean, s * s, nullptr, nullptr) == Approx(expected).epsilon(1e-13));
        CHECK(std::log(ei.score(mean, s * s, nullptr, nullptr)) == Approx(expected).epsilon(1e-13));
    }
    // Continuity where the evaluation switches to the continued fraction.
    const double below = improvement_terms(-3.0 - 1e-12).log_tau;
    const double above = improvement_terms(-3.0).log_tau;
    CHECK(below == Approx(above).epsilon(1e-12));
}

TEST_CASE("log-EI is finite and monotone where EI underflows", "[acq][logei]") {
    TwoMemberModel unused;
    const ExpectedImprovement ei(unused, 0.0);
    const LogExpectedImprovement log_ei(unused, 0.0);
    double previous = std::numeric_limits<double>::infinity();
    for (double z : {-38.0, -40.0, -100.0, -1e3, -1e5}) {
        INFO("z = " << z);
        const double mean = -z;  // s = 1
        const double value = log_ei.score(mean, 1.0, nullptr, nullptr);
        CHECK(std::isfinite(value));
        CHECK(value < previous);
        previous = value;
        // Asymptotics: log tau(z) = log phi(z) - 2 log|z| + log(1 - 3/z^2 + ...).
        const double asymptotic = normal_log_pdf(z) - 2.0 * std::log(-z);
        // (plus the round-off of a value as large as z^2 / 2)
        CHECK(std::abs(value - asymptotic) <= 3.5 / (z * z) + 4e-16 * std::abs(value));
        // Its derivatives stay finite; d/dmu = -1/c(t) ~ -t.
        double d_mean = 0.0, d_var = 0.0;
        log_ei.score(mean, 1.0, &d_mean, &d_var);
        CHECK(d_mean == Approx(z).epsilon(2.5 / (z * z)));
        CHECK(std::isfinite(d_var));
    }
    CHECK(ei.score(40.0, 1.0, nullptr, nullptr) == 0.0);  // EI itself underflowed
    // Finite differences in the mean deep in the tail.
    double d_mean = 0.0;
    log_ei.score(100.0, 1.0, &d_mean, nullptr);
    const double h = 1e-5;
    const double fd = (log_ei.score(100.0 + h, 1.0, nullptr, nullptr) -
                       log_ei.score(100.0 - h, 1.0, nullptr, nullptr)) / (2 * h);
    CHECK(d_mean == Approx(fd).epsilon(1e-6));
}

TEST_CASE("PI and LCB scores equal their formulas", "[acq]") {
    TwoMemberModel unused;
    const ProbabilityOfImprovement pi(unused, 1.0, 0.1);
    const LowerConfidenceBound lcb(unused, 1.5);
    CHECK(pi.score(0.5, 0.16, nullptr, nullptr) == Approx(normal_cdf((0.9 - 0.5) / 0.4)).epsilon(1e-15));
    CHECK(lcb.score(0.5, 0.16, nullptr, nullptr) == Approx(1.5 * 0.4 - 0.5).epsilon(1e-15));
}

TEST_CASE("marginalisation averages the per-member scores", "[acq][marginal]") {
    TwoMemberModel model;
    const LogExpectedImprovement log_ei(model, 0.2);
    const ExpectedImprovement ei(model, 0.2);
    Eigen::VectorXd x(2);
    x << 0.4, 0.7;
    for (const GaussianAcquisition* acq : {static_cast<const GaussianAcquisition*>(&log_ei),
                                           static_cast<const GaussianAcquisition*>(&ei)}) {
        const Prediction p0 = model.predict_member(0, x), p1 = model.predict_member(1, x);
        const double expected = 0.5 * (acq->score(p0.mean, p0.var, nullptr, nullptr) +
                                       acq->score(p1.mean, p1.var, nullptr, nullptr));
        Eigen::VectorXd g;
        CHECK(acq->value(x, &g) == Approx(expected).epsilon(1e-15));
        const Eigen::VectorXd g_fd =
            test::central_difference([&](const Eigen::VectorXd& z) { return acq->value(z); }, x);
        CHECK(test::gradient_mismatch(g, g_fd, 1e-6, 1e-9) <= 1.0);
    }
}

TEST_CASE("an acquisition scores many rows as it scores each, bit for bit, and its objective in one call",
          "[acq][batch]") {
    Rng rng(12);
    const Eigen::MatrixXd X = test::uniform_points(8, 2, rng);
    const Eigen::VectorXd y = (3 * X.col(0).array()).sin() + X.col(1).array();
    const auto gp = fitted_gp(KernelFamily::Matern52, X, y);
    const TwoMemberModel two;
    const Eigen::MatrixXd rows = test::uniform_points(40, 2, rng);
    for (const RegressionModel* model : {static_cast<const RegressionModel*>(gp.get()),
                                         static_cast<const RegressionModel*>(&two)}) {
        const ExpectedImprovement ei(*model, 0.2);
        const LogExpectedImprovement log_ei(*model, 0.2);
        const ProbabilityOfImprovement pi(*model, 0.2);
        const LowerConfidenceBound lcb(*model, 2.0);
        for (const Acquisition* acq : {static_cast<const Acquisition*>(&ei), static_cast<const Acquisition*>(&log_ei),
                                       static_cast<const Acquisition*>(&pi), static_cast<const Acquisition*>(&lcb)}) {
            INFO("members " << model->members());
            Eigen::VectorXd values, from_objective;
            acq->values(rows, values);
            const Objective f = make_objective(*acq);
            REQUIRE(f.batch);
            f.batch(rows, from_objective);
            REQUIRE(values.size() == rows.rows());
            for (Eigen::Index k = 0; k < rows.rows(); ++k) {
                CHECK(values[k] == acq->value(rows.row(k).transpose()));
                CHECK(from_objective[k] == values[k]);
            }
        }
    }
}

TEST_CASE("acquisitions reject bad parameters", "[acq]") {
    TwoMemberModel model;
    CHECK_THROWS_WITH(LowerConfidenceBound(model, -1.0),
                      "LowerConfidenceBound: kappa -1.000000 must be finite and >= 0");
    CHECK_THROWS_WITH(ExpectedImprovement(model, std::numeric_limits<double>::quiet_NaN()),
                      "ExpectedImprovement: incumbent nan must be finite");
    CHECK_THROWS_AS(LogExpectedImprovement(model, 0.0, std::numeric_limits<double>::infinity()),
                    UserError);
}

TEST_CASE("independent Thompson scores: minus one draw of each point's predictive", "[acquisitions][thompson]") {
    // a GP on three points: at a data point the predictive is tight, far away it is wide
    Eigen::MatrixXd X(3, 1);
    X << 0.1, 0.5, 0.9;
    const Eigen::VectorXd y = (Eigen::VectorXd(3) << 1.0, -1.0, 0.5).finished();
    surrogates::GpOptions o;
    o.optimize_hyperparameters = false;
    surrogates::GaussianProcess gp(1, o);
    Rng fit_rng(1);
    gp.fit(X, y, fit_rng);
    Eigen::MatrixXd points(1, 2);
    points << 0.5, 0.3;
    const auto scores_of = bobench::acquisitions::independent_thompson_scores(gp);
    Rng rng(9);
    const int n = 20000;
    double sum[2] = {0, 0}, squares[2] = {0, 0};
    Eigen::VectorXd scores;
    for (int k = 0; k < n; ++k) {
        scores_of(points, scores, rng);
        REQUIRE(scores.size() == 2);
        for (int i = 0; i < 2; ++i) sum[i] += -scores[i], squares[i] += scores[i] * scores[i];
    }
    for (int i = 0; i < 2; ++i) {
        const surrogates::Prediction p = gp.predict(points.col(i));
        const double mean = sum[i] / n, var = squares[i] / n - mean * mean;
        INFO("point " << i);
        CHECK(mean == Approx(p.mean).margin(4 * std::sqrt(p.var / n) + 1e-12));
        CHECK(var == Approx(p.var).epsilon(0.05).margin(1e-12));
    }
    // the same stream gives the same scores; the draws are independent across points
    Rng r1(4), r2(4);
    Eigen::VectorXd s1, s2;
    scores_of(points, s1, r1);
    scores_of(points, s2, r2);
    CHECK(s1 == s2);
}
