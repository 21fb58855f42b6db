#pragma once
// CRC-32 (ISO-HDLC, zlib's; as boost::crc_32_type): the journal's records and the results
// file's datasets and text attributes carry one, so that damage on disk is refused, never
// read as other numbers.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "core/column_parts.hpp"
#include "core/cpu_time.hpp"

namespace bobench::results {

// The CRC-32 of `n` bytes at `data`, continuing `crc` (the CRC of the bytes before them; 0
// for none).
std::uint32_t crc32(const void* data, std::size_t n, std::uint32_t crc = 0);

// The CRC-32 of a column's native bytes, its parts front to back (the same value as crc32 of
// their concatenation): up to `threads` threads (0: OpenMP's default; their CPU time added
// to `cpu`) each read and sum about 4 MB, and their CRCs are combined in order.
template <class T>
std::uint32_t crc32_of_column(const ColumnParts<T>& column, int threads, ParallelCpu& cpu);

}  // namespace bobench::results
