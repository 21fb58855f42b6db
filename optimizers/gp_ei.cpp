// gp-ei: GP regression with type-II maximum-likelihood hyperparameters (refit by
// multi-start L-BFGS-B at every suggestion), expected improvement, and L-BFGS-B from the
// best of random samples to maximise it. lengthscales=isotropic shares one lengthscale
// across the inputs (scikit-learn's default Matern, which the DTU thesis' BO_Gaus used,
// §5.1); ard (the default) fits one per input.
// robo-gp: RoBO's fmin model_type="gp" as RoBO ran it (optimizers/presets/robo.hpp).
#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/robo.hpp"
#include "surrogates/gp/gaussian_process.hpp"

namespace bobench {

OptimizerFactory gp_ei_optimizer() {
    model_based::LoopDefaults loop;
    loop.acquisition = "ei";
    loop.n_init = 10;
    return model_based::make_factory(
        "gp-ei", "GP (ARD or isotropic kernel, type-II ML hyperparameters) + expected improvement, multi-start L-BFGS-B",
        {ParamSpec::choice("kernel", "matern52", {"matern52", "matern32", "matern12", "se"}, "covariance function"),
         ParamSpec::choice("lengthscales", "ard", {"ard", "isotropic"},
                           "one lengthscale per input (ard) or one shared by all inputs (isotropic)"),
         ParamSpec::integer("hyper_restarts", 2, "L-BFGS-B restarts of the hyperparameter fit besides the warm start",
                            0),
         ParamSpec::boolean("learn_noise", true, "learn the noise variance (false: keep `noise`)"),
         ParamSpec::real("noise", 1e-6, "noise variance on standardised outputs: initial value, or fixed", 0.0)},
        loop, [](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::GpOptions o;
            o.kernel = surrogates::parse_kernel_family(args.text("kernel"));
            o.lengthscales = surrogates::parse_lengthscales(args.text("lengthscales"));
            o.random_restarts = static_cast<int>(args.integer("hyper_restarts"));
            o.learn_noise = args.boolean("learn_noise");
            o.noise_variance = args.real("noise");
            return std::make_unique<surrogates::GaussianProcess>(dim, o);
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
