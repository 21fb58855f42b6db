// The random-vector functional-link surrogates (surrogates/rvfl/): the evidence fixed
// point, predictive variance, the anchored-MAP ensemble against the exact posterior,
// gradients, and awkward input.
#include <catch2/catch.hpp>

#include <cmath>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include "core/error.hpp"
#include "surrogates/rvfl/rvfl.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using namespace bobench::surrogates::rvfl;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// A linear-Gaussian toy: t = Phi w + e, w ~ N(0, 1/alpha), e ~ N(0, 1/beta).
struct Toy {
    MatrixXd Phi;
    VectorXd t;
};
Toy linear_toy(Eigen::Index n, Eigen::Index m, double alpha, double beta, std::uint64_t seed) {
    Rng rng(seed);
    Toy toy;
    toy.Phi = MatrixXd(n, m);
    for (Eigen::Index i = 0; i < n; ++i) toy.Phi.row(i) = test::normal_vector(m, rng).transpose();
    const VectorXd w = test::normal_vector(m, rng) / std::sqrt(alpha);
    toy.t = toy.Phi * w + test::normal_vector(n, rng) / std::sqrt(beta);
    return toy;
}

// ln N(t | 0, I/beta + Phi Phi^T / alpha), densely: independent of the spectral code.
double dense_log_evidence(const Toy& toy, double alpha, double beta) {
    const Eigen::Index n = toy.t.size();
    MatrixXd C = toy.Phi * toy.Phi.transpose() / alpha;
    C.diagonal().array() += 1.0 / beta;
    Eigen::LLT<MatrixXd> llt(C);
    const double log_det = 2 * llt.matrixL().toDenseMatrix().diagonal().array().log().sum();
    return -0.5 * toy.t.dot(llt.solve(toy.t)) - 0.5 * log_det - 0.5 * n * std::log(2 * M_PI);
}

RvflOptions options(int variant, AlphaRule rule) {
    RvflOptions o;
    apply_variant(variant, o);
    o.alpha_rule = rule;
    return o;
}

}  // namespace

TEST_CASE("rvfl: the evidence iteration stops at MacKay's fixed point, a stationary point of the evidence",
          "[rvfl]") {
    // N > M takes the primal Gram matrix, N < M the dual one
    for (auto [n, m] : {std::pair<Eigen::Index, Eigen::Index>{60, 6}, {15, 30}}) {
        const Toy toy = linear_toy(n, m, 2.0, 25.0, 7 + n);
        BlrOptions o;
        o.evidence = true;
        BayesianLinearRegression blr(o);
        blr.fit(toy.Phi, toy.t);
        const double a = blr.alpha(), b = blr.beta();
        INFO("N = " << n << ", M = " << m << ": alpha " << a << ", beta " << b << " after " << blr.iterations()
                    << " iterations");
        REQUIRE(blr.iterations() < o.max_iterations);

        // the fixed point recomputed densely: m = beta A^-1 Phi^T t, gamma from eig(Phi^T Phi)
        MatrixXd A = b * toy.Phi.transpose() * toy.Phi;
        A.diagonal().array() += a;
        const VectorXd mean = b * A.llt().solve(toy.Phi.transpose() * toy.t);
        const VectorXd l = Eigen::SelfAdjointEigenSolver<MatrixXd>(toy.Phi.transpose() * toy.Phi).eigenvalues();
        const double gamma = (b * l.array() / (a + b * l.array())).sum();
        CHECK(gamma == Approx(blr.gamma()).epsilon(1e-9));
        CHECK(a == Approx(gamma / mean.squaredNorm()).epsilon(1e-6));
        CHECK(b == Approx((n - gamma) / (toy.t - toy.Phi * mean).squaredNorm()).epsilon(1e-6));
        CHECK(blr.weights().isApprox(mean, 1e-9));

        // the spectral evidence equals the dense one, and is flat in log alpha, log beta there
        CHECK(blr.log_evidence() == Approx(dense_log_evidence(toy, a, b)).epsilon(1e-10));
        const double h = 1e-4;
        const double d_alpha = (dense_log_evidence(toy, a * std::exp(h), b) - dense_log_evidence(toy, a * std::exp(-h), b)) / (2 * h);
        const double d_beta = (dense_log_evidence(toy, a, b * std::exp(h)) - dense_log_evidence(toy, a, b * std::exp(-h))) / (2 * h);
        CHECK(std::abs(d_alpha) < 1e-5);
        CHECK(std::abs(d_beta) < 1e-5);
        CHECK(dense_log_evidence(toy, a, b) > dense_log_evidence(toy, 2 * a, b));
        CHECK(dense_log_evidence(toy, a, b) > dense_log_evidence(toy, a, b / 2));
    }
}

