#pragma once
// Shared by the TPE and regularized-evolution tests: run a registered optimizer on a problem with plain ask/tell
// (what runners::run_one does, minus the trace) and the toy problems the tests define.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "cli/catalog.hpp"

namespace bobench::density_test {

inline std::shared_ptr<const Problem> problem(const std::string& id) {
    return bind_problem(cli::problem_catalog(), Identifier::parse(id)).problem;
}

inline std::unique_ptr<Optimizer> optimizer(const std::string& id, const Space& space, long budget) {
    return bind_optimizer(cli::optimizer_catalog(), Identifier::parse(id)).make({space, budget});
}

// Final regret (best true value minus f*) of `optimizer_id` after `budget` evaluations.
// Throws if the optimizer suggests a point outside the space.
inline double final_regret(const std::string& optimizer_id, const Problem& p, long budget, std::uint64_t seed) {
    auto opt = optimizer(optimizer_id, p.space(), budget);
    Rng opt_rng(derive_seed(seed, 1)), problem_rng(derive_seed(seed, 2));
    double best = std::numeric_limits<double>::infinity();
    for (long i = 0; i < budget; ++i) {
        const Point x = opt->ask(opt_rng);
        if (!p.space().contains(x)) throw std::runtime_error(optimizer_id + " suggested " + p.space().why_not_contains(x));
        const Evaluation e = p.evaluate(x, problem_rng);
        opt->tell(x, e.value);
        best = std::min(best, e.true_value);
    }
    return best - p.optimum().value_or(0.0);
}

// prefix + i, built without operator+ (GCC 12 warns falsely on "literal" + std::string).
inline std::string label(const char* prefix, std::size_t i) {
    std::string s(prefix);
    s += std::to_string(i);
    return s;
}

inline double median(const std::vector<double>& v) { return analysis::summarize(v).median; }

inline std::vector<double> regrets(const std::string& optimizer_id, const Problem& p, long budget, int seeds) {
    std::vector<double> r;
    for (int s = 0; s < seeds; ++s) r.push_back(final_regret(optimizer_id, p, budget, static_cast<std::uint64_t>(1000 + s)));
    return r;
}

// A toy over categorical parameters only, minimum 0: params parameters
// <param_prefix>0, 1, ..., each with the choices <choice_prefix>0, 1, ..., choices - 1.
class CategoricalProblem : public Problem {
public:
    const Space& space() const override { return space_; }
    std::optional<double> optimum() const override { return 0.0; }

protected:
    CategoricalProblem(std::size_t params, std::size_t choices, const char* param_prefix, const char* choice_prefix)
        : choices_(choices) {
        std::vector<Param> ps;
        std::vector<std::string> names;
        for (std::size_t c = 0; c < choices; ++c) names.push_back(label(choice_prefix, c));
        for (std::size_t i = 0; i < params; ++i) ps.push_back(Param::categorical(label(param_prefix, i), names));
        space_ = Space(ps);
    }
    std::size_t choices_ = 0;

private:
    Space space_;
};

// A table-like toy: an additive cost per choice plus a pairwise interaction, minimum 0 at
// choices (0, 1, 2, ...) shifted per parameter.
class CategoricalTable final : public CategoricalProblem {
public:
    CategoricalTable(std::size_t params, std::size_t choices) : CategoricalProblem(params, choices, "p", "c") {}
    Evaluation evaluate(const Point& x, Rng&) const override {
        double v = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            // distance (in the cyclic order of choices) to parameter i's best choice
            const auto k = static_cast<std::size_t>(x[i]), best = (i * 3 + 1) % choices_;
            const std::size_t d = std::min((k + choices_ - best) % choices_, (best + choices_ - k) % choices_);
            v += static_cast<double>(d * d);
            if (i > 0 && k == static_cast<std::size_t>(x[i - 1])) v += 0.5;  // interaction
        }
        return {v, v, 0, std::numeric_limits<double>::quiet_NaN()};
    }
};

// OneMax-like: the number of categorical parameters not at their target choice.
class OneMaxCategorical final : public CategoricalProblem {
public:
    OneMaxCategorical(std::size_t params, std::size_t choices) : CategoricalProblem(params, choices, "g", "v") {}
    Evaluation evaluate(const Point& x, Rng&) const override {
        double v = 0;
        for (std::size_t i = 0; i < x.size(); ++i) v += static_cast<std::size_t>(x[i]) != i % choices_ ? 1.0 : 0.0;
        return {v, v, 0, std::numeric_limits<double>::quiet_NaN()};
    }
};

}  // namespace bobench::density_test
