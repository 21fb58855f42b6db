#pragma once
// The journal beside a results file (<output>.journal): every finished run is appended
// as one checksummed record the moment it finishes (after the first seconds of a job,
// see run_experiment), so a killed process loses only the runs in flight. The results
// file itself is rewritten whole (temporary file + rename) at checkpoints and at the
// end, after which the journal is emptied. On the next start, records that were not yet
// in the results file are recovered; a torn record (the process died while writing it)
// fails its checksum and is dropped, and a damaged record in the middle is skipped
// without losing the whole records after it.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "results/trace.hpp"

namespace bobench::results {

// A journalled run names its problem and optimizer by canonical id, so it is independent
// of table order.
struct JournalRecord {
    std::string problem_id, optimizer_id;
    Trace trace;  // trace.key.problem/optimizer are not meaningful here
};

class Journal {
public:
    // Opens (creating if needed) the journal at `path` for an experiment identified by
    // `experiment` (a hash of the settings a resumed run must match and of the build, which
    // the refusal names as `settings`). Records already present are returned by recovered().
    // UserError if it cannot be written or belongs to another experiment.
    Journal(std::string path, std::uint64_t experiment,
            const std::string& settings = "the settings a resumed run must match");
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    const std::vector<JournalRecord>& recovered() const { return recovered_; }
    // Bytes between recovered records that held no valid record (damaged on disk): they
    // were skipped, and the intact records after them kept.
    std::size_t damaged_bytes() const { return damaged_bytes_; }
    void append(const std::string& problem_id, const std::string& optimizer_id, const Trace& trace);
    // Appends a record made by encode(). Thread-safe and concurrent: each record gets its
    // own span of the file (reserved atomically) and is written there with pwrite, so
    // workers journal their runs in parallel. A crash can then leave gaps (spans reserved
    // but not yet written) between whole records: recovery skips them.
    void append_record(std::string_view record);
    // One record's bytes: magic, length, payload, CRC-32. Also the form in which MPI
    // ranks send their traces to the writer.
    static std::string encode(const std::string& problem_id, const std::string& optimizer_id, const Trace& trace);
    // The same into `out`, reusing its memory (a worker's buffer: no fresh pages per run).
    static void encode(const std::string& problem_id, const std::string& optimizer_id, const Trace& trace,
                       std::string& out);
    // The record at the start of `bytes`, or nothing when it is torn or corrupt; `used`
    // receives its length.
    static std::optional<JournalRecord> decode(const char* bytes, std::size_t size, std::size_t* used = nullptr);
    // Thread CPU seconds spent in the writes of append_record, summed over threads: the
    // kernel's copies of the records, which it makes one at a time (a write holds the
    // file's lock), however many threads append.
    double write_cpu() const { return 1e-9 * static_cast<double>(write_ns_.load()); }
    void clear();   // after the results file holds every record; waits for appends in progress
    void remove();  // at the end of a complete run

private:
    void recover(const std::string& settings);

    std::string path_;
    std::uint64_t experiment_;
    int fd_ = -1;
    std::atomic<std::uint64_t> end_{0};  // where the next record goes
    std::atomic<std::uint64_t> write_ns_{0};
    std::shared_mutex truncating_;       // appends share it, clear() takes it alone
    std::vector<JournalRecord> recovered_;
    std::size_t damaged_bytes_ = 0;
};

}  // namespace bobench::results
