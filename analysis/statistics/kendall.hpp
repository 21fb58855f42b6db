#pragma once
// Kendall's rank correlation between two orderings of the same items, tau-b (Kendall
// 1945): ties in either ordering are allowed and corrected for, as scipy.stats.kendalltau
// (variant "b") computes it. Used to compare a paper's method order with ours.
#include <span>

namespace bobench::analysis {

// tau-b of the pairs (x[i], y[i]); NaN when fewer than two items or when x or y is
// constant (the coefficient is undefined). x and y must have the same length, no NaN.
double kendall_tau_b(std::span<const double> x, std::span<const double> y);

}  // namespace bobench::analysis
