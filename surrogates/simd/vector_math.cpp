#include "surrogates/simd/vector_math.hpp"

#include <limits>

#include "surrogates/simd/lanes.hpp"

namespace bobench::simd {

using Eigen::Index;

namespace {

using lanes::Lanes;

constexpr double limit = 708;
constexpr double inv_ln2 = 1.44269504088896338700e+00;
// ln 2 split so that n * ln2_hi is exact for |n| < 2^11 (fdlibm's e_exp.c constants)
constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
constexpr double shift = 0x1.8p52;  // adding it rounds to an integer held in the low mantissa bits
// e^r = 1 + 2 r P(r^2) / (Q(r^2) - r P(r^2)) on |r| <= ln2 / 2 (Cephes, double/exp.c)
constexpr double P0 = 1.26177193074810590878e-4, P1 = 3.02994407707441961300e-2, P2 = 9.99999999999999999910e-1;
constexpr double Q0 = 3.00198505138664455042e-6, Q1 = 2.52448340349684104192e-3, Q2 = 2.27265548208155028766e-1,
                 Q3 = 2.00000000000000000009e0;
// tanh z = z + z^3 P(z^2) / Q(z^2) for |z| < 0.625 (Cephes, double/tanh.c; Q monic)
constexpr double T0 = -9.64399179425052238628e-1, T1 = -9.92877231001918586564e1, T2 = -1.61468768441708447952e3;
constexpr double U0 = 1.12811678491632931402e2, U1 = 2.23548839060100448583e3, U2 = 4.84406305325125486048e3;

// Cody-Waite reduction of x (clamped to [-limit, limit]): e^x = 2^n e^r with
// e^r = (q + rp) / (q - rp) = 1 + 2 rp / (q - rp), rp = r P(r^2), q = Q(r^2) (Cephes' Pade form).
template <int W>
struct Reduced {
    typename Lanes<W>::D two_n, rp, q;
};

template <int W>
[[gnu::always_inline]] inline Reduced<W> reduce(typename Lanes<W>::D x) {
    using D = typename Lanes<W>::D;
    using I = typename Lanes<W>::I;
    const D zero = {};
    const D xc = x > limit ? zero + limit : (x < -limit ? zero - limit : x);
    const D t = xc * inv_ln2 + shift;
    const D n = t - shift;
    const D r = (xc - n * ln2_hi) - n * ln2_lo;
    const D r2 = r * r;
    const I e = (I)t - (I)(zero + shift);  // n as an integer
    return {(D)((e + 1023) << 52), r * ((P0 * r2 + P1) * r2 + P2), ((Q0 * r2 + Q1) * r2 + Q2) * r2 + Q3};
}

template <int W>
[[gnu::always_inline]] inline void exp_lanes(typename Lanes<W>::D& x) {
    using D = typename Lanes<W>::D;
    using I = typename Lanes<W>::I;
    const D zero = {};
    const I big = x > limit, tiny = x < -limit, nan = x != x;
    const Reduced<W> e = reduce<W>(x);
    D y = (1.0 + 2.0 * (e.rp / (e.q - e.rp))) * e.two_n;
    y = big ? zero + std::numeric_limits<double>::infinity() : y;
    y = tiny ? zero : y;
    x = nan ? x : y;
}

// tanh and the logistic function take e^x as the ratio 2^n (q + rp) / (q - rp) and fold
// its division into their own: one division per entry instead of two (divisions are the
// slowest step of both).
template <int W>
[[gnu::always_inline]] inline void tanh_lanes(typename Lanes<W>::D& z) {
    using D = typename Lanes<W>::D;
    using I = typename Lanes<W>::I;
    const I negative = z < 0.0;
    const D a = negative ? -z : z;
    // e^(-2a) = u / d; (1 - e) / (1 + e) = (d - u) / (d + u). Below -limit u / d underflows
    // to nothing next to d, so the ratio is 1 without a special case; NaN stays NaN.
    const Reduced<W> e = reduce<W>(-2.0 * a);
    const D d = e.q - e.rp, u = e.two_n * (e.q + e.rp);
    const I small = a < 0.625;
    const D s = z * z;
    const D p = z * s * ((T0 * s + T1) * s + T2);
    const D q = ((s + U0) * s + U1) * s + U2;
    const D t = (small ? p : d - u) / (small ? q : d + u);  // one division for both branches
    z = small ? z + t : (negative ? -t : t);
}

template <int W>
[[gnu::always_inline]] inline void logistic_lanes(typename Lanes<W>::D& z) {
    using D = typename Lanes<W>::D;
    using I = typename Lanes<W>::I;
    const D zero = {};
    // 1 / (1 + e^-z) = d / (d + u) with e^-z = u / d
    const D x = -z;
    const I big = x > limit, tiny = x < -limit;
    const Reduced<W> e = reduce<W>(x);
    const D d = e.q - e.rp, u = e.two_n * (e.q + e.rp);
    D y = d / (d + u);
    y = big ? zero : y;
    z = tiny ? zero + 1.0 : y;  // NaN falls through both and stays NaN
}

enum class Function { Exp, Tanh, Logistic };

// Applies f to data[i, i + W), [i + W, i + 2W), ... while whole vectors fit; returns where it stopped.
template <int W, Function f>
[[gnu::always_inline]] inline Index apply(double* data, Index i, Index n) {
    for (; i + W <= n; i += W) {
        typename Lanes<W>::D x = lanes::load<W>(data + i);
        if constexpr (f == Function::Exp) exp_lanes<W>(x);
        if constexpr (f == Function::Tanh) tanh_lanes<W>(x);
        if constexpr (f == Function::Logistic) logistic_lanes<W>(x);
        lanes::store<W>(data + i, x);
    }
    return i;
}

#if defined(__x86_64__) || defined(__i386__)
template <Function f>
__attribute__((target("avx512f"))) Index apply_avx512(double* data, Index n) {
    return apply<8, f>(data, 0, n);
}

template <Function f>
__attribute__((target("avx2"))) Index apply_avx2(double* data, Index i, Index n) {
    return apply<4, f>(data, i, n);
}
#endif

template <Function f>
void apply_all(double* data, Index n) {
    Index i = 0;
    const int widest = lanes_in_use();
#if defined(__x86_64__) || defined(__i386__)
    if (widest >= 8) i = apply_avx512<f>(data, n);
    if (widest >= 4) i = apply_avx2<f>(data, i, n);
#endif
    if (widest >= 2) i = apply<2, f>(data, i, n);
    apply<1, f>(data, i, n);
}

}  // namespace

void exp_in_place(double* data, Index n) { apply_all<Function::Exp>(data, n); }
void tanh_in_place(double* data, Index n) { apply_all<Function::Tanh>(data, n); }
void logistic_in_place(double* data, Index n) { apply_all<Function::Logistic>(data, n); }

}  // namespace bobench::simd
