#pragma once
// The journal beside a results file (<output>.journal): every finished run is appended
// as one checksummed record the moment it finishes, so a killed process loses only the
// runs in flight. The results file itself is rewritten whole (temporary file + rename)
// at checkpoints and at the end, after which the journal is emptied. On the next start,
// records that were not yet in the results file are recovered; a torn last record (the
// process died while writing it) fails its checksum and is dropped, and a damaged record
// in the middle is skipped without losing the records after it.
#include <cstdint>
#include <cstdio>
#include <string>
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
    // `experiment` (a hash of seed, budget and failure policy). Records already present
    // are returned by recovered(). UserError if it cannot be written or belongs to
    // another experiment.
    Journal(std::string path, std::uint64_t experiment);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    const std::vector<JournalRecord>& recovered() const { return recovered_; }
    // Bytes between recovered records that held no valid record (damaged on disk): they
    // were skipped, and the intact records after them kept.
    std::size_t damaged_bytes() const { return damaged_bytes_; }
    void append(const std::string& problem_id, const std::string& optimizer_id, const Trace& trace);
    void clear();   // after the results file holds every record
    void remove();  // at the end of a complete run

private:
    std::string path_;
    std::uint64_t experiment_;
    int fd_ = -1;
    std::vector<JournalRecord> recovered_;
    std::size_t damaged_bytes_ = 0;
};

}  // namespace bobench::results
