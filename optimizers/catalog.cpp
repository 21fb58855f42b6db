// Every optimizer bobench knows. To add one: write optimizers/<name>.cpp defining a
// function that returns its OptimizerFactory, declare it below and add one line.
#include "optimizers/catalog.hpp"

namespace bobench {

OptimizerFactory bohamiann_optimizer();
OptimizerFactory bohb_optimizer();
OptimizerFactory bore_ggn_optimizer();
OptimizerFactory bore_mlp_optimizer();
OptimizerFactory bore_rf_optimizer();
OptimizerFactory bore_xgb_optimizer();
OptimizerFactory brvfl1_optimizer();
OptimizerFactory brvfl2_optimizer();
OptimizerFactory brvfl3_optimizer();
OptimizerFactory brvfl4_optimizer();
OptimizerFactory differential_evolution_optimizer();
OptimizerFactory dngo_optimizer();
OptimizerFactory elm_optimizer();
OptimizerFactory ervfl1_optimizer();
OptimizerFactory ervfl2_optimizer();
OptimizerFactory ervfl3_optimizer();
OptimizerFactory ervfl4_optimizer();
OptimizerFactory external_optimizer();
OptimizerFactory gp_ei_optimizer();
OptimizerFactory gp_mcmc_optimizer();
OptimizerFactory hbnn_optimizer();
OptimizerFactory hyperband_optimizer();
OptimizerFactory ivbnn_optimizer();
OptimizerFactory nuts_bnn_optimizer();
OptimizerFactory mixture_gmr_optimizer();
OptimizerFactory mixture_kde_optimizer();
OptimizerFactory mixture_spn_optimizer();
OptimizerFactory random_search_optimizer();
OptimizerFactory regularized_evolution_optimizer();
OptimizerFactory sbnn_optimizer();
OptimizerFactory robo_gp_optimizer();
OptimizerFactory robo_gp_mcmc_optimizer();
OptimizerFactory robo_rf_optimizer();
OptimizerFactory smac_rf_optimizer();
OptimizerFactory tpe_optimizer();
OptimizerFactory tpe_hyperopt_optimizer();

void register_optimizers(OptimizerRegistry& r) {
    r.add(bohamiann_optimizer());
    r.add(bohb_optimizer());
    r.add(bore_ggn_optimizer());
    r.add(bore_mlp_optimizer());
    r.add(bore_rf_optimizer());
    r.add(bore_xgb_optimizer());
    r.add(brvfl1_optimizer());
    r.add(brvfl2_optimizer());
    r.add(brvfl3_optimizer());
    r.add(brvfl4_optimizer());
    r.add(differential_evolution_optimizer());
    r.add(dngo_optimizer());
    r.add(elm_optimizer());
    r.add(ervfl1_optimizer());
    r.add(ervfl2_optimizer());
    r.add(ervfl3_optimizer());
    r.add(ervfl4_optimizer());
    r.add(external_optimizer());
    r.add(gp_ei_optimizer());
    r.add(gp_mcmc_optimizer());
    r.add(hbnn_optimizer());
    r.add(hyperband_optimizer());
    r.add(ivbnn_optimizer());
    r.add(nuts_bnn_optimizer());
    r.add(mixture_gmr_optimizer());
    r.add(mixture_kde_optimizer());
    r.add(mixture_spn_optimizer());
    r.add(random_search_optimizer());
    r.add(regularized_evolution_optimizer());
    r.add(sbnn_optimizer());
    r.add(robo_gp_optimizer());
    r.add(robo_gp_mcmc_optimizer());
    r.add(robo_rf_optimizer());
    r.add(smac_rf_optimizer());
    r.add(tpe_optimizer());
    r.add(tpe_hyperopt_optimizer());
}

}  // namespace bobench