TEST_CASE("rvfl: the evidence recovers the toy's alpha and beta from much data", "[rvfl]") {
    const Toy toy = linear_toy(4000, 10, 2.0, 25.0, 3);
    BlrOptions o;
    o.evidence = true;
    BayesianLinearRegression blr(o);
    blr.fit(toy.Phi, toy.t);
    CHECK(blr.beta() == Approx(25.0).epsilon(0.06));   // 4000 residuals: ~2% sd
    CHECK(blr.alpha() > 0.5);                          // 10 weights: only its order
    CHECK(blr.alpha() < 8.0);
}

TEST_CASE("rvfl: the predictive variance grows away from the data", "[rvfl]") {
    Rng rng(5);
    const MatrixXd X = test::uniform_points(12, 1, rng, 0.4, 0.6);
    const VectorXd y = (6 * X.col(0).array()).sin().matrix();
    for (int variant : {1, 2, 3, 4})
        for (AlphaRule rule : {AlphaRule::Fixed, AlphaRule::Evidence}) {
            BayesianRvfl model(1, options(variant, rule));
            model.fit(X, y, rng);
            const double near = model.predict(test::point({0.5})).var;
            const double mid = model.predict(test::point({0.15})).var;
            const double far = model.predict(test::point({-0.3})).var;
            INFO("variant " << variant << (rule == AlphaRule::Fixed ? " fixed" : " evidence") << ": var " << near
                            << " < " << mid << " < " << far);
            CHECK(near < mid);
            CHECK(mid < far);
        }
}

TEST_CASE("rvfl: the anchored-MAP ensemble's spread matches the exact posterior of a linear model", "[rvfl]") {
    // hidden = 0 with the direct link: every member is the same linear model, so its
    // anchored MAPs must be draws from that model's exact posterior
    Rng rng(11);
    const MatrixXd X = test::uniform_points(6, 2, rng);
    const VectorXd y = X * test::point({1.0, -2.0}) + 0.1 * test::normal_vector(6, rng);
    RvflOptions o;
    o.hidden = 0;
    o.direct_link = true;
    o.sigma_hat = 1.0;  // alpha = 2 for the 2 weights
    o.beta = 20.0;
    const double s2 = (y.array() - y.mean()).square().mean();  // the outputs' standardisation
    const int K = 4000;
    RvflEnsemble ensemble(2, o, K);
    ensemble.fit(X, y, rng);
    BayesianRvfl exact(2, o);
    exact.fit(X, y, rng);
    REQUIRE(exact.regression().alpha() == Approx(2.0));
    for (const VectorXd& x : {test::point({0.5, 0.5}), test::point({1.5, -0.5}), test::point({-1.0, 2.0})}) {
        const auto e = ensemble.predict(x), p = exact.predict(x);
        // predictions are in raw units: scale^2 (1/beta + spread) and scale^2 (1/beta + phi^T A^-1 phi)
        const double noise = s2 / 20.0, latent_e = e.var - noise, latent_p = p.var - noise;
        REQUIRE(latent_p > 0);
        // Monte-Carlo error of K draws: the mean within 4 sd / sqrt(K), the variance within
        // 4 sqrt(2 / (K - 1)) relative
        INFO("x = " << x.transpose() << ": ensemble " << e.mean << " +- " << latent_e << ", exact " << p.mean
                    << " +- " << latent_p);
        CHECK(std::abs(e.mean - p.mean) < 4 * std::sqrt(latent_p / K));
        CHECK(std::abs(latent_e / latent_p - 1) < 4 * std::sqrt(2.0 / (K - 1)));
    }
    // eq. 4.7 read literally (lambda = alpha / beta = 0.1 here) shrinks the anchors, and so
    // the spread, far below the posterior's
    o.literal_anchor = true;
    RvflEnsemble literal(2, o, 400);
    literal.fit(X, y, rng);
    const VectorXd x = test::point({1.5, -0.5});
    CHECK(literal.predict(x).var - s2 / 20.0 < 0.2 * (exact.predict(x).var - s2 / 20.0));
}

