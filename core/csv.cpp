#include "core/csv.hpp"

#include <sstream>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench {

std::vector<std::string> split_csv_line(std::string_view line, const std::string& where) {
    std::vector<std::string> fields;
    std::string cur;
    bool quoted = false, was_quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else {
                quoted = !quoted;
                was_quoted = true;
            }
        } else if (c == ',' && !quoted) {
            fields.push_back(was_quoted ? cur : trim(cur));
            cur.clear();
            was_quoted = false;
        } else {
            cur += c;
        }
    }
    if (quoted) throw UserError(where + ": unterminated double quote");
    fields.push_back(was_quoted ? cur : trim(cur));
    return fields;
}

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += "\"\"";
        else out += c;
    }
    return out + "\"";
}

std::vector<CsvRecord> read_csv_records(const std::string& path, const std::string& what, std::uintmax_t max_bytes) {
    std::istringstream in(std::string(without_utf8_bom(read_text_file(path, what, max_bytes))));
    std::vector<CsvRecord> records;
    std::string text;
    for (std::size_t n = 1; std::getline(in, text); ++n) {
        if (!text.empty() && text.back() == '\r') text.pop_back();
        const std::string t = trim(text);
        if (t.empty() || t.front() == '#') continue;
        records.push_back({n, split_csv_line(text, path + ":" + std::to_string(n))});
    }
    return records;
}

void refuse_repeated_columns(const CsvRecord& header, const std::string& what, const std::string& path) {
    const std::vector<std::string>& names = header.fields;
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (!names[i].empty() && names[i] == names[j])
                throw UserError(what + " '" + path + "' line " + std::to_string(header.line) + ": column '" + names[i] +
                                "' appears twice (fields " + std::to_string(j + 1) + " and " + std::to_string(i + 1) + ")");
}

std::string checked_row_name(const CsvRecord& row, std::size_t header_fields, const std::string& what,
                             const std::string& path) {
    const std::string where = what + " '" + path + "' line " + std::to_string(row.line);
    if (row.fields.size() != header_fields)
        throw UserError(where + ": " + std::to_string(row.fields.size()) + " fields; the header has " +
                        std::to_string(header_fields));
    // a NUL or another control character would reach reports and exports raw (a line break
    // or tab inside a quoted field is text)
    for (std::size_t f = 0; f < row.fields.size(); ++f)
        for (const char c : row.fields[f])
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == '\x7f')
                throw UserError(fmt::format("{}: field {} holds the control character 0x{:02x}; tables hold printable text",
                                            where, f + 1, static_cast<unsigned char>(c)));
    return where;
}

}  // namespace bobench
