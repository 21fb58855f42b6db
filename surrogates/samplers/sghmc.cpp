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
    ArrayXd minv(n), sd(n), u(n), r(n);
    const double lr2 = o.learning_rate * o.learning_rate, lr4 = lr2 * lr2, eps = o.epsilon;
    boost::random::normal_distribution<double> normal;
    long stored = 0;
    for (long step = 1; step <= o.steps; ++step) {
        const double logp = target(q, grad, rng);
        const auto g_hat = -grad.array();  // gradient of U = -log p
        if (!std::isfinite(logp) || !std::isfinite((g_hat * 0.0).sum())) {  // a vectorised allFinite
            result.diverged = true;
            result.diverged_at = step;
            break;
        }
        if (step <= o.burn_in) {
            r = 1.0 / (tau + 1.0);
            tau += -tau * g.square() / (v + eps) + 1.0;
            g += -g * r + r * g_hat;
            v += -v * r + r * g_hat.square();
        }
        if (step <= o.burn_in + 1) {  // v is frozen after burn-in, and so are these two
            minv = 1.0 / (v.sqrt() + eps);
            sd = (2.0 * lr2 * o.momentum_decay * minv - lr4).max(1e-16).sqrt();
        }
        for (Eigen::Index i = 0; i < n; ++i) u[i] = normal(rng);
        m += -lr2 * minv * g_hat - o.momentum_decay * m + sd * u;
        q.array() += m;
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