TEST_CASE("rvfl: input gradients of mean and variance match finite differences", "[rvfl]") {
    Rng rng(2);
    const MatrixXd X = test::uniform_points(15, 3, rng);
    const VectorXd y = (X.rowwise().squaredNorm().array() * 3).cos().matrix();
    const VectorXd x = test::point({0.3, 0.7, 0.45});
    for (int variant : {1, 2, 3, 4}) {
        BayesianRvfl b(3, options(variant, AlphaRule::Evidence));
        RvflEnsemble e(3, options(variant, AlphaRule::Evidence), 5);
        b.fit(X, y, rng);
        e.fit(X, y, rng);
        for (const surrogates::RegressionModel* model : {static_cast<const surrogates::RegressionModel*>(&b),
                                                         static_cast<const surrogates::RegressionModel*>(&e)}) {
            VectorXd dm, dv;
            const auto p = model->predict_with_gradient(x, dm, dv);
            CHECK(p.mean == Approx(model->predict(x).mean).epsilon(1e-12));
            CHECK(p.var == Approx(model->predict(x).var).epsilon(1e-10));
            const VectorXd nm = test::central_difference([&](const VectorXd& u) { return model->predict(u).mean; }, x);
            const VectorXd nv = test::central_difference([&](const VectorXd& u) { return model->predict(u).var; }, x);
            INFO("variant " << variant);
            CHECK(test::gradient_mismatch(dm, nm, 1e-4, 1e-6) <= 1);
            CHECK(test::gradient_mismatch(dv, nv, 1e-4, 1e-6) <= 1);
        }
    }
}

