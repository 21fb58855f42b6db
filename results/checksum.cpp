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

template <class T>
std::uint32_t crc32_of_column(const ColumnParts<T>& column, int threads, ParallelCpu& cpu) {
    // tasks of about 4 MB: long parts cut, short ones (a short run's values) grouped
    constexpr std::size_t most = (std::size_t{4} << 20) / sizeof(T);
    struct Piece {
        std::size_t part, from, n;
    };
    std::vector<Piece> pieces;
    std::vector<std::size_t> task_starts{0};  // task t sums pieces [task_starts[t], task_starts[t + 1])
    std::size_t task_values = 0;
    for (std::size_t i = 0; i < column.lengths.size(); ++i)
        for (std::size_t done = 0; done < column.lengths[i]; done += most) {
            const Piece piece{i, done, std::min(most, column.lengths[i] - done)};
            if (task_values + piece.n > most && task_values > 0) {
                task_starts.push_back(pieces.size());
                task_values = 0;
            }
            pieces.push_back(piece);
            task_values += piece.n;
        }
    task_starts.push_back(pieces.size());
    const std::size_t tasks = task_starts.size() - 1;
    std::vector<std::uint32_t> sums(tasks, 0);
    std::vector<std::size_t> lengths(tasks, 0);
    parallel_for(static_cast<long>(tasks), threads, [&](long t) {
        const auto task = static_cast<std::size_t>(t);
        for (std::size_t i = task_starts[task]; i < task_starts[task + 1]; ++i) {
            const std::span<const T> values = column.slice(pieces[i].part, pieces[i].from, pieces[i].n);
            sums[task] = crc32(values.data(), values.size_bytes(), sums[task]);
            lengths[task] += values.size_bytes();
        }
    }, cpu);
    std::uint32_t sum = 0;
    for (std::size_t t = 0; t < tasks; ++t)
        sum = static_cast<std::uint32_t>(::crc32_combine(sum, sums[t], static_cast<z_off_t>(lengths[t])));
    return sum;
}
template std::uint32_t crc32_of_column(const ColumnParts<double>&, int, ParallelCpu&);
template std::uint32_t crc32_of_column(const ColumnParts<std::uint8_t>&, int, ParallelCpu&);
template std::uint32_t crc32_of_column(const ColumnParts<std::int32_t>&, int, ParallelCpu&);
template std::uint32_t crc32_of_column(const ColumnParts<std::int64_t>&, int, ParallelCpu&);
template std::uint32_t crc32_of_column(const ColumnParts<std::uint64_t>&, int, ParallelCpu&);

}  // namespace bobench::results
