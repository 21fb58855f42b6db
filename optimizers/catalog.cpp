// Every optimizer bobench knows. To add one: write optimizers/<name>.cpp defining a
// function that returns its OptimizerFactory, declare it below and add one line.
#include "optimizers/catalog.hpp"

namespace bobench {

OptimizerFactory bore_ggn_optimizer();
OptimizerFactory bore_mlp_optimizer();
OptimizerFactory bore_rf_optimizer();
OptimizerFactory bore_xgb_optimizer();
OptimizerFactory differential_evolution_optimizer();
OptimizerFactory external_optimizer();
OptimizerFactory gp_ei_optimizer();
OptimizerFactory gp_mcmc_optimizer();
OptimizerFactory random_search_optimizer();
OptimizerFactory regularized_evolution_optimizer();
OptimizerFactory smac_rf_optimizer();
OptimizerFactory tpe_optimizer();
OptimizerFactory tpe_hyperopt_optimizer();

void register_optimizers(OptimizerRegistry& r) {
    r.add(bore_ggn_optimizer());
    r.add(bore_mlp_optimizer());
    r.add(bore_rf_optimizer());
    r.add(bore_xgb_optimizer());
    r.add(differential_evolution_optimizer());
    r.add(external_optimizer());
    r.add(gp_ei_optimizer());
    r.add(gp_mcmc_optimizer());
    r.add(random_search_optimizer());
    r.add(regularized_evolution_optimizer());
    r.add(smac_rf_optimizer());
    r.add(tpe_optimizer());
    r.add(tpe_hyperopt_optimizer());
}

}  // namespace bobench
