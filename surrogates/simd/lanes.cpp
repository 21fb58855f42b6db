#include "surrogates/simd/lanes.hpp"

#include <stdexcept>

namespace bobench::simd {

namespace {

int widest_lanes() {
#if defined(__x86_64__) || defined(__i386__)
    // libgcc's check includes the OS's support for the wider registers (XCR0)
    static const int widest = (__builtin_cpu_init(), __builtin_cpu_supports("avx512f") ? 8
                                                     : __builtin_cpu_supports("avx2")  ? 4
                                                                                       : 2);
    return widest;
#else
    return 2;
#endif
}

thread_local int forced_lanes = 8;

}  // namespace

int lanes_in_use() {
    const int widest = widest_lanes();
    return forced_lanes < widest ? forced_lanes : widest;
}

ForcedLanes::ForcedLanes(int lanes) : previous_(forced_lanes) {
    if (lanes != 1 && lanes != 2 && lanes != 4 && lanes != 8)
        throw std::invalid_argument("ForcedLanes: lanes must be 1, 2, 4 or 8");
    forced_lanes = lanes;
}

ForcedLanes::~ForcedLanes() { forced_lanes = previous_; }

}  // namespace bobench::simd
