// BORE (Tiao et al., ICML 2021): Bayesian optimisation by density-ratio estimation.
// Label the best gamma-fraction of observations z = 1, fit a probabilistic classifier
// pi(x) ~ p(z = 1 | x) and suggest argmax pi(x); pi = gamma * r_gamma, the gamma-relative
// density ratio, whose maximiser is EI's. Four classifiers: an MLP (bore-mlp), its
// Laplace-GGN posterior (bore-ggn, Hassen & Rish 2021), a random forest (bore-rf) and
// XGBoost (bore-xgb).
//
// Shared loop (the authors' defaults): 10 uniform initial points, gamma = 1/3, with
// probability epsilon = 0.1 a uniform random suggestion, repeated points replaced by
// unseen ones. Candidate search: differentiable classifiers on real spaces use L-BFGS-B
// on the input from `restarts` random starts; otherwise random search over 500 points on
// discrete spaces and DE with 2000 evaluations on the rest, ties on probability plateaus
// broken uniformly at random.
#include <boost/random/bernoulli_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "acquisitions/maximizers/differential_evolution.hpp"
#include "acquisitions/maximizers/multistart_lbfgsb.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"
#include "optimizers/bore_labels.hpp"
#include "optimizers/history.hpp"
#include "optimizers/initial_design.hpp"
#include "surrogates/calibration/isotonic_regression.hpp"
#include "surrogates/calibration/platt_scaling.hpp"
#include "surrogates/mlp/laplace_ggn.hpp"
#include "surrogates/mlp/mlp.hpp"
#include "surrogates/trees/classification_forest.hpp"
#include "surrogates/trees/xgboost_classifier.hpp"

namespace bobench {

namespace {
using Eigen::MatrixXd;
using Eigen::VectorXd;

// pi(x) for encoded inputs, as the loop needs it.
class Classifier {
public:
    virtual ~Classifier() = default;
    virtual void fit(const MatrixXd& X, const VectorXd& z, Rng& rng) = 0;
    // pi(x); when grad is non-null (only if has_gradient()) also d pi / dx.
    virtual double probability(const VectorXd& x, VectorXd* grad) const = 0;
    virtual bool has_gradient() const { return false; }
};

mlp::Options mlp_options(const Args& a) {
    mlp::Options o;
    o.hidden.assign(static_cast<std::size_t>(a.integer("layers")), static_cast<int>(a.integer("units")));
    o.activation = mlp::parse_activation(a.text("activation"));
    o.learning_rate = a.real("learning_rate");
    o.batch_size = static_cast<int>(a.integer("batch_size"));
    o.steps = static_cast<int>(a.integer("steps"));
    o.warm_start = !a.boolean("from_scratch");
    return o;
}

class MlpClassifier final : public Classifier {
public:
    explicit MlpClassifier(const Args& a, double prior_precision = 0) : options_(mlp_options(a)) {
        options_.prior_precision = prior_precision;
    }
    void fit(const MatrixXd& X, const VectorXd& z, Rng& rng) override {
        if (!net_) net_ = std::make_unique<mlp::Classifier>(static_cast<std::size_t>(X.cols()), options_, rng);
        net_->fit(X, z, rng);
    }
    double probability(const VectorXd& x, VectorXd* grad) const override {
        if (!grad) return net_->probability(x);
        grad->resize(x.size());
        return net_->probability_and_gradient(x, *grad);
    }
    bool has_gradient() const override { return true; }
    const mlp::Classifier& network() const { return *net_; }

private:
    mlp::Options options_;
    std::unique_ptr<mlp::Classifier> net_;
};

// BOGGN: the MAP network above with a Laplace posterior whose precision is the
// generalised Gauss-Newton matrix; pi(x) is the posterior-averaged class probability.
// prior=evidence: the network is trained as bore-mlp's (no weight decay) and delta is
// tuned on the Laplace evidence after each fit; prior=fixed: delta = prior_precision is
// also the weight decay of the fit (see laplace_ggn.hpp for why evidence is the default).
class GgnClassifier final : public Classifier {
public:
    explicit GgnClassifier(const Args& a)
        : map_(a, evidence(a) ? 0.0 : a.real("prior_precision")), probit_(a.text("approximation") == "probit") {
        options_.prior_precision = a.real("prior_precision");
        options_.tune_prior_precision = evidence(a);
        options_.diagonal = a.text("hessian") == "diag";
        options_.mc_samples = static_cast<int>(a.integer("mc_samples"));
    }
    void fit(const MatrixXd& X, const VectorXd& z, Rng& rng) override {
        map_.fit(X, z, rng);
        laplace_ = std::make_unique<mlp::LaplaceGgn>(map_.network(), X, options_, rng);
    }
    double probability(const VectorXd& x, VectorXd* grad) const override {
        if (grad) {
            grad->resize(x.size());
            return probit_ ? laplace_->probit_probability_and_gradient(x, *grad)
                           : laplace_->mc_probability_and_gradient(x, *grad);
        }
        return probit_ ? laplace_->probit_probability(x) : laplace_->mc_probability(x);
    }
    bool has_gradient() const override { return true; }

private:
    static bool evidence(const Args& a) { return a.text("prior") == "evidence"; }

