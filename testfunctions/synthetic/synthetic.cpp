#include "testfunctions/synthetic/synthetic.hpp"

#include <boost/random/normal_distribution.hpp>

namespace bobench::synthetic {

SyntheticFunction::SyntheticFunction(std::string name, Formula formula, Definition def, double noise)
    : name_(std::move(name)), formula_(formula), def_(std::move(def)), space_(real_box(def_.lo, def_.hi)),
      noise_(noise) {}

Evaluation SyntheticFunction::evaluate(const Point& x, Rng& rng) const {
    Evaluation e;
    e.true_value = formula_(x.data(), x.size());
    e.value = e.true_value;
    if (noise_ > 0) e.value += noise_ * boost::random::normal_distribution<double>(0.0, 1.0)(rng);
    return e;
}

Metadata SyntheticFunction::metadata() const {
    return {{"suite", "synthetic"}, {"function", name_}, {"dimension", std::to_string(space_.size())}};
}

ProblemFactory make_factory(Entry entry) {
    ProblemFactory f;
    f.name = entry.name;
    f.description = entry.description;
    if (entry.default_d > 0)
        f.params.push_back(ParamSpec::integer("d", entry.default_d, "dimension", entry.min_d, 10000));
    f.params.push_back(ParamSpec::real("noise", 0.0, "std of Gaussian observation noise", 0.0));
    f.make = [entry](const ProblemSetup&, const Args& args) -> std::shared_ptr<const Problem> {
        const std::size_t d = entry.default_d > 0 ? static_cast<std::size_t>(args.integer("d")) : 0;
        return std::make_shared<SyntheticFunction>(entry.name, entry.formula, entry.define(d), args.real("noise"));
    };
    return f;
}

void register_all(ProblemRegistry& r) {
    for (auto make : {ackley, bohachevsky, branin, camelback, forrester, goldstein_price, hartmann3, hartmann6,
                      levy, michalewicz, rosenbrock, sin_one, sin_two, styblinski_tang})
        r.add(make());
}

}  // namespace bobench::synthetic
