#include "results/journal.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/cpu_time.hpp"
#include "core/error.hpp"
#include "results/checksum.hpp"

namespace bobench::results {

namespace {
constexpr char file_magic[8] = {'B', 'O', 'B', 'J', 'R', 'N', 'L', '1'};
constexpr std::uint32_t record_magic = 0xB0B3C4A1u;
// Which optional tails a record has (a byte after the points).
constexpr std::uint8_t has_fidelity = 1, has_rows = 2;

// Appends to a buffer sized once (encode() knows the record's length up front).
struct Writer {
    char* p;
    template <class T> void put(const T& v) { std::memcpy(p, &v, sizeof v); p += sizeof v; }
    void put_string(const std::string& s) {
        put(static_cast<std::uint32_t>(s.size()));
        std::memcpy(p, s.data(), s.size());
        p += s.size();
    }
    template <class T> void put_vector(const std::vector<T>& v) {
        if (!v.empty()) std::memcpy(p, v.data(), v.size() * sizeof(T));
        p += v.size() * sizeof(T);
    }
};

struct Reader {
    const char* p;
    const char* end;
    bool ok = true;
    template <class T> T get() {
        T v{};
        if (end - p < static_cast<std::ptrdiff_t>(sizeof v)) { ok = false; return v; }
        std::memcpy(&v, p, sizeof v);
        p += sizeof v;
        return v;
    }
    std::string get_string() {
        const auto n = get<std::uint32_t>();
        if (!ok || end - p < static_cast<std::ptrdiff_t>(n)) { ok = false; return {}; }
        std::string s(p, n);
        p += n;
        return s;
    }
    template <class T> void get_vector(std::vector<T>& v, std::uint64_t n) {
        if (!ok || n > static_cast<std::uint64_t>(end - p) / sizeof(T)) { ok = false; return; }
        v.resize(n);
        if (n) std::memcpy(v.data(), p, n * sizeof(T));
        p += n * sizeof(T);
    }
};

// write_all (core/io.hpp) at an offset: records are placed concurrently.
void write_at(int fd, std::string_view bytes, const std::string& path, std::uint64_t offset) {
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::pwrite(fd, p, left, static_cast<off_t>(offset));
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("cannot write journal '" + path + "': " + std::strerror(errno));
        }
        p += n;
        offset += static_cast<std::uint64_t>(n);
        left -= static_cast<std::size_t>(n);
    }
}

std::string header(std::uint64_t experiment) {
    std::string bytes(file_magic, sizeof file_magic);
    bytes.append(reinterpret_cast<const char*>(&experiment), sizeof experiment);
    return bytes;
}

constexpr std::size_t record_overhead = sizeof(std::uint32_t) + sizeof(std::uint64_t) + sizeof(std::uint32_t);
}  // namespace

Journal::Journal(std::string path, std::uint64_t experiment, const std::string& settings)
    : path_(std::move(path)), experiment_(experiment) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw UserError("cannot write results next to '" + path_ + "': " + std::strerror(errno));
    try {  // a constructor that throws runs no destructor: the descriptor is closed here
        recover(settings);
    } catch (...) {
        ::close(fd_);
        fd_ = -1;
        throw;
    }
}

