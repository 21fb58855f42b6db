// The prior weight w in a_x = N p(x) / (N p(x) + w), fixed or chosen with the model's
// hyperparameter by cross-validation (the DTU thesis' BO_em: "cross-validation 30 fold,
// tuning number of components and prior weight").
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "surrogates/mixtures/gaussian_mixture.hpp"
#include "surrogates/mixtures/mixture_regression.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::surrogates::mixtures;
using bobench::test::point;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

const std::vector<double> kGrid = {0.1, 0.3, 1.0, 3.0, 10.0};

// p(x) uniform on [0,1] (log p(x) = 0) and y | x ~ N(sign * s(x), 0.01^2) in standardised
// units, s(x) = -1 below 0.5 and +1 above: sign +1 is the data's own rule, -1 its mirror.
class StepDensity final : public JointDensity {
public:
    explicit StepDensity(double sign) : sign_(sign) {}
    double log_density(const VectorXd& z) const override { return normal_log_pdf(z[1], mean(z[0]), 1e-4); }
    double conditional(const VectorXd& x, Components& out) const override {
        out.assign(1, {1.0, mean(x[0]), 1e-4});
        return 0.0;
    }

private:
    double mean(double x) const { return sign_ * (x < 0.5 ? -1.0 : 1.0); }
    double sign_;
};

// Candidates: the mirrored rule (0) and, when `with_right`, the right one (1).
class StepRegression final : public MixtureRegression {
public:
    StepRegression(const MixtureRegressionOptions& o, bool with_right) : MixtureRegression(o), with_right_(with_right) {}

protected:
    std::size_t candidates(std::size_t) const override { return with_right_ ? 2 : 1; }
    std::unique_ptr<JointDensity> fit_candidate(std::size_t c, const MatrixXd&, Rng&) const override {
        return std::make_unique<StepDensity>(c == 1 ? 1.0 : -1.0);
    }

private:
    bool with_right_;
};

// 20 evenly spaced x, y = -1 below 0.5 and +1 above: standardised, y stays +-1 exactly.
void step_data(MatrixXd& X, VectorXd& y) {
    X.resize(20, 1);
    y.resize(20);
    for (Eigen::Index i = 0; i < 20; ++i) {
        X(i, 0) = (static_cast<double>(i) + 0.5) / 20.0;
        y[i] = X(i, 0) < 0.5 ? -1.0 : 1.0;
    }
}

MixtureRegressionOptions tuned(CvTarget target) {
    MixtureRegressionOptions o;
    o.output = OutputTransform::Standardise;
    o.cv_target = target;
    o.prior_weight_grid = kGrid;
    return o;
}

}  // namespace

TEST_CASE("mixtures: cross-validation picks the prior weight the data call for", "[mixtures][prior-weight]") {
    MatrixXd X;
    VectorXd y;
    step_data(X, y);
    for (CvTarget target : {CvTarget::Conditional, CvTarget::Joint}) {
        INFO("cv_target " << (target == CvTarget::Joint ? "joint" : "conditional"));
        Rng rng(3);
        // only a wrong model: the prior must carry the predictive, the largest weight
        StepRegression wrong(tuned(target), false);
        wrong.fit(X, y, rng);
        CHECK(wrong.prior_weight() == 10.0);
        CHECK(wrong.cv_folds_used() == 5);
        // a right model beside it: chosen together with the smallest weight
        StepRegression both(tuned(target), true);
        both.fit(X, y, rng);
        CHECK(both.chosen_candidate() == 1);
        CHECK(both.prior_weight() == 0.1);
        // the weight enters the blend: a = N p(x) / (N p(x) + w) with p(x) = 1
        CHECK(both.blend_weight(point({0.3})) == Approx(20.0 / 20.1).epsilon(1e-12));
    }
}

TEST_CASE("mixtures: a fixed prior weight enters the blend and no grid keeps it", "[mixtures][prior-weight]") {
    MatrixXd X;
    VectorXd y;
    step_data(X, y);
    MixtureRegressionOptions o;
    o.output = OutputTransform::Standardise;
    o.prior_weight = 3.0;
    StepRegression m(o, true);
    Rng rng(1);
    m.fit(X, y, rng);
    CHECK(m.prior_weight() == 3.0);
    CHECK(m.blend_weight(point({0.7})) == Approx(20.0 / 23.0).epsilon(1e-12));
    o.prior_weight = 0.0;
    CHECK_THROWS_WITH(StepRegression(o, true), Catch::Contains("prior weight 0"));
    o.prior_weight = 1.0;
    o.prior_weight_grid = {1.0, -2.0};
    CHECK_THROWS_AS(StepRegression(o, true), UserError);
}

TEST_CASE("mixtures: GMR's components and prior weight by 30-fold CV, leave-one-out with fewer rows",
          "[mixtures][prior-weight]") {
    MixtureRegressionOptions o;
    o.cv_folds = 30;
    o.prior_weight_grid = kGrid;
    GmrOptions g;
    g.components_by_cv = true;
    for (Eigen::Index n : {12, 40}) {
        INFO(n << " rows");
        Rng data(7);
        const MatrixXd X = test::uniform_points(n, 2, data);
        VectorXd y(n);
        for (Eigen::Index i = 0; i < n; ++i) y[i] = std::sin(6.0 * X(i, 0)) + X(i, 1) * X(i, 1);
        GaussianMixtureRegression a(o, g), b(o, g);
        Rng ra(11), rb(11);
        a.fit(X, y, ra);
        b.fit(X, y, rb);
        CHECK(a.cv_folds_used() == static_cast<std::size_t>(std::min<Eigen::Index>(n, 30)));
        CHECK(std::find(kGrid.begin(), kGrid.end(), a.prior_weight()) != kGrid.end());
        CHECK(a.prior_weight() == b.prior_weight());  // deterministic given the seed
        CHECK(a.components() == b.components());
        CHECK(a.predict(point({0.4, 0.6})).mean == b.predict(point({0.4, 0.6})).mean);
    }
}
