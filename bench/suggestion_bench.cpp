// Cost of one suggestion (ask after N observations) of every model-based optimizer, on
// Branin (continuous) and on a 6-D space, through the registry exactly as runs use them.
// The observations are N uniform points; epsilon-greedy steps are switched off so every
// timed ask() fits the model and searches the candidates.
#include "bench/suggestion.hpp"

using bobench::bench::suggestion;

#define SUGGESTION(name, problem, optimizer)                                                             \
    BENCHMARK_CAPTURE(suggestion, name, problem, optimizer)->Arg(50)->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond)

SUGGESTION(bore_rf_branin, "branin", "bore-rf:epsilon=0");
SUGGESTION(bore_xgb_branin, "branin", "bore-xgb:epsilon=0");
// the same, each candidate in its own classifier call (the path before batch scoring)
SUGGESTION(bore_xgb_branin_single, "branin", "bore-xgb:epsilon=0,batch=false");
// the fit alone, nearly: DE stops after its first population (20 points, one call)
SUGGESTION(bore_xgb_branin_de20, "branin", "bore-xgb:epsilon=0,de_evals=20");
SUGGESTION(bore_mlp_branin, "branin", "bore-mlp:epsilon=0");
SUGGESTION(bore_ggn_branin, "branin", "bore-ggn:epsilon=0");
SUGGESTION(bore_ggn_diag_branin, "branin", "bore-ggn:epsilon=0,hessian=diag");
SUGGESTION(tpe_branin, "branin", "tpe");
SUGGESTION(tpe_hyperopt_branin, "branin", "tpe-hyperopt");
SUGGESTION(re_branin, "branin", "re");
SUGGESTION(smac_rf_hartmann6, "hartmann6", "smac-rf:random_interleave=0");
SUGGESTION(bore_rf_hartmann6, "hartmann6", "bore-rf:epsilon=0");
SUGGESTION(tpe_hartmann6, "hartmann6", "tpe");
SUGGESTION(tpe_hyperopt_hartmann6, "hartmann6", "tpe-hyperopt");

// The Bayesian-network optimizers at N = 20, 100, 200 observations with their default
// settings; one timed suggestion each (a default sbnn fit alone takes seconds).
#define SUGGESTION_BNN(name, problem, optimizer)                                                                    \
    BENCHMARK_CAPTURE(suggestion, name, problem, optimizer)->Arg(20)->Arg(100)->Arg(200)->Iterations(1)->Unit(    \
        benchmark::kMillisecond)

SUGGESTION_BNN(sbnn_hartmann6, "hartmann6", "sbnn");
SUGGESTION_BNN(hbnn_hartmann6, "hartmann6", "hbnn");
SUGGESTION_BNN(nuts_bnn_hartmann6, "hartmann6", "nuts-bnn");
SUGGESTION_BNN(bohamiann_hartmann6, "hartmann6", "bohamiann");
SUGGESTION_BNN(dngo_hartmann6, "hartmann6", "dngo");
SUGGESTION_BNN(elm_hartmann6, "hartmann6", "elm");
SUGGESTION_BNN(ivbnn_hartmann6, "hartmann6", "ivbnn");

// The mixture-density optimizers at the sizes of the DTU thesis' runs (N = 10, 40) and
// beyond; fit alone is in mixtures_bench.cpp.
#define MIXTURE_SUGGESTION(name, optimizer)                                                               \
    BENCHMARK_CAPTURE(suggestion, name, "bbob:f=1,i=1,d=2", optimizer)->Arg(10)->Arg(40)->Arg(200)->Unit( \
        benchmark::kMillisecond)

MIXTURE_SUGGESTION(mixture_kde_sphere2, "mixture-kde");
MIXTURE_SUGGESTION(mixture_gmr_sphere2, "mixture-gmr");
MIXTURE_SUGGESTION(mixture_spn_sphere2, "mixture-spn");
MIXTURE_SUGGESTION(mixture_gmr_exact_ei_sphere2, "mixture-gmr:acquisition=mixture-ei");
