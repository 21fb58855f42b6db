#pragma once
// Every kernel family the GP offers, for the tests that check a property of each.
#include "surrogates/gp/kernels.hpp"

namespace bobench::testing {

inline constexpr surrogates::KernelFamily kAllFamilies[] = {
    surrogates::KernelFamily::SquaredExponential, surrogates::KernelFamily::Matern12,
    surrogates::KernelFamily::Matern32, surrogates::KernelFamily::Matern52};

}  // namespace bobench::testing
