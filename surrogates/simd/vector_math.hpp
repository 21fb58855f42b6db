#pragma once
// e^x, tanh and the logistic function over arrays, vectorised: AVX-512F or AVX2 where the
// CPU has it (chosen at run time), else SSE2, else one entry at a time. Every path performs the same
// IEEE operations on each entry (no FMA), so the results are bit-identical whichever runs.
// Why: Eigen 3.4 evaluates tanh of doubles one entry at a time through libm, and its SSE2
// exp is slower than glibc's; the activations of the sampled networks were ~40 % of a
// gradient. On the 2-vCPU development VM an exp costs ~1.3 ns here with AVX2 (~2.8 ns
// with SSE2), against ~3.2 ns for glibc's exp and ~9 ns for std::tanh.
//
// exp: Cody-Waite reduction x = n ln2 + r, |r| <= ln2/2, and Cephes' rational
// approximation of e^r (S. L. Moshier, Cephes Math Library, double/exp.c); ~1 ulp for
// |x| <= 708, +inf above 708, 0 below -708 (where e^x < 2^-1021, subnormal), NaN for NaN.
// tanh: sign(z) (1 - e) / (1 + e) with e = e^(-2|z|) for |z| >= 0.625, and Cephes'
// z + z^3 P(z^2) / Q(z^2) below (double/tanh.c), where 1 - e would cancel.
// logistic: 1 / (1 + e^-z). Both take e as Cephes' ratio 2^n (Q + rP) / (Q - rP) and fold
// its division into their own (one division per entry); ~1-2 ulp.
// NaN stays NaN in all three (a diverging sampler must see it).
// The width a thread uses can be lowered with ForcedLanes (lanes.hpp), for tests.
#include <Eigen/Core>

namespace bobench::simd {

// data[i] = f(data[i]) for i in [0, n).
void exp_in_place(double* data, Eigen::Index n);
void tanh_in_place(double* data, Eigen::Index n);
void logistic_in_place(double* data, Eigen::Index n);

}  // namespace bobench::simd