TEST_CASE("rvfl: singular features, constant targets and zero hidden units", "[rvfl][bad-input]") {
    Rng rng(4);
    SECTION("duplicate points: rank-deficient features give the prior along the missing directions") {
        MatrixXd X(6, 2);
        X << 0.2, 0.3, 0.2, 0.3, 0.2, 0.3, 0.8, 0.9, 0.8, 0.9, 0.8, 0.9;
        const VectorXd y = test::point({1, 1.1, 0.9, 3, 3.1, 2.9});
        for (int variant : {1, 4})
            for (AlphaRule rule : {AlphaRule::Fixed, AlphaRule::Evidence}) {
                BayesianRvfl b(2, options(variant, rule));
                RvflEnsemble e(2, options(variant, rule), 5);
                b.fit(X, y, rng);
                e.fit(X, y, rng);
                CHECK(b.regression().eigenvalues().size() <= 2);  // rank 2 of a 6 x 300+ matrix
                for (const auto& p : {b.predict(test::point({0.5, 0.5})), e.predict(test::point({0.5, 0.5}))}) {
                    CHECK(std::isfinite(p.mean));
                    CHECK(p.var > 0);
                }
            }
    }
    SECTION("constant targets: the prediction is the constant; evidence keeps its start") {
        const MatrixXd X = test::uniform_points(5, 2, rng);
        const VectorXd y = VectorXd::Constant(5, 4.25);
        BayesianRvfl b(2, options(2, AlphaRule::Evidence));
        b.fit(X, y, rng);
        CHECK(b.predict(test::point({0.1, 0.9})).mean == Approx(4.25));
        CHECK(b.regression().alpha() == 1.0);
        CHECK(b.regression().iterations() == 0);
        RvflEnsemble e(2, options(3, AlphaRule::Evidence), 5);
        e.fit(X, y, rng);
        CHECK(std::isfinite(e.predict(test::point({0.1, 0.9})).mean));
    }
    SECTION("a single point: no spread to standardise by, still a finite predictive") {
        BayesianRvfl b(2, options(1, AlphaRule::Evidence));
        b.fit(test::point({0.5, 0.5}).transpose(), test::point({2.0}), rng);
        CHECK(b.predict(test::point({0.5, 0.5})).mean == Approx(2.0));
    }
    SECTION("zero hidden units: an error without the direct link, linear regression with it") {
        RvflOptions o;
        o.hidden = 0;
        o.direct_link = false;
        CHECK_THROWS_WITH(BayesianRvfl(2, o), Catch::Contains("hidden = 0 without the direct link"));
        CHECK_THROWS_AS(RvflEnsemble(2, o, 5), UserError);
        o.direct_link = true;
        o.alpha_rule = AlphaRule::Evidence;
        BayesianRvfl b(2, o);
        const MatrixXd X = test::uniform_points(10, 2, rng);
        b.fit(X, X * test::point({2.0, -1.0}), rng);
        const double m0 = b.predict(test::point({0.0, 0.0})).mean, m1 = b.predict(test::point({1.0, 0.5})).mean;
        CHECK(b.predict(test::point({2.0, 1.0})).mean == Approx(2 * m1 - m0));  // linear in x
        CHECK(m1 - m0 == Approx(1.5).epsilon(1e-3));
    }
    SECTION("failed evaluations are dropped; other bad input names the culprit") {
        const MatrixXd X = test::uniform_points(4, 2, rng);
        BayesianRvfl b(2, options(1, AlphaRule::Fixed));
        b.fit(X, test::point({1, NAN, 2, 3}), rng);
        CHECK(std::isfinite(b.predict(test::point({0.5, 0.5})).mean));
        CHECK_THROWS_WITH(b.fit(X, test::point({1, 2, 3}), rng), Catch::Contains("rows but y has"));
        CHECK_THROWS_WITH(RvflEnsemble(2, options(1, AlphaRule::Fixed), 1), Catch::Contains("at least 2"));
        CHECK_THROWS_WITH(surrogates::rvfl::parse_activation("elu"), Catch::Contains("expected tanh or relu"));
        RvflOptions o;
        CHECK_THROWS_WITH(apply_variant(5, o), Catch::Contains("expected 1, 2, 3 or 4"));
    }
}

TEST_CASE("rvfl: the variants as Table 4.1 numbers them: 1 tanh, 2 tanh + direct link, 3 relu, 4 relu + direct link",
          "[rvfl]") {
    using surrogates::rvfl::Activation;
    const std::pair<Activation, bool> table_4_1[] = {
        {Activation::Tanh, false}, {Activation::Tanh, true}, {Activation::Relu, false}, {Activation::Relu, true}};
    for (int variant = 1; variant <= 4; ++variant) {
        RvflOptions o;
        apply_variant(variant, o);
        INFO("variant " << variant);
        CHECK(o.activation == table_4_1[variant - 1].first);
        CHECK(o.direct_link == table_4_1[variant - 1].second);
    }
}

TEST_CASE("rvfl: the evidence setting tunes alpha alone and keeps the noise precision, evidence-ab tunes both",
          "[rvfl]") {
    // thesis ch. 4: "the parameters of the noise distribution [are set] to constant values.
    // But, the precision of the prior over w, is fine-tuned"
    Rng rng(8);
    const MatrixXd X = test::uniform_points(25, 2, rng);
    const VectorXd y = (3 * X.col(0)).array().sin() + X.col(1).array().square();
    RvflOptions o = options(1, AlphaRule::Evidence);
    o.beta = 250;
    BayesianRvfl alpha_only(2, o);
    alpha_only.fit(X, y, rng);
    CHECK(alpha_only.regression().beta() == 250);
    CHECK(alpha_only.regression().alpha() != o.alpha0);  // moved from its start
    CHECK(alpha_only.regression().iterations() > 0);
    // at its fixed point alpha = gamma / |m|^2 (PRML eq. 3.92), beta untouched
    const auto& r = alpha_only.regression();
    CHECK(r.alpha() == Approx(r.gamma() / r.weights().squaredNorm()).epsilon(1e-6));
    o.alpha_rule = AlphaRule::EvidenceBoth;
    BayesianRvfl both(2, o);
    both.fit(X, y, rng);
    CHECK(both.regression().beta() != 250);
    CHECK(both.regression().beta() != o.beta0);
    CHECK(parse_alpha_rule("evidence-ab") == AlphaRule::EvidenceBoth);
    CHECK_THROWS_WITH(parse_alpha_rule("mackay"), Catch::Contains("expected fixed, evidence or evidence-ab"));
}

