#include "surrogates/rvfl/rvfl.hpp"

#include <cmath>

#include <Eigen/Cholesky>
#include <boost/random/normal_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/gp/training_data.hpp"

namespace bobench::surrogates::rvfl {

AlphaRule parse_alpha_rule(const std::string& name) {
    if (name == "fixed") return AlphaRule::Fixed;
    if (name == "evidence") return AlphaRule::Evidence;
    if (name == "evidence-ab") return AlphaRule::EvidenceBoth;
    throw UserError("rvfl: unknown alpha rule '" + name + "'; expected fixed, evidence or evidence-ab");
}

OutputScaling parse_output_scaling(const std::string& name) {
    if (name == "standardised") return OutputScaling::Standardised;
    if (name == "centred") return OutputScaling::Centred;
    if (name == "raw") return OutputScaling::Raw;
    throw UserError("rvfl: unknown output scaling '" + name + "'; expected standardised, centred or raw");
}

double thesis_sigma_hat(Activation a) { return a == Activation::Relu ? 0.02 : 0.001; }

void apply_variant(int variant, RvflOptions& o) {
    if (variant < 1 || variant > 4)
        throw UserError("rvfl: variant " + std::to_string(variant) + " does not exist; expected 1, 2, 3 or 4");
    o.activation = variant <= 2 ? Activation::Tanh : Activation::Relu;
    o.direct_link = variant % 2 == 0;
}

EvidenceStart parse_evidence_start(const std::string& name) {
    if (name == "one") return EvidenceStart::One;
    if (name == "fixed") return EvidenceStart::FixedRule;
    if (name == "previous") return EvidenceStart::Previous;
    throw UserError("rvfl: unknown evidence start '" + name + "'; expected one, fixed or previous");
}

BlrOptions blr_options(const RvflOptions& o, int feature_count, EvidenceState previous) {
    BlrOptions b;
    const double sigma_hat = o.sigma_hat > 0 ? o.sigma_hat : thesis_sigma_hat(o.activation);
    const double sigma_w = sigma_hat / std::sqrt(static_cast<double>(o.sigma_n_hidden ? o.hidden : feature_count));
    b.alpha = 1.0 / (sigma_w * sigma_w);
    b.beta = o.beta;
    if (o.alpha_rule == AlphaRule::Fixed) return b;
    b.evidence = true;
    b.max_iterations = o.evidence_iterations;
    b.tune_beta = o.alpha_rule == AlphaRule::EvidenceBoth;
    if (b.tune_beta) b.beta = o.beta0;
    if (o.evidence_start == EvidenceStart::One) {
        b.alpha = o.alpha0;
    } else if (o.evidence_start == EvidenceStart::Previous) {
        b.alpha = previous.alpha > 0 ? previous.alpha : o.alpha0;
        if (b.tune_beta && previous.beta > 0) b.beta = previous.beta;
    }
    return b;
}

namespace {

void check_options(const RvflOptions& o) {
    if (!(o.beta > 0 && std::isfinite(o.beta))) throw UserError("rvfl: beta must be a finite number > 0");
    if (!(o.alpha0 > 0 && o.beta0 > 0)) throw UserError("rvfl: alpha0 and beta0 must be > 0");
    if (o.evidence_iterations < 1)
        throw UserError("rvfl: evidence_iterations = " + std::to_string(o.evidence_iterations) + " must be >= 1");
    if (!std::isfinite(o.sigma_hat)) throw UserError("rvfl: sigma_hat must be finite");
}

struct Standardised {
    CleanData data;
    Standardization y;
    Eigen::VectorXd t;
};

Standardised standardise(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, int dim, OutputScaling outputs,
                         const char* who) {
    Standardised s{clean_training_data(X, y, dim, who), {}, {}};
    if (outputs != OutputScaling::Raw) s.y = Standardization::of(s.data.y, outputs == OutputScaling::Standardised);
    s.t = s.y.apply(s.data.y);
    return s;
}

// The anchored MAP of one member: w = A^-1 (beta Phi^T t + alpha a) with the anchor a
// drawn as in rvfl.hpp. Writing alpha a = sqrt(alpha) z1 + sqrt(beta) Phi^T z2 with
// z1 ~ N(0, I_M), z2 ~ N(0, I_N) draws it without forming its covariance. A^-1 comes from
// a Cholesky factor of the smaller of the two Woodbury forms; if that factor fails
// (duplicate points with a vanishing alpha / beta), from the spectral solver.
Eigen::VectorXd anchored_map(const Eigen::MatrixXd& Phi, const Eigen::VectorXd& t, double alpha, double beta,
                             bool literal_anchor, Rng& rng) {
    boost::random::normal_distribution<double> normal(0.0, 1.0);
    const Eigen::Index N = Phi.rows(), M = Phi.cols();
    Eigen::VectorXd z1(M), z2(N);
    for (Eigen::Index i = 0; i < M; ++i) z1[i] = normal(rng);
    for (Eigen::Index i = 0; i < N; ++i) z2[i] = normal(rng);
    // literal eq. 4.7: alpha a = alpha (sqrt(lambda) z1 + lambda sqrt(beta) Phi^T z2), lambda = alpha / beta
    const double lambda = alpha / beta;
    const Eigen::VectorXd rhs =
        literal_anchor ? Eigen::VectorXd(Phi.transpose() * (beta * t + alpha * lambda * std::sqrt(beta) * z2) +
                                         alpha * std::sqrt(lambda) * z1)
                       : Eigen::VectorXd(Phi.transpose() * (beta * t + std::sqrt(beta) * z2) + std::sqrt(alpha) * z1);
    if (N <= M) {  // A^-1 = (1/alpha) [I - Phi^T ((alpha/beta) I + Phi Phi^T)^-1 Phi]
        Eigen::MatrixXd K = Phi * Phi.transpose();
        K.diagonal().array() += alpha / beta;
        Eigen::LLT<Eigen::MatrixXd> llt(K);
        if (llt.info() == Eigen::Success) return (rhs - Phi.transpose() * llt.solve(Phi * rhs)) / alpha;
    } else {
        Eigen::MatrixXd A = beta * Phi.transpose() * Phi;
        A.diagonal().array() += alpha;
        Eigen::LLT<Eigen::MatrixXd> llt(A);
        if (llt.info() == Eigen::Success) return llt.solve(rhs);
    }
    BlrOptions fixed;
    fixed.alpha = alpha;
    fixed.beta = beta;
    BayesianLinearRegression blr(fixed);
    blr.fit(Phi, Eigen::VectorXd::Zero(N));
    return blr.solve(rhs);
}

// s(x) of one member's hidden layer, by the option's reading
void standardise_inputs(RandomFeatures& features, const Eigen::MatrixXd& X, const RvflOptions& o) {
    if (o.inputs_by_box)
        features.standardise_by_unit_box();
    else
        features.standardise_by(X);
}

}  // namespace

// ---------------------------------------------------------------- BayesianRvfl

BayesianRvfl::BayesianRvfl(int dim, RvflOptions options) : dim_(dim), options_(options) {
    check_options(options_);
    Rng probe(0);  // validates hidden / direct-link / dim now, not at the first fit
    RandomFeatures(dim, options_.hidden, options_.activation, options_.direct_link, probe);
}

void BayesianRvfl::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
    const Standardised s = standardise(X, y, dim_, options_.outputs, "brvfl");
    if (!features_ || !options_.hidden_per_run)
        features_ = std::make_unique<RandomFeatures>(dim_, options_.hidden, options_.activation, options_.direct_link, rng);
    standardise_inputs(*features_, s.data.X, options_);
    blr_ = BayesianLinearRegression(blr_options(options_, features_->size(), previous_));
    blr_.fit(features_->features(s.data.X), s.t);
    previous_ = {blr_.alpha(), blr_.beta()};
    y_mean_ = s.y.mean;
    y_scale_ = s.y.scale;
}

