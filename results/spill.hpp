#pragma once
// Where a running job keeps the columns of its finished runs: an unnamed file in the results
// file's folder (gone when the process ends, however it ends), so that the job's memory is
// bounded by its runs in flight, not by all its runs. A parked run stays in the job's
// Results as a stub (key, seeds, seconds, notes and the trace policy's counts, its columns
// empty); write_results reads the stub's columns from here, a slice at a time.
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "results/trace.hpp"

namespace bobench::results {

class Spill {
public:
    enum class Column { value, true_value, cost, test_value, fidelity, evaluation, x, failed };
    // Where a parked run's columns lie and how long they are: `rows` values in each per-row
    // column (fidelity and evaluation only where the trace has them), `x` point values.
    struct Parked {
        std::uint64_t at = 0;
        std::size_t rows = 0, x = 0, failures = 0;
        bool fidelity = false, evaluation = false;
        std::size_t length(Column c) const;      // values in column c
        std::uint64_t offset(Column c) const;    // where column c starts in the file
        std::uint64_t end() const;
    };

    // The file in the folder of the results file `results_path`; std::runtime_error naming
    // the folder when it cannot be made.
    explicit Spill(const std::string& results_path);
    ~Spill();
    Spill(const Spill&) = delete;
    Spill& operator=(const Spill&) = delete;

    // Writes the columns of `t`, whose key in the results file is `key`, to the file and
    // frees them: `t` is then the run's stub. Thread-safe: runs park in parallel.
    // std::runtime_error when the file cannot be written (a full disk); `t` is then whole.
    void park(const RunKey& key, Trace& t);
    std::optional<Parked> find(const RunKey& key) const;  // nothing when `key` is not parked
    // Values [from, from + n) of a parked column, into `out` (of the column's type:
    // std::uint8_t for failed, std::int64_t for evaluation, double for the others).
    void read(const Parked& p, Column c, std::size_t from, std::size_t n, void* out) const;
    // The whole trace of a parked stub.
    Trace restore(const Trace& stub) const;
    int fd() const { return fd_; }

private:
    std::string where_;  // for messages: "the folder of 'out.h5'"
    int fd_ = -1;
    std::uint64_t end_ = 0;
    mutable std::mutex index_;  // guards end_ and parked_
    std::map<RunKey, Parked> parked_;
};

}  // namespace bobench::results
