#include "acquisitions/empirical_expected_improvement.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::acquisitions {

EmpiricalExpectedImprovement::EmpiricalExpectedImprovement(const surrogates::FunctionSamples& samples,
                                                           double incumbent)
    : samples_(samples), incumbent_(incumbent) {
    if (!std::isfinite(incumbent))
        throw UserError("EmpiricalExpectedImprovement: incumbent " + format_double(incumbent) + " must be finite");
}

double EmpiricalExpectedImprovement::value(const Eigen::VectorXd& x, Eigen::VectorXd* grad) const {
    Eigen::VectorXd f;
    Eigen::MatrixXd G;
    samples_.sample_values(x, f, grad ? &G : nullptr);
    const double S = static_cast<double>(f.size());
    double total = 0;
    if (grad) grad->setZero(x.size());
    for (Eigen::Index s = 0; s < f.size(); ++s) {
        if (!(f[s] < incumbent_)) continue;
        total += incumbent_ - f[s];
        if (grad) *grad -= G.col(s);
    }
    if (grad) *grad /= S;
    return total / S;
}

}  // namespace bobench::acquisitions
