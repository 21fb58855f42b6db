// Every optimizer bobench knows. To add one: write optimizers/<name>.cpp defining a
// function that returns its OptimizerFactory, and add its one line X(function) to the list
// below (the list declares each function and registers it, in this order). A plugin adds
// optimizers without rebuilding bobench (core/plugin.hpp). Self-registering objects in each
// file would need no list, but the linker drops an object of a static library that
// nothing references, and its optimizer with it.
#include "optimizers/catalog.hpp"

#define BOBENCH_OPTIMIZERS(X) \
    X(bohamiann_optimizer)                 \
    X(bohb_optimizer)                      \
    X(bore_ggn_optimizer)                  \
    X(bore_mlp_optimizer)                  \
    X(bore_rf_optimizer)                   \
    X(bore_xgb_optimizer)                  \
    X(brvfl1_optimizer)                    \
    X(brvfl2_optimizer)                    \
    X(brvfl3_optimizer)                    \
    X(brvfl4_optimizer)                    \
    X(cmaes_optimizer)                     \
    X(differential_evolution_optimizer)    \
    X(dngo_optimizer)                      \
    X(elm_optimizer)                       \
    X(ervfl1_optimizer)                    \
    X(ervfl2_optimizer)                    \
    X(ervfl3_optimizer)                    \
    X(ervfl4_optimizer)                    \
    X(external_optimizer)                  \
    X(autogluon_gp_optimizer)              \
    X(gp_ei_optimizer)                     \
    X(gp_mcmc_optimizer)                   \
    X(hbnn_optimizer)                      \
    X(hyperband_optimizer)                 \
    X(ivbnn_optimizer)                     \
    X(nuts_bnn_optimizer)                  \
    X(mixture_gmr_optimizer)               \
    X(mixture_kde_optimizer)               \
    X(mixture_spn_optimizer)               \
    X(random_search_optimizer)             \
    X(regularized_evolution_optimizer)     \
    X(sbnn_optimizer)                      \
    X(robo_gp_optimizer)                   \
    X(robo_gp_mcmc_optimizer)              \
    X(robo_rf_optimizer)                   \
    X(smac_rf_optimizer)                   \
    X(tpe_optimizer)                       \
    X(tpe_hyperopt_optimizer)

namespace bobench {

#define BOBENCH_DECLARE_OPTIMIZER(factory) OptimizerFactory factory();
BOBENCH_OPTIMIZERS(BOBENCH_DECLARE_OPTIMIZER)

void register_optimizers(OptimizerRegistry& r) {
#define BOBENCH_ADD_OPTIMIZER(factory) r.add(factory());
    BOBENCH_OPTIMIZERS(BOBENCH_ADD_OPTIMIZER)
}

}  // namespace bobench
