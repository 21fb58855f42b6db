#include "core/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace bobench {

std::string format_double(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

std::string format_double17(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

bool contains(const std::vector<std::string>& list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

std::string trim(std::string_view s) {
    const char* ws = " \t\r\n";
    const auto b = s.find_first_not_of(ws);
    if (b == std::string_view::npos) return {};
    const auto e = s.find_last_not_of(ws);
    return std::string(s.substr(b, e - b + 1));
}

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const auto pos = s.find(sep, start);
        out.push_back(trim(s.substr(start, pos == std::string_view::npos ? s.npos : pos - start)));
        if (pos == std::string_view::npos) break;
        start = pos + 1;
    }
    return out;
}

// The whole (trimmed) text as a number; std::from_chars rejects a leading '+', we accept it.
// std::errc::result_out_of_range: a number no T holds; invalid_argument: no number.
template <class T>
static std::errc parse_number(std::string_view s, T& out) {
    const std::string t = trim(s);
    std::string_view v = t;
    if (!v.empty() && v.front() == '+') v.remove_prefix(1);
    if (v.empty()) return std::errc::invalid_argument;
    auto res = std::from_chars(v.data(), v.data() + v.size(), out);
    return res.ptr == v.data() + v.size() ? res.ec : std::errc::invalid_argument;
}

bool parse_double(std::string_view s, double& out) { return parse_number(s, out) == std::errc(); }
bool parse_long(std::string_view s, long& out) { return parse_number(s, out) == std::errc(); }

bool beyond_double_range(std::string_view s) {
    double unused = 0;
    return parse_number(s, unused) == std::errc::result_out_of_range;
}

std::string_view without_utf8_bom(std::string_view text) {
    constexpr std::string_view bom = "\xEF\xBB\xBF";
    return text.substr(text.substr(0, bom.size()) == bom ? bom.size() : 0);
}

bool is_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;  // continuation bytes
        unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte (RFC 3629, table 3-7)
        if (c < 0x80) n = 0;
        else if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if (c == 0xE0) n = 2, lo = 0xA0;
        else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) n = 2;
        else if (c == 0xED) n = 2, hi = 0x9F;
        else if (c == 0xF0) n = 3, lo = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) n = 3;
        else if (c == 0xF4) n = 3, hi = 0x8F;
        else return false;
        if (s.size() - i <= n) return false;  // cut short
        for (std::size_t k = 1; k <= n; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return false;
        }
        i += n + 1;
    }
    return true;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // optimal string alignment: a swap of two neighbours ("rnu" for "run") is one edit, not two
    std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                row[j] = std::min(row[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, row);
    }
    return prev[b.size()];
}

std::string count_noun(std::size_t n, std::string_view noun) {
    return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string closest(std::string_view name, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_d = std::string::npos;
    for (const auto& c : candidates) {
        const std::size_t d = edit_distance(name, c);
        if (d < best_d) best_d = d, best = c;
    }
    // a suggestion is useful only when most of the name survives
    const std::size_t limit = std::max<std::size_t>(2, std::max(name.size(), best.size()) / 2);
    return best_d <= limit ? best : std::string();
}

}  // namespace bobench
