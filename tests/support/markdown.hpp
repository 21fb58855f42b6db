#pragma once
// Checks on the outline of a Markdown report.
#include <sstream>
#include <string>

namespace bobench::testing {

// "" when `markdown` has exactly one H1, first, and no heading deeper than one level below
// the heading before it; else what is wrong, naming the heading.
inline std::string heading_outline_error(const std::string& markdown) {
    std::istringstream in(markdown);
    int previous = 0, h1 = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] != '#') continue;
        const int level = static_cast<int>(line.find_first_not_of('#'));
        if (level == 1 && ++h1 > 1) return "a second H1: '" + line + "'";
        if (previous == 0 && level != 1) return "the first heading is not an H1: '" + line + "'";
        if (level > previous + 1) return "'" + line + "' skips a level after an H" + std::to_string(previous);
        previous = level;
    }
    return h1 == 1 ? "" : "no H1";
}

}  // namespace bobench::testing
