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
    // pieces of at most 4 MB each, so that one large run does not leave the other threads idle
    constexpr std::size_t most = std::size_t{4} << 20;
    std::vector<FilePiece> parts;
    for (const FilePiece& p : pieces)
        for (std::size_t done = 0; done < p.size; done += most)
            parts.push_back({p.offset + done, static_cast<const char*>(p.data) + done, std::min(most, p.size - done)});
    char* const file = static_cast<char*>(map);
    parallel_for(static_cast<long>(parts.size()), threads, [&](long i) {
        const FilePiece& p = parts[static_cast<std::size_t>(i)];
        std::memcpy(file + p.offset, p.data, p.size);
    }, cpu);
    ::munmap(map, size);  // cannot fail for a mapping made above; the data is in the page cache
}

}  // namespace bobench::results