TEST_CASE("rvfl: the fixed setting as we read it leaves the posterior at the prior, the evidence setting fits",
          "[rvfl][fidelity]") {
    // 20 points of Branin on [0,1]^2. With alpha = M / sigma_hat^2 = 300 / 0.001^2 (tanh) and
    // beta = 1000, beta times Phi^T Phi's eigenvalues stays far below alpha: the predictive mean
    // is the data's mean everywhere and the sd 1/sqrt(beta), so EI's z = (y_min - mean) / sd
    // is about -30 over the whole box, and EI's maximum sits at the incumbent, which a loop
    // that evaluates repeats then evaluates again (surrogates/rvfl/README.md, "What the
    // fixed setting does").
    Rng rng(20);
    const MatrixXd X = test::uniform_points(20, 2, rng);
    VectorXd y(20);
    for (Eigen::Index i = 0; i < 20; ++i) {
        const double x1 = 15 * X(i, 0) - 5, x2 = 15 * X(i, 1);
        const double a = x2 - 5.1 / (4 * M_PI * M_PI) * x1 * x1 + 5 / M_PI * x1 - 6;
        y[i] = a * a + 10 * (1 - 1 / (8 * M_PI)) * std::cos(x1) + 10;
    }
    // outputs are standardised by their mean and population sd
    const double mean = y.mean(), sd = std::sqrt((y.array() - mean).square().sum() / 20);
    auto fit_share = [&](const BayesianRvfl& model) {  // R^2 of the fit at the training points
        double ss = 0;
        for (Eigen::Index i = 0; i < 20; ++i) ss += std::pow(model.predict(X.row(i).transpose()).mean - y[i], 2);
        return 1 - ss / (y.array() - mean).square().sum();
    };
    BayesianRvfl fixed(2, options(1, AlphaRule::Fixed));
    fixed.fit(X, y, rng);
    BayesianRvfl evidence(2, options(1, AlphaRule::Evidence));
    evidence.fit(X, y, rng);
    double z_max = -1e300;
    for (double u = 0; u <= 1.0; u += 0.1)
        for (double v = 0; v <= 1.0; v += 0.1) {
            const auto p = fixed.predict(test::point({u, v}));
            CHECK(std::fabs(p.mean - mean) < 0.01 * sd);
            CHECK(std::sqrt(p.var) == Approx(sd / std::sqrt(1000.0)).epsilon(0.01));
            z_max = std::max(z_max, (y.minCoeff() - p.mean) / std::sqrt(p.var));
        }
    INFO("R^2: fixed " << fit_share(fixed) << ", evidence " << fit_share(evidence) << "; z at most " << z_max);
    CHECK(fit_share(fixed) < 0.01);
    CHECK(z_max < -20);
    CHECK(fit_share(evidence) > 0.9);
}

