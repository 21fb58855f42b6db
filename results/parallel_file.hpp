#pragma once
// A new file written by several threads at once: its whole size is reserved first
// (posix_fallocate, so a full disk or a file-size limit is reported there, by name, before
// anything is copied), then the threads copy its pieces into place through a mapping of
// the file. Mapped pages are filled in parallel, where write() calls on one file would wait
// for each other (the kernel's copy of a write holds the file's lock). The file is mapped
// a window of about 64 MB at a time, so that the pages the copy touches never add up to
// more than that in the process's memory, however large the file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cpu_time.hpp"

namespace bobench::results {

// `size` bytes go to `offset` of the file: from `data` in memory or, where `data` is null,
// from the open file `source` at `source_offset`.
struct FilePiece {
    std::uint64_t offset = 0;
    const void* data = nullptr;
    std::size_t size = 0;
    int source = -1;
    std::uint64_t source_offset = 0;
};

// Makes the empty file open read-write as `fd` `size` bytes long and copies `pieces`
// (disjoint, within the size) into it on up to `threads` threads (0: OpenMP's default;
// their CPU time added to `cpu`). Bytes no piece covers read as zeros; the bytes never
// depend on the thread count. Does not sync. std::runtime_error "cannot write <what>:
// <the system's reason>" (also when a source file cannot be read: "cannot read ...").
void fill_file(int fd, std::uint64_t size, const std::vector<FilePiece>& pieces, int threads, const std::string& what,
               ParallelCpu& cpu);

}  // namespace bobench::results