Prediction BayesianRvfl::predict(const Eigen::VectorXd& x) const {
    if (!features_) throw std::logic_error("BayesianRvfl::predict before fit");
    const Eigen::VectorXd phi = features_->feature(x);
    const double var = 1.0 / blr_.beta() + blr_.latent_variance(phi);
    return {y_mean_ + y_scale_ * blr_.mean(phi), y_scale_ * y_scale_ * var};
}

Prediction BayesianRvfl::predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                               Eigen::VectorXd& dvar) const {
    if (!features_) throw std::logic_error("BayesianRvfl::predict before fit");
    Eigen::MatrixXd J;
    const Eigen::VectorXd phi = features_->feature(x, &J);
    const Eigen::VectorXd s = blr_.solve(phi);  // A^-1 phi
    dmean = y_scale_ * (J.transpose() * blr_.weights());
    dvar = (2 * y_scale_ * y_scale_) * (J.transpose() * s);
    return {y_mean_ + y_scale_ * blr_.mean(phi), y_scale_ * y_scale_ * (1.0 / blr_.beta() + phi.dot(s))};
}

// ---------------------------------------------------------------- RvflEnsemble

RvflEnsemble::RvflEnsemble(int dim, RvflOptions options, int members)
    : dim_(dim), members_(members), options_(options) {
    check_options(options_);
    if (members < 2)
        throw UserError("ervfl: members = " + std::to_string(members) + "; the ensemble's spread needs at least 2");
    Rng probe(0);
    RandomFeatures(dim, options_.hidden, options_.activation, options_.direct_link, probe);
}

