// dngo: Snoek et al. 2015 with pybnn's DNGO defaults (surrogates/bnn/dngo.hpp): 3 x 50
// tanh basis trained by Adam, Bayesian linear regression on the last layer with alpha and
// beta maximising the marginal likelihood; EI maximised as RoBO's fmin does (500 random
// points, 30 % around the incumbent; on these candidates EI and RoBO's log-EI pick the
// same point), after 3 Latin-hypercube points.
#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/pybnn.hpp"
#include "surrogates/bnn/dngo.hpp"

namespace bobench {

OptimizerFactory dngo_optimizer() {
    const model_based::LoopDefaults loop = pybnn::loop_defaults("ei");
    return model_based::make_factory(
        "dngo", "DNGO: network basis functions + Bayesian linear regression (Snoek et al. 2015, pybnn defaults) + EI",
        {ParamSpec::integer("layers", 3, "hidden layers", 1, 10),
         ParamSpec::integer("units", 50, "units per hidden layer", 1, 10000),
         ParamSpec::integer("epochs", 500, "Adam epochs per fit", 0),
         ParamSpec::integer("batch_size", 10, "mini-batch size", 1),
         ParamSpec::positive("lr", 0.01, "Adam learning rate")},
        loop, [](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            bnn::DngoOptions o;
            o.hidden.assign(static_cast<std::size_t>(args.integer("layers")), static_cast<int>(args.integer("units")));
            o.epochs = static_cast<int>(args.integer("epochs"));
            o.batch_size = static_cast<int>(args.integer("batch_size"));
            o.learning_rate = args.real("lr");
            return std::make_unique<bnn::Dngo>(dim, std::move(o));
        });
}

}  // namespace bobench
