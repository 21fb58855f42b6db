#include "testfunctions/bbob/instance_generator.hpp"

#include <algorithm>
#include <cmath>

#include "core/interrupt.hpp"

namespace bobench::bbob::legacy {
namespace {

constexpr double kPi = 3.14159265358979323846;  // COCO's coco_pi

// One step of the minimal standard generator x <- 16807 x mod (2^31 - 1), with Schrage's
// factorisation so that nothing overflows (COCO computes the quotient through a double).
std::int64_t park_miller_step(std::int64_t state) {
    const std::int64_t q = static_cast<std::int64_t>(std::floor(static_cast<double>(state) / 127773.0));
    state = 16807 * (state - q * 127773) - 2836 * q;
    if (state < 0) state += 2147483647;
    return state;
}

}  // namespace

std::int64_t instance_seed(int function, int instance) {
    const int base = function == 4 ? 3 : function == 18 ? 17 : function;
    return base + 10000 * static_cast<std::int64_t>(instance);
}

std::vector<double> uniform(std::size_t n, std::int64_t seed) {
    if (seed < 0) seed = -seed;
    if (seed < 1) seed = 1;
    std::int64_t state = seed;
    std::int64_t table[32];
    // 40 warm-up steps; the last 32 fill the shuffle table from its top index down.
    for (int i = 39; i >= 0; --i) {
        state = park_miller_step(state);
        if (i < 32) table[i] = state;
    }
    std::int64_t last = table[0];
    std::vector<double> u(n);
    for (std::size_t i = 0; i < n; ++i) {
        state = park_miller_step(state);
        const auto slot = static_cast<std::size_t>(std::floor(static_cast<double>(last) / 67108865.0));
        last = table[slot];
        table[slot] = state;
        u[i] = static_cast<double>(last) / 2.147483647e9;
        if (u[i] == 0.0) u[i] = 1e-99;
    }
    return u;
}

std::vector<double> gaussian(std::size_t n, std::int64_t seed) {
    const std::vector<double> u = uniform(2 * n, seed);
    std::vector<double> g(n);
    for (std::size_t i = 0; i < n; ++i) {
        g[i] = std::sqrt(-2 * std::log(u[i])) * std::cos(2 * kPi * u[n + i]);
        if (g[i] == 0.0) g[i] = 1e-99;
    }
    return g;
}

Matrix rotation(int d, std::int64_t seed) {
    const std::size_t n = static_cast<std::size_t>(d);
    const std::vector<double> g = gaussian(n * n, seed);
    Matrix b(d);
    for (int i = 0; i < d; ++i)
        for (int j = 0; j < d; ++j) b(i, j) = g[static_cast<std::size_t>(j) * n + i];
    // Classical Gram-Schmidt on the columns, in COCO's order of operations.
    for (int i = 0; i < d; ++i) {
        if (stop_requested()) throw Interrupted{};  // seconds at d = 640: Ctrl-C while planning stops here
        for (int j = 0; j < i; ++j) {
            double prod = 0;
            for (int k = 0; k < d; ++k) prod += b(k, i) * b(k, j);
            for (int k = 0; k < d; ++k) b(k, i) -= prod * b(k, j);
        }
        double prod = 0;
        for (int k = 0; k < d; ++k) prod += b(k, i) * b(k, i);
        for (int k = 0; k < d; ++k) b(k, i) /= std::sqrt(prod);
    }
    return b;
}

std::vector<double> xopt(int d, std::int64_t seed) {
    std::vector<double> x = uniform(static_cast<std::size_t>(d), seed);
    for (double& xi : x) {
        xi = 8 * std::floor(1e4 * xi) / 1e4 - 4;
        if (xi == 0.0) xi = -1e-5;
    }
    return x;
}

double fopt(int function, int instance) {
    // Only f4 and f18 are remapped in the noiseless suite (the noisy f101..f130 have their
    // own table in COCO, which bobench does not implement).
    const std::int64_t seed = instance_seed(function, instance);
    const double g1 = gaussian(1, seed)[0];
    const double g2 = gaussian(1, seed + 1)[0];
    const double rounded = std::floor(100. * 100. * g1 / g2 + 0.5) / 100.;
    return std::min(1000., std::max(-1000., rounded));
}

Matrix rotate_scale_rotate(const Matrix& r1, const std::vector<double>& lambda,
                           const Matrix& r2) {
    const int d = r1.n;
    Matrix m(d);
    for (int i = 0; i < d; ++i) {
        if (stop_requested()) throw Interrupted{};
        for (int j = 0; j < d; ++j) {
            double s = 0.0;
            for (int k = 0; k < d; ++k) s += r1(i, k) * lambda[k] * r2(k, j);
            m(i, j) = s;
        }
    }
    return m;
}

std::vector<double> geometric_scales(int d, double base) {
    std::vector<double> lambda(static_cast<std::size_t>(d));
    for (int k = 0; k < d; ++k) lambda[k] = std::pow(base, 1.0 * k / (d - 1.0));
    return lambda;
}

}  // namespace bobench::bbob::legacy
