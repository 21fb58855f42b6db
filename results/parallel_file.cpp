#include "results/parallel_file.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

namespace bobench::results {

// Copies `part` into the mapped bytes at `to`; the errno of a failed read of its source, or 0.
static int copy_piece(const FilePiece& part, char* to) {
    if (part.data) {
        std::memcpy(to, part.data, part.size);
        return 0;
    }
    for (std::size_t done = 0; done < part.size;) {
        const ssize_t got = ::pread(part.source, to + done, part.size - done,
                                    static_cast<off_t>(part.source_offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return got < 0 ? errno : EIO;  // the source ends before its piece does
        done += static_cast<std::size_t>(got);
    }
    return 0;
}

void fill_file(int fd, std::uint64_t size, const std::vector<FilePiece>& pieces, int threads, const std::string& what,
               ParallelCpu& cpu) {
    auto fail = [&](int error) { return std::runtime_error("cannot write " + what + ": " + std::strerror(error)); };
    for (const FilePiece& p : pieces)
        if (p.offset > size || p.size > size - p.offset || (!p.data && p.size > 0 && p.source < 0))
            throw std::logic_error("a piece of " + what + " lies beyond its size or has no bytes");
    if (size == 0) return;
    // the blocks are reserved now: the mapped pages below cannot then run out of space
    // (a store through the mapping that finds no space would end the process with SIGBUS)
    int error = 0;
    do error = ::posix_fallocate(fd, 0, static_cast<off_t>(size));
    while (error == EINTR);
    if (error != 0) throw fail(error);
    // parts of at most 4 MB in file order; tasks of about 4 MB each (large pieces cut, small
    // ones, a short run's values, grouped); windows of about 64 MB of tasks
    constexpr std::size_t most = std::size_t{4} << 20, window_bytes = std::size_t{64} << 20;
    std::vector<FilePiece> parts;
    for (const FilePiece& p : pieces)
        for (std::size_t done = 0; done < p.size; done += most) {
            FilePiece part = p;
            part.offset += done;
            part.size = std::min(most, p.size - done);
            if (p.data) part.data = static_cast<const char*>(p.data) + done;
            else part.source_offset += done;
            parts.push_back(part);
        }
    std::sort(parts.begin(), parts.end(), [](const FilePiece& a, const FilePiece& b) { return a.offset < b.offset; });
    const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    for (std::size_t first = 0; first < parts.size();) {
        std::vector<std::size_t> task_starts{first};  // task t copies parts [task_starts[t], task_starts[t + 1])
        std::size_t task_bytes = 0, bytes = 0, last = first;
        for (; last < parts.size() && (bytes < window_bytes || last == first); ++last) {
            if (task_bytes + parts[last].size > most && task_bytes > 0) {
                task_starts.push_back(last);
                task_bytes = 0;
            }
            task_bytes += parts[last].size;
            bytes += parts[last].size;
        }
        task_starts.push_back(last);
        const std::uint64_t from = parts[first].offset / page * page,
                            to = parts[last - 1].offset + parts[last - 1].size;
        void* map = ::mmap(nullptr, to - from, PROT_READ | PROT_WRITE, MAP_SHARED, fd, static_cast<off_t>(from));
        if (map == MAP_FAILED) throw fail(errno);
        ::madvise(map, to - from, MADV_HUGEPAGE);  // advice only (large page-cache pages where the kernel has them)
        char* const window = static_cast<char*>(map) - from;  // window + offset: that byte of the file
        std::atomic<int> read_error{0};
        parallel_for(static_cast<long>(task_starts.size() - 1), threads, [&](long t) {
            for (std::size_t i = task_starts[static_cast<std::size_t>(t)]; i < task_starts[static_cast<std::size_t>(t) + 1]; ++i)
                if (const int e = copy_piece(parts[i], window + parts[i].offset)) read_error = e;
        }, cpu);
        ::munmap(map, to - from);  // cannot fail for a mapping made above; the data is in the page cache
        if (read_error) throw std::runtime_error("cannot write " + what + ": cannot read its data: " + std::strerror(read_error));
        first = last;
    }
}

}  // namespace bobench::results
