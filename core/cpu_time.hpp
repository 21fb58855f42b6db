#pragma once
// Thread CPU time, the measure of `bobench run --timing`: the serial part of a run (what
// one thread does while the others wait) against the work that threads share.
#include <omp.h>

#include <algorithm>
#include <ctime>

namespace bobench {

// Thread CPU time of the calling thread, in seconds.
inline double thread_cpu_seconds() {
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// CPU seconds inside parallel loops: all threads' (work more threads would share) and the
// calling thread's part of it (to tell the caller's serial part from its share).
struct ParallelCpu {
    double all = 0, caller = 0;
};

// body(i) for every i in [0, n), each once, in any order, on up to `threads` OpenMP threads
// (0: OpenMP's default), dynamically scheduled. `body` must not throw (an exception cannot
// leave an OpenMP region). Inside another parallel region it runs on the calling thread.
template <class Body>
void parallel_for(long n, int threads, const Body& body, ParallelCpu& cpu) {
    if (n <= 0) return;
    if (threads <= 0) threads = omp_get_max_threads();
    threads = static_cast<int>(std::min<long>(threads, n));
    double all = 0, caller = 0;
#pragma omp parallel num_threads(threads) reduction(+ : all, caller)
    {
        const double start = thread_cpu_seconds();
#pragma omp for schedule(dynamic, 1)
        for (long i = 0; i < n; ++i) body(i);
        const double spent = thread_cpu_seconds() - start;
        all += spent;
        if (omp_get_thread_num() == 0) caller += spent;  // the thread that called: the team's master
    }
    cpu.all += all;
    cpu.caller += caller;
}

}  // namespace bobench
