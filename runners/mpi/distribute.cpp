#include "runners/mpi/distribute.hpp"

#include <mpi.h>
#include <omp.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "results/journal.hpp"

namespace bobench::runners::mpi {

namespace {
constexpr int tag_report = 1;  // worker -> rank 0: what happened since the last request, and "give me a run"
constexpr int tag_assign = 2;  // rank 0 -> worker: the next run, or stop

// A report: one kind byte, the run's key, then the kind's payload.
enum class Kind : std::uint8_t {
    Ready = 0,      // nothing finished (a thread's first request)
    Finished = 1,   // payload: the journal record of its trace
    Failed = 2,     // payload: the error message
    Abandoned = 3,  // interrupted by the stop flag: nothing to keep
    RankDone = 4,   // the rank's threads have all stopped; no reply expected
};
constexpr std::size_t report_header = 1 + 3 * sizeof(std::int32_t);

std::string report(Kind kind, const results::RunKey& key, const std::string& payload = {}) {
    std::string bytes(report_header + payload.size(), '\0');
    bytes[0] = static_cast<char>(kind);
    const std::int32_t k[3] = {key.problem, key.optimizer, key.replicate};
    std::memcpy(bytes.data() + 1, k, sizeof k);
    std::memcpy(bytes.data() + report_header, payload.data(), payload.size());
    return bytes;
}

void check(int code, const char* what) {
    if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// A run that must not start: stop flag raised or nothing left.
constexpr results::RunKey stop_key{-1, -1, -1};

results::RunKey key_of(const std::string& report) {
    std::int32_t k[3];
    std::memcpy(k, report.data() + 1, sizeof k);
    return {k[0], k[1], k[2]};
}

// Finished traces from other ranks on their way to the results: the server thread
// receives each report into a buffer and journals it; rank 0's own workers decode and
// commit it between their runs. Decoding builds the trace, touching its memory for the
// first time (page faults, the bulk of the cost), so many threads share it, and the
// server gets the buffers back (memory already touched).
struct Arrival {
    std::string report;
    bool journalled;  // by the server, on arrival (Sink::save_record)
};
class Inbox {
public:
    std::string buffer() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (spare_.empty()) return {};
        std::string b = std::move(spare_.back());
        spare_.pop_back();
        return b;
    }
    void put(Arrival&& arrival) {
        std::lock_guard<std::mutex> lock(mutex_);
        waiting_.push_back(std::move(arrival));
    }
    std::optional<Arrival> take() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (waiting_.empty()) return std::nullopt;
        Arrival arrival = std::move(waiting_.front());
        waiting_.pop_front();
        return arrival;
    }
    void recycle(std::string&& buffer) {
        std::lock_guard<std::mutex> lock(mutex_);
        spare_.push_back(std::move(buffer));
    }

private:
    std::mutex mutex_;
    std::deque<Arrival> waiting_;
    std::vector<std::string> spare_;
};
}  // namespace

