#include "optimizers/loop/model_based.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "acquisitions/conditional_map.hpp"
#include "acquisitions/joint_conditional_map.hpp"
#include "acquisitions/confidence_bound.hpp"
#include "acquisitions/empirical_expected_improvement.hpp"
#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"
#include "acquisitions/maximizers/space_maximizer.hpp"
#include "acquisitions/probability_of_improvement.hpp"
#include "acquisitions/thompson_scores.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "optimizers/loop/history.hpp"
#include "optimizers/loop/initial_design.hpp"

namespace bobench::model_based {

std::vector<ParamSpec> loop_params(const LoopDefaults& d) {
    return {
        ParamSpec::choice("acquisition", d.acquisition, {"ei", "logei", "pi", "lcb", "empirical-ei", "mixture-ei"},
                          "acquisition function (empirical-ei: models with sampled functions only; mixture-ei: "
                          "exact EI of a mixture predictive, where ei on a mixture model is moment-matched)"),
        ParamSpec::real("kappa", d.kappa, "exploration weight of lcb", 0.0),
        ParamSpec::choice("maximizer", d.maximizer, {"auto", "lbfgsb", "de", "random", "local"},
                          "acquisition maximizer (auto: lbfgsb on all-real spaces, local search otherwise)"),
        ParamSpec::integer("n_init", d.n_init, "initial design points before the model is used", 1),
        designs::kind_param(d.init),
        ParamSpec::choice("first_point", d.first_point, {"design", "centre"},
                          "the first of the n_init points: the design's, or the centre of the space (the midpoint "
                          "of each range, geometric on log scales: a ConfigSpace's default configuration, which "
                          "AutoGluon's first_is_default evaluates first)"),
        ParamSpec::choice("init_stream", "own", {"own", "shared"},
                          "initial design drawn from this optimizer's stream, or from one shared by every optimizer "
                          "of the run's problem and replicate (the same points for every method)"),
        ParamSpec::integer("refit_every", d.refit_every,
                           "refit hyperparameters every k-th suggestion; in between, observations are appended", 1),
        ParamSpec::integer("random_interleave", d.random_interleave,
                           "every k-th suggestion is uniformly random (SMAC interleaving); 0: never", 0),
        ParamSpec::integer("maximizer_evals", d.maximizer_evaluations, "evaluation budget of maximizer=de", 10),
        ParamSpec::integer("lbfgsb_starts", d.lbfgsb_starts, "L-BFGS-B runs of maximizer=lbfgsb", 1),
        ParamSpec::integer("random_samples", d.random_samples,
                           "points scored by maximizer=random, and to pick starts of lbfgsb and local", 1),
        ParamSpec::choice("start_scoring", d.start_scoring, {"acquisition", "thompson"},
                          "maximizer=lbfgsb: rank the random points by the acquisition, or by one independent "
                          "draw of each point's predictive (AutoGluon's thompson_indep; the starts then only "
                          "start L-BFGS-B)"),
        ParamSpec::real("random_local_fraction", d.random_local_fraction,
                        "maximizer=random: share of samples drawn around the incumbent (RoBO: 0.3)", 0.0, 1.0),
        ParamSpec::choice("random_local_units", d.random_local_units, {"box", "native"},
                          "maximizer=random: the local samples' sd 0.1 is of each side of the box, or in the "
                          "problem's own units on linear real and integer parameters (RoBO)"),
        ParamSpec::choice("on_repeat", d.on_repeat, {"replace", "evaluate"},
                          "a suggestion already evaluated: replace it by an unseen uniform point, or evaluate it "
                          "again (RoBO's loop does)"),
        ParamSpec::choice("criterion", "acquisition", {"acquisition", "cl", "cl-inverse"},
                          "acquisition: maximise it; cl: Aryan 2020's conditional MAP (ch. 5, eq. 5.8, Algorithm 4), "
                          "the next x and a 2x50 tanh forward network's weights as one MAP given the observations "
                          "and (x, y_min - max EI); cl-inverse: x = g(y_min - max EI) with g a 2x50 tanh inverse "
                          "network y -> x; both maximise EI over random_samples uniform points"),
        ParamSpec::integer("cl_steps", 500,
                           "criterion=cl and cl-inverse: Adam steps of the network (and x) per suggestion", 1),
    };
}

namespace {
using Eigen::MatrixXd;
using Eigen::VectorXd;

enum class AcquisitionKind { Ei, LogEi, Pi, Lcb, EmpiricalEi, MixtureEi };

AcquisitionKind parse_acquisition(const std::string& name) {
    if (name == "ei") return AcquisitionKind::Ei;
    if (name == "logei") return AcquisitionKind::LogEi;
    if (name == "pi") return AcquisitionKind::Pi;
    if (name == "lcb") return AcquisitionKind::Lcb;
    if (name == "empirical-ei") return AcquisitionKind::EmpiricalEi;
    if (name == "mixture-ei") return AcquisitionKind::MixtureEi;
    throw UserError("acquisition '" + name + "' is not known");
}

// What a suggestion maximises: the acquisition, or the thesis' conditional MAP of x given
// the target (criterion=cl: a joint MAP over x and a forward network; cl-inverse: an
// inverse network y -> x).
enum class Criterion { Acquisition, JointMap, InverseMap };

Criterion parse_criterion(const std::string& name) {
    if (name == "acquisition") return Criterion::Acquisition;
    if (name == "cl") return Criterion::JointMap;
    if (name == "cl-inverse") return Criterion::InverseMap;
    throw UserError("criterion '" + name + "' is not known");
}

// The loop's parameters, read once when the optimizer is built.
struct LoopOptions {
    AcquisitionKind acquisition;
    double kappa;
    designs::Kind init;
    std::size_t n_init;
    bool first_at_centre;  // first_point=centre
    std::optional<std::uint64_t> shared_design_seed;  // init_stream=shared: the setup's design_seed
    long refit_every, random_interleave;
    bool evaluate_repeats;  // on_repeat=evaluate
    Criterion criterion;
    int cl_steps;
    int random_samples;    // also the EI samples of criterion=cl and cl-inverse
    bool thompson_starts;  // start_scoring=thompson
    acquisitions::SearchOptions search;
};

LoopOptions loop_options(const OptimizerSetup& setup, const Args& args) {
    const Space& space = setup.space;
    LoopOptions o;
    o.acquisition = parse_acquisition(args.text("acquisition"));
    o.kappa = args.real("kappa");
    o.init = designs::parse_kind(args.text("init"));
    o.n_init = static_cast<std::size_t>(args.integer("n_init"));
    o.first_at_centre = args.text("first_point") == "centre";
    if (args.text("init_stream") == "shared") o.shared_design_seed = setup.design_seed;
    o.refit_every = args.integer("refit_every");
    o.random_interleave = args.integer("random_interleave");
    o.evaluate_repeats = args.text("on_repeat") == "evaluate";
    o.criterion = parse_criterion(args.text("criterion"));
    o.cl_steps = static_cast<int>(args.integer("cl_steps"));
    o.random_samples = static_cast<int>(args.integer("random_samples"));
    o.thompson_starts = args.text("start_scoring") == "thompson";
    const std::string& m = args.text("maximizer");
    o.search.method = m == "auto" ? (space.all_real() ? acquisitions::Method::Lbfgsb : acquisitions::Method::Local)
                                  : acquisitions::parse_method(m);
    o.search.random_samples = o.random_samples;
    o.search.lbfgsb_starts = static_cast<int>(args.integer("lbfgsb_starts"));
    o.search.de_evaluations = args.integer("maximizer_evals");
    o.search.local_fraction = args.real("random_local_fraction");
    if (args.text("random_local_units") == "native")
        o.search.local_sd_each = acquisitions::native_local_sd(space, acquisitions::RandomSamplingOptions{}.local_sd);
    return o;
}

class ModelBasedOptimizer final : public Optimizer {
public:
    ModelBasedOptimizer(const Space& space, LoopOptions options, std::unique_ptr<surrogates::RegressionModel> model)
        : space_(space), o_(std::move(options)), dim_(static_cast<int>(space.size())), model_(std::move(model)),
          maximizer_(space, o_.search), history_(space, false) {
        samples_ = dynamic_cast<const surrogates::FunctionSamples*>(model_.get());
        if (o_.acquisition == AcquisitionKind::EmpiricalEi && !samples_)
            throw UserError("acquisition=empirical-ei needs a model with sampled functions (sbnn, hbnn, nuts-bnn, "
                            "bohamiann, elm); this optimizer's model has none");
        if (o_.criterion == Criterion::JointMap) joint_map_.emplace(dim_, o_.cl_steps);
        if (o_.criterion == Criterion::InverseMap) inverse_map_.emplace(dim_, o_.cl_steps);
    }

