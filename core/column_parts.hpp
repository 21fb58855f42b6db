#pragma once
// A column made of parts laid end to end (a results column: one part per run), read a
// slice at a time, so that its values need not all be in memory at once: a writer asks for
// values [from, from + n) of part i where and when it needs them. The parts may live in
// memory (a slice is then a view of them) or in a file (a slice is then read into a buffer
// of the thread that asks, valid until that thread asks again).
#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace bobench {

template <class T>
struct ColumnParts {
    std::vector<std::size_t> lengths;  // values in each part
    std::function<std::span<const T>(std::size_t part, std::size_t from, std::size_t n)> slice;
};

}  // namespace bobench
