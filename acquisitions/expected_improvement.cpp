#include "acquisitions/expected_improvement.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "acquisitions/normal_tail.hpp"
#include "core/error.hpp"

namespace bobench::acquisitions {

namespace {

double checked_target(const char* who, double incumbent, double xi) {
    if (!std::isfinite(incumbent))
        throw UserError(std::string(who) + ": incumbent " + std::to_string(incumbent) +
                        " must be finite");
    if (!std::isfinite(xi))
        throw UserError(std::string(who) + ": xi " + std::to_string(xi) + " must be finite");
    return incumbent - xi;
}

void set(double* p, double v) {
    if (p) *p = v;
}

}  // namespace

ExpectedImprovement::ExpectedImprovement(const surrogates::RegressionModel& model,
                                         double incumbent, double xi)
    : GaussianAcquisition(model), target_(checked_target("ExpectedImprovement", incumbent, xi)) {}

double ExpectedImprovement::score(double mean, double var, double* d_mean, double* d_var) const {
    const double delta = target_ - mean;
    if (!(var > 0.0)) {  // deterministic prediction: the improvement itself
        set(d_mean, delta > 0.0 ? -1.0 : 0.0);
        set(d_var, 0.0);
        return delta > 0.0 ? delta : 0.0;
    }
    const double s = std::sqrt(var);
    const double z = delta / s;
    // dEI/dmu = -Phi(z), dEI/ds = phi(z).
    if (d_mean || d_var) {
        set(d_mean, -normal_cdf(z));
        set(d_var, normal_pdf(z) / (2.0 * s));
    }
    return s * improvement_terms(z).tau;
}

LogExpectedImprovement::LogExpectedImprovement(const surrogates::RegressionModel& model,
                                               double incumbent, double xi)
    : GaussianAcquisition(model),
      target_(checked_target("LogExpectedImprovement", incumbent, xi)) {}

double LogExpectedImprovement::score(double mean, double var, double* d_mean,
                                     double* d_var) const {
    const double delta = target_ - mean;
    if (!(var > 0.0)) {
        if (delta > 0.0) {
            set(d_mean, -1.0 / delta);
            set(d_var, 0.0);
            return std::log(delta);
        }
        set(d_mean, 0.0);
        set(d_var, 0.0);
        return -std::numeric_limits<double>::infinity();
    }
    const double s = std::sqrt(var);
    const ImprovementTerms t = improvement_terms(delta / s);
    // d logEI/dmu = -(Phi/tau)/s, d logEI/ds = (phi/tau)/s.
    set(d_mean, -t.cdf_over_tau / s);
    set(d_var, t.pdf_over_tau / (2.0 * var));
    return std::log(s) + t.log_tau;
}

MixtureExpectedImprovement::MixtureExpectedImprovement(const surrogates::RegressionModel& model,
                                                       double incumbent, double xi)
    : model_(model), target_(checked_target("MixtureExpectedImprovement", incumbent, xi)) {}

double MixtureExpectedImprovement::of_mixture(const std::vector<surrogates::WeightedPrediction>& mixture,
                                              double target) {
    double ei = 0.0;
    for (const surrogates::WeightedPrediction& c : mixture) {
        if (!(c.weight > 0.0)) continue;
        const double delta = target - c.mean;
        if (!(c.var > 0.0)) {
            ei += c.weight * (delta > 0.0 ? delta : 0.0);
            continue;
        }
        const double s = std::sqrt(c.var);
        ei += c.weight * s * improvement_terms(delta / s).tau;
    }
    return ei;
}

double MixtureExpectedImprovement::value(const Eigen::VectorXd& x, Eigen::VectorXd* grad) const {
    if (grad) throw std::logic_error("MixtureExpectedImprovement: no gradient (use a gradient-free maximizer)");
    model_.predict_mixture(x, components_);
    return of_mixture(components_, target_);
}

}  // namespace bobench::acquisitions