// Reads the journal's records (skipping damage), then cuts a torn tail off or writes the
// header of a new journal.
void Journal::recover(const std::string& settings) {
    struct stat st {};
    ::fstat(fd_, &st);
    std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
    if (!bytes.empty() && ::pread(fd_, bytes.data(), bytes.size(), 0) != static_cast<ssize_t>(bytes.size()))
        throw UserError("cannot read journal '" + path_ + "': " + std::strerror(errno));

    const std::string head = header(experiment_);
    std::size_t good = 0;  // bytes that hold the header and whole, valid records
    if (bytes.size() >= head.size()) {
        if (bytes.compare(0, sizeof file_magic, file_magic, sizeof file_magic) != 0)
            throw UserError("'" + path_ + "' is not a bobench journal; move it away and run again");
        if (bytes.compare(0, head.size(), head) != 0)
            throw UserError("journal '" + path_ + "' belongs to another experiment: it differs in one of " +
                            settings + ", or another bobench build ran it; finish it with that spec and build, "
                            "or delete the journal");
        good = head.size();
        // whole records, skipping gaps and torn records: the next candidate is the next
        // record magic, and only a record whose checksum holds is taken
        const char magic_bytes[sizeof record_magic] = {
            static_cast<char>(record_magic & 0xff), static_cast<char>((record_magic >> 8) & 0xff),
            static_cast<char>((record_magic >> 16) & 0xff), static_cast<char>(record_magic >> 24)};
        std::size_t at = good;
        while (at < bytes.size()) {
            std::size_t used = 0;
            if (std::optional<JournalRecord> rec = decode(bytes.data() + at, bytes.size() - at, &used)) {
                // skipped bytes before it: damage, unless they are all zero (a span that a
                // concurrent writer had reserved but not yet written when the process died)
                if (std::any_of(bytes.begin() + static_cast<std::ptrdiff_t>(good),
                                bytes.begin() + static_cast<std::ptrdiff_t>(at), [](char c) { return c != 0; }))
                    damaged_bytes_ += at - good;
                recovered_.push_back(std::move(*rec));
                at += used;
                good = at;
                continue;
            }
            const auto next = bytes.find(std::string_view(magic_bytes, sizeof magic_bytes), at + 1);
            if (next == std::string::npos) break;  // the rest is a torn tail
            at = next;
        }
    }
    // drop a torn tail (or write the header of a new journal)
    if (good == 0) {
        if (::ftruncate(fd_, 0) != 0) throw UserError("cannot write journal '" + path_ + "': " + std::strerror(errno));
        write_at(fd_, head, path_, 0);
    } else {
        if (::ftruncate(fd_, static_cast<off_t>(good)) != 0)
            throw UserError("cannot write journal '" + path_ + "': " + std::strerror(errno));
    }
    end_ = good == 0 ? head.size() : good;
}

Journal::~Journal() {
    if (fd_ >= 0) ::close(fd_);
}

std::string Journal::encode(const std::string& problem_id, const std::string& optimizer_id, const Trace& t) {
    std::string bytes;
    encode(problem_id, optimizer_id, t, bytes);
    return bytes;
}

void Journal::encode(const std::string& problem_id, const std::string& optimizer_id, const Trace& t, std::string& bytes) {
    const std::size_t n = t.rows();
    const bool rows_are_evaluations = t.keeps_every_evaluation();
    const std::size_t payload = 3 * sizeof(std::uint32_t) + problem_id.size() + optimizer_id.size() + t.notes.size() +
                                sizeof(std::int32_t) + 2 * sizeof(std::uint64_t) + sizeof(double) +
                                2 * sizeof(std::uint64_t) + n * (4 * sizeof(double) + 1) + t.x.size() * sizeof(double) +
                                1 + (t.fidelity.empty() ? 0 : (n + 1) * sizeof(double)) +  // a multi-fidelity run's tail
                                (rows_are_evaluations ? 0 : (n + 2) * sizeof(std::int64_t));  // a trace policy's rows
    bytes.resize(record_overhead + payload);  // every byte is written below
    Writer w{bytes.data()};
    w.put(record_magic);
    w.put(static_cast<std::uint64_t>(payload));
    char* const body = w.p;
    w.put_string(problem_id);
    w.put_string(optimizer_id);
    w.put(static_cast<std::int32_t>(t.key.replicate));
    w.put(t.problem_seed);
    w.put(t.optimizer_seed);
    w.put(t.seconds);
    w.put_string(t.notes);
    w.put(static_cast<std::uint64_t>(n));
    w.put(static_cast<std::uint64_t>(t.x.size()));
    for (const auto* v : {&t.value, &t.true_value, &t.cost, &t.test_value}) w.put_vector(*v);
    w.put_vector(t.failed);
    w.put_vector(t.x);
    w.put(static_cast<std::uint8_t>((t.fidelity.empty() ? 0 : has_fidelity) | (rows_are_evaluations ? 0 : has_rows)));
    if (!t.fidelity.empty()) {
        w.put(t.full_fidelity);
        w.put_vector(t.fidelity);
    }
    if (!rows_are_evaluations) {
        w.put(static_cast<std::int64_t>(t.total_evaluations));
        w.put(static_cast<std::int64_t>(t.total_failures));
        w.put_vector(t.evaluation_index);
    }
    w.put(crc32(body, payload));
}

