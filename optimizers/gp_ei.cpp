// gp-ei: GP regression with type-II maximum-likelihood hyperparameters (refit by
// multi-start L-BFGS-B at every suggestion), expected improvement, and L-BFGS-B from the
// best of random samples to maximise it. lengthscales=isotropic shares one lengthscale
// across the inputs (scikit-learn's default Matern, which the DTU thesis' BO_Gaus used,
// §5.1); ard (the default) fits one per input.
// autogluon-gp: AutoGluon's GPFIFOSearcher at its defaults (optimizers/presets/autogluon.hpp),
// the same parameters with its values as defaults.
// robo-gp: RoBO's fmin model_type="gp" as RoBO ran it (optimizers/presets/robo.hpp).
#include <string>

#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/autogluon.hpp"
#include "optimizers/presets/robo.hpp"
#include "surrogates/gp/gaussian_process.hpp"

namespace bobench {

namespace {

const char* mean_name(surrogates::GpMean mean) {
    switch (mean) {
        case surrogates::GpMean::Learned: return "learned";
        case surrogates::GpMean::Gls: return "gls";
        default: return "zero";
    }
}

// The GP's parameters, with defaults taken from `d` and its prior's name.
std::vector<ParamSpec> gp_params(const surrogates::GpOptions& d, const std::string& prior) {
    const bool reset = d.starts == surrogates::FitStarts::ResetThenPerturb;
    return {
        ParamSpec::choice("kernel", "matern52", {"matern52", "matern32", "matern12", "se"}, "covariance function"),
        ParamSpec::choice("lengthscales", "ard", {"ard", "isotropic"},
                          "one lengthscale per input (ard) or one shared by all inputs (isotropic)"),
        ParamSpec::choice("hyper_prior", prior, {"flat", "autogluon"},
                          "hyperparameter prior: none (type-II ML) or AutoGluon's (MAP)"),
        ParamSpec::choice("hyper_starts", reset ? "reset" : "warm", {"warm", "reset"},
                          "first L-BFGS-B run of a fit from the last optimum, the others uniform in the box "
                          "(warm); or all from the initial values, the others perturbed by N(0, 1) (reset)"),
        ParamSpec::integer("hyper_restarts", d.random_restarts,
                           "L-BFGS-B runs of the hyperparameter fit besides the first", 0),
        ParamSpec::integer("hyper_iterations", d.max_iterations, "iterations of each L-BFGS-B run", 1),
        ParamSpec::boolean("learn_noise", true, "learn the noise variance (false: keep `noise`)"),
        ParamSpec::boolean("learn_signal", true,
                           "learn the signal variance (false: keep it at its start, 1 on standardised outputs: "
                           "a kernel without an amplitude, as scikit-learn's bare Matern)"),
        ParamSpec::real("noise", d.noise_variance,
                        "noise variance on standardised outputs: initial value, or fixed", 0.0),
        ParamSpec::choice("mean", mean_name(d.mean), {"zero", "learned", "gls"},
                          "prior mean on standardised outputs: 0, i.e. the outputs' mean (zero), a constant fitted "
                          "with the hyperparameters, under N(0, 1) with hyper_prior=autogluon (learned), or the "
                          "generalised least squares constant at each fit's hyperparameters (gls)"),
        ParamSpec::choice("standardise", d.standardise_once ? "first" : "every", {"every", "first"},
                          "outputs standardised by each fit's data (every) or by the first fit's, kept after (first)"),
        ParamSpec::choice("inputs", d.standardise_inputs ? "standardised" : "unit", {"unit", "standardised"},
                          "inputs as encoded in the unit box (unit) or standardised by each fit's data (standardised)")};
}

// `base` with the parameters of gp_params applied.
surrogates::GpOptions gp_options(surrogates::GpOptions o, const Args& args) {
    o.kernel = surrogates::parse_kernel_family(args.text("kernel"));
    o.lengthscales = surrogates::parse_lengthscales(args.text("lengthscales"));
    o.prior = args.text("hyper_prior") == "autogluon" ? surrogates::GpPrior::autogluon() : surrogates::GpPrior{};
    o.starts = args.text("hyper_starts") == "reset" ? surrogates::FitStarts::ResetThenPerturb
                                                     : surrogates::FitStarts::WarmThenBox;
    o.random_restarts = static_cast<int>(args.integer("hyper_restarts"));
    o.max_iterations = static_cast<int>(args.integer("hyper_iterations"));
    o.learn_noise = args.boolean("learn_noise");
    o.learn_signal = args.boolean("learn_signal");
    o.noise_variance = args.real("noise");
    o.mean = surrogates::parse_gp_mean(args.text("mean"));
    o.standardise_once = args.text("standardise") == "first";
    o.standardise_inputs = args.text("inputs") == "standardised";
    return o;
}

}  // namespace

OptimizerFactory gp_ei_optimizer() {
    model_based::LoopDefaults loop;
    loop.acquisition = "ei";
    loop.n_init = 10;
    return model_based::make_factory(
        "gp-ei", "GP (ARD or isotropic kernel, type-II ML hyperparameters) + expected improvement, multi-start L-BFGS-B",
        gp_params({}, "flat"), loop, [](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            return std::make_unique<surrogates::GaussianProcess>(dim, gp_options({}, args));
        });
}

OptimizerFactory autogluon_gp_optimizer() {
    return model_based::make_factory(
        "autogluon-gp", "AutoGluon's GPFIFOSearcher at its defaults: MAP GP refitted from its initial values + EI",
        gp_params(autogluon::gp_options(), "autogluon"), autogluon::loop_defaults(),
        [](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            return std::make_unique<surrogates::GaussianProcess>(dim, gp_options(autogluon::gp_options(), args));
        });
}

OptimizerFactory robo_gp_optimizer() {
    return model_based::make_factory(
        "robo-gp", "RoBO's GP as the thesis ran it: fixed-start MAP GP on raw outputs (amplitude quirk) + log-EI",
        {}, robo::loop_defaults(), [](int dim, const Args&) -> std::unique_ptr<surrogates::RegressionModel> {
            return std::make_unique<surrogates::GaussianProcess>(dim, robo::gp_options(dim));
        });
}

}  // namespace bobench
