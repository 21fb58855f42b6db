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
// broken uniformly at random (acquisitions/maximizers/space_maximizer.hpp). DE scores each
// generation, random search its samples, in one classifier call (Classifier::probabilities:
// one XGBoost prediction instead of one per point, the same values bit for bit). The classifiers
// are surrogates::Classifier implementations (surrogates/mlp/, surrogates/trees/).
#include <boost/random/bernoulli_distribution.hpp>

#include "acquisitions/maximizers/space_maximizer.hpp"
#include "core/registry.hpp"
#include "optimizers/bore_labels.hpp"
#include "optimizers/loop/history.hpp"
#include "optimizers/loop/initial_design.hpp"
#include "surrogates/mlp/network_classifiers.hpp"
#include "surrogates/trees/tree_classifiers.hpp"

namespace bobench {

namespace {

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

using ClassifierFactory = std::function<std::unique_ptr<surrogates::Classifier>(const Args&)>;

// The loop's parameters, read once when the optimizer is built.
struct LoopOptions {
    double gamma, epsilon;
    bool batch;  // score many candidates in one classifier call (the same values)
    designs::Kind init;
    std::size_t n_init;
    acquisitions::SearchOptions search;
};

LoopOptions loop_options(const Space& space, const Args& args, const surrogates::Classifier& classifier, bool one_hot) {
    LoopOptions o;
    o.gamma = args.real("gamma");
    o.epsilon = args.real("epsilon");
    o.batch = args.boolean("batch");
    o.init = designs::parse_kind(args.text("init"));
    o.n_init = static_cast<std::size_t>(args.integer("n_init"));
    acquisitions::SearchOptions& s = o.search;
    s.one_hot = one_hot;
    s.snap_real_spaces = true;
    if (space.all_discrete()) {
        s.method = acquisitions::Method::SpaceSampling;
        s.random_samples = static_cast<int>(args.integer("random_evals"));
    } else if (space.all_real() && classifier.has_gradient()) {
        s.method = acquisitions::Method::Lbfgsb;
        s.random_samples = s.lbfgsb_starts = static_cast<int>(args.integer("restarts"));
    } else {
        s.method = acquisitions::Method::De;
        s.de_evaluations = args.integer("de_evals");
    }
    return o;
}

class Bore final : public Optimizer {
public:
    Bore(const Space& space, LoopOptions options, std::unique_ptr<surrogates::Classifier> classifier, bool one_hot)
        : space_(space), o_(std::move(options)), classifier_(std::move(classifier)), maximizer_(space, o_.search),
          history_(space, one_hot) {}

    Point ask(Rng& rng) override {
        if (design_.empty()) design_ = designs::initial_design(o_.init, space_, o_.n_init, rng);
        if (next_design_ < design_.size()) return design_[next_design_++];
        if (boost::random::bernoulli_distribution<double>(o_.epsilon)(rng)) return history_.unseen_sample(rng);
        const bore::Labels labels = bore::bore_labels(history_.values(), o_.gamma);
        if (labels.rule == bore::LabelRule::Degenerate) return history_.unseen_sample(rng);
        classifier_->fit(history_.encoded(), labels.z, rng);
        acquisitions::Objective pi{[&](const Eigen::VectorXd& x, Eigen::VectorXd* grad) {
                                       return classifier_->probability(x, grad);
                                   },
                                   classifier_->has_gradient()};
        if (o_.batch)  // DE's generations and the sampled candidates in one call each
            pi.batch = [&](const Eigen::MatrixXd& X, Eigen::VectorXd& values) { classifier_->probabilities(X, values); };
        return history_.unseen_or_random(maximizer_.maximize(pi, {}, rng), rng);
    }

