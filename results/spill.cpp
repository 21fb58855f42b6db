#include "results/spill.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <sys/uio.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include "results/lock.hpp"

namespace bobench::results {

namespace {
constexpr Spill::Column layout[] = {Spill::Column::value,    Spill::Column::true_value, Spill::Column::cost,
                                    Spill::Column::test_value, Spill::Column::fidelity, Spill::Column::evaluation,
                                    Spill::Column::x,        Spill::Column::failed};

std::size_t value_size(Spill::Column c) {
    return c == Spill::Column::failed ? sizeof(std::uint8_t) : c == Spill::Column::evaluation ? sizeof(std::int64_t) : sizeof(double);
}

// The column of `t` that `c` names, as bytes.
std::pair<const void*, std::size_t> bytes_of(const Trace& t, Spill::Column c) {
    const auto of = [](const auto& v) { return std::pair<const void*, std::size_t>(v.data(), v.size() * sizeof(v[0])); };
    switch (c) {
        case Spill::Column::value: return of(t.value);
        case Spill::Column::true_value: return of(t.true_value);
        case Spill::Column::cost: return of(t.cost);
        case Spill::Column::test_value: return of(t.test_value);
        case Spill::Column::fidelity: return of(t.fidelity);
        case Spill::Column::evaluation: return of(t.evaluation_index);
        case Spill::Column::x: return of(t.x);
        case Spill::Column::failed: return of(t.failed);
    }
    return {nullptr, 0};
}

template <class T>
void free_memory(std::vector<T>& v) {
    std::vector<T>().swap(v);
}
}  // namespace

std::size_t Spill::Parked::length(Column c) const {
    switch (c) {
        case Column::fidelity: return fidelity ? rows : 0;
        case Column::evaluation: return evaluation ? rows : 0;
        case Column::x: return x;
        default: return rows;
    }
}

std::uint64_t Spill::Parked::offset(Column c) const {
    std::uint64_t offset = at;
    for (const Column before : layout) {
        if (before == c) break;
        offset += length(before) * value_size(before);
    }
    return offset;
}

std::uint64_t Spill::Parked::end() const { return offset(Column::failed) + rows; }

Spill::Spill(const std::string& results_path) {
    const std::filesystem::path folder = std::filesystem::path(resolved_output(results_path)).parent_path();
    const std::string dir = folder.empty() ? "." : folder.string();
    where_ = "the folder of '" + results_path + "'";
    // unnamed from the start where the file system allows it, else named for an instant
    fd_ = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd_ < 0) {
        std::string name = dir + "/.bobench-spill-XXXXXX";
        fd_ = ::mkostemp(name.data(), O_CLOEXEC);
        if (fd_ >= 0) ::unlink(name.c_str());
    }
    if (fd_ < 0)
        throw std::runtime_error("cannot make a file for the finished runs' data in " + where_ + ": " + std::strerror(errno));
}

Spill::~Spill() {
    if (fd_ >= 0) ::close(fd_);
}

void Spill::park(const RunKey& key, Trace& t) {
    Parked p;
    p.rows = t.rows();
    p.x = t.x.size();
    p.failures = t.failures();
    p.fidelity = !t.fidelity.empty();
    p.evaluation = !t.evaluation_index.empty();
    {
        const std::lock_guard<std::mutex> lock(index_);
        p.at = end_;
        end_ = p.end();
    }
    // the columns back to back, in one call where the system takes them whole
    std::vector<iovec> parts;
    for (const Column c : layout) {
        const auto [data, size] = bytes_of(t, c);
        if (size != p.length(c) * value_size(c))  // the offsets would then point into other columns
            throw std::logic_error("Spill::park: a trace whose columns differ in length");
        if (size > 0) parts.push_back({const_cast<void*>(data), size});
    }
    std::uint64_t at = p.at;
    for (std::size_t first = 0; first < parts.size();) {
        const int count = static_cast<int>(std::min<std::size_t>(parts.size() - first, IOV_MAX));
        const ssize_t put = ::pwritev(fd_, parts.data() + first, count, static_cast<off_t>(at));
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0)
            throw std::runtime_error("cannot keep a finished run's data in " + where_ + ": " +
                                     (put < 0 ? std::strerror(errno) : "nothing was written"));
        at += static_cast<std::uint64_t>(put);
        for (auto left = static_cast<std::size_t>(put); left > 0 && first < parts.size();) {  // past what was written
            const std::size_t taken = std::min(left, parts[first].iov_len);
            parts[first].iov_base = static_cast<char*>(parts[first].iov_base) + taken;
            parts[first].iov_len -= taken;
            left -= taken;
            if (parts[first].iov_len == 0) ++first;
        }
    }
    {
        const std::lock_guard<std::mutex> lock(index_);
        parked_[key] = p;
    }
    free_memory(t.value);
    free_memory(t.true_value);
    free_memory(t.cost);
    free_memory(t.test_value);
    free_memory(t.fidelity);
    free_memory(t.evaluation_index);
    free_memory(t.x);
    free_memory(t.failed);
}

std::optional<Spill::Parked> Spill::find(const RunKey& key) const {
    const std::lock_guard<std::mutex> lock(index_);
    const auto it = parked_.find(key);
    if (it == parked_.end()) return std::nullopt;
    return it->second;
}

void Spill::read(const Parked& p, Column c, std::size_t from, std::size_t n, void* out) const {
    if (from > p.length(c) || n > p.length(c) - from) throw std::logic_error("Spill::read: beyond a parked column");
    const std::size_t size = n * value_size(c);
    const std::uint64_t at = p.offset(c) + from * value_size(c);
    auto* bytes = static_cast<char*>(out);
    for (std::size_t done = 0; done < size;) {
        const ssize_t got = ::pread(fd_, bytes + done, size - done, static_cast<off_t>(at + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0)
            throw std::runtime_error("cannot read back a finished run's data in " + where_ + ": " +
                                     (got < 0 ? std::strerror(errno) : "the file is shorter than written"));
        done += static_cast<std::size_t>(got);
    }
}

Trace Spill::restore(const Trace& stub) const {
    const std::optional<Parked> p = find(stub.key);
    if (!p) throw std::logic_error("Spill::restore: the run is not parked");
    Trace t = stub;
    const auto fill = [&](auto& column, Column c) {
        column.resize(p->length(c));
        read(*p, c, 0, column.size(), column.data());
    };
    fill(t.value, Column::value);
    fill(t.true_value, Column::true_value);
    fill(t.cost, Column::cost);
    fill(t.test_value, Column::test_value);
    fill(t.fidelity, Column::fidelity);
    fill(t.evaluation_index, Column::evaluation);
    fill(t.x, Column::x);
    fill(t.failed, Column::failed);
    return t;
}

}  // namespace bobench::results
