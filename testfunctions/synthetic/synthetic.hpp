#pragma once
// Closed-form test functions (HPOlib conventions, see shared/reference/
// SYNTHETIC_AND_ROBO_FACTS.md) behind the Problem interface, with optional Gaussian
// observation noise. The noise-free value is always recorded as true_value.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "core/registry.hpp"

namespace bobench::synthetic {

// The raw formula; d is the dimension, x has d coordinates in native units.
using Formula = double (*)(const double* x, std::size_t d);

// Domain and optimum of one function at one dimension.
struct Definition {
    std::vector<double> lo, hi;
    double fopt;
    std::vector<Point> minimizers;  // every known global minimizer (Branin has three)
};

class SyntheticFunction final : public Problem {
public:
    SyntheticFunction(std::string name, Formula formula, Definition def, double noise);

    double operator()(const double* x) const { return formula_(x, space_.size()); }
    const Space& space() const override { return space_; }
    Evaluation evaluate(const Point& x, Rng& rng) const override;
    std::optional<double> optimum() const override { return def_.fopt; }
    Metadata metadata() const override;
    const std::vector<Point>& minimizers() const { return def_.minimizers; }

private:
    std::string name_;
    Formula formula_;
    Definition def_;
    Space space_;
    double noise_;
};

// How one function is registered: fixed dimension when default_d == 0, else a `d`
// parameter (>= min_d) and define(d) gives domain and optimum at that dimension.
struct Entry {
    std::string name;
    std::string description;
    Formula formula;
    std::function<Definition(std::size_t d)> define;
    long default_d = 0;
    long min_d = 1;
};

// A registry entry with parameters d (when variable) and noise (sigma of N(0, sigma^2)).
ProblemFactory make_factory(Entry entry);

// Helpers for definitions.
inline std::vector<double> repeat(double v, std::size_t d) { return std::vector<double>(d, v); }

// Every synthetic family, one line each (defined in this folder's files).
ProblemFactory ackley();
ProblemFactory bohachevsky();
ProblemFactory branin();
ProblemFactory camelback();
ProblemFactory forrester();
ProblemFactory goldstein_price();
ProblemFactory hartmann3();
ProblemFactory hartmann6();
ProblemFactory levy();
ProblemFactory michalewicz();
ProblemFactory rosenbrock();
ProblemFactory sin_one();
ProblemFactory sin_two();
ProblemFactory styblinski_tang();

void register_all(ProblemRegistry& registry);

// Hartmann6's value at x in [0,1]^6 (the formula hartmann6() evaluates), for data made
// without a problem object.
double hartmann6_value(const double* x);

}  // namespace bobench::synthetic
