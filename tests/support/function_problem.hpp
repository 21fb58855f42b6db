#pragma once
// Test support: a test input (not a mock) made of a space and a noise-free objective, for
// the tests that need a problem of their own shape (repeats, NaN holes, mixed parameters).
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "core/problem.hpp"

namespace bobench::testing {

// value and true_value are both f(x); the evaluation uses no random numbers.
class FunctionProblem final : public Problem {
public:
    using Objective = std::function<double(const Point&)>;
    FunctionProblem(Space space, Objective f, std::optional<double> optimum)
        : space_(std::move(space)), f_(std::move(f)), optimum_(optimum) {}

    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng&) const override {
        Evaluation e;
        e.value = e.true_value = f_(x);
        return e;
    }
    std::optional<double> optimum() const override { return optimum_; }

private:
    Space space_;
    Objective f_;
    std::optional<double> optimum_;
};

inline std::shared_ptr<const Problem> function_problem(Space space, FunctionProblem::Objective f,
                                                        std::optional<double> optimum) {
    return std::make_shared<FunctionProblem>(std::move(space), std::move(f), optimum);
}

}  // namespace bobench::testing
