#pragma once
// COCO's BBOB instance generator: the legacy (BBOB 2009) random numbers and everything an
// instance is built from (x_opt, f_opt, random rotations, seeds).
//
// Facts from COCO (numbbo/coco, code-experiments/src/suite_bbob_legacy_code.c and
// suite_bbob.c); the code here is our own:
//  - uniform numbers: Park-Miller minimal standard LCG (a = 16807, m = 2^31 - 1, Schrage's
//    factorisation 127773 / 2836) warmed up 40 steps, with a 32-entry Bays-Durham shuffle
//    table; u = state / 2.147483647e9, and an exact 0 becomes 1e-99;
//  - Gaussian numbers: Box-Muller on 2N uniforms, g_i = sqrt(-2 ln u_i) cos(2 pi u_{N+i});
//  - rotations: N(0,1) entries filled column-major, then classical Gram-Schmidt on columns;
//  - x_opt_i = 8 floor(1e4 u_i) / 1e4 - 4 (an exact 0 becomes -1e-5);
//  - f_opt = clamp(round(100 * 100 * g1 / g2) / 100, -1000, 1000), g1, g2 drawn from seeds
//    s + 10000 i and s + 10000 i + 1, where s is the function number except f4 -> 3 and
//    f18 -> 17 (so f4 shares f3's f_opt and f18 shares f17's);
//  - every other random quantity uses rseed = f + 10000 * instance, again with f4 -> 3 and
//    f18 -> 17. Instance numbers are used as they are: there is no remapping beyond 15
//    (COCO's yearly instance lists 1-5,71-80 etc. just name different instance numbers).
#include <cstdint>
#include <vector>

namespace bobench::bbob {

// Largest instance number accepted: every seed COCO derives (rseed + 1000000 at most) must
// stay below the generator's modulus 2^31 - 1, otherwise its arithmetic overflows.
inline constexpr int kMaxInstance = 200000;

// Largest dimension accepted: COCO's largest suite (bbob-largescale) stops at d = 640. The
// full rotations here cost O(d^3) to build: 2.5 s for f24 at d = 640, 6 s at 1000, minutes
// at 2000, and nothing can be run in a dimension that takes minutes to set up.
inline constexpr int kMaxDimension = 640;

// A dense square matrix, row-major, as COCO's transform_vars_affine stores it.
struct Matrix {
    int n = 0;
    std::vector<double> a;  // a[i * n + j]

    Matrix() = default;
    explicit Matrix(int size) : n(size), a(static_cast<std::size_t>(size) * size, 0.0) {}
    double& operator()(int i, int j) { return a[static_cast<std::size_t>(i) * n + j]; }
    double operator()(int i, int j) const { return a[static_cast<std::size_t>(i) * n + j]; }
    const double* row(int i) const { return a.data() + static_cast<std::size_t>(i) * n; }
};

namespace legacy {

// COCO's seed for function f, instance i (rseed = f + 10000 i with f4 -> 3, f18 -> 17).
std::int64_t instance_seed(int function, int instance);

// bbob2009_unif: n uniform numbers in (0, 1) from seed.
std::vector<double> uniform(std::size_t n, std::int64_t seed);

// bbob2009_gauss: n standard normal numbers from seed.
std::vector<double> gaussian(std::size_t n, std::int64_t seed);

// bbob2009_compute_rotation: a random orthogonal d x d matrix.
Matrix rotation(int d, std::int64_t seed);

// bbob2009_compute_xopt: the usual random optimum in [-4, 4]^d (step 8e-4).
std::vector<double> xopt(int d, std::int64_t seed);

// bbob2009_compute_fopt: the optimal value of function f, instance i.
double fopt(int function, int instance);

// COCO's combined linear map M = R1 diag(lambda) R2, summed exactly in COCO's order
// (M_ij = sum_k (R1_ik lambda_k) R2_kj) so that results agree to the last bit.
Matrix rotate_scale_rotate(const Matrix& r1, const std::vector<double>& lambda,
                           const Matrix& r2);

// lambda_k = pow(base, k / (d - 1)), the conditioning exponents used throughout BBOB.
std::vector<double> geometric_scales(int d, double base);

}  // namespace legacy
}  // namespace bobench::bbob
