// brvfl1..4 and ervfl1..4: Bayesian optimisation with the random-vector functional-link
// surrogates of Aryan 2020 (thesis ch. 4; surrogates/rvfl/). The variants are the
// activation x direct-link combinations of the thesis' Table 4.1:
//   1: tanh, no direct link   2: tanh + direct link   3: relu, no direct link   4: relu + direct link
// The loop is RoBO's (optimizers/presets/robo.hpp), as the thesis ran its RoBO-based methods: its
// ch. 5.4 says they "use random search to optimize EI", so EI (not RoBO's default log-EI)
// maximised by RoBO's random sampling (500 points, 30 % around the incumbent), a repeated
// suggestion evaluated again, and the protocol's 2 uniform initial points (ch. 4).
// Multi-start L-BFGS-B (`maximizer=lbfgsb`, the models have input gradients) is a variant.
// The ensemble size of ERVFL is not stated: 5 members (`members`), our reading. Its members
// are sampled functions, so `acquisition=empirical-ei` (ch. 3's Eq. 3.5) is a variant.
#include <string>

#include "optimizers/loop/model_based.hpp"
#include "optimizers/presets/robo.hpp"
#include "surrogates/rvfl/rvfl.hpp"

namespace bobench {

namespace {

model_based::LoopDefaults rvfl_loop() {
    model_based::LoopDefaults loop = robo::loop_defaults();
    loop.acquisition = "ei";
    loop.n_init = 2;
    loop.init = "uniform";
    loop.lbfgsb_starts = 2;
    return loop;
}

std::vector<ParamSpec> rvfl_params(bool ensemble) {
    std::vector<ParamSpec> p = {
        ParamSpec::choice("alpha", "fixed", {"fixed", "evidence", "evidence-ab"},
                          "fixed: beta = 1000, alpha = 1/sigma_w^2 with sigma_w = sigma_hat/sqrt(#output weights) "
                          "(thesis ch. 4); evidence: alpha by MacKay's fixed point, beta kept (thesis ch. 4); "
                          "evidence-ab: alpha and beta both (a variant)" +
                              std::string(ensemble ? "; on the first member" : "")),
        ParamSpec::choice("evidence_start", "one", {"one", "fixed", "previous"},
                          "where the evidence iteration starts at each fit (§4.4.1: \"a reasonable value\"): alpha = 1 "
                          "(our reading), the fixed setting's alpha, or the alpha the run's previous fit ended at"),
        ParamSpec::integer("evidence_iterations", 500,
                           "the evidence iteration's cap per fit (it stops earlier at a relative change under 1e-8)", 1),
        ParamSpec::integer("hidden", 300, "random hidden units (thesis: 300)", 0),
        ParamSpec::real("sigma_hat", 0.0, "fixed setting: sigma_hat; 0: the thesis' 0.001 (tanh) / 0.02 (relu)", 0.0),
        ParamSpec::choice("sigma_n", "weights", {"weights", "hidden"},
                          "fixed setting: the n of sigma_w = sigma_hat n^-1/2, the output weights (hidden units + D "
                          "with the direct link; our reading) or the hidden units alone"),
        ParamSpec::real("beta", 1000.0, "noise precision on standardised outputs (fixed and evidence settings)", 1e-12),
        ParamSpec::choice("outputs", "standardised", {"standardised", "centred", "raw"},
                          "what the network fits: the outputs standardised (thesis ch. 4), only centred, or raw "
                          "(variants)"),
        ParamSpec::choice("inputs", "data", {"data", "box"},
                          "inputs standardised by the observed points' mean and sd at every fit (our reading of "
                          "§4.4.1), or by the search box's (a variant)"),
        ParamSpec::choice("hidden_draw", "fit", {"fit", "run"},
                          "the random hidden layer redrawn at every fit (our reading), or drawn at a run's first fit "
                          "and kept (§4.2's \"set to be constants\", a variant)"),
    };
    if (ensemble) {
        p.push_back(ParamSpec::integer("members", 5, "ensemble size (not stated in the thesis)", 2));
        p.push_back(ParamSpec::choice("anchor", "posterior", {"posterior", "literal"},
                                      "anchor covariance: posterior = 1/alpha I + beta/alpha^2 Phi^T Phi (members are exact "
                                      "posterior draws); literal = eq. 4.7 as transcribed, lambda I + lambda^2 beta Phi^T Phi "
                                      "with lambda = alpha/beta"));
        p.push_back(ParamSpec::choice("spread", "noise+members", {"noise+members", "members"},
                                      "predictive variance: 1/beta plus the members' sample variance (our reading), or "
                                      "the members' sample variance alone (a variant)"));
    }
    return p;
}

surrogates::rvfl::RvflOptions rvfl_options(int variant, const Args& args) {
    surrogates::rvfl::RvflOptions o;
    surrogates::rvfl::apply_variant(variant, o);
    o.alpha_rule = surrogates::rvfl::parse_alpha_rule(args.text("alpha"));
    o.evidence_start = surrogates::rvfl::parse_evidence_start(args.text("evidence_start"));
    o.evidence_iterations = static_cast<int>(args.integer("evidence_iterations"));
    o.hidden = static_cast<int>(args.integer("hidden"));
    o.sigma_hat = args.real("sigma_hat");
    o.sigma_n_hidden = args.text("sigma_n") == "hidden";
    o.beta = args.real("beta");
    o.outputs = surrogates::rvfl::parse_output_scaling(args.text("outputs"));
    o.inputs_by_box = args.text("inputs") == "box";
    o.hidden_per_run = args.text("hidden_draw") == "run";
    return o;
}

std::string variant_text(int variant) {
    const char* names[] = {"tanh, no direct link", "tanh + direct link", "relu, no direct link",
                           "relu + direct link"};
    return names[variant - 1];
}

OptimizerFactory brvfl(int variant) {
    return model_based::make_factory(
        "brvfl" + std::to_string(variant),
        "Bayesian RVFL (Aryan 2020 ch. 4), variant " + std::to_string(variant) + ": " + variant_text(variant) +
            ", 300 random units; EI by RoBO's random sampling (thesis ch. 5.4)",
        rvfl_params(false), rvfl_loop(),
        [variant](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            return std::make_unique<surrogates::rvfl::BayesianRvfl>(dim, rvfl_options(variant, args));
        });
}

OptimizerFactory ervfl(int variant) {
    return model_based::make_factory(
        "ervfl" + std::to_string(variant),
        "ensemble of anchored-MAP RVFLs (Aryan 2020 ch. 4), variant " + std::to_string(variant) + ": " +
            variant_text(variant) + "; 5 members (not stated in the thesis); EI by RoBO's random sampling",
        rvfl_params(true), rvfl_loop(),
        [variant](int dim, const Args& args) -> std::unique_ptr<surrogates::RegressionModel> {
            surrogates::rvfl::RvflOptions o = rvfl_options(variant, args);
            o.literal_anchor = args.text("anchor") == "literal";
            o.noise_in_spread = args.text("spread") == "noise+members";
            return std::make_unique<surrogates::rvfl::RvflEnsemble>(dim, o, static_cast<int>(args.integer("members")));
        });
}

}  // namespace

OptimizerFactory brvfl1_optimizer() { return brvfl(1); }
OptimizerFactory brvfl2_optimizer() { return brvfl(2); }
OptimizerFactory brvfl3_optimizer() { return brvfl(3); }
OptimizerFactory brvfl4_optimizer() { return brvfl(4); }
OptimizerFactory ervfl1_optimizer() { return ervfl(1); }
OptimizerFactory ervfl2_optimizer() { return ervfl(2); }
OptimizerFactory ervfl3_optimizer() { return ervfl(3); }
OptimizerFactory ervfl4_optimizer() { return ervfl(4); }

}  // namespace bobench
