#include "surrogates/bnn/exp_array.hpp"

#include <bit>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace bobench::bnn {

namespace {

constexpr double limit = 708;
constexpr double inv_ln2 = 1.44269504088896338700e+00;
// ln 2 split so that n * ln2_hi is exact for |n| < 2^11 (fdlibm's e_exp.c constants)
constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
constexpr double shift = 0x1.8p52;  // adding it rounds to an integer held in the low mantissa bits

// e^r = 1 + 2 r P(r^2) / (Q(r^2) - r P(r^2)) on |r| <= ln2 / 2: Cephes' Pade-type
// approximation (S. L. Moshier, Cephes Math Library, double/exp.c)
constexpr double P0 = 1.26177193074810590878e-4, P1 = 3.02994407707441961300e-2, P2 = 9.99999999999999999910e-1;
constexpr double Q0 = 3.00198505138664455042e-6, Q1 = 2.52448340349684104192e-3, Q2 = 2.27265548208155028766e-1,
                 Q3 = 2.00000000000000000009e0;

double exp_one(double x) {
    if (x != x) return x;
    if (x > limit) return std::numeric_limits<double>::infinity();
    if (x < -limit) return 0.0;
    const double t = x * inv_ln2 + shift;
    const double n = t - shift;
    const double r = (x - n * ln2_hi) - n * ln2_lo;
    const double r2 = r * r;
    const double rp = r * ((P0 * r2 + P1) * r2 + P2);
    const double p = 1.0 + 2.0 * (rp / ((((Q0 * r2 + Q1) * r2 + Q2) * r2 + Q3) - rp));
    const std::int64_t e = std::bit_cast<std::int64_t>(t) - std::bit_cast<std::int64_t>(shift);
    return p * std::bit_cast<double>(static_cast<std::uint64_t>(e + 1023) << 52);
}

#if defined(__SSE2__)
inline __m128d exp_packet(__m128d x) {
    const __m128d hi = _mm_set1_pd(limit), lo = _mm_set1_pd(-limit), s = _mm_set1_pd(shift);
    const __m128d nan = _mm_cmpunord_pd(x, x), big = _mm_cmpgt_pd(x, hi), tiny = _mm_cmplt_pd(x, lo);
    const __m128d xc = _mm_min_pd(_mm_max_pd(x, lo), hi);  // NaN becomes -limit, masked below
    const __m128d t = _mm_add_pd(_mm_mul_pd(xc, _mm_set1_pd(inv_ln2)), s);
    const __m128d n = _mm_sub_pd(t, s);
    const __m128d r =
        _mm_sub_pd(_mm_sub_pd(xc, _mm_mul_pd(n, _mm_set1_pd(ln2_hi))), _mm_mul_pd(n, _mm_set1_pd(ln2_lo)));
    const __m128d r2 = _mm_mul_pd(r, r);
    const __m128d rp = _mm_mul_pd(
        r, _mm_add_pd(_mm_mul_pd(_mm_add_pd(_mm_mul_pd(_mm_set1_pd(P0), r2), _mm_set1_pd(P1)), r2), _mm_set1_pd(P2)));
    __m128d q = _mm_add_pd(_mm_mul_pd(_mm_set1_pd(Q0), r2), _mm_set1_pd(Q1));
    q = _mm_add_pd(_mm_mul_pd(q, r2), _mm_set1_pd(Q2));
    q = _mm_add_pd(_mm_mul_pd(q, r2), _mm_set1_pd(Q3));
    const __m128d p = _mm_add_pd(_mm_set1_pd(1.0), _mm_mul_pd(_mm_set1_pd(2.0), _mm_div_pd(rp, _mm_sub_pd(q, rp))));
    const __m128i e = _mm_sub_epi64(_mm_castpd_si128(t), _mm_castpd_si128(s));
    const __m128d scale = _mm_castsi128_pd(_mm_slli_epi64(_mm_add_epi64(e, _mm_set1_epi64x(1023)), 52));
    __m128d y = _mm_mul_pd(p, scale);
    y = _mm_or_pd(_mm_andnot_pd(big, y), _mm_and_pd(big, _mm_set1_pd(std::numeric_limits<double>::infinity())));
    y = _mm_andnot_pd(tiny, y);
    return _mm_or_pd(_mm_andnot_pd(nan, y), _mm_and_pd(nan, x));
}

// The same operations four lanes wide, for CPUs with AVX2 (chosen at run time). Without
// FMA every lane rounds exactly as in exp_packet, so the results are bit-identical.
__attribute__((target("avx2"))) inline __m256d exp_packet4(__m256d x) {
    const __m256d hi = _mm256_set1_pd(limit), lo = _mm256_set1_pd(-limit), s = _mm256_set1_pd(shift);
    const __m256d nan = _mm256_cmp_pd(x, x, _CMP_UNORD_Q), big = _mm256_cmp_pd(x, hi, _CMP_GT_OQ),
                  tiny = _mm256_cmp_pd(x, lo, _CMP_LT_OQ);
    const __m256d xc = _mm256_min_pd(_mm256_max_pd(x, lo), hi);
    const __m256d t = _mm256_add_pd(_mm256_mul_pd(xc, _mm256_set1_pd(inv_ln2)), s);
    const __m256d n = _mm256_sub_pd(t, s);
    const __m256d r = _mm256_sub_pd(_mm256_sub_pd(xc, _mm256_mul_pd(n, _mm256_set1_pd(ln2_hi))),
                                    _mm256_mul_pd(n, _mm256_set1_pd(ln2_lo)));
    const __m256d r2 = _mm256_mul_pd(r, r);
    const __m256d rp = _mm256_mul_pd(
        r, _mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(P0), r2), _mm256_set1_pd(P1)), r2),
                         _mm256_set1_pd(P2)));
    __m256d q = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(Q0), r2), _mm256_set1_pd(Q1));
    q = _mm256_add_pd(_mm256_mul_pd(q, r2), _mm256_set1_pd(Q2));
    q = _mm256_add_pd(_mm256_mul_pd(q, r2), _mm256_set1_pd(Q3));
    const __m256d p = _mm256_add_pd(_mm256_set1_pd(1.0),
                                    _mm256_mul_pd(_mm256_set1_pd(2.0), _mm256_div_pd(rp, _mm256_sub_pd(q, rp))));
    const __m256i e = _mm256_sub_epi64(_mm256_castpd_si256(t), _mm256_castpd_si256(s));
    const __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(e, _mm256_set1_epi64x(1023)), 52));
    __m256d y = _mm256_mul_pd(p, scale);
    y = _mm256_blendv_pd(y, _mm256_set1_pd(std::numeric_limits<double>::infinity()), big);
    y = _mm256_andnot_pd(tiny, y);
    return _mm256_blendv_pd(y, x, nan);
}

