#pragma once
// e^x over an array, vectorised: AVX2 where the CPU has it, else SSE2 on x86-64, else one
// entry at a time; the same IEEE operations in every path (no FMA), so the results are
// bit-identical whichever runs. The networks' activations spend most of their
// time in exp: glibc's scalar exp costs ~3-4 ns an entry and Eigen 3.4's SSE2 exp for
// doubles more; this one ~2.8 ns with SSE2, ~1.3 ns with AVX2 (2-vCPU development VM).
//
// Accuracy ~1 ulp for |x| <= 708 (Cody-Waite reduction x = n ln2 + r, |r| <= ln2/2, and
// Cephes' rational approximation of e^r). Outside:
// +inf above 708, 0 below -708 (where e^x < 2^-1021, subnormal), NaN for NaN.
#include <Eigen/Core>

namespace bobench::bnn {

// data[i] = e^data[i] for i in [0, n).
void exp_in_place(double* data, Eigen::Index n);

}  // namespace bobench::bnn
