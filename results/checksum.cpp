#include "results/checksum.hpp"

#include <algorithm>
#include <vector>

#include <zlib.h>

namespace bobench::results {

std::uint32_t crc32(const void* data, std::size_t n, std::uint32_t crc) {
    const auto* bytes = static_cast<const Bytef*>(data);
    uLong sum = crc;
    while (n > 0) {  // zlib takes at most a uInt per call
        const uInt chunk = static_cast<uInt>(std::min<std::size_t>(n, 1u << 30));
        sum = ::crc32(sum, bytes, chunk);
        bytes += chunk;
        n -= chunk;
    }
    return static_cast<std::uint32_t>(sum);
}

std::uint32_t crc32_of_parts(std::size_t parts, const std::function<std::span<const std::byte>(std::size_t)>& part,
                             int threads, ParallelCpu& cpu) {
    // tasks of about 4 MB: large parts cut, small ones (a short run's values) grouped
    constexpr std::size_t most = std::size_t{4} << 20;
    std::vector<std::span<const std::byte>> pieces;
    std::vector<std::size_t> task_starts{0};  // task t sums pieces [task_starts[t], task_starts[t + 1])
    std::size_t task_bytes = 0;
    for (std::size_t i = 0; i < parts; ++i) {
        const std::span<const std::byte> bytes = part(i);
        for (std::size_t done = 0; done < bytes.size(); done += most) {
            const std::span<const std::byte> piece = bytes.subspan(done, std::min(most, bytes.size() - done));
            if (task_bytes + piece.size() > most && task_bytes > 0) {
                task_starts.push_back(pieces.size());
                task_bytes = 0;
            }
            pieces.push_back(piece);
            task_bytes += piece.size();
        }
    }
    task_starts.push_back(pieces.size());
    const std::size_t tasks = task_starts.size() - 1;
    std::vector<std::uint32_t> sums(tasks, 0);
    std::vector<std::size_t> lengths(tasks, 0);
    parallel_for(static_cast<long>(tasks), threads, [&](long t) {
        const auto task = static_cast<std::size_t>(t);
        for (std::size_t i = task_starts[task]; i < task_starts[task + 1]; ++i) {
            sums[task] = crc32(pieces[i].data(), pieces[i].size(), sums[task]);
            lengths[task] += pieces[i].size();
        }
    }, cpu);
    std::uint32_t sum = 0;
    for (std::size_t t = 0; t < tasks; ++t)
        sum = static_cast<std::uint32_t>(::crc32_combine(sum, sums[t], static_cast<z_off_t>(lengths[t])));
    return sum;
}

}  // namespace bobench::results
