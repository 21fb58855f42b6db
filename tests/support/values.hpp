#pragma once
// Values and comparisons many tests use, defined once: the test sources compile in unity
// batches, where two sources' definitions of one name would clash.
#include <cstring>
#include <limits>

namespace bobench::testing {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Whether a and b are the same double bit for bit (0.0 and -0.0 differ; a NaN equals a NaN of the same bits).
inline bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace bobench::testing