__attribute__((target("avx2"))) Eigen::Index exp_avx2(double* data, Eigen::Index n) {
    Eigen::Index i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256d a = exp_packet4(_mm256_loadu_pd(data + i)), b = exp_packet4(_mm256_loadu_pd(data + i + 4));
        _mm256_storeu_pd(data + i, a);
        _mm256_storeu_pd(data + i + 4, b);
    }
    return i;
}

bool has_avx2() {
    static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));
    return yes;
}
#endif

}  // namespace

void exp_in_place(double* data, Eigen::Index n) {
    Eigen::Index i = 0;
#if defined(__SSE2__)
    if (has_avx2()) i = exp_avx2(data, n);
    for (; i + 4 <= n; i += 4) {  // two independent packets per iteration hide the latency
        const __m128d a = exp_packet(_mm_loadu_pd(data + i)), b = exp_packet(_mm_loadu_pd(data + i + 2));
        _mm_storeu_pd(data + i, a);
        _mm_storeu_pd(data + i + 2, b);
    }
    for (; i + 2 <= n; i += 2) _mm_storeu_pd(data + i, exp_packet(_mm_loadu_pd(data + i)));
#endif
    for (; i < n; ++i) data[i] = exp_one(data[i]);
}

}  // namespace bobench::bnn
