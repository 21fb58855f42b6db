// gp-mcmc: RoBO's default Bayesian optimisation (facts file, section 2): a fully Bayesian
// GP whose hyperparameters are sampled by an affine-invariant ensemble (walkers
// 3 (D + 1) rounded up to even, burn-in 100, chain 200 at every fit), log-EI averaged over
// the samples, maximised by 500 random points of which 30 % around the incumbent, after a
// Latin hypercube of 3 points. Outputs are standardised and the amplitude prior is the
// evident intent of RoBO's (GpPrior::robo_default()).
// robo-gp-mcmc: the same as RoBO ran it (optimizers/presets/robo.hpp): raw outputs, RoBO's
// DefaultPrior as coded (GpPrior::robo_as_run) and local samples in the problem's units.
#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/robo.hpp"
#include "surrogates/gp/gaussian_process_mcmc.hpp"

namespace bobench {

namespace {

OptimizerFactory gp_mcmc_factory(std::string name, std::string description, const model_based::LoopDefaults& loop,
                                 bool as_robo_ran) {
    return model_based::make_factory(
        std::move(name), std::move(description),
        {ParamSpec::choice("kernel", "matern52", {"matern52", "matern32", "matern12", "se"}, "covariance function"),
         ParamSpec::integer("chain_length", 200, "sampler steps at every fit", 1),
         ParamSpec::integer("burn_in", 100, "extra sampler steps at the first fit", 0),
         ParamSpec::integer("walkers", 0, "ensemble size; 0: 3 (D + 1) rounded up to even", 0)},
        loop, [as_robo_ran](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::GpMcmcOptions o = as_robo_ran ? robo::gp_mcmc_options(dim) : surrogates::GpMcmcOptions{};
            o.kernel = surrogates::parse_kernel_family(args.text("kernel"));
            o.chain_length = static_cast<int>(args.integer("chain_length"));
            o.burn_in = static_cast<int>(args.integer("burn_in"));
            o.n_walkers = static_cast<int>(args.integer("walkers"));
            return std::make_unique<surrogates::GaussianProcessMCMC>(dim, o);
        });
}

}  // namespace

OptimizerFactory gp_mcmc_optimizer() {
    model_based::LoopDefaults loop = robo::loop_defaults();
    loop.random_local_units = "box";
    return gp_mcmc_factory("gp-mcmc",
                           "fully Bayesian GP (ensemble-sampled hyperparameters, RoBO GP_mcmc defaults) + log-EI", loop,
                           false);
}

OptimizerFactory robo_gp_mcmc_optimizer() {
    return gp_mcmc_factory("robo-gp-mcmc",
                           "RoBO's GP_mcmc as the thesis ran it: raw outputs, RoBO's priors as coded + averaged log-EI",
                           robo::loop_defaults(), true);
}

}  // namespace bobench
