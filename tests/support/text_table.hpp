#pragma once
// Test support: read the plain-text tables bobench prints (`reproduce list`): cells are
// separated by two or more spaces.
#include <algorithm>
#include <string>
#include <vector>

namespace bobench::testing {

// The cells of the line of `text` whose first cell is `first`; empty when there is none.
inline std::vector<std::string> table_row(const std::string& text, const std::string& first) {
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(at, end - at);
        at = end + 1;
        std::vector<std::string> cells;
        for (std::size_t i = 0; i < line.size();) {
            std::size_t gap = line.find("  ", i);
            if (gap == std::string::npos) gap = line.size();
            cells.push_back(line.substr(i, gap - i));
            i = line.find_first_not_of(' ', gap);
            if (i == std::string::npos) break;
        }
        if (!cells.empty() && cells.front() == first) return cells;
    }
    return {};
}

// The widest line of `text` in display columns (a UTF-8 character is one column).
inline std::size_t widest_line(const std::string& text) {
    std::size_t widest = 0, width = 0;
    for (const char c : text) {
        if (c == '\n') width = 0;
        else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) widest = std::max(widest, ++width);
    }
    return widest;
}

}  // namespace bobench::testing
