#pragma once
// CRC-32 (ISO-HDLC, zlib's; as boost::crc_32_type): the journal's records and the results
// file's datasets and text attributes carry one, so that damage on disk is refused, never
// read as other numbers.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "core/cpu_time.hpp"

namespace bobench::results {

// The CRC-32 of `n` bytes at `data`, continuing `crc` (the CRC of the bytes before them; 0
// for none).
std::uint32_t crc32(const void* data, std::size_t n, std::uint32_t crc = 0);

// The CRC-32 of `parts` pieces of bytes laid end to end (a column's runs, front to back), the
// same value as crc32 of their concatenation: up to `threads` threads (0: OpenMP's default;
// their CPU time added to `cpu`) each take about 4 MB, and their CRCs are combined in order.
std::uint32_t crc32_of_parts(std::size_t parts, const std::function<std::span<const std::byte>(std::size_t)>& part,
                             int threads, ParallelCpu& cpu);

}  // namespace bobench::results
