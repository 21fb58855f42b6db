#pragma once
// The vector widths of the kernels in vector_math.cpp and matrix_product.cpp. Each kernel
// is written once with GCC vector types of W doubles and compiled for W = 1 (scalar),
// 2 (SSE2, the x86-64 baseline), 4 (AVX2) and 8 (AVX-512F), the last two in functions
// compiled for them and chosen at run time; a wide path hands the entries left over to
// the next narrower one. The rule that keeps results independent of the CPU: every path
// performs the same IEEE operations on each entry in the same order, nothing reduces
// across lanes, and there is no FMA (the build passes -ffp-contract=off: AVX-512F
// implies FMA, and GCC would otherwise contract a * b + c there).
#include <cstdint>
#include <cstring>
#include <type_traits>

// Included only by the kernels' own .cpp files. Their helpers are always inlined into
// functions of one width, so the ABI of a 4-lane value passed between functions compiled
// with and without AVX (what -Wpsabi warns about) never arises.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace bobench::simd {

// The widest path a kernel may take on this thread: 8 where the CPU (and the OS) has
// AVX-512F, 4 where it has AVX2, else 2; lowered by ForcedLanes.
int lanes_in_use();

// Restricts the kernels on the calling thread to at most `lanes` (1, 2, 4 or 8) doubles per
// vector while it lives: for tests that compare the paths bit by bit.
class ForcedLanes {
public:
    explicit ForcedLanes(int lanes);
    ~ForcedLanes();
    ForcedLanes(const ForcedLanes&) = delete;
    ForcedLanes& operator=(const ForcedLanes&) = delete;

private:
    int previous_;
};

namespace lanes {

// D: W doubles, I: W 64-bit integers (for the bit manipulations of exp). Casts between
// them reinterpret bits, as GCC's vector extension defines them.
template <int W>
struct Lanes {
    typedef double D __attribute__((vector_size(8 * W)));
    typedef std::int64_t I __attribute__((vector_size(8 * W)));
};

// For plain arithmetic: a double when W = 1 (GCC keeps one-lane vectors in memory or
// general registers, which made the scalar path several times slower than needed).
template <int W>
using Value = std::conditional_t<W == 1, double, typename Lanes<W>::D>;

template <int W, typename T = typename Lanes<W>::D>
[[gnu::always_inline]] inline T load(const double* p) {
    T x;
    std::memcpy(&x, p, sizeof x);
    return x;
}

template <int W, typename T>
[[gnu::always_inline]] inline void store(double* p, T x) {
    static_assert(sizeof(T) == 8 * W);
    std::memcpy(p, &x, sizeof x);
}

// Square roots of the lanes (correctly rounded, so the same in every path). GCC has no
// generic vector sqrt and std::sqrt lane by lane keeps its errno branch; SSE2's sqrtpd
// (two lanes at a time) is in the baseline ISA, so every path can call it.
template <int W, typename T>
[[gnu::always_inline]] inline T sqrt(T x) {
    if constexpr (std::is_same_v<T, double>) {
        return __builtin_sqrt(x);
    } else if constexpr (W == 1) {
        x[0] = __builtin_sqrt(x[0]);
        return x;
    } else {
        typedef double Two __attribute__((vector_size(16)));
        T r;
        for (int h = 0; h < W; h += 2) {
            const Two root = __builtin_ia32_sqrtpd(Two{x[h], x[h + 1]});
            r[h] = root[0], r[h + 1] = root[1];
        }
        return r;
    }
}

}  // namespace lanes
}  // namespace bobench::simd
