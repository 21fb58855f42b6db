#include "surrogates/samplers/standard_normals.hpp"

#include <cmath>
#include <cstring>

#include "surrogates/bnn/lanes.hpp"

namespace bobench::samplers {

using Eigen::Index;

namespace {

template <int W>
using D = typename bnn::lanes::Lanes<W>::D;
template <int W>
using I = typename bnn::lanes::Lanes<W>::I;

constexpr double two_52 = 0x1p52, two_m32 = 0x1p-32;
constexpr std::int64_t two_52_bits = 0x4330000000000000;  // the bits of 2^52

// ln x for x in [2^-32, 1] (Cephes log.c): x = 2^e m, m in [sqrt(1/2), sqrt(2)),
// ln(1 + f) = f - f^2 / 2 + f^3 P(f) / Q(f), ln 2 split as 0.693359375 - 2.121944400546905827679e-4.
constexpr double LP0 = 1.01875663804580931796E-4, LP1 = 4.97494994976747001425E-1, LP2 = 4.70579119878881725854E0,
                 LP3 = 1.44989225341610930846E1, LP4 = 1.79368678507819816313E1, LP5 = 7.70838733755885391666E0;
constexpr double LQ0 = 1.12873587189167450590E1, LQ1 = 4.52279145837532221105E1, LQ2 = 8.29875266912776603211E1,
                 LQ3 = 7.11544750618563894466E1, LQ4 = 2.31251620126765340583E1;  // Q monic
constexpr double sqrt_half = 7.07106781186547524401E-1;

template <int W>
[[gnu::always_inline]] inline D<W> log_lanes(D<W> x) {
    const I<W> bits = (I<W>)x;
    const I<W> exponent_bits = (bits >> 52) & 0x7ff;
    // m in [0.5, 1): x = 2^(e) m with e = exponent - 1022
    D<W> m = (D<W>)((bits & 0x000fffffffffffff) | 0x3fe0000000000000);
    D<W> e = (D<W>)(exponent_bits + two_52_bits) - (two_52 + 1022);  // exact: small integers
    const I<W> low = m < sqrt_half;
    e = low ? e - 1.0 : e;
    const D<W> f = low ? (m + m) - 1.0 : m - 1.0;
    const D<W> z = f * f;
    const D<W> p = ((((LP0 * f + LP1) * f + LP2) * f + LP3) * f + LP4) * f + LP5;
    const D<W> q = ((((f + LQ0) * f + LQ1) * f + LQ2) * f + LQ3) * f + LQ4;
    D<W> y = f * (z * p / q);
    y = y - e * 2.121944400546905827679e-4;
    y = y - 0.5 * z;
    return (f + y) + e * 0.693359375;
}

// sin and cos of x for |x| <= pi / 4 (Cephes sin.c)
constexpr double S0 = 1.58962301576546568060E-10, S1 = -2.50507477628578072866E-8, S2 = 2.75573136213857245213E-6,
                 S3 = -1.98412698295895385996E-4, S4 = 8.33333333332211858878E-3, S5 = -1.66666666666666307295E-1;
constexpr double C0 = -1.13585365213876817300E-11, C1 = 2.08757008419747316778E-9, C2 = -2.75573141792967388112E-7,
                 C3 = 2.48015872888517045348E-5, C4 = -1.38888888888730564116E-3, C5 = 4.16666666666665929218E-2;
constexpr double half_pi = 1.57079632679489661923;
constexpr double shift = 0x1.8p52;  // adding it rounds to an integer held in the low mantissa bits

// k: raw 64-bit outputs; writes sqrt(-2 ln u1) cos(2 pi u2) to c and ... sin(2 pi u2) to s.
template <int W>
[[gnu::always_inline]] inline void box_muller(I<W> k, D<W>& c, D<W>& s) {
    typedef std::uint64_t U __attribute__((vector_size(8 * W)));
    const U uk = (U)k;
    const I<W> hi = (I<W>)(uk >> 32), lo = (I<W>)(uk & 0xffffffffu);
    // integers below 2^52 to doubles exactly: the bits of 2^52 + i, minus 2^52
    const D<W> u1 = ((D<W>)((hi + 1) | two_52_bits) - two_52) * two_m32;
    const D<W> u2 = ((D<W>)(lo | two_52_bits) - two_52) * two_m32;
    const D<W> radius = bnn::lanes::sqrt<W>(-2.0 * log_lanes<W>(u1));
    // 2 pi u2 = (pi / 2) (j + f), j = round(4 u2) (exact), f in [-1/2, 1/2]
    const D<W> t = 4.0 * u2;
    const D<W> rounded = t + shift;
    const D<W> f = t - (rounded - shift);
    const I<W> quadrant = (I<W>)rounded & 3;
    const D<W> x = f * half_pi, xx = x * x;
    const D<W> sine = x + x * xx * (((((S0 * xx + S1) * xx + S2) * xx + S3) * xx + S4) * xx + S5);
    const D<W> cosine = (1.0 - 0.5 * xx) + xx * xx * (((((C0 * xx + C1) * xx + C2) * xx + C3) * xx + C4) * xx + C5);
    // rotate by j quarter turns: (cos, sin) -> (-sin, cos)
    const I<W> odd = (quadrant & 1) != 0, flip_cos = (quadrant == 1) | (quadrant == 2),
               flip_sin = (quadrant == 2) | (quadrant == 3);
    D<W> co = odd ? sine : cosine, si = odd ? cosine : sine;
    co = flip_cos ? -co : co;
    si = flip_sin ? -si : si;
    c = radius * co;
    s = radius * si;
}

// pairs[i] and pairs[m + i] from raw[i] for i in [i, m) in steps of W while they fit.
template <int W>
[[gnu::always_inline]] inline Index transform(const std::uint64_t* raw, double* pairs, Index i, Index m) {
    for (; i + W <= m; i += W) {
        I<W> k;
        std::memcpy(&k, raw + i, sizeof k);
        D<W> c, s;
        box_muller<W>(k, c, s);
        std::memcpy(pairs + i, &c, sizeof c);
        std::memcpy(pairs + m + i, &s, sizeof s);
    }
    return i;
}

// The transform is one long chain of dependent operations per draw, so each path works on
// twice its register width (8 lanes as two AVX2 registers, 4 as two SSE2 ones): two
// independent chains interleaved, the same operations per draw.
#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2"))) Index transform_avx2(const std::uint64_t* raw, double* pairs, Index m) {
    return transform<4>(raw, pairs, 0, m);
}
#endif

}  // namespace

void StandardNormals::fill(double* out, Index n, Rng& rng) {
    const Index m = (n + 1) / 2;
    raw_.resize(static_cast<std::size_t>(m));
    pairs_.resize(static_cast<std::size_t>(2 * m));
    for (std::uint64_t& k : raw_) k = rng();
    Index i = 0;
    const int widest = bnn::lanes_in_use();
#if defined(__x86_64__) || defined(__i386__)
    if (widest >= 4) i = transform_avx2(raw_.data(), pairs_.data(), m);
#endif
    if (widest >= 2) i = transform<2>(raw_.data(), pairs_.data(), i, m);
    transform<1>(raw_.data(), pairs_.data(), i, m);
    std::memcpy(out, pairs_.data(), sizeof(double) * static_cast<std::size_t>(n));
}

}  // namespace bobench::samplers
