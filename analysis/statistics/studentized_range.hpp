#pragma once
// The studentized range distribution for infinite degrees of freedom, i.e. the
// distribution of the range max - min of k independent standard normal variables.
// Needed for Nemenyi's post-hoc test (Demsar 2006) and not provided by Boost.Math, so it
// is written here by hand:
//   P(R <= q) = k * integral over z of phi(z) * (Phi(z) - Phi(z - q))^(k - 1) dz
// (the density of the smallest value times the chance that the other k - 1 lie within q
// above it), integrated with adaptive Gauss-Kronrod; the quantile is found by TOMS 748
// root bracketing. Checked against the k = 2 closed form 2 Phi(q / sqrt 2) - 1 (1e-12),
// cdf + sf = 1 (1e-12) and the printed df = inf tables (tests/analysis/posthoc_test.cpp).
#include <cstddef>

namespace bobench::analysis {

// P(range of k standard normals <= q). k >= 2; q < 0 gives 0.
double studentized_range_cdf(double q, std::size_t k);

// 1 - studentized_range_cdf, computed directly (no cancellation for small tails).
double studentized_range_sf(double q, std::size_t k);

// The q with studentized_range_cdf(q, k) = probability, probability in (0, 1).
double studentized_range_quantile(double probability, std::size_t k);

}  // namespace bobench::analysis
