#include "surrogates/samplers/standard_normals.hpp"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "core/rng.hpp"
#include "surrogates/simd/lanes.hpp"

namespace bobench::samplers {

using Eigen::Index;

namespace {

// W single-precision lanes (1, 4 = SSE2, 8 = AVX2), and the W raw words they start from.
template <int W>
struct FloatLanes {
    typedef float F __attribute__((vector_size(4 * W)));
    typedef std::int32_t I __attribute__((vector_size(4 * W)));
    typedef std::uint32_t U __attribute__((vector_size(4 * W)));
    typedef std::uint64_t Words __attribute__((vector_size(8 * W)));
    typedef double D __attribute__((vector_size(8 * W)));
};

// ln x for x in [2^-32, 1] (Cephes logf.c): x = 2^e m, m in [sqrt(1/2), sqrt(2)),
// ln(1 + f) = f - f^2 / 2 + f^3 P(f), ln 2 split as 0.693359375 - 2.12194440e-4.
constexpr float L0 = 7.0376836292E-2f, L1 = -1.1514610310E-1f, L2 = 1.1676998740E-1f, L3 = -1.2420140846E-1f,
                L4 = 1.4249322787E-1f, L5 = -1.6668057665E-1f, L6 = 2.0000714765E-1f, L7 = -2.4999993993E-1f,
                L8 = 3.3333331174E-1f;
constexpr float sqrt_half = 0.707106781186547524f;

template <int W>
[[gnu::always_inline]] inline typename FloatLanes<W>::F log_lanes(typename FloatLanes<W>::F x) {
    using F = typename FloatLanes<W>::F;
    using I = typename FloatLanes<W>::I;
    const I bits = (I)x;
    I e = ((bits >> 23) & 0xff) - 126;  // x = 2^e m, m in [0.5, 1)
    const F m = (F)((bits & 0x007fffff) | 0x3f000000);
    const I low = m < sqrt_half;
    e = low ? e - 1 : e;
    const F f = low ? (m + m) - 1.0f : m - 1.0f;
    const F z = f * f, ef = __builtin_convertvector(e, F);
    const F p = (((((((L0 * f + L1) * f + L2) * f + L3) * f + L4) * f + L5) * f + L6) * f + L7) * f + L8;
    F y = p * f * z;
    y = y + ef * -2.12194440E-4f;
    y = y - 0.5f * z;
    return (f + y) + ef * 0.693359375f;
}

// sin and cos of x for |x| <= pi / 4 (Cephes sinf.c)
constexpr float S0 = -1.9515295891E-4f, S1 = 8.3321608736E-3f, S2 = -1.6666654611E-1f;
constexpr float C0 = 2.443315711809948E-5f, C1 = -1.388731625493765E-3f, C2 = 4.166664568298827E-2f;
constexpr float half_pi = 1.57079632679489661923f;
constexpr float shift = 0x1.8p23f;  // adding it rounds to an integer held in the low mantissa bits

// 32-bit integers times 2^-32, rounded to float once: the top 24 bits and the rest are
// each exact in float, so their sum is the one rounding.
template <int W>
[[gnu::always_inline]] inline typename FloatLanes<W>::F to_unit(typename FloatLanes<W>::U top24, typename FloatLanes<W>::U low8) {
    using F = typename FloatLanes<W>::F;
    using I = typename FloatLanes<W>::I;
    return __builtin_convertvector((I)top24, F) * 0x1p-24f + __builtin_convertvector((I)low8, F) * 0x1p-32f;
}

// The transform of W raw words up to the square root, which each path takes with its own
// instruction (correctly rounded in all of them): -2 ln u1, cos(2 pi u2) and sin(2 pi u2).
template <int W>
struct Polar {
    typename FloatLanes<W>::F squared_radius, cosine, sine;
};

template <int W>
[[gnu::always_inline]] inline Polar<W> polar(typename FloatLanes<W>::Words k) {
    using L = FloatLanes<W>;
    using F = typename L::F;
    using I = typename L::I;
    const typename L::U hi = __builtin_convertvector(k >> 32, typename L::U),
                        lo = __builtin_convertvector(k & 0xffffffffu, typename L::U);
    const F u1 = to_unit<W>(hi >> 8, (hi & 0xff) + 1);  // (hi + 1) 2^-32
    const F u2 = to_unit<W>(lo >> 8, lo & 0xff);
    // 2 pi u2 = (pi / 2) (j + f), j = round(4 u2) (exact), f in [-1/2, 1/2]
    const F t = 4.0f * u2;
    const F rounded = t + shift;
    const F f = t - (rounded - shift);
    const I quadrant = (I)rounded & 3;
    const F x = f * half_pi, xx = x * x;
    const F sine = x + x * xx * ((S0 * xx + S1) * xx + S2);
    const F cosine = (1.0f - 0.5f * xx) + xx * xx * ((C0 * xx + C1) * xx + C2);
    // rotate by j quarter turns: (cos, sin) -> (-sin, cos)
    const I odd = (quadrant & 1) != 0, flip_cos = (quadrant == 1) | (quadrant == 2),
            flip_sin = (quadrant == 2) | (quadrant == 3);
    F co = odd ? sine : cosine, si = odd ? cosine : sine;
    co = flip_cos ? -co : co;
    si = flip_sin ? -si : si;
    return {-2.0f * log_lanes<W>(u1), co, si};
}

// pairs[i, i + W) = radius cos, pairs[m + i, m + i + W) = radius sin, as doubles.
template <int W>
// (radius by reference: Clang refuses a vector argument by value in a function not compiled
// for AVX, the width the AVX2 caller passes)
[[gnu::always_inline]] inline void store_pairs(const Polar<W>& p, const typename FloatLanes<W>::F& radius, double* pairs,
                                               Index i, Index m) {
    using D = typename FloatLanes<W>::D;
    const D c = __builtin_convertvector(radius * p.cosine, D), s = __builtin_convertvector(radius * p.sine, D);
    std::memcpy(pairs + i, &c, sizeof c);
    std::memcpy(pairs + m + i, &s, sizeof s);
}

template <int W>
[[gnu::always_inline]] inline typename FloatLanes<W>::Words load_words(const std::uint64_t* raw) {
    typename FloatLanes<W>::Words k;
    std::memcpy(&k, raw, sizeof k);
    return k;
}

// pairs[i] and pairs[m + i] from raw[i] for i in [i, m) in steps of W (1 or 4) while they fit.
template <int W>
[[gnu::always_inline]] inline Index transform(const std::uint64_t* raw, double* pairs, Index i, Index m) {
    static_assert(W == 1 || W == 4);
    for (; i + W <= m; i += W) {
        const Polar<W> p = polar<W>(load_words<W>(raw + i));
        typename FloatLanes<W>::F radius = p.squared_radius;
        if constexpr (W == 1)
            radius[0] = __builtin_sqrtf(radius[0]);
        else
            radius = __builtin_ia32_sqrtps(radius);  // SSE: in the x86-64 baseline
        store_pairs<W>(p, radius, pairs, i, m);
    }
    return i;
}

#if defined(__x86_64__) || defined(__i386__)
// Two vectors per iteration: each is one long chain of dependent operations ending in a
// square root, and two interleaved chains keep the core busier (~10 % faster here).
__attribute__((target("avx2"))) Index transform_avx2(const std::uint64_t* raw, double* pairs, Index m) {
    Index i = 0;
    for (; i + 16 <= m; i += 16) {
        const Polar<8> p = polar<8>(load_words<8>(raw + i)), q = polar<8>(load_words<8>(raw + i + 8));
        const __m256 rp = _mm256_sqrt_ps((__m256)p.squared_radius), rq = _mm256_sqrt_ps((__m256)q.squared_radius);
        store_pairs<8>(p, (FloatLanes<8>::F)rp, pairs, i, m);
        store_pairs<8>(q, (FloatLanes<8>::F)rq, pairs, i + 8, m);
    }
    for (; i + 8 <= m; i += 8) {
        const Polar<8> p = polar<8>(load_words<8>(raw + i));
        store_pairs<8>(p, (FloatLanes<8>::F)_mm256_sqrt_ps((__m256)p.squared_radius), pairs, i, m);
    }
    return i;
}
#endif

// xoshiro256++'s step on four generators at once; integer operations only, so every
// instruction set gives the same words.
typedef std::uint64_t Words4 __attribute__((vector_size(32)));

[[gnu::always_inline]] inline void xoshiro_words(std::uint64_t (&state)[4][4], std::uint64_t* out, Index n) {
    Words4 s0, s1, s2, s3;
    std::memcpy(&s0, state[0], sizeof s0), std::memcpy(&s1, state[1], sizeof s1);
    std::memcpy(&s2, state[2], sizeof s2), std::memcpy(&s3, state[3], sizeof s3);
    for (Index i = 0; i < n; i += 4) {
        const Words4 sum = s0 + s3, word = ((sum << 23) | (sum >> 41)) + s0, t = s1 << 17;
        std::memcpy(out + i, &word, sizeof word);
        s2 ^= s0, s3 ^= s1, s1 ^= s2, s0 ^= s3, s2 ^= t;
        s3 = (s3 << 45) | (s3 >> 19);
    }
    std::memcpy(state[0], &s0, sizeof s0), std::memcpy(state[1], &s1, sizeof s1);
    std::memcpy(state[2], &s2, sizeof s2), std::memcpy(state[3], &s3, sizeof s3);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2"))) void xoshiro_words_avx2(std::uint64_t (&state)[4][4], std::uint64_t* out, Index n) {
    xoshiro_words(state, out, n);
}
#endif

}  // namespace

RawWords::RawWords(std::uint64_t seed) {
    for (int j = 0; j < 4; ++j)
        for (int w = 0; w < 4; ++w) {
            state_[w][j] = splitmix64(seed);  // splitmix64 adds its increment first
            seed += 0x9e3779b97f4a7c15ULL;
        }
}

void RawWords::fill(std::uint64_t* out, Index n) {
#if defined(__x86_64__) || defined(__i386__)
    if (simd::lanes_in_use() >= 4) return xoshiro_words_avx2(state_, out, n);
#endif
    xoshiro_words(state_, out, n);
}

void StandardNormals::fill(double* out, Index n) {
    const Index m = (n + 1) / 2, words = (m + 3) / 4 * 4;
    raw_.resize(static_cast<std::size_t>(words));
    pairs_.resize(static_cast<std::size_t>(2 * m));
    words_.fill(raw_.data(), words);
    Index i = 0;
    const int widest = simd::lanes_in_use();
#if defined(__x86_64__) || defined(__i386__)
    if (widest >= 4) i = transform_avx2(raw_.data(), pairs_.data(), m);
#endif
    if (widest >= 2) i = transform<4>(raw_.data(), pairs_.data(), i, m);
    transform<1>(raw_.data(), pairs_.data(), i, m);
    std::memcpy(out, pairs_.data(), sizeof(double) * static_cast<std::size_t>(n));
}

}  // namespace bobench::samplers
