#include "analysis/reports/format.hpp"

#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

std::string format_significant(double value, int digits) {
    if (digits < 1 || digits > 17)
        throw UserError("--digits " + std::to_string(digits) + " is not valid; accepted: 1 to 17");
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
}

std::string shift_headings(std::string_view markdown, int levels) {
    std::string out;
    bool line_start = true;
    for (char c : markdown) {
        if (line_start && c == '#') out.append(static_cast<std::size_t>(levels), '#');
        out += c;
        line_start = c == '\n';
    }
    return out;
}

std::string markdown_text(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '<' || (text[i] == '(' && i > 0 && text[i - 1] == ']')) out += '\\';
        out += text[i];
    }
    return out;
}

std::string markdown_cell(std::string_view text) {
    std::string out;
    for (char c : markdown_text(text)) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out += c;
    }
    return out;
}

std::string latex_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '\\': out += "\\textbackslash{}"; break;
            case '{': out += "\\{"; break;
            case '}': out += "\\}"; break;
            case '$': out += "\\$"; break;
            case '&': out += "\\&"; break;
            case '#': out += "\\#"; break;
            case '_': out += "\\_"; break;
            case '%': out += "\\%"; break;
            case '^': out += "\\textasciicircum{}"; break;
            case '~': out += "\\textasciitilde{}"; break;
            default: out += c;
        }
    }
    return out;
}

bool natural_less(const std::string& a, const std::string& b) {
    double x = 0, y = 0;
    const bool na = parse_double(a, x), nb = parse_double(b, y);
    if (na && nb && x != y) return x < y;
    if (na != nb) return na;
    return a < b;
}

}  // namespace bobench::analysis::reports
