#pragma once
// Standard normal draws in bulk, for SGHMC's noise (thousands per step): the Box-Muller
// transform (G. E. P. Box & M. E. Muller, "A note on the generation of random normal
// deviates", Ann. Math. Statist. 29(2), 1958) on the raw 64-bit outputs of the run's Rng.
// Each raw output k gives two 32-bit uniforms, u1 = (hi(k) + 1) 2^-32 in (0, 1] and
// u2 = lo(k) 2^-32 in [0, 1), and two independent normals
//   sqrt(-2 ln u1) cos(2 pi u2),  sqrt(-2 ln u1) sin(2 pi u2).
// 32-bit uniforms cut the tails at |z| = sqrt(64 ln 2) = 6.66 (probability 2.7e-11 of a
// normal beyond) and round the angle to 2^-32 turns: immaterial for SGHMC's noise.
// The logarithm, sine and cosine are computed here (Cephes' log.c and sin.c rational and
// polynomial approximations, S. L. Moshier, Cephes Math Library; ~1-2 ulp) with the
// vector-width pattern of surrogates/bnn/lanes.hpp: the same IEEE operations per draw in
// the scalar, SSE2 and AVX2 paths, so the draws do not depend on the CPU. Why not
// Boost's ziggurat: ~4 ns per draw here, one at a time; this is ~1.5 ns.
#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::samplers {

class StandardNormals {
public:
    // out[0, n) = n independent N(0, 1) draws; takes ceil(n / 2) raw outputs of rng.
    void fill(double* out, Eigen::Index n, Rng& rng);

private:
    std::vector<std::uint64_t> raw_;
    std::vector<double> pairs_;
};

}  // namespace bobench::samplers