    MlpClassifier map_;
    mlp::LaplaceOptions options_;
    bool probit_;
    std::unique_ptr<mlp::LaplaceGgn> laplace_;
};

// Random forest or XGBoost, optionally calibrated on the training scores. Calibration
// is monotone, so it changes the probabilities reported, not which candidate wins.
template <class Model, class Options>
class TreeClassifier final : public Classifier {
public:
    TreeClassifier(Options options, std::string calibration) : model_(options), calibration_(std::move(calibration)) {}
    void fit(const MatrixXd& X, const VectorXd& z, Rng& rng) override {
        const Eigen::VectorXi labels = z.cast<int>();
        model_.fit(X, labels, rng);
        if (calibration_ == "none") return;
        VectorXd scores;
        model_.predict_proba(X, scores);
        if (calibration_ == "platt") platt_.fit(scores, labels);
        else isotonic_.fit(scores, labels);
    }
    double probability(const VectorXd& x, VectorXd*) const override {
        const double s = model_.predict_proba(x);
        if (calibration_ == "platt") return platt_.transform(s);
        if (calibration_ == "isotonic") return isotonic_.transform(s);
        return s;
    }

private:
    Model model_;
    std::string calibration_;
    surrogates::PlattScaling platt_;
    surrogates::IsotonicRegression isotonic_;
};

using ClassifierFactory = std::function<std::unique_ptr<Classifier>(const Args&)>;

// The best point of a search, ties broken uniformly at random (reservoir sampling).
struct TieBreakingBest {
    VectorXd x;
    double value = -std::numeric_limits<double>::infinity();
    long ties = 0;
    void offer(const VectorXd& u, double v, Rng& rng) {
        if (!std::isfinite(v)) v = -std::numeric_limits<double>::infinity();
        if (x.size() == 0 || v > value) {
            x = u, value = v, ties = 1;
        } else if (v == value && boost::random::uniform_int_distribution<long>(0, ties++)(rng) == 0) {
            x = u;
        }
    }
};

class Bore final : public Optimizer {
public:
    Bore(const Space& space, const Args& args, std::unique_ptr<Classifier> classifier, bool one_hot)
        : space_(space), args_(args), classifier_(std::move(classifier)), one_hot_(one_hot), history_(space, one_hot) {}

    Point ask(Rng& rng) override {
        if (design_.empty())
            design_ = designs::initial_design(designs::parse_kind(args_.text("init")), space_,
                                              static_cast<std::size_t>(args_.integer("n_init")), rng);
        if (next_design_ < design_.size()) return design_[next_design_++];
        if (boost::random::bernoulli_distribution<double>(args_.real("epsilon"))(rng)) return history_.unseen_sample(rng);
        const bore::Labels labels = bore::bore_labels(history_.values(), args_.real("gamma"));
        if (labels.rule == bore::LabelRule::Degenerate) return history_.unseen_sample(rng);
        classifier_->fit(history_.encoded(), labels.z, rng);
        return history_.unseen_or_random(argmax(rng), rng);
    }