    Point ask(Rng& rng) override {
        if (design_.empty()) {
            Rng shared(o_.shared_design_seed.value_or(0));
            const std::size_t drawn = o_.n_init - (o_.first_at_centre ? 1 : 0);
            design_ = designs::initial_design(o_.init, space_, drawn, o_.shared_design_seed ? shared : rng);
            if (o_.first_at_centre) design_.insert(design_.begin(), space_.decode(VectorXd::Constant(dim_, 0.5)));
        }
        if (next_design_ < design_.size()) return design_[next_design_++];
        const long k = o_.random_interleave;
        const long s = suggestions_++;
        if (history_.size() < 2 || (k > 0 && s % k == k - 1)) return history_.unseen_sample(rng);
        Point x = suggest(s, rng);
        return o_.evaluate_repeats ? x : history_.unseen_or_random(std::move(x), rng);
    }

    void tell(const Point& x, double value) override { history_.add(x, value); }

    Metadata diagnostics() const override {
        if (jitter_fits_ == 0) return {};
        return {{"jitter_fits", std::to_string(jitter_fits_)}, {"max_jitter", format_double(max_jitter_)}};
    }

private:
    void fit(long suggestion, Rng& rng) {
        const long n = static_cast<long>(history_.size());
        const std::vector<double>& y = history_.values();
        bool appended = fitted_ > 0 && suggestion % o_.refit_every != 0;
        for (long i = fitted_; appended && i < n; ++i)
            appended = model_->append(history_.encoded_row(static_cast<std::size_t>(i)), y[static_cast<std::size_t>(i)]);
        if (!appended) model_->fit(history_.encoded(), Eigen::Map<const VectorXd>(y.data(), n), rng);
        fitted_ = n;
        if (model_->jitter() > 0) {
            ++jitter_fits_;
            max_jitter_ = std::max(max_jitter_, model_->jitter());
        }
    }

