#pragma once
// A plan's runs spread over MPI ranks (bobench-mpi). Rank 0 is the writer: it holds the
// lock, the journal and the results file, and hands out runs one at a time, longest
// expected first, to its own OpenMP threads and to every thread of every other rank.
// Other ranks run what they are given with their own OpenMP threads and send each
// finished trace back as a journal record (encoded and checksummed by the worker, so
// rank 0's serial part is a write to the journal; rank 0's own threads decode the
// records between their runs). Every rank builds the same plan from
// the same arguments, so runs travel as their (problem, optimizer, replicate) key.
//
// A killed job resumes like a one-process run: what rank 0 journalled is kept, runs in
// flight on any rank are run again.
#include <atomic>
#include <vector>

#include "runners/executor.hpp"

namespace bobench::runners::mpi {

// MPI_Init_thread (threads must be able to call MPI one at a time) and MPI_Finalize.
class Session {
public:
    Session(int* argc, char*** argv);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
    int rank() const { return rank_; }
    int size() const { return size_; }
    [[noreturn]] void abort(int status) const;  // every rank ends (MPI_Abort)

private:
    int rank_ = 0, size_ = 1;
};

// Rank 0: runs `pending` in order over all ranks; `threads` local threads (0: all cores).
std::vector<RunError> coordinate(const Plan& plan, const std::vector<results::RunKey>& pending, int threads,
                                 const std::atomic<bool>& stop, const Sink& sink, ExecutionStats* stats);
// Ranks 1..P-1: runs what rank 0 hands out, `threads` at a time, until it says stop.
void work(const Plan& plan, int threads, const std::atomic<bool>& stop);

}  // namespace bobench::runners::mpi
