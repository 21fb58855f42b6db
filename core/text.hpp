#pragma once
// Small text helpers shared by messages, identifiers and reports.
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace bobench {

// Shortest decimal text that reads back as the same double ("0.1", "1e-05", "3").
std::string format_double(double v);
// All 17 significant digits, as COCO and scipy users compare values ("%.17g").
std::string format_double17(double v);

std::string trim(std::string_view s);
// Whether `list` holds `s`.
bool contains(const std::vector<std::string>& list, std::string_view s);
std::vector<std::string> split(std::string_view s, char sep);
bool parse_double(std::string_view s, double& out);  // whole string, no trailing junk
bool parse_long(std::string_view s, long& out);
// Whether `s` is written as a number but no double holds it (1e400, 1e-400): parse_double
// refuses it as it refuses text that is no number, and a message should say which.
bool beyond_double_range(std::string_view s);
// `text` without a leading UTF-8 byte-order mark: spreadsheets and Windows editors write one,
// and left in place it would be part of the first word, invisible in messages.
std::string_view without_utf8_bom(std::string_view text);
// Well-formed UTF-8 (no overlong forms, surrogates or code points above U+10FFFF):
// results files and their JSON tables hold only UTF-8 text.
bool is_utf8(std::string_view s);

// "1 replicate", "3 replicates": a count and its noun, plural with an 's' unless 1.
std::string count_noun(std::size_t n, std::string_view noun);

// Edit distance (optimal string alignment: insert, delete, substitute, swap two neighbours),
// for "did you mean ...?" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b);
// The candidate closest to `name`, or "" when none is reasonably close.
std::string closest(std::string_view name, const std::vector<std::string>& candidates);

template <class Range>
std::string join(const Range& items, std::string_view sep) {
    std::ostringstream s;
    bool first = true;
    for (const auto& item : items) {
        if (!first) s << sep;
        first = false;
        if constexpr (std::is_floating_point_v<std::decay_t<decltype(item)>>)
            s << format_double(item);
        else
            s << item;
    }
    return s.str();
}

}  // namespace bobench