    std::unique_ptr<acquisitions::Acquisition> acquisition(double incumbent) const {
        switch (o_.acquisition) {
            case AcquisitionKind::Ei: return std::make_unique<acquisitions::ExpectedImprovement>(*model_, incumbent);
            case AcquisitionKind::LogEi: return std::make_unique<acquisitions::LogExpectedImprovement>(*model_, incumbent);
            case AcquisitionKind::EmpiricalEi:
                return std::make_unique<acquisitions::EmpiricalExpectedImprovement>(*samples_, incumbent);
            case AcquisitionKind::MixtureEi:
                return std::make_unique<acquisitions::MixtureExpectedImprovement>(*model_, incumbent);
            case AcquisitionKind::Pi: return std::make_unique<acquisitions::ProbabilityOfImprovement>(*model_, incumbent);
            default: return std::make_unique<acquisitions::LowerConfidenceBound>(*model_, o_.kappa);
        }
    }

    Point suggest(long suggestion, Rng& rng) {
        fit(suggestion, rng);
        const std::size_t best = history_.best();
        // everything the model is compared with in its units (mixture models may predict
        // normal scores of y: RegressionModel::target_units)
        const std::vector<double>& y = history_.values();
        if (joint_map_ || inverse_map_) {
            VectorXd values(static_cast<Eigen::Index>(y.size()));
            for (Eigen::Index i = 0; i < values.size(); ++i) values[i] = model_->target_units(y[static_cast<std::size_t>(i)]);
            const acquisitions::ExpectedMinimum target = acquisitions::expected_minimum_at(
                *model_, dim_, values[static_cast<Eigen::Index>(best)], o_.random_samples, rng);
            const MatrixXd X = history_.encoded();
            if (inverse_map_) return space_.decode(inverse_map_->propose(X, values, target.value, rng));
            // cl's query starts at the EI maximiser that set the target
            return space_.decode(joint_map_->propose(X, values, target.value, target.argmax, rng));
        }
        const auto acq = acquisition(model_->target_units(y[best]));
        // local search climbs from the 10 best observations, the box methods also score the incumbent
        starts_.clear();
        for (std::size_t i : history_.best_k(10)) starts_.push_back(history_.points()[i]);
        acquisitions::Objective objective = acquisitions::make_objective(*acq);
        if (o_.thompson_starts) objective.start_scores = acquisitions::independent_thompson_scores(*model_);
        return maximizer_.maximize(objective, starts_, rng);
    }

    const Space& space_;
    LoopOptions o_;
    int dim_;
    std::unique_ptr<surrogates::RegressionModel> model_;
    const surrogates::FunctionSamples* samples_ = nullptr;  // model_ as sampled functions, when it is
    std::optional<acquisitions::JointConditionalMap> joint_map_;      // criterion=cl
    std::optional<acquisitions::InverseConditionalMap> inverse_map_;  // criterion=cl-inverse
    acquisitions::SpaceMaximizer maximizer_;
    History history_;
    std::vector<Point> design_, starts_;
    std::size_t next_design_ = 0;
    long suggestions_ = 0, fitted_ = 0, jitter_fits_ = 0;
    double max_jitter_ = 0;
};
}  // namespace

OptimizerFactory make_factory(std::string name, std::string description, std::vector<ParamSpec> model_params,
                              const LoopDefaults& defaults, ModelFactory model) {
    std::vector<ParamSpec> params = std::move(model_params);
    for (ParamSpec& p : loop_params(defaults)) params.push_back(std::move(p));
    return {std::move(name), std::move(description), std::move(params),
            [model = std::move(model)](const OptimizerSetup& setup, const Args& args) -> std::unique_ptr<Optimizer> {
                return std::make_unique<ModelBasedOptimizer>(setup.space, loop_options(setup, args),
                                                             model(static_cast<int>(setup.space.size()), args));
            },
            CostGrowth::Quadratic};
}

}  // namespace bobench::model_based