    void tell(const Point& x, double value) override { history_.add(x, value); }

private:
    const Space& space_;
    LoopOptions o_;
    std::unique_ptr<surrogates::Classifier> classifier_;
    acquisitions::SpaceMaximizer maximizer_;
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
            ParamSpec::integer("de_evals", 2000, "DE evaluations on other spaces (non-gradient search)", 10),
            ParamSpec::boolean("batch", true,
                               "score each DE generation / the sampled candidates in one classifier call "
                               "(the same results; false: one call per point)")};
}

std::vector<ParamSpec> mlp_params() {
    return {ParamSpec::integer("layers", 2, "hidden layers", 1, 16),
            ParamSpec::integer("units", 32, "units per hidden layer", 1, 4096),
            ParamSpec::choice("activation", "elu", {"elu", "relu"}, "hidden activation"),
            ParamSpec::positive("learning_rate", 1e-3, "Adam learning rate"),
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
                auto c = classifier(args);
                LoopOptions o = loop_options(setup.space, args, *c, one_hot);
                return std::make_unique<Bore>(setup.space, std::move(o), std::move(c), one_hot);
            },
            CostGrowth::Quadratic};
}
}  // namespace

OptimizerFactory bore_mlp_optimizer() {
    return bore_factory("bore-mlp", "BORE with an MLP classifier (2 x 32 elu, Adam, 100 steps per suggestion)",
                        mlp_params(), [](const Args& a) { return std::make_unique<surrogates::MlpClassifier>(mlp_options(a)); },
                        true);
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
                        params, [](const Args& a) {
                            // prior=evidence: trained as bore-mlp's (no weight decay), delta tuned on the
                            // Laplace evidence after each fit; prior=fixed: delta is also the weight decay
                            const bool evidence = a.text("prior") == "evidence";
                            mlp::Options map = mlp_options(a);
                            map.prior_precision = evidence ? 0.0 : a.real("prior_precision");
                            mlp::LaplaceOptions laplace;
                            laplace.prior_precision = a.real("prior_precision");
                            laplace.tune_prior_precision = evidence;
                            laplace.diagonal = a.text("hessian") == "diag";
                            laplace.mc_samples = static_cast<int>(a.integer("mc_samples"));
                            using Average = surrogates::LaplaceGgnClassifier::Average;
                            return std::make_unique<surrogates::LaplaceGgnClassifier>(
                                map, laplace, a.text("approximation") == "probit" ? Average::Probit : Average::MonteCarlo);
                        },
                        true);
}

OptimizerFactory bore_rf_optimizer() {
    return bore_factory(
        "bore-rf", "BORE with a random-forest classifier (100 trees, bootstrap, sqrt(D) features per split)",
        {ParamSpec::integer("trees", 100, "trees", 1), ParamSpec::choice("calibration", "none", {"none", "platt", "isotonic"},
                                                                        "calibration of the probabilities")},
        [](const Args& a) {
            surrogates::ClassificationForestOptions o;
            o.num_trees = static_cast<int>(a.integer("trees"));
            return surrogates::make_forest_classifier(o, surrogates::parse_calibration(a.text("calibration")));
        },
        false);
}

OptimizerFactory bore_xgb_optimizer() {
    return bore_factory(
        "bore-xgb", "BORE with an XGBoost classifier (100 rounds, eta 0.3, max_depth 6, min_child_weight 1)",
        {ParamSpec::integer("rounds", 100, "boosting rounds", 1), ParamSpec::real("eta", 0.3, "learning rate", 0.0, 1.0).open_min(),
         ParamSpec::integer("max_depth", 6, "tree depth", 1), ParamSpec::real("min_child_weight", 1.0, "", 0.0),
         ParamSpec::choice("calibration", "none", {"none", "platt", "isotonic"}, "calibration of the probabilities")},
        [](const Args& a) {
            surrogates::XGBoostClassifierOptions o;
            o.num_rounds = static_cast<int>(a.integer("rounds"));
            o.eta = a.real("eta");
            o.max_depth = static_cast<int>(a.integer("max_depth"));
            o.min_child_weight = a.real("min_child_weight");
            return surrogates::make_xgboost_classifier(o, surrogates::parse_calibration(a.text("calibration")));
        },
        false);
}

}  // namespace bobench
