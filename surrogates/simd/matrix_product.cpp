#include "surrogates/simd/matrix_product.hpp"

#include <stdexcept>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "surrogates/simd/lanes.hpp"

namespace bobench::simd {

using Eigen::Index;

namespace {


// C(i .. i + V W, c0 .. c0 + R): V vectors of W rows times R columns, accumulated in registers.
template <int W, int V, int R>
[[gnu::always_inline]] inline void block(const MatrixProduct& p, Index i, Index c0) {
    using D = lanes::Value<W>;
    using Start = MatrixProduct::Start;
    D acc[V][R];
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v) {
            const Index row = i + v * W, col = c0 + r;
            if (p.start == Start::Bias)
                acc[v][r] = lanes::load<W, D>(p.bias + row);
            else if (p.start == Start::Accumulate)
                acc[v][r] = lanes::load<W, D>(p.c + row + col * p.c_col);
            else
                acc[v][r] = lanes::load<W, D>(p.a + row) * p.b[col * p.b_col];
        }
    for (Index k = p.start == Start::FirstTerm ? 1 : 0; k < p.depth; ++k) {
        D a[V];
        for (int v = 0; v < V; ++v) a[v] = lanes::load<W, D>(p.a + i + v * W + k * p.a_col);
        for (int r = 0; r < R; ++r) {
            const double b = p.b[k * p.b_row + (c0 + r) * p.b_col];
            for (int v = 0; v < V; ++v) acc[v][r] = acc[v][r] + a[v] * b;
        }
    }
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v) lanes::store<W>(p.c + i + v * W + (c0 + r) * p.c_col, acc[v][r]);
}

// Rows [i, ...) in blocks of V W while they fit; returns the first row left.
template <int W, int V>
[[gnu::always_inline]] inline Index row_blocks(const MatrixProduct& p, Index i) {
    for (; i + V * W <= p.rows; i += V * W) {
        Index c = 0;
        for (; c + 4 <= p.cols; c += 4) block<W, V, 4>(p, i, c);
        for (; c < p.cols; ++c) block<W, V, 1>(p, i, c);
    }
    return i;
}

template <int W>
[[gnu::always_inline]] inline Index rows_from(const MatrixProduct& p, Index i) {
    return row_blocks<W, 1>(p, row_blocks<W, 2>(p, i));
}

#if defined(__x86_64__) || defined(__i386__)
// The 1-3 rows [i, rows) left over by the 8- and 4-lane blocks, as one more 4-lane block whose
// missing rows masked loads read as 0 and masked stores skip (reading past the end of A
// could fault); columns [c0, c0 + R). Each stored entry is the same chain as in block().
// Why: the 2 rows left of a 50-unit layer cost as much as ~7 rows through the narrower paths.
template <int R>
__attribute__((target("avx2"), always_inline)) inline void last_rows_block(const MatrixProduct& p, Index i,
                                                                            __m256i mask, Index c0) {
    using Start = MatrixProduct::Start;
    __m256d acc[R];
    for (int r = 0; r < R; ++r) {
        const Index col = c0 + r;
        if (p.start == Start::Bias)
            acc[r] = _mm256_maskload_pd(p.bias + i, mask);
        else if (p.start == Start::Accumulate)
            acc[r] = _mm256_maskload_pd(p.c + i + col * p.c_col, mask);
        else
            acc[r] = _mm256_mul_pd(_mm256_maskload_pd(p.a + i, mask), _mm256_set1_pd(p.b[col * p.b_col]));
    }
    for (Index k = p.start == Start::FirstTerm ? 1 : 0; k < p.depth; ++k) {
        const __m256d a = _mm256_maskload_pd(p.a + i + k * p.a_col, mask);
        for (int r = 0; r < R; ++r)
            acc[r] = _mm256_add_pd(acc[r], _mm256_mul_pd(a, _mm256_set1_pd(p.b[k * p.b_row + (c0 + r) * p.b_col])));
    }
    for (int r = 0; r < R; ++r) _mm256_maskstore_pd(p.c + i + (c0 + r) * p.c_col, mask, acc[r]);
}

__attribute__((target("avx2"))) void last_rows_avx2(const MatrixProduct& p, Index i) {
    const Index left = p.rows - i;
    const __m256i mask = _mm256_setr_epi64x(-1, left > 1 ? -1 : 0, left > 2 ? -1 : 0, 0);
    Index c = 0;
    for (; c + 4 <= p.cols; c += 4) last_rows_block<4>(p, i, mask, c);
    for (; c < p.cols; ++c) last_rows_block<1>(p, i, mask, c);
}

__attribute__((target("avx512f"))) Index rows_avx512(const MatrixProduct& p) { return rows_from<8>(p, 0); }

__attribute__((target("avx2"))) Index rows_avx2(const MatrixProduct& p, Index i) {
    i = rows_from<4>(p, i);
    if (i < p.rows) last_rows_avx2(p, i);
    return p.rows;
}
#endif

}  // namespace

void multiply(const MatrixProduct& p) {
    if (p.start == MatrixProduct::Start::FirstTerm && p.depth < 1)
        throw std::invalid_argument("multiply: a product without terms has no first term");
    Index i = 0;
    const int widest = lanes_in_use();
#if defined(__x86_64__) || defined(__i386__)
    if (widest >= 8) i = rows_avx512(p);
    if (widest >= 4) i = rows_avx2(p, i);
#endif
    if (widest >= 2) i = rows_from<2>(p, i);
    rows_from<1>(p, i);
}

}  // namespace bobench::simd
