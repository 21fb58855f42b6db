#include "surrogates/ivbnn/scale_mixture_prior.hpp"

#include <cmath>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::ivbnn {

ScaleMixturePrior::ScaleMixturePrior(std::vector<ScaleComponent> components) : components_(std::move(components)) {
    if (components_.empty()) throw UserError("IVBNN prior: needs at least one mixture component");
    double total = 0;
    for (const ScaleComponent& c : components_) {
        if (!(c.weight > 0) || !std::isfinite(c.weight))
            throw UserError("IVBNN prior: component weight " + format_double(c.weight) + " must be > 0");
        if (!(c.sd > 0) || !std::isfinite(c.sd))
            throw UserError("IVBNN prior: component sd " + format_double(c.sd) + " must be > 0");
        total += c.weight;
    }
    if (std::abs(total - 1) > 1e-9)
        throw UserError("IVBNN prior: component weights sum to " + format_double(total) + ", not 1");
}

Eigen::MatrixXd ScaleMixturePrior::sample(Eigen::Index dim, Eigen::Index count, Rng& rng) const {
    Eigen::MatrixXd w(dim, count);
    boost::random::uniform_01<double> u;
    boost::random::normal_distribution<double> normal;
    for (Eigen::Index i = 0; i < w.size(); ++i) {
        double r = u(rng), sd = components_.back().sd;
        for (const ScaleComponent& c : components_) {
            if (r < c.weight) {
                sd = c.sd;
                break;
            }
            r -= c.weight;
        }
        w.data()[i] = sd * normal(rng);
    }
    return w;
}

double ScaleMixturePrior::sd() const {
    double v = 0;
    for (const ScaleComponent& c : components_) v += c.weight * c.sd * c.sd;
    return std::sqrt(v);
}

}  // namespace bobench::ivbnn
