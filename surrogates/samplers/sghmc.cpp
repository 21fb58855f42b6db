#include "surrogates/samplers/sghmc.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/simd/lanes.hpp"
#include "surrogates/samplers/standard_normals.hpp"

namespace bobench::samplers {

using Eigen::ArrayXd;
using Eigen::Index;
using Eigen::VectorXd;

namespace {

// One step's update of every coordinate, in one pass, vectorised as in surrogates/bnn/
// lanes.hpp: each entry sees the same operations in the same order as the formulas in
// sghmc.hpp in every vector width, so the draws do not depend on the CPU.
struct StepState {
    double *q, *tau, *g, *v, *m, *minv, *sd;
    const double *grad, *noise;  // d log p (g_hat = -grad) and N(0, 1) draws
    double lr2, lr4, decay, eps;
};

// burn: adapt tau, g, v; refresh: recompute Minv and the noise sd from v (constant after burn-in)
template <int W, bool burn, bool refresh>
[[gnu::always_inline]] inline Index step_lanes(const StepState& s, Index i, Index n) {
    namespace lanes = simd::lanes;
    using V = lanes::Value<W>;
    for (; i + W <= n; i += W) {
        const V gh = lanes::load<W, V>(s.grad + i);
        if constexpr (burn) {
            V tau = lanes::load<W, V>(s.tau + i), g = lanes::load<W, V>(s.g + i), v = lanes::load<W, V>(s.v + i);
            // one division gives both r = 1 / (tau + 1) and 1 / (v + eps)
            const V gi = -gh, a = tau + 1.0, b = v + s.eps, both = 1.0 / (a * b), r = b * both;
            tau = tau + (-tau * (g * g) * (a * both) + 1.0);
            g = g + (-g * r + r * gi);
            v = v + (-v * r + r * (gi * gi));
            lanes::store<W>(s.tau + i, tau), lanes::store<W>(s.g + i, g), lanes::store<W>(s.v + i, v);
        }
        V minv, sd;
        if constexpr (refresh) {
            minv = 1.0 / (lanes::sqrt<W>(lanes::load<W, V>(s.v + i)) + s.eps);
            const V variance = 2.0 * s.lr2 * s.decay * minv - s.lr4;
            sd = lanes::sqrt<W>(variance > 1e-16 ? variance : 1e-16 + V{});
            lanes::store<W>(s.minv + i, minv), lanes::store<W>(s.sd + i, sd);
        } else {
            minv = lanes::load<W, V>(s.minv + i), sd = lanes::load<W, V>(s.sd + i);
        }
        V m = lanes::load<W, V>(s.m + i);
        m = m + (-s.lr2 * minv * -gh - s.decay * m + sd * lanes::load<W, V>(s.noise + i));
        lanes::store<W>(s.m + i, m);
        lanes::store<W>(s.q + i, lanes::load<W, V>(s.q + i) + m);
    }
    return i;
}

#if defined(__x86_64__) || defined(__i386__)
template <bool burn, bool refresh>
__attribute__((target("avx512f"))) Index step_avx512(const StepState& s, Index n) {
    return step_lanes<8, burn, refresh>(s, 0, n);
}

template <bool burn, bool refresh>
__attribute__((target("avx2"))) Index step_avx2(const StepState& s, Index i, Index n) {
    return step_lanes<4, burn, refresh>(s, i, n);
}
#endif

template <bool burn, bool refresh>
void step_all(const StepState& s, Index n) {
    Index i = 0;
    const int widest = simd::lanes_in_use();
#if defined(__x86_64__) || defined(__i386__)
    if (widest >= 8) i = step_avx512<burn, refresh>(s, n);
    if (widest >= 4) i = step_avx2<burn, refresh>(s, i, n);
#endif
    if (widest >= 2) i = step_lanes<2, burn, refresh>(s, i, n);
    step_lanes<1, burn, refresh>(s, i, n);
}

}  // namespace

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
    ArrayXd minv(n), sd(n), noise(n);
    const double lr2 = o.learning_rate * o.learning_rate, lr4 = lr2 * lr2, eps = o.epsilon;
    StandardNormals normals(rng());
    long stored = 0;
    for (long step = 1; step <= o.steps; ++step) {
        const double logp = target(q, grad, rng);
        // grad is d log p; U = -log p has gradient g_hat = -grad
        if (!std::isfinite(logp) || !std::isfinite((grad.array() * 0.0).sum())) {  // a vectorised allFinite
            result.diverged = true;
            result.diverged_at = step;
            break;
        }
        normals.fill(noise.data(), n);
        const StepState state{q.data(), tau.data(),  g.data(),   v.data(), m.data(), minv.data(), sd.data(),
                              grad.data(), noise.data(), lr2, lr4, o.momentum_decay, eps};
        if (step <= o.burn_in)
            step_all<true, true>(state, n);
        else if (step == o.burn_in + 1)  // v is frozen after burn-in, and so are Minv and the sd
            step_all<false, true>(state, n);
        else
            step_all<false, false>(state, n);
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
