#include "surrogates/samplers/sghmc.hpp"

#include <cmath>
#include <string>

#include <boost/random/normal_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::samplers {

using Eigen::ArrayXd;
using Eigen::VectorXd;

void validate(const SghmcOptions& o) {
    auto fail = [](const std::string& what) { throw UserError("SGHMC: " + what); };
    if (o.steps < 0) fail("steps = " + std::to_string(o.steps) + " must be >= 0");
    if (o.burn_in < 0) fail("burn_in = " + std::to_string(o.burn_in) + " must be >= 0");
    if (o.keep_every < 1) fail("keep_every = " + std::to_string(o.keep_every) + " must be >= 1");
    if (!(o.learning_rate > 0 && std::isfinite(o.learning_rate)))
        fail("learning_rate = " + format_double(o.learning_rate) + " must be > 0");
    if (!(o.momentum_decay >= 0 && o.momentum_decay <= 1))
        fail("momentum_decay = " + format_double(o.momentum_decay) + " must be in [0, 1]");
    if (!(o.epsilon >= 0 && std::isfinite(o.epsilon))) fail("epsilon = " + format_double(o.epsilon) + " must be >= 0");
}

SghmcResult adaptive_sghmc(const StochasticLogDensity& target, const VectorXd& q0, const SghmcOptions& o, Rng& rng) {
    validate(o);
    const Eigen::Index n = q0.size();
    const long kept = o.steps > o.burn_in ? (o.steps - o.burn_in - 1) / o.keep_every : 0;
    SghmcResult result;
    result.draws.resize(n, kept);
    VectorXd q = q0, grad(n);
    ArrayXd tau = ArrayXd::Ones(n), g = ArrayXd::Ones(n), v = ArrayXd::Ones(n), m = ArrayXd::Zero(n);
    ArrayXd minv(n), sd(n);
    const double lr2 = o.learning_rate * o.learning_rate, lr4 = lr2 * lr2, eps = o.epsilon;
    boost::random::normal_distribution<double> normal;
    long stored = 0;
    for (long step = 1; step <= o.steps; ++step) {
        const double logp = target(q, grad, rng);
        // grad is d log p; U = -log p has gradient g_hat = -grad
        if (!std::isfinite(logp) || !std::isfinite((grad.array() * 0.0).sum())) {  // a vectorised allFinite
            result.diverged = true;
            result.diverged_at = step;
            break;
        }
        // One pass per stage (the normal draws are scalar anyway); each entry sees the same
        // operations in the same order as the formulas in the header.
        const double* gh = grad.data();  // g_hat = -gh
        if (step <= o.burn_in) {
            for (Eigen::Index i = 0; i < n; ++i) {
                const double gi = -gh[i], r = 1.0 / (tau[i] + 1.0);
                tau[i] += -tau[i] * (g[i] * g[i]) / (v[i] + eps) + 1.0;
                g[i] += -g[i] * r + r * gi;
                v[i] += -v[i] * r + r * (gi * gi);
            }
        }
        if (step <= o.burn_in + 1) {  // v is frozen after burn-in, and so are these two
            minv = 1.0 / (v.sqrt() + eps);
            sd = (2.0 * lr2 * o.momentum_decay * minv - lr4).max(1e-16).sqrt();
        }
        for (Eigen::Index i = 0; i < n; ++i) {
            m[i] += -lr2 * minv[i] * -gh[i] - o.momentum_decay * m[i] + sd[i] * normal(rng);
            q[i] += m[i];
        }
        result.steps = step;
        const long s = step - 1;  // pybnn's 0-based step counter for the keep rule
        if (s > o.burn_in && (s - o.burn_in) % o.keep_every == 0) result.draws.col(stored++) = q;
    }
    if (!q.allFinite() && !result.diverged) {
        result.diverged = true;
        result.diverged_at = result.steps;
    }
    result.draws.conservativeResize(n, stored);
    return result;
}

}  // namespace bobench::samplers
