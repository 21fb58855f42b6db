#pragma once
// Small dense products for the sampled networks' layers, vectorised without making the
// result depend on the CPU (see lanes.hpp): every entry of C is one fixed chain
//   C(i, c) = start(i, c) + A(i, 0) B(0, c) + A(i, 1) B(1, c) + ... + A(i, K-1) B(K-1, c)
// evaluated left to right, one rounded multiply and one rounded add per term, with the
// lanes over the rows i. Why not Eigen: its GEMM kernels are compiled for the baseline
// x86-64 ISA (SSE2) and an AVX2 build would change their summation order with the CPU;
// for the 1 x 10 and 50-50 networks of sbnn / BOHAMIANN they were ~60 % of a gradient.
// Strides let one kernel serve W x, W^T x (through a transposed copy) and gradients
// sum_b delta_b x_b^T (B read as a transpose), and the bias gradients (stride 0 on a 1).
#include <Eigen/Core>

namespace bobench::simd {

struct MatrixProduct {
    Eigen::Index rows = 0, cols = 0, depth = 0;  // C is rows x cols, K = depth
    const double* a = nullptr;                   // A(i, k) = a[i + k * a_col]
    Eigen::Index a_col = 0;
    const double* b = nullptr;  // B(k, c) = b[k * b_row + c * b_col]
    Eigen::Index b_row = 0, b_col = 0;
    double* c = nullptr;  // C(i, c) = c[i + c * c_col]
    Eigen::Index c_col = 0;
    // How each chain starts: from bias[i], from C's current value (C += A B), or from its
    // first term A(i, 0) B(0, c) (C = A B; needs depth >= 1).
    enum class Start { Bias, Accumulate, FirstTerm } start = Start::FirstTerm;
    const double* bias = nullptr;
};

void multiply(const MatrixProduct& p);

}  // namespace bobench::simd
