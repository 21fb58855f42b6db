#include "optimizers/model_based.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "acquisitions/conditional_map.hpp"
#include "acquisitions/confidence_bound.hpp"
#include "acquisitions/empirical_expected_improvement.hpp"
#include "acquisitions/expected_improvement.hpp"
#include "acquisitions/maximizers/differential_evolution.hpp"
#include "acquisitions/maximizers/local_search.hpp"
#include "acquisitions/maximizers/multistart_lbfgsb.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"
#include "acquisitions/probability_of_improvement.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "optimizers/history.hpp"
#include "optimizers/initial_design.hpp"

namespace bobench::model_based {

std::vector<ParamSpec> loop_params(const LoopDefaults& d) {
    return {
        ParamSpec::choice("acquisition", d.acquisition, {"ei", "logei", "pi", "lcb", "empirical-ei", "mixture-ei"},
                          "acquisition function (empirical-ei: models with sampled functions only; mixture-ei: "
                          "exact EI of a mixture predictive, where ei on a mixture model is moment-matched)"),
        ParamSpec::real("kappa", 1.0, "exploration weight of lcb", 0.0),
        ParamSpec::choice("maximizer", d.maximizer, {"auto", "lbfgsb", "de", "random", "local"},
                          "acquisition maximizer (auto: lbfgsb on all-real spaces, local search otherwise)"),
        ParamSpec::integer("n_init", d.n_init, "initial design points before the model is used", 1),
        designs::kind_param(d.init),
        ParamSpec::integer("refit_every", d.refit_every,
                           "refit hyperparameters every k-th suggestion; in between, observations are appended", 1),
        ParamSpec::integer("random_interleave", d.random_interleave,
                           "every k-th suggestion is uniformly random (SMAC interleaving); 0: never", 0),
        ParamSpec::integer("maximizer_evals", d.maximizer_evaluations, "evaluation budget of maximizer=de", 10),
        ParamSpec::integer("lbfgsb_starts", d.lbfgsb_starts, "L-BFGS-B runs of maximizer=lbfgsb", 1),
        ParamSpec::integer("random_samples", d.random_samples,
                           "points scored by maximizer=random, and to pick starts of lbfgsb and local", 1),
        ParamSpec::real("random_local_fraction", d.random_local_fraction,
                        "maximizer=random: share of samples drawn around the incumbent (RoBO: 0.3)", 0.0, 1.0),
        ParamSpec::choice("random_local_units", d.random_local_units, {"box", "native"},
                          "maximizer=random: the local samples' sd 0.1 is of each side of the box, or in the "
                          "problem's own units on linear real and integer parameters (RoBO)"),
        ParamSpec::choice("criterion", "acquisition", {"acquisition", "cl"},
                          "acquisition: maximise it; cl: Aryan 2020's conditional MAP, x = g(y_min - max EI) with g "
                          "a 2x50 tanh inverse network y -> x, EI maximised over random_samples uniform points"),
        ParamSpec::integer("cl_steps", 500, "criterion=cl: Adam steps of the inverse network per suggestion", 1),
    };
}

namespace {
using Eigen::MatrixXd;
using Eigen::VectorXd;

class ModelBasedOptimizer final : public Optimizer {
public:
    ModelBasedOptimizer(const Space& space, const Args& args, const ModelFactory& make_model)
        : space_(space), args_(args), dim_(static_cast<int>(space.size())),
          model_(make_model(static_cast<int>(space.size()), args)), history_(space, false) {
        const std::string m = args.text("maximizer");
        maximizer_ = m == "auto" ? (space.all_real() ? "lbfgsb" : "local") : m;
        samples_ = dynamic_cast<const surrogates::FunctionSamples*>(model_.get());
        if (args.text("acquisition") == "empirical-ei" && !samples_)
            throw UserError("acquisition=empirical-ei needs a model with sampled functions (sbnn, hbnn, nuts-bnn, "
                            "bohamiann, elm); this optimizer's model has none");
        if (args.text("random_local_units") == "native")
            local_sd_each_ = acquisitions::native_local_sd(space, acquisitions::RandomSamplingOptions{}.local_sd);
        if (args.text("criterion") == "cl")
            conditional_map_.emplace(dim_, static_cast<int>(args.integer("cl_steps")));
    }