TEST_CASE("rvfl: outputs standardised, only centred, or raw", "[rvfl][fidelity]") {
    // The posterior mean is linear in the targets, so fitting y - mean(y) instead of
    // (y - mean(y)) / sd gives the same predictive mean in raw units and a variance sd^2
    // times smaller (the noise and the prior no longer scale with the outputs); raw outputs
    // put the prior's mean, 0, where the data's mean was: with the fixed setting's tight
    // prior the prediction then stays near 0 (surrogates/rvfl/README.md, "Unscaled outputs").
    Rng draw(31);
    const MatrixXd X = test::uniform_points(15, 2, draw);
    const VectorXd y = (500 + 40 * (5 * X.col(0)).array().sin() + 90 * X.col(1).array().square()).matrix();
    const double mean = y.mean(), sd = std::sqrt((y.array() - mean).square().sum() / 15);
    auto fitted = [&](OutputScaling outputs) {
        RvflOptions o = options(1, AlphaRule::Fixed);
        o.outputs = outputs;
        BayesianRvfl model(2, o);
        Rng rng(5);  // the same hidden layer for every scaling
        model.fit(X, y, rng);
        return model;
    };
    const BayesianRvfl standardised = fitted(OutputScaling::Standardised);
    const BayesianRvfl centred = fitted(OutputScaling::Centred);
    const BayesianRvfl raw = fitted(OutputScaling::Raw);
    for (const VectorXd& x : {test::point({0.1, 0.2}), test::point({0.7, 0.9}), VectorXd(X.row(3).transpose())}) {
        const auto s = standardised.predict(x), c = centred.predict(x), r = raw.predict(x);
        CHECK(c.mean == Approx(s.mean).epsilon(1e-10));
        CHECK(s.var / c.var == Approx(sd * sd).epsilon(1e-10));
        CHECK(std::fabs(c.mean - mean) < 0.01 * sd);  // the tight prior: the data's mean
        CHECK(std::fabs(r.mean) < 0.01 * mean);        // raw: the prior's mean
        CHECK(r.var == Approx(c.var).epsilon(1e-12));  // the variance does not see the targets
    }
    CHECK(parse_output_scaling("centred") == OutputScaling::Centred);
    CHECK_THROWS_WITH(parse_output_scaling("normalised"), Catch::Contains("expected standardised, centred or raw"));
}

TEST_CASE("rvfl: inputs standardised by the box are those of the data when the data have the box's moments",
          "[rvfl][fidelity]") {
    // Two points at 1/2 -+ 1/sqrt(12) have the unit box's mean and sd, so both readings of
    // "inputs standardised" give the same network; points clustered in [0.45, 0.55] do not
    const double h = std::sqrt(1.0 / 12.0);
    const MatrixXd matched = (MatrixXd(2, 1) << 0.5 - h, 0.5 + h).finished();
    Rng draw(3);
    const MatrixXd clustered = test::uniform_points(8, 1, draw, 0.45, 0.55);
    for (int variant : {1, 4}) {
        auto predictions = [&](const MatrixXd& X, bool by_box) {
            RvflOptions o = options(variant, AlphaRule::Evidence);
            o.inputs_by_box = by_box;
            BayesianRvfl model(1, o);
            Rng rng(17);
            model.fit(X, (4 * X.col(0).array()).sin().matrix(), rng);
            return test::point({model.predict(test::point({0.0})).mean, model.predict(test::point({0.5})).mean,
                                model.predict(test::point({1.0})).var});
        };
        INFO("variant " << variant);
        CHECK((predictions(matched, true) - predictions(matched, false)).cwiseAbs().maxCoeff() < 1e-9);
        CHECK((predictions(clustered, true) - predictions(clustered, false)).cwiseAbs().maxCoeff() > 1e-3);
    }
}

TEST_CASE("rvfl: the hidden layer redrawn at every fit, or drawn at a run's first fit and kept", "[rvfl][fidelity]") {
    Rng draw(8);
    const MatrixXd X = test::uniform_points(10, 2, draw);
    const VectorXd y = (3 * X.col(0).array()).cos().matrix() + X.col(1);
    const VectorXd x = test::point({0.3, 0.8});
    for (bool per_run : {false, true}) {
        RvflOptions o = options(2, AlphaRule::Evidence);
        o.hidden_per_run = per_run;
        INFO((per_run ? "per run" : "per fit"));
        // the BRVFL has no randomness but its hidden layer: kept, a refit on other streams
        // predicts the same; redrawn, it does not
        BayesianRvfl brvfl(2, o);
        Rng first(1), second(2);
        brvfl.fit(X, y, first);
        const double before = brvfl.predict(x).mean;
        brvfl.fit(X, y, second);
        CHECK((brvfl.predict(x).mean == before) == per_run);
        // two ensembles whose first fits differ and whose second fits share a stream agree
        // after it exactly when the layers are redrawn
        RvflEnsemble a(2, o, 5), b(2, o, 5);
        Rng ra(3), rb(4);
        a.fit(X, y, ra);
        b.fit(X, y, rb);
        Rng sa(5), sb(5);
        a.fit(X, y, sa);
        b.fit(X, y, sb);
        CHECK((a.predict(x).mean == b.predict(x).mean) == !per_run);
    }
}

