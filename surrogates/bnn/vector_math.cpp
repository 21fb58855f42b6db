#include "surrogates/bnn/vector_math.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

namespace bobench::bnn {

using Eigen::Index;

namespace {

// W doubles in one GCC vector; W = 1 is the scalar path. The arithmetic below is written
// once and compiled for each width.
template <int W>
struct Lanes {
    typedef double D __attribute__((vector_size(8 * W)));
    typedef std::int64_t I __attribute__((vector_size(8 * W)));
};

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

template <int W>
[[gnu::always_inline]] inline void exp_lanes(typename Lanes<W>::D& x) {
    using D = typename Lanes<W>::D;
    using I = typename Lanes<W>::I;
    const D zero = {};
    const I big = x > limit, tiny = x < -limit, nan = x != x;
    const D xc = big ? zero + limit : (tiny ? zero - limit : x);
    const D t = xc * inv_ln2 + shift;
    const D n = t - shift;
    const D r = (xc - n * ln2_hi) - n * ln2_lo;
    const D r2 = r * r;
    const D rp = r * ((P0 * r2 + P1) * r2 + P2);
    const D p = 1.0 + 2.0 * (rp / ((((Q0 * r2 + Q1) * r2 + Q2) * r2 + Q3) - rp));
    const I e = (I)t - (I)(zero + shift);  // n as an integer
    D y = p * (D)((e + 1023) << 52);        // times 2^n
    y = big ? zero + std::numeric_limits<double>::infinity() : y;
    y = tiny ? zero : y;
    x = nan ? x : y;
}

template <int W>
[[gnu::always_inline]] inline void tanh_lanes(typename Lanes<W>::D& z) {
    using D = typename Lanes<W>::D;
    using I = typename Lanes<W>::I;
    const I negative = z < 0.0;
    const D a = negative ? -z : z;
    D e = -2.0 * a;
    exp_lanes<W>(e);
    const I small = a < 0.625;
    const D s = z * z;
    const D p = z * s * ((T0 * s + T1) * s + T2);
    const D q = ((s + U0) * s + U1) * s + U2;
    const D t = (small ? p : 1.0 - e) / (small ? q : 1.0 + e);  // one division for both branches
    z = small ? z + t : (negative ? -t : t);
}

template <int W>
[[gnu::always_inline]] inline void logistic_lanes(typename Lanes<W>::D& z) {
    z = -z;
    exp_lanes<W>(z);
    z = 1.0 / (1.0 + z);
}

enum class Function { Exp, Tanh, Logistic };

// Applies f to data[i, i + W), [i + W, i + 2W), ... while whole vectors fit; returns where it stopped.
template <int W, Function f>
[[gnu::always_inline]] inline Index apply(double* data, Index i, Index n) {
    typename Lanes<W>::D x;
    for (; i + W <= n; i += W) {
        std::memcpy(&x, data + i, sizeof x);
        if constexpr (f == Function::Exp) exp_lanes<W>(x);
        if constexpr (f == Function::Tanh) tanh_lanes<W>(x);
        if constexpr (f == Function::Logistic) logistic_lanes<W>(x);
        std::memcpy(data + i, &x, sizeof x);
    }
    return i;
}

#if defined(__x86_64__) || defined(__i386__)
template <Function f>
__attribute__((target("avx2"))) Index apply_avx2(double* data, Index n) {
    return apply<4, f>(data, 0, n);
}

bool has_avx2() {
    static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
    return yes;
}
#endif

template <Function f>
void apply_all(double* data, Index n) {
    Index i = 0;
#if defined(__x86_64__) || defined(__i386__)
    if (has_avx2()) i = apply_avx2<f>(data, n);
#endif
    i = apply<2, f>(data, i, n);
    apply<1, f>(data, i, n);
}

}  // namespace

void exp_in_place(double* data, Index n) { apply_all<Function::Exp>(data, n); }
void tanh_in_place(double* data, Index n) { apply_all<Function::Tanh>(data, n); }
void logistic_in_place(double* data, Index n) { apply_all<Function::Logistic>(data, n); }

}  // namespace bobench::bnn
