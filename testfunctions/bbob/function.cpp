#include "testfunctions/bbob/function.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "testfunctions/bbob/families.hpp"
#include "testfunctions/bbob/instance_generator.hpp"

namespace bobench::bbob {
namespace {

void check_function(int function) {
    if (function < 1 || function > 24)
        throw UserError("bbob: function " + std::to_string(function) +
                        " does not exist; accepted functions are 1..24");
}

std::shared_ptr<const detail::Problem> build(int function, int instance, int dimension) {
    check_function(function);
    if (instance < 1 || instance > kMaxInstance)
        throw UserError("bbob: instance " + std::to_string(instance) +
                        " is out of range; accepted instances are 1.." + std::to_string(kMaxInstance));
    if (dimension < 2 || dimension > kMaxDimension)
        throw UserError("bbob: dimension " + std::to_string(dimension) + " is out of range; accepted dimensions are 2.." +
                        std::to_string(kMaxDimension) + " (COCO's largest suite, bbob-largescale, stops at 640)");
    const detail::Spec spec{function, instance, dimension, legacy::instance_seed(function, instance),
                            legacy::fopt(function, instance)};
    switch (Function::group(function)) {
        case 1: return detail::make_separable(spec);
        case 2: return detail::make_moderate(spec);
        case 3: return detail::make_ill_conditioned(spec);
        case 4: return detail::make_multimodal(spec);
        default: return detail::make_weakly_structured(spec);
    }
}

}  // namespace

Function::Function(int function, int instance, int dimension)
    : function_(function),
      instance_(instance),
      dimension_(dimension),
      problem_(build(function, instance, dimension)) {}

double Function::operator()(const double* x) const {
    // COCO answers NaN for any point with a NaN coordinate; checking once here keeps the
    // comparisons and max() inside the functions from swallowing it.
    for (int i = 0; i < dimension_; ++i)
        if (std::isnan(x[i])) return std::numeric_limits<double>::quiet_NaN();
    return problem_->evaluate(x);
}

double Function::evaluate(const std::vector<double>& x) const {
    if (x.size() != static_cast<std::size_t>(dimension_))
        throw UserError("point has " + std::to_string(x.size()) + " coordinates, bbob f=" +
                        std::to_string(function_) + " d=" + std::to_string(dimension_) +
                        " expects " + std::to_string(dimension_));
    return (*this)(x.data());
}

int Function::group(int function) {
    check_function(function);
    if (function <= 5) return 1;
    if (function <= 9) return 2;
    if (function <= 14) return 3;
    if (function <= 19) return 4;
    return 5;
}

const char* Function::name(int function) {
    static constexpr const char* kNames[24] = {
        "Sphere",
        "Ellipsoid (separable)",
        "Rastrigin (separable)",
        "Bueche-Rastrigin",
        "Linear slope",
        "Attractive sector",
        "Step ellipsoid",
        "Rosenbrock (original)",
        "Rosenbrock (rotated)",
        "Ellipsoid (rotated)",
        "Discus",
        "Bent cigar",
        "Sharp ridge",
        "Different powers",
        "Rastrigin (rotated)",
        "Weierstrass",
        "Schaffers F7 (condition 10)",
        "Schaffers F7 (condition 1000)",
        "Griewank-Rosenbrock F8F2",
        "Schwefel x*sin(x)",
        "Gallagher 101 peaks",
        "Gallagher 21 peaks",
        "Katsuura",
        "Lunacek bi-Rastrigin",
    };
    check_function(function);
    return kNames[function - 1];
}

}  // namespace bobench::bbob
