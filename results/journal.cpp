#include "results/journal.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/crc.hpp>

#include "core/error.hpp"
#include "core/io.hpp"

namespace bobench::results {

namespace {
constexpr char file_magic[8] = {'B', 'O', 'B', 'J', 'R', 'N', 'L', '1'};
constexpr std::uint32_t record_magic = 0xB0B3C4A1u;

struct Writer {
    std::string bytes;
    template <class T> void put(const T& v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void put_string(const std::string& s) {
        put(static_cast<std::uint32_t>(s.size()));
        bytes += s;
    }
    template <class T> void put_vector(const std::vector<T>& v) {
        if (!v.empty()) bytes.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
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

std::uint32_t crc32(const char* data, std::size_t n) {
    boost::crc_32_type crc;
    crc.process_bytes(data, n);
    return crc.checksum();
}

// Parses the record at `p` and advances past it; false (p unchanged) when no whole record
// with a valid checksum starts there.
bool parse_record(const char*& p, const char* end, JournalRecord& rec) {
    Reader in{p, end};
    const auto magic = in.get<std::uint32_t>();
    const auto length = in.get<std::uint64_t>();
    if (!in.ok || magic != record_magic || static_cast<std::uint64_t>(in.end - in.p) < 4 ||
        static_cast<std::uint64_t>(in.end - in.p) - 4 < length)
        return false;
    const char* payload = in.p;
    in.p += length;
    if (in.get<std::uint32_t>() != crc32(payload, length)) return false;
    Reader r{payload, payload + length};
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
    if (!r.ok || r.p != r.end) return false;
    p = in.p;
    return true;
}

std::string header(std::uint64_t experiment) {
    Writer w;
    w.bytes.append(file_magic, sizeof file_magic);
    w.put(experiment);
    return w.bytes;
}
}  // namespace

Journal::Journal(std::string path, std::uint64_t experiment) : path_(std::move(path)), experiment_(experiment) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw UserError("cannot write results next to '" + path_ + "': " + std::strerror(errno));
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
            throw UserError("journal '" + path_ + "' belongs to an experiment with another seed, budget or "
                            "on_failure; finish that one or delete the journal");
        good = head.size();
        const char* const end = bytes.data() + bytes.size();
        const char* p = bytes.data() + good;
        const char* damaged = nullptr;  // start of bytes that hold no valid record
        while (p < end) {
            const char* record = p;
            JournalRecord rec;
            if (parse_record(p, end, rec)) {
                // a record that is damaged in the middle must not cost the intact ones after it
                if (damaged) damaged_bytes_ += static_cast<std::size_t>(record - damaged);
                damaged = nullptr;
                recovered_.push_back(std::move(rec));
                good = static_cast<std::size_t>(p - bytes.data());
                continue;
            }
            if (!damaged) damaged = record;
            const char* next = std::search(record + 1, end, reinterpret_cast<const char*>(&record_magic),
                                           reinterpret_cast<const char*>(&record_magic) + sizeof record_magic);
            if (next == end) break;  // the rest is a torn tail
            p = next;
        }
    }
    // drop a torn tail (or write the header of a new journal)
    if (good == 0) {
        if (::ftruncate(fd_, 0) != 0) throw UserError("cannot write journal '" + path_ + "': " + std::strerror(errno));
        ::lseek(fd_, 0, SEEK_SET);
        write_all(fd_, head, "journal '" + path_ + "'");
    } else {
        if (::ftruncate(fd_, static_cast<off_t>(good)) != 0)
            throw UserError("cannot write journal '" + path_ + "': " + std::strerror(errno));
        ::lseek(fd_, static_cast<off_t>(good), SEEK_SET);
    }
}

Journal::~Journal() {
    if (fd_ >= 0) ::close(fd_);
}

void Journal::append(const std::string& problem_id, const std::string& optimizer_id, const Trace& t) {
    Writer payload;
    payload.put_string(problem_id);
    payload.put_string(optimizer_id);
    payload.put(static_cast<std::int32_t>(t.key.replicate));
    payload.put(t.problem_seed);
    payload.put(t.optimizer_seed);
    payload.put(t.seconds);
    payload.put_string(t.notes);
    payload.put(static_cast<std::uint64_t>(t.size()));
    payload.put(static_cast<std::uint64_t>(t.x.size()));
    for (const auto* v : {&t.value, &t.true_value, &t.cost, &t.test_value}) payload.put_vector(*v);
    payload.put_vector(t.failed);
    payload.put_vector(t.x);
    Writer rec;
    rec.put(record_magic);
    rec.put(static_cast<std::uint64_t>(payload.bytes.size()));
    rec.bytes += payload.bytes;
    rec.put(crc32(payload.bytes.data(), payload.bytes.size()));
    // one write(): in the kernel once it returns, so a SIGKILL after it loses nothing
    write_all(fd_, rec.bytes, "journal '" + path_ + "'");
}

void Journal::clear() {
    if (::ftruncate(fd_, 0) != 0) throw UserError("cannot write journal '" + path_ + "': " + std::strerror(errno));
    ::lseek(fd_, 0, SEEK_SET);
    write_all(fd_, header(experiment_), "journal '" + path_ + "'");
}

void Journal::remove() {
    ::close(fd_);
    fd_ = -1;
    ::unlink(path_.c_str());
}

}  // namespace bobench::results