void RvflEnsemble::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
    const Standardised s = standardise(X, y, dim_, options_.outputs, "ervfl");
    const bool redraw = features_.empty() || !options_.hidden_per_run;
    if (redraw) features_.clear();
    weights_.clear();
    for (std::size_t k = 0; k < static_cast<std::size_t>(members_); ++k) {
        if (redraw) features_.emplace_back(dim_, options_.hidden, options_.activation, options_.direct_link, rng);
        standardise_inputs(features_[k], s.data.X, options_);
        const Eigen::MatrixXd Phi = features_[k].features(s.data.X);
        if (k == 0) {  // alpha, beta: the fixed rule, or the first member's evidence
            BayesianLinearRegression blr(blr_options(options_, features_[k].size(), previous_));
            if (options_.alpha_rule != AlphaRule::Fixed) blr.fit(Phi, s.t);
            alpha_ = blr.alpha();
            beta_ = blr.beta();
            previous_ = {alpha_, beta_};
        }
        weights_.push_back(anchored_map(Phi, s.t, alpha_, beta_, options_.literal_anchor, rng));
    }
    y_mean_ = s.y.mean;
    y_scale_ = s.y.scale;
}

double RvflEnsemble::member_mean(std::size_t k, const Eigen::VectorXd& x) const {
    if (k >= weights_.size()) throw std::out_of_range("RvflEnsemble::member_mean: no such member (fit first?)");
    return features_[k].feature(x).dot(weights_[k]);
}

Eigen::VectorXd RvflEnsemble::member_means(const Eigen::VectorXd& x, Eigen::MatrixXd* grads) const {
    if (weights_.empty()) throw std::logic_error("RvflEnsemble::predict before fit");
    Eigen::VectorXd means(members_);
    if (grads) grads->resize(dim_, members_);
    Eigen::MatrixXd J;
    for (std::size_t k = 0; k < weights_.size(); ++k) {
        const auto col = static_cast<Eigen::Index>(k);
        means[col] = features_[k].feature(x, grads ? &J : nullptr).dot(weights_[k]);
        if (grads) grads->col(col) = J.transpose() * weights_[k];
    }
    return means;
}

Prediction RvflEnsemble::predict(const Eigen::VectorXd& x) const {
    const Eigen::VectorXd means = member_means(x, nullptr);
    const double mean = means.mean();
    const double spread = (means.array() - mean).square().sum() / (members_ - 1);
    return {y_mean_ + y_scale_ * mean, y_scale_ * y_scale_ * predictive_variance(spread)};
}

Prediction RvflEnsemble::predict_with_gradient(const Eigen::VectorXd& x, Eigen::VectorXd& dmean,
                                               Eigen::VectorXd& dvar) const {
    Eigen::MatrixXd grads;
    const Eigen::VectorXd means = member_means(x, &grads);
    const double mean = means.mean();
    const Eigen::VectorXd centred = means.array() - mean;
    const double spread = centred.squaredNorm() / (members_ - 1);
    dmean = y_scale_ * grads.rowwise().mean();
    dvar = (2 * y_scale_ * y_scale_ / (members_ - 1)) * (grads * centred);
    return {y_mean_ + y_scale_ * mean, y_scale_ * y_scale_ * predictive_variance(spread)};
}

void RvflEnsemble::sample_values(const Eigen::VectorXd& x, Eigen::VectorXd& values, Eigen::MatrixXd* gradients) const {
    values = (y_mean_ + y_scale_ * member_means(x, gradients).array()).matrix();
    if (gradients) *gradients *= y_scale_;
}

}  // namespace bobench::surrogates::rvfl