    void tell(const Point& x, double value) override { history_.add(x, value); }

private:
    double score(const Point& p) const { return classifier_->probability(space_.encode(p, one_hot_), nullptr); }

    Point argmax(Rng& rng) const {
        const int dim = static_cast<int>(space_.size());
        if (space_.all_discrete()) {  // random search over the space
            TieBreakingBest best;
            for (long i = 0; i < args_.integer("random_evals"); ++i) {
                const Point p = space_.sample(rng);
                best.offer(space_.encode(p), score(p), rng);
            }
            return space_.decode(best.x);
        }
        if (space_.all_real() && classifier_->has_gradient()) {
            acquisitions::MultiStartLbfgsbOptions o;
            o.n_random = o.n_starts = static_cast<int>(args_.integer("restarts"));
            acquisitions::Objective f{[&](const VectorXd& u, VectorXd* g) { return classifier_->probability(u, g); },
                                      true};
            return space_.decode(acquisitions::MultiStartLbfgsb(o).maximize(f, acquisitions::Box::unit(dim), rng).x);
        }
        // DE in the (non-one-hot) cube; a vector is decoded to a valid point before scoring
        TieBreakingBest best;
        acquisitions::Objective f{[&](const VectorXd& u, VectorXd*) {
                                      const Point p = space_.decode(u);
                                      const double v = score(p);
                                      best.offer(space_.encode(p), v, rng);
                                      return v;
                                  },
                                  false};
        acquisitions::DifferentialEvolutionOptions o;
        o.max_evaluations = args_.integer("de_evals");
        acquisitions::DifferentialEvolution(o).maximize(f, acquisitions::Box::unit(dim), rng);
        return space_.decode(best.x);
    }

