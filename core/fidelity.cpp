// The multi-fidelity parts of the Problem and Optimizer interfaces (core/problem.hpp,
// core/optimizer.hpp) that are more than one line.
#include <cmath>
#include <stdexcept>

#include "core/error.hpp"
#include "core/optimizer.hpp"
#include "core/problem.hpp"
#include "core/text.hpp"

namespace bobench {

Evaluation Problem::evaluate_at(const Point&, double fidelity, Rng&) const {
    throw UserError("this problem has no fidelity; fidelity " + format_double(fidelity) +
                    " cannot be evaluated (multi-fidelity problems: fcnet, nasbench201)");
}

void check_fidelity(const std::optional<Fidelity>& fidelity, double f, const std::string& who) {
    if (!fidelity)
        throw UserError(who + " has no fidelity; fidelity " + format_double(f) +
                        " cannot be evaluated (multi-fidelity problems: fcnet, nasbench201)");
    const Fidelity& fi = *fidelity;
    if (!(f >= fi.lowest && f <= fi.full))
        throw UserError(who + ": fidelity " + fi.name + " = " + format_double(f) + " is outside [" +
                        format_double(fi.lowest) + ", " + format_double(fi.full) + "]");
    if (fi.integer && f != std::floor(f))
        throw UserError(who + ": fidelity " + fi.name + " = " + format_double(f) + " is not a whole number");
}

const Fidelity& require_fidelity(const OptimizerSetup& setup, const std::string& optimizer) {
    if (!setup.fidelity)
        throw UserError(optimizer + " chooses the fidelity of each evaluation and needs a problem that has one "
                        "(fcnet, nasbench201: epochs); this problem has no fidelity");
    return *setup.fidelity;
}

Point MultiFidelityOptimizer::ask(Rng&) {
    throw std::logic_error("a multi-fidelity optimizer is asked through ask_query (with a fidelity), not ask");
}
void MultiFidelityOptimizer::tell(const Point&, double) {
    throw std::logic_error("a multi-fidelity optimizer is told through tell_query (with a fidelity), not tell");
}
void MultiFidelityOptimizer::tell_failure(const Point&, std::optional<double>) {
    throw std::logic_error("a multi-fidelity optimizer is told through tell_query_failure, not tell_failure");
}

}  // namespace bobench
