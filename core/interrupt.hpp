#pragma once
// The process-wide stop request: raised by a command's signal handler (SIGINT, SIGTERM),
// read by the runners between evaluations and by whatever waits long inside one (an
// external optimizer's reply), so that a stop takes effect at once, not after a timeout.
#include <atomic>

namespace bobench {

inline std::atomic<bool>& stop_requested() {
    static std::atomic<bool> flag{false};
    return flag;
}

// Thrown where work ends because a stop was requested (planning, a run, a wait).
struct Interrupted {};

}  // namespace bobench
