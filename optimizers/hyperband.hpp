#pragma once
// Hyperband's bracket schedule and the successive-halving engine that hyperband and bohb
// share (Li, Jamieson, DeSalvo, Rostamizadeh & Talwalkar 2018, "Hyperband: A Novel
// Bandit-Based Approach to Hyperparameter Optimization", JMLR 18(185), Algorithm 1).
//
// With the maximum resource R (the problem's full fidelity), the minimum r_min (its lowest)
// and the halving rate eta: s_max = floor(log_eta(R / r_min)); bracket s = s_max, ..., 0
// starts n = ceil((s_max + 1) / (s + 1) * eta^s) configurations at resource r = R eta^-s,
// and its rung i = 0..s evaluates n_i = floor(n eta^-i) configurations at r_i = r eta^i,
// keeping the best n_{i+1} (by the value observed at r_i) for the next rung. For eta = 3,
// R = 81 this is the paper's Table 1. When the brackets are done, they start again.
//
// Resources on an integer fidelity (epochs) are rounded to the nearest whole value and kept
// in [r_min, R]. (HpBandSter, the BOHB authors' code, computes n differently: ceil(floor(
// (s_max + 1) / (s + 1)) eta^s), e.g. 27 instead of 34 configurations in bracket s = 3; bobench
// uses the paper's formula for both optimizers.)
#include <functional>
#include <vector>

#include "core/optimizer.hpp"
#include "core/params.hpp"

namespace bobench::hyperband {

struct Rung {
    long configs;     // n_i
    double resource;  // r_i, before rounding to the fidelity
};
struct Bracket {
    int s;
    std::vector<Rung> rungs;  // i = 0..s
};

// Brackets s = s_max, ..., 0 for maximum resource R, minimum r_min and rate eta (> 1);
// std::invalid_argument unless 0 < r_min <= R.
std::vector<Bracket> schedule(double max_resource, double eta, double min_resource);

// Hands out (configuration, fidelity) pairs bracket after bracket, one evaluation at a
// time, and promotes each rung's best when all its results are in. New configurations (the
// first rung's) come from `sample` at the moment they are needed, so a model-based sampler
// sees every result told so far.
class Engine {
public:
    using Sampler = std::function<Point(Rng&)>;
    // eta > 1; min_resource in [fidelity.lowest, fidelity.full] (0: fidelity.lowest)
    Engine(const Fidelity& fidelity, double eta, double min_resource);

    Query next(Rng& rng, const Sampler& sample);
    // The result of the last query handed out; failed evaluations are +infinity (never promoted
    // before a finite one).
    void result(const Query& q, double value);

    const std::vector<Bracket>& brackets() const { return brackets_; }
    double fidelity_of(const Rung& rung) const;  // rounded and clamped to the fidelity

private:
    void start_bracket();
    void promote();

    Fidelity fidelity_;
    std::vector<Bracket> brackets_;
    std::size_t bracket_ = 0, rung_ = 0;
    std::vector<Point> configs_;  // of the current rung
    std::vector<double> values_;  // their results, in order
    std::size_t handed_out_ = 0;
};

}  // namespace bobench::hyperband

namespace bobench {
// eta and min_fidelity, the parameters hyperband and bohb share.
std::vector<ParamSpec> hyperband_params();
}  // namespace bobench
