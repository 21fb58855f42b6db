// Hyperband (Li et al. 2018, JMLR): successive halving over brackets that trade the number
// of configurations against the resource each gets, configurations drawn uniformly at
// random. The schedule and the engine are in hyperband.hpp (bohb.cpp shares them).
#include "optimizers/hyperband.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/text.hpp"

namespace bobench::hyperband {

std::vector<Bracket> schedule(double max_resource, double eta, double min_resource) {
    if (!(eta > 1)) throw std::invalid_argument("hyperband: eta must be > 1");
    if (!(min_resource > 0 && min_resource <= max_resource))
        throw std::invalid_argument("hyperband: the minimum resource must be in (0, maximum]");
    // a tolerance keeps exact powers (81 / 1 = 3^4) from losing a bracket to rounding
    const int s_max = static_cast<int>(std::floor(std::log(max_resource / min_resource) / std::log(eta) + 1e-9));
    std::vector<Bracket> out;
    for (int s = s_max; s >= 0; --s) {
        const double n = std::ceil(static_cast<double>(s_max + 1) / (s + 1) * std::pow(eta, s) - 1e-9);
        const double r = max_resource * std::pow(eta, -s);
        Bracket b{s, {}};
        for (int i = 0; i <= s; ++i)
            b.rungs.push_back({static_cast<long>(std::floor(n * std::pow(eta, -i) + 1e-9)), r * std::pow(eta, i)});
        out.push_back(std::move(b));
    }
    return out;
}

Engine::Engine(const Fidelity& fidelity, double eta, double min_resource) : fidelity_(fidelity) {
    const double lowest = min_resource == 0 ? fidelity.lowest : min_resource;
    if (lowest < fidelity.lowest || lowest > fidelity.full)
        throw UserError("min_fidelity = " + format_double(min_resource) + " is outside the problem's fidelity " +
                        fidelity.name + " [" + format_double(fidelity.lowest) + ", " + format_double(fidelity.full) + "]");
    brackets_ = schedule(fidelity.full, eta, lowest);
    start_bracket();
}

double Engine::fidelity_of(const Rung& rung) const {
    const double r = fidelity_.integer ? std::round(rung.resource) : rung.resource;
    return std::clamp(r, fidelity_.lowest, fidelity_.full);
}

void Engine::start_bracket() {
    rung_ = 0;
    configs_.clear();
    values_.clear();
    handed_out_ = 0;
}

Query Engine::next(Rng& rng, const Sampler& sample) {
    const Rung& rung = brackets_[bracket_].rungs[rung_];
    if (handed_out_ >= static_cast<std::size_t>(rung.configs))
        throw std::logic_error("hyperband: asked again before the rung's results were told");
    if (rung_ == 0 && configs_.size() == handed_out_) configs_.push_back(sample(rng));
    return {configs_[handed_out_++], fidelity_of(rung)};
}

void Engine::result(const Query&, double value) {
    if (values_.size() >= handed_out_) throw std::logic_error("hyperband: told a result that was not asked for");
    values_.push_back(std::isfinite(value) ? value : std::numeric_limits<double>::infinity());
    if (values_.size() == static_cast<std::size_t>(brackets_[bracket_].rungs[rung_].configs)) promote();
}

void Engine::promote() {
    const Bracket& b = brackets_[bracket_];
    if (rung_ + 1 == b.rungs.size()) {  // bracket done: the next one (after s = 0, s_max again)
        bracket_ = (bracket_ + 1) % brackets_.size();
        start_bracket();
        return;
    }
    std::vector<std::size_t> order(values_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t c) { return values_[a] < values_[c]; });
    std::vector<Point> kept;
    for (long k = 0; k < b.rungs[rung_ + 1].configs; ++k) kept.push_back(std::move(configs_[order[static_cast<std::size_t>(k)]]));
    configs_ = std::move(kept);
    values_.clear();
    handed_out_ = 0;
    ++rung_;
}

}  // namespace bobench::hyperband

namespace bobench {

namespace {
class Hyperband final : public MultiFidelityOptimizer {
public:
    Hyperband(const Space& space, const Fidelity& fidelity, double eta, double min_fidelity)
        : space_(space), engine_(fidelity, eta, min_fidelity) {}

    Query ask_query(Rng& rng) override {
        return engine_.next(rng, [&](Rng& r) { return space_.sample(r); });
    }
    void tell_query(const Query& q, double value) override { engine_.result(q, value); }
    // a failed evaluation ranks last in its rung, whatever the failure policy
    void tell_query_failure(const Query& q, std::optional<double>) override {
        engine_.result(q, std::numeric_limits<double>::infinity());
    }

private:
    const Space& space_;
    hyperband::Engine engine_;
};
}  // namespace

std::vector<ParamSpec> hyperband_params() {
    return {ParamSpec::real("eta", 3, "halving rate: each rung keeps the best 1/eta (Li et al. 2018 use 3)", 1, 100)
                .open_min(),
            ParamSpec::real("min_fidelity", 0,
                            "smallest resource r_min (0: the problem's lowest fidelity, e.g. 1 epoch); the largest "
                            "is the problem's full fidelity",
                            0)};
}

OptimizerFactory hyperband_optimizer() {
    return {"hyperband",
            "Hyperband (Li et al. 2018): successive-halving brackets over the problem's fidelity (epochs), random "
            "configurations; needs a multi-fidelity problem (fcnet, nasbench201)",
            hyperband_params(), [](const OptimizerSetup& setup, const Args& args) -> std::unique_ptr<Optimizer> {
                const Fidelity& f = require_fidelity(setup, "hyperband");
                return std::make_unique<Hyperband>(setup.space, f, args.real("eta"), args.real("min_fidelity"));
            }};
}

}  // namespace bobench