TEST_CASE("rvfl: the ensemble's members as sampled functions, and its spread with or without the noise",
          "[rvfl][fidelity]") {
    Rng draw(21);
    const MatrixXd X = test::uniform_points(9, 2, draw);
    const VectorXd y = (50 + 10 * X.col(0).array().square() - 4 * X.col(1).array()).matrix();
    const double s2 = (y.array() - y.mean()).square().mean();
    RvflOptions o = options(3, AlphaRule::Evidence);
    const int K = 6;
    RvflEnsemble with_noise(2, o, K);
    o.noise_in_spread = false;
    RvflEnsemble members_only(2, o, K);
    Rng r1(9), r2(9);
    with_noise.fit(X, y, r1);
    members_only.fit(X, y, r2);
    REQUIRE(with_noise.function_samples() == static_cast<std::size_t>(K));
    for (const VectorXd& x : {test::point({0.2, 0.4}), test::point({0.9, 0.1})}) {
        const auto p = with_noise.predict(x), q = members_only.predict(x);
        CHECK(q.mean == p.mean);
        CHECK(p.var - q.var == Approx(s2 / with_noise.beta()).epsilon(1e-9));
        // the samples' mean and sample variance are the Gaussian summary's (raw units)
        VectorXd values;
        MatrixXd gradients;
        members_only.sample_values(x, values, &gradients);
        REQUIRE(values.size() == K);
        CHECK(values.mean() == Approx(q.mean).epsilon(1e-12));
        CHECK((values.array() - values.mean()).square().sum() / (K - 1) == Approx(q.var).epsilon(1e-9));
        // each sample's input gradient against central differences
        for (Eigen::Index d = 0; d < 2; ++d) {
            VectorXd up = x, down = x, vu, vd;
            up[d] += 1e-6;
            down[d] -= 1e-6;
            members_only.sample_values(up, vu, nullptr);
            members_only.sample_values(down, vd, nullptr);
            const VectorXd numeric = (vu - vd) / 2e-6;
            CHECK((numeric - VectorXd(gradients.row(d).transpose())).cwiseAbs().maxCoeff() <
                  1e-5 * (1 + numeric.cwiseAbs().maxCoeff()));
        }
    }
}