Session::Session(int* argc, char*** argv) {
    int provided = 0;
    check(MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
    if (provided < MPI_THREAD_SERIALIZED) {
        MPI_Finalize();
        throw std::runtime_error("this MPI library does not let threads call it one at a time "
                                 "(MPI_THREAD_SERIALIZED); bobench-mpi needs that");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() { MPI_Finalize(); }

void Session::abort(int status) const {
    MPI_Abort(MPI_COMM_WORLD, status);
    std::_Exit(status);
}

// Rank 0's server: each report of another rank (a finished trace, journalled here and queued
// for a worker to commit; a failure; or "done") is answered with that rank's next run, until
// every other rank is done. It polls: a blocking receive would spin a core that rank 0's own
// workers need. Returns the CPU seconds it spent journalling and recording reports.
double serve_other_ranks(int ranks, Inbox& inbox, Workers& workers, const Sink& sink,
                         const std::function<results::RunKey()>& take) {
    double server_commit_cpu = 0;
    int active = ranks - 1;
    while (active > 0) {
        int flag = 0;
        MPI_Status status;
        check(MPI_Iprobe(MPI_ANY_SOURCE, tag_report, MPI_COMM_WORLD, &flag, &status), "MPI_Iprobe");
        if (!flag) {
            std::this_thread::sleep_for(std::chrono::microseconds(20));
            continue;
        }
        int bytes = 0;
        MPI_Get_count(&status, MPI_BYTE, &bytes);
        std::string buffer = inbox.buffer();
        buffer.resize(static_cast<std::size_t>(bytes));
        check(MPI_Recv(buffer.data(), bytes, MPI_BYTE, status.MPI_SOURCE, tag_report, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE),
              "MPI_Recv");
        if (buffer.size() < report_header) throw std::runtime_error("MPI: a short report");
        const auto kind = static_cast<Kind>(buffer[0]);
        const results::RunKey key = key_of(buffer);
        const double t0 = thread_cpu_seconds();
        if (kind == Kind::Finished) {
            try {  // journalled now (checksummed by the sender), decoded by a worker
                const bool journalled = sink.save_record(std::string_view(buffer).substr(report_header));
                inbox.put({std::move(buffer), journalled});
            } catch (...) {
                workers.halt_with(std::current_exception());  // e.g. disk full: stop handing out
            }
        } else if (kind == Kind::Failed) {
            workers.fail(key, buffer.substr(report_header));
        } else if (kind == Kind::RankDone) {
            --active;
            continue;
        }
        server_commit_cpu += thread_cpu_seconds() - t0;
        const results::RunKey assign = take();
        const std::int32_t a[3] = {assign.problem, assign.optimizer, assign.replicate};
        check(MPI_Send(a, 3, MPI_INT32_T, status.MPI_SOURCE, tag_assign, MPI_COMM_WORLD), "MPI_Send");
    }
    return server_commit_cpu;
}

std::vector<RunError> coordinate(const Plan& plan, const std::vector<results::RunKey>& pending, int threads,
                                 const std::atomic<bool>& stop, const Sink& sink, ExecutionStats* stats) {
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    std::atomic<std::size_t> next{0};
    Workers workers(plan, stop, sink);
    auto take = [&]() -> results::RunKey {
        if (stop.load(std::memory_order_relaxed) || workers.halted()) return stop_key;
        for (std::size_t i = next.fetch_add(1); i < pending.size(); i = next.fetch_add(1))
            if (!workers.skip(pending[i])) return pending[i];
        return stop_key;
    };
    Inbox inbox;
    // A Finished report from the inbox: its trace decoded and committed, the commit's CPU
    // seconds added to `commit_cpu`. Never throws: a failure halts the workers and is
    // rethrown after them.
    auto settle = [&](const Arrival& arrival, double& commit_cpu) {
        try {
            const std::string& report = arrival.report;
            const results::RunKey key = key_of(report);
            std::optional<results::JournalRecord> rec =
                results::Journal::decode(report.data() + report_header, report.size() - report_header);
            if (!rec) throw std::runtime_error("MPI: a corrupt trace from another rank");
            rec->trace.key = key;
            const double start = thread_cpu_seconds();
            workers.commit(std::move(rec->trace), arrival.journalled);
            commit_cpu += thread_cpu_seconds() - start;
        } catch (...) {
            workers.halt_with(std::current_exception());
        }
    };

    // The other ranks' requests are served by one thread.
    std::exception_ptr server_error;
    double server_commit_cpu = 0;
    std::thread server([&] {
        try {
            server_commit_cpu = serve_other_ranks(ranks, inbox, workers, sink, take);
        } catch (...) {
            server_error = std::current_exception();
        }
    });

    double run_cpu = 0, commit_cpu = 0;
    if (threads <= 0) threads = omp_get_max_threads();
    // decoding other ranks' traces is work the threads share: it counts with the runs
#pragma omp parallel num_threads(threads) reduction(+ : run_cpu, commit_cpu)
    for (results::RunKey key = take(); key.problem >= 0; key = take()) {
        workers.run(key, run_cpu, commit_cpu);
        const double start = thread_cpu_seconds(), committed = commit_cpu;
        while (std::optional<Arrival> arrival = inbox.take()) {
            settle(*arrival, commit_cpu);
            inbox.recycle(std::move(arrival->report));
        }
        run_cpu += thread_cpu_seconds() - start - (commit_cpu - committed);
    }
    server.join();
    std::vector<Arrival> last;  // arrived after rank 0's own runs ended
    while (std::optional<Arrival> arrival = inbox.take()) last.push_back(std::move(*arrival));
    std::vector<double> last_commit_cpu(last.size(), 0.0);
    ParallelCpu settling;
    parallel_for(static_cast<long>(last.size()), threads, [&](long i) {
        settle(last[static_cast<std::size_t>(i)], last_commit_cpu[static_cast<std::size_t>(i)]);
    }, settling);
    double last_commits = 0;
    for (double c : last_commit_cpu) last_commits += c;
    if (server_error) std::rethrow_exception(server_error);
    workers.rethrow_failure();
    if (stats) {
        stats->run_cpu += run_cpu + settling.all - last_commits;
        stats->commit_cpu += commit_cpu + last_commits + server_commit_cpu;
    }
    return workers.errors();
}

void work(const Plan& plan, int threads, const std::atomic<bool>& stop) {
    std::mutex mpi_mutex;  // one thread at a time talks to rank 0 (MPI_THREAD_SERIALIZED)
    if (threads <= 0) threads = omp_get_max_threads();
    std::exception_ptr error;
#pragma omp parallel num_threads(threads)
    {
        std::string message = report(Kind::Ready, stop_key), record;
        while (true) {
            std::int32_t a[3] = {-1, -1, -1};
            try {
                std::lock_guard<std::mutex> lock(mpi_mutex);
                check(MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, 0, tag_report,
                               MPI_COMM_WORLD),
                      "MPI_Send");
                check(MPI_Recv(a, 3, MPI_INT32_T, 0, tag_assign, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
            } catch (...) {
#pragma omp critical(bobench_mpi_error)
                error = std::current_exception();
                break;
            }
            const results::RunKey key{a[0], a[1], a[2]};
            if (key.problem < 0) break;
            try {
                const results::Trace t = run_one(plan, key, stop);
                results::Journal::encode(plan.problems[static_cast<std::size_t>(key.problem)].id,
                                         plan.optimizers[static_cast<std::size_t>(key.optimizer)].bound.id, t, record);
                const std::string head = report(Kind::Finished, key);
                message.assign(head);  // a copy into the same buffer: no fresh pages per run
                message += record;
            } catch (const Interrupted&) {
                message = report(Kind::Abandoned, key);
            } catch (const std::exception& e) {
                message = report(Kind::Failed, key, e.what());
            }
        }
    }
    if (error) std::rethrow_exception(error);
    const std::string done = report(Kind::RankDone, stop_key);
    check(MPI_Send(done.data(), static_cast<int>(done.size()), MPI_BYTE, 0, tag_report, MPI_COMM_WORLD), "MPI_Send");
}

}  // namespace bobench::runners::mpi