    Point ask(Rng& rng) override {
        if (design_.empty())
            design_ = designs::initial_design(designs::parse_kind(args_.text("init")), space_,
                                              static_cast<std::size_t>(args_.integer("n_init")), rng);
        if (next_design_ < design_.size()) return design_[next_design_++];
        const long k = args_.integer("random_interleave");
        const long s = suggestions_++;
        if (history_.size() < 2 || (k > 0 && s % k == k - 1)) return history_.unseen_sample(rng);
        return history_.unseen_or_random(suggest(s, rng), rng);
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
        bool appended = fitted_ > 0 && suggestion % args_.integer("refit_every") != 0;
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
        const std::string& a = args_.text("acquisition");
        if (a == "ei") return std::make_unique<acquisitions::ExpectedImprovement>(*model_, incumbent);
        if (a == "logei") return std::make_unique<acquisitions::LogExpectedImprovement>(*model_, incumbent);
        if (a == "empirical-ei") return std::make_unique<acquisitions::EmpiricalExpectedImprovement>(*samples_, incumbent);
        if (a == "mixture-ei") return std::make_unique<acquisitions::MixtureExpectedImprovement>(*model_, incumbent);
        if (a == "pi") return std::make_unique<acquisitions::ProbabilityOfImprovement>(*model_, incumbent);
        return std::make_unique<acquisitions::LowerConfidenceBound>(*model_, args_.real("kappa"));
    }

    Point suggest(long suggestion, Rng& rng) {
        fit(suggestion, rng);
        const std::size_t best = history_.best();
        if (conditional_map_) {
            const std::vector<double>& y = history_.values();
            const double target = acquisitions::expected_minimum(*model_, dim_, y[best],
                                                                 static_cast<int>(args_.integer("random_samples")), rng);
            const Eigen::Map<const VectorXd> values(y.data(), static_cast<Eigen::Index>(y.size()));
            return space_.decode(conditional_map_->propose(history_.encoded(), values, target, rng));
        }
        const auto acq = acquisition(history_.values()[best]);

        if (maximizer_ == "local") {
            std::vector<Point> starts;
            for (std::size_t i : history_.best_k(10)) starts.push_back(history_.points()[i]);
            acquisitions::LocalSearchOptions o;
            o.n_random = static_cast<int>(args_.integer("random_samples"));
            return acquisitions::local_search(space_, [&](const Point& p) { return acq->value(space_.encode(p)); },
                                              starts, rng, o)
                .x;
        }
        // Box maximisers work in the encoded cube. L-BFGS-B needs the gradient, so on
        // mixed spaces it optimises the continuous relaxation (the model is defined on the
        // whole cube) and the result is rounded by decode. The others score a vector as
        // the valid point it decodes to.
        acquisitions::Objective objective;
        if (space_.all_real() || maximizer_ == "lbfgsb") {
            objective = acquisitions::make_objective(*acq);
        } else {
            objective.fn = [&](const VectorXd& u, VectorXd*) { return acq->value(space_.encode(space_.decode(u))); };
        }
        const MatrixXd incumbent = history_.encoded_row(best).transpose();
        std::unique_ptr<acquisitions::Maximizer> maximizer;
        if (maximizer_ == "lbfgsb") {
            acquisitions::MultiStartLbfgsbOptions o;
            o.n_random = static_cast<int>(args_.integer("random_samples"));
            o.n_starts = static_cast<int>(args_.integer("lbfgsb_starts"));
            maximizer = std::make_unique<acquisitions::MultiStartLbfgsb>(o);
        } else if (maximizer_ == "de") {
            acquisitions::DifferentialEvolutionOptions o;
            o.max_evaluations = args_.integer("maximizer_evals");
            maximizer = std::make_unique<acquisitions::DifferentialEvolution>(o);
        } else {
            acquisitions::RandomSamplingOptions o;
            o.n_samples = static_cast<int>(args_.integer("random_samples"));
            o.local_fraction = args_.real("random_local_fraction");
            o.local_sd_each = local_sd_each_;
            maximizer = std::make_unique<acquisitions::RandomSampling>(o);
        }
        const auto result = maximizer->maximize(objective, acquisitions::Box::unit(dim_), rng, incumbent);
        return space_.decode(result.x);
    }

    const Space& space_;
    Args args_;
    int dim_;
    std::string maximizer_;
    VectorXd local_sd_each_;  // maximizer=random, random_local_units=native
    std::unique_ptr<surrogates::RegressionModel> model_;
    const surrogates::FunctionSamples* samples_ = nullptr;  // model_ as sampled functions, when it is
    std::optional<acquisitions::ConditionalMap> conditional_map_;  // criterion=cl
    History history_;
    std::vector<Point> design_;
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
                return std::make_unique<ModelBasedOptimizer>(setup.space, args, model);
            },
            CostGrowth::Quadratic};
}

}  // namespace bobench::model_based