    const Space& space_;
    Args args_;
    std::unique_ptr<Classifier> classifier_;
    bool one_hot_;
    History history_;
    std::vector<Point> design_;
    std::size_t next_design_ = 0;
};

std::vector<ParamSpec> loop_params() {
    return {ParamSpec::real("gamma", 1.0 / 3, "fraction of observations labelled good", 0.0, 1.0).open_min().open_max(),
            ParamSpec::integer("n_init", 10, "random points before the classifier is used", 1),
            designs::kind_param("uniform"),
            ParamSpec::real("epsilon", 0.1, "probability of a uniform random suggestion", 0.0, 1.0),
            ParamSpec::integer("random_evals", 500, "candidates scored on discrete spaces", 1),
            ParamSpec::integer("de_evals", 2000, "DE evaluations on other spaces (non-gradient search)", 10)};
}

std::vector<ParamSpec> mlp_params() {
    return {ParamSpec::integer("layers", 2, "hidden layers", 1, 16),
            ParamSpec::integer("units", 32, "units per hidden layer", 1, 4096),
            ParamSpec::choice("activation", "elu", {"elu", "relu"}, "hidden activation"),
            ParamSpec::real("learning_rate", 1e-3, "Adam learning rate", 0.0).open_min(),
            ParamSpec::integer("batch_size", 64, "minibatch size", 1),
            ParamSpec::integer("steps", 100, "gradient steps per suggestion (epochs = floor(S / ceil(N/B)))", 1),
            ParamSpec::boolean("from_scratch", false, "re-initialise the weights at every suggestion"),
            ParamSpec::integer("restarts", 3, "random starts of L-BFGS-B on the input", 1)};
}

OptimizerFactory bore_factory(std::string name, std::string description, std::vector<ParamSpec> params,
                              ClassifierFactory classifier, bool one_hot) {
    for (ParamSpec& p : loop_params()) params.push_back(std::move(p));
    return {std::move(name), std::move(description), std::move(params),
            [classifier = std::move(classifier), one_hot](const OptimizerSetup& setup, const Args& args) {
                return std::make_unique<Bore>(setup.space, args, classifier(args), one_hot);
            },
            CostGrowth::Quadratic};
}
}  // namespace

OptimizerFactory bore_mlp_optimizer() {
    return bore_factory("bore-mlp", "BORE with an MLP classifier (2 x 32 elu, Adam, 100 steps per suggestion)",
                        mlp_params(), [](const Args& a) { return std::make_unique<MlpClassifier>(a); }, true);
}

OptimizerFactory bore_ggn_optimizer() {
    // The paper leaves delta and the sample count open: delta is tuned on the Laplace
    // evidence (MacKay 1992, Laplace Redux's post-hoc marglik; a fixed delta used as weight
    // decay collapses the MAP network, see laplace_ggn.hpp); the probit approximation needs
    // no samples and is smooth for L-BFGS-B, Monte Carlo (1000 antithetic draws, fixed per
    // fit) is selectable.
    std::vector<ParamSpec> params = mlp_params();
    params.push_back(ParamSpec::choice("prior", "evidence", {"evidence", "fixed"},
                                       "delta: Laplace-evidence maximiser after an unregularised fit, or "
                                       "prior_precision (also the fit's weight decay)"));
    params.push_back(ParamSpec::real("prior_precision", 1.0, "Gaussian prior precision delta when prior=fixed", 1e-12));
    params.push_back(ParamSpec::choice("hessian", "full", {"full", "diag"}, "GGN precision: full or diagonal"));
    params.push_back(ParamSpec::choice("approximation", "probit", {"probit", "mc"}, "posterior-averaged probability"));
    params.push_back(ParamSpec::integer("mc_samples", 1000, "Monte Carlo samples of the logit", 2));
    return bore_factory("bore-ggn", "BORE with a Laplace-GGN Bayesian MLP (BOGGN): posterior-averaged probability",
                        params, [](const Args& a) { return std::make_unique<GgnClassifier>(a); }, true);
}

OptimizerFactory bore_rf_optimizer() {
    return bore_factory(
        "bore-rf", "BORE with a random-forest classifier (100 trees, bootstrap, sqrt(D) features per split)",
        {ParamSpec::integer("trees", 100, "trees", 1), ParamSpec::choice("calibration", "none", {"none", "platt", "isotonic"},
                                                                        "calibration of the probabilities")},
        [](const Args& a) -> std::unique_ptr<Classifier> {
            surrogates::ClassificationForestOptions o;
            o.num_trees = static_cast<int>(a.integer("trees"));
            return std::make_unique<TreeClassifier<surrogates::ClassificationForest, surrogates::ClassificationForestOptions>>(
                o, a.text("calibration"));
        },
        false);
}

OptimizerFactory bore_xgb_optimizer() {
    return bore_factory(
        "bore-xgb", "BORE with an XGBoost classifier (100 rounds, eta 0.3, max_depth 6, min_child_weight 1)",
        {ParamSpec::integer("rounds", 100, "boosting rounds", 1), ParamSpec::real("eta", 0.3, "learning rate", 0.0, 1.0).open_min(),
         ParamSpec::integer("max_depth", 6, "tree depth", 1), ParamSpec::real("min_child_weight", 1.0, "", 0.0),
         ParamSpec::choice("calibration", "none", {"none", "platt", "isotonic"}, "calibration of the probabilities")},
        [](const Args& a) -> std::unique_ptr<Classifier> {
            surrogates::XGBoostClassifierOptions o;
            o.num_rounds = static_cast<int>(a.integer("rounds"));
            o.eta = a.real("eta");
            o.max_depth = static_cast<int>(a.integer("max_depth"));
            o.min_child_weight = a.real("min_child_weight");
            return std::make_unique<TreeClassifier<surrogates::XGBoostClassifier, surrogates::XGBoostClassifierOptions>>(
                o, a.text("calibration"));
        },
        false);
}

}  // namespace bobench