std::optional<JournalRecord> Journal::decode(const char* bytes, std::size_t size, std::size_t* used) {
    Reader in{bytes, bytes + size};
    const auto magic = in.get<std::uint32_t>();
    const auto length = in.get<std::uint64_t>();
    // length is read from the file: compared without adding to it, so a damaged length near
    // 2^64 cannot wrap around the check
    const auto left = static_cast<std::uint64_t>(in.end - in.p);
    if (!in.ok || magic != record_magic || length > left || left - length < 4) return std::nullopt;
    const char* payload = in.p;
    in.p += length;
    if (in.get<std::uint32_t>() != crc32(payload, length)) return std::nullopt;
    Reader r{payload, payload + length};
    JournalRecord rec;
    rec.problem_id = r.get_string();
    rec.optimizer_id = r.get_string();
    Trace& t = rec.trace;
    t.key.replicate = r.get<std::int32_t>();
    t.problem_seed = r.get<std::uint64_t>();
    t.optimizer_seed = r.get<std::uint64_t>();
    t.seconds = r.get<double>();
    t.notes = r.get_string();
    const auto n = r.get<std::uint64_t>(), nx = r.get<std::uint64_t>();
    for (auto* v : {&t.value, &t.true_value, &t.cost, &t.test_value}) r.get_vector(*v, n);
    r.get_vector(t.failed, n);
    r.get_vector(t.x, nx);
    const auto tails = r.get<std::uint8_t>();
    if (r.ok && (tails & has_fidelity)) {
        t.full_fidelity = r.get<double>();
        r.get_vector(t.fidelity, n);
    }
    if (r.ok && (tails & has_rows)) {
        t.total_evaluations = static_cast<std::size_t>(std::max<std::int64_t>(0, r.get<std::int64_t>()));
        t.total_failures = static_cast<std::size_t>(std::max<std::int64_t>(0, r.get<std::int64_t>()));
        r.get_vector(t.evaluation_index, n);
        if (t.evaluation_index.empty()) return std::nullopt;  // a policy's trace has rows: damage
    }
    if (tails & ~(has_fidelity | has_rows)) return std::nullopt;
    if (!r.ok || r.p != r.end) return std::nullopt;
    if (used) *used = static_cast<std::size_t>(in.p - bytes);
    return rec;
}

void Journal::append(const std::string& problem_id, const std::string& optimizer_id, const Trace& t) {
    append_record(encode(problem_id, optimizer_id, t));
}

void Journal::append_record(std::string_view record) {
    std::shared_lock<std::shared_mutex> lock(truncating_);
    const double start = thread_cpu_seconds();
    // in the kernel once pwrite returns, so a SIGKILL after it loses nothing
    write_at(fd_, record, path_, end_.fetch_add(record.size()));
    write_ns_ += static_cast<std::uint64_t>(1e9 * (thread_cpu_seconds() - start));
}

void Journal::clear() {
    std::unique_lock<std::shared_mutex> lock(truncating_);
    if (::ftruncate(fd_, 0) != 0) throw UserError("cannot write journal '" + path_ + "': " + std::strerror(errno));
    const std::string head = header(experiment_);
    write_at(fd_, head, path_, 0);
    end_ = head.size();
}

void Journal::remove() {
    ::close(fd_);
    fd_ = -1;
    ::unlink(path_.c_str());
}

}  // namespace bobench::results