TEST_CASE("rvfl: the evidence iteration's start (alpha 1, the fixed setting's alpha, the previous fit's) and cap",
          "[rvfl][fidelity]") {
    // thesis §4.4.1: "initialising α with a reasonable value" and iterating Eq. 4.8-4.9,
    // neither the value nor the stopping rule stated
    Rng draw(12);
    const MatrixXd X = test::uniform_points(12, 2, draw);
    const VectorXd y = (2 * X.col(0)).array().sin() + X.col(1).array();
    RvflOptions o = options(3, AlphaRule::Evidence);
    o.hidden_per_run = true;  // the same features at every fit, so only the start differs

    SECTION("the start of each setting") {
        o.evidence_start = EvidenceStart::One;
        CHECK(blr_options(o, 300, {5.0, 7.0}).alpha == o.alpha0);
        o.evidence_start = EvidenceStart::FixedRule;
        // the fixed rule: alpha = features / sigma_hat^2, sigma_hat = 0.02 for relu
        CHECK(blr_options(o, 300, {5.0, 7.0}).alpha == Approx(300 / (0.02 * 0.02)).epsilon(1e-12));
        o.evidence_start = EvidenceStart::Previous;
        CHECK(blr_options(o, 300, {}).alpha == o.alpha0);  // a run's first fit
        CHECK(blr_options(o, 300, {5.0, 7.0}).alpha == 5.0);
        CHECK(blr_options(o, 300, {5.0, 7.0}).beta == o.beta);  // beta kept unless tuned
        o.alpha_rule = AlphaRule::EvidenceBoth;
        CHECK(blr_options(o, 300, {5.0, 7.0}).beta == 7.0);
        o.evidence_iterations = 3;
        CHECK(blr_options(o, 300, {}).max_iterations == 3);
    }
    SECTION("a refit from the previous fit's alpha starts at its fixed point and stays there") {
        o.evidence_start = EvidenceStart::Previous;
        BayesianRvfl model(2, o);
        Rng rng(4);
        model.fit(X, y, rng);
        const double converged = model.regression().alpha();
        CHECK(model.regression().iterations() > 3);
        model.fit(X, y, rng);
        CHECK(model.regression().iterations() <= 2);
        CHECK(model.regression().alpha() == Approx(converged).epsilon(1e-7));
        // with alpha = 1 at every fit, the refit walks the whole way again
        o.evidence_start = EvidenceStart::One;
        BayesianRvfl fresh(2, o);
        Rng rng2(4);
        fresh.fit(X, y, rng2);
        fresh.fit(X, y, rng2);
        CHECK(fresh.regression().iterations() > 3);
        CHECK(fresh.regression().alpha() == Approx(converged).epsilon(1e-6));
    }
    SECTION("a capped iteration stops after its cap, short of the fixed point") {
        o.evidence_iterations = 1;
        BayesianRvfl one_step(2, o);
        Rng rng(4);
        one_step.fit(X, y, rng);
        const auto& r = one_step.regression();
        CHECK(r.iterations() == 1);
        CHECK(r.alpha() != o.alpha0);
        // not yet alpha = gamma / |m|^2 (PRML eq. 3.92)
        CHECK(std::abs(r.alpha() - r.gamma() / r.weights().squaredNorm()) > 1e-3 * r.alpha());
    }
    SECTION("the ensemble's first member starts where the previous fit ended") {
        o.evidence_start = EvidenceStart::Previous;
        o.evidence_iterations = 1;
        RvflEnsemble ensemble(2, o, 3);
        Rng rng(6);
        ensemble.fit(X, y, rng);
        const double first = ensemble.alpha();
        ensemble.fit(X, y, rng);
        // one more step of the same iteration on the same features: the second fit moved on
        CHECK(ensemble.alpha() != first);
        o.evidence_start = EvidenceStart::One;
        RvflEnsemble restarted(2, o, 3);
        Rng rng2(6);
        restarted.fit(X, y, rng2);
        restarted.fit(X, y, rng2);
        CHECK(restarted.alpha() == first);
    }
    SECTION("bad settings") {
        CHECK_THROWS_WITH(parse_evidence_start("zero"), Catch::Contains("expected one, fixed or previous"));
        o.evidence_iterations = 0;
        CHECK_THROWS_WITH(BayesianRvfl(2, o), Catch::Contains("evidence_iterations = 0 must be >= 1"));
    }
}

TEST_CASE("rvfl: the fixed prior's n, the output weights or the hidden units alone", "[rvfl][fidelity]") {
    // §4.4.1: sigma_w = sigma_hat |w|^-1/2, "w.r.t the number of hidden units"; they differ by
    // the D direct-link weights
    RvflOptions o = options(2, AlphaRule::Fixed);  // tanh + direct link, sigma_hat 0.001
    const int features = o.hidden + 2;             // D = 2
    CHECK(blr_options(o, features).alpha == Approx(features / (0.001 * 0.001)).epsilon(1e-12));
    o.sigma_n_hidden = true;
    CHECK(blr_options(o, features).alpha == Approx(o.hidden / (0.001 * 0.001)).epsilon(1e-12));
    Rng draw(3);
    const MatrixXd X = test::uniform_points(6, 2, draw);
    const VectorXd y = X.col(0) + X.col(1).array().square().matrix();
    BayesianRvfl model(2, o);
    Rng rng(1);
    model.fit(X, y, rng);
    CHECK(model.regression().alpha() == Approx(o.hidden / (0.001 * 0.001)).epsilon(1e-12));
}
