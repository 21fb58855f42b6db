#pragma once
// A new file written by several threads at once: its whole size is reserved first
// (posix_fallocate, so a full disk or a file-size limit is reported there, by name, before
// anything is copied), then the file is mapped and the threads copy its pieces into
// place. Mapped pages are filled in parallel, where write() calls on one file would wait
// for each other (the kernel's copy of a write holds the file's lock).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cpu_time.hpp"

namespace bobench::results {

// `size` bytes from `data` go to `offset` of the file.
struct FilePiece {
    std::uint64_t offset = 0;
    const void* data = nullptr;
    std::size_t size = 0;
};

// Makes the empty file open read-write as `fd` `size` bytes long and copies `pieces`
// (disjoint, within the size) into it on up to `threads` threads (0: OpenMP's default;
// their CPU time added to `cpu`). Bytes no piece covers read as zeros; the bytes never
// depend on the thread count. Does not sync. std::runtime_error "cannot write <what>:
// <the system's reason>".
void fill_file(int fd, std::uint64_t size, const std::vector<FilePiece>& pieces, int threads, const std::string& what,
               ParallelCpu& cpu);

}  // namespace bobench::results
