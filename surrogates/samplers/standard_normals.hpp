#pragma once
// Standard normal draws in bulk, for SGHMC's noise (thousands per step): the Box-Muller
// transform (G. E. P. Box & M. E. Muller, "A note on the generation of random normal
// deviates", Ann. Math. Statist. 29(2), 1958) on raw 64-bit words. Each word k gives two
// uniforms, u1 = (hi(k) + 1) 2^-32 in (0, 1] and u2 = lo(k) 2^-32 in [0, 1), each rounded
// once to single precision, and two independent normals
//   sqrt(-2 ln u1) cos(2 pi u2),  sqrt(-2 ln u1) sin(2 pi u2),
// computed in single precision (relative error ~1e-7) and returned as doubles. Why single
// precision: eight lanes per AVX2 instruction instead of four, and SGHMC scales the noise
// by sqrt(2 lr^2 mdecay Minv) (~1e-3 with pybnn's settings), so its last bits lie far below
// the sampler's own discretisation error. The smallest u1 is 2^-32, so the tails are
// cut at |z| = sqrt(64 ln 2) = 6.66 (probability 2.7e-11 of a normal beyond).
// The logarithm, sine and cosine are computed here (Cephes' logf.c and sinf.c
// polynomials, S. L. Moshier, Cephes Math Library; ~1 ulp) with the vector-width
// pattern of surrogates/simd/lanes.hpp: the same IEEE operations per draw in the scalar,
// SSE2 and AVX2 paths, so the draws do not depend on the CPU. Why not Boost's ziggurat:
// ~4 ns per draw here, one at a time; this is ~1 ns.
//
// The raw words come from RawWords: four xoshiro256++ generators (D. Blackman & S. Vigna,
// "Scrambled linear pseudorandom number generators", ACM TOMS 47(4), 2021) stepped
// together, word j from generator j mod 4, their 16 state words the splitmix64 sequence of
// one seed (Vigna's recommended seeding). The four steps are one vector operation;
// taking the words one at a time from the run's Mersenne Twister was ~9 % of a whole
// bohamiann run. The caller seeds it from its run's Rng, so the stream is still the run's.
#include <cstdint>
#include <vector>

#include <Eigen/Core>

namespace bobench::samplers {

class RawWords {
public:
    explicit RawWords(std::uint64_t seed);
    // out[0, n) = the next n words; n must be a multiple of 4.
    void fill(std::uint64_t* out, Eigen::Index n);

private:
    std::uint64_t state_[4][4];  // state_[w][j]: word w of generator j
};

class StandardNormals {
public:
    explicit StandardNormals(std::uint64_t seed) : words_(seed) {}
    // out[0, n) = n independent N(0, 1) draws; takes ceil(n / 2) words, rounded up to a
    // multiple of 4 (the rest are dropped).
    void fill(double* out, Eigen::Index n);

private:
    RawWords words_;
    std::vector<std::uint64_t> raw_;
    std::vector<double> pairs_;
};

}  // namespace bobench::samplers
