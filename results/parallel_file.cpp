#include "results/parallel_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/mman.h>

namespace bobench::results {

void fill_file(int fd, std::uint64_t size, const std::vector<FilePiece>& pieces, int threads, const std::string& what,
               ParallelCpu& cpu) {
    auto fail = [&](int error) { return std::runtime_error("cannot write " + what + ": " + std::strerror(error)); };
    for (const FilePiece& p : pieces)
        if (p.offset > size || p.size > size - p.offset)
            throw std::logic_error("a piece of " + what + " lies beyond its size");
    if (size == 0) return;
    // the blocks are reserved now: the mapped pages below cannot then run out of space
    // (a store through the mapping that finds no space would end the process with SIGBUS)
    int error = 0;
    do error = ::posix_fallocate(fd, 0, static_cast<off_t>(size));
    while (error == EINTR);
    if (error != 0) throw fail(error);
    void* map = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) throw fail(errno);
    ::madvise(map, size, MADV_HUGEPAGE);  // advice only (large page-cache pages where the kernel has them)
    // tasks of about 4 MB each: large pieces cut, small ones (a short run's values) grouped
    constexpr std::size_t most = std::size_t{4} << 20;
    std::vector<FilePiece> parts;
    std::vector<std::size_t> task_starts{0};  // task t copies parts [task_starts[t], task_starts[t + 1])
    std::size_t task_bytes = 0;
    for (const FilePiece& p : pieces)
        for (std::size_t done = 0; done < p.size; done += most) {
            const FilePiece part{p.offset + done, static_cast<const char*>(p.data) + done, std::min(most, p.size - done)};
            if (task_bytes + part.size > most && task_bytes > 0) {
                task_starts.push_back(parts.size());
                task_bytes = 0;
            }
            parts.push_back(part);
            task_bytes += part.size;
        }
    task_starts.push_back(parts.size());
    char* const file = static_cast<char*>(map);
    parallel_for(static_cast<long>(task_starts.size() - 1), threads, [&](long t) {
        for (std::size_t i = task_starts[static_cast<std::size_t>(t)]; i < task_starts[static_cast<std::size_t>(t) + 1]; ++i)
            std::memcpy(file + parts[i].offset, parts[i].data, parts[i].size);
    }, cpu);
    ::munmap(map, size);  // cannot fail for a mapping made above; the data is in the page cache
}

}  // namespace bobench::results
