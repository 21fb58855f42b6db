#pragma once
// The one CSV reader and writer of bobench (RFC 4180 quoting: commas separate, double
// quotes protect commas and newlines-free text, "" is a quote). Every file bobench reads
// (tables, reference numbers, `stats` input) and writes (export, tables) goes through it,
// so quoting is handled the same everywhere.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bobench {

// Fields of one line; unquoted fields are trimmed, quoted ones kept as they are.
// UserError "<where>: unterminated double quote".
std::vector<std::string> split_csv_line(std::string_view line, const std::string& where);

// A field as written: quoted when it holds a comma, a quote or a line break.
std::string csv_field(std::string_view text);

struct CsvRecord {
    std::size_t line;                 // 1-based line number in the file
    std::vector<std::string> fields;
};

// Every line of a file that is neither blank nor a comment ('#' first), split into fields
// (a trailing '\r' is dropped). UserError naming the file when it cannot be read.
// Larger than any table we read (the reference and data files are kB, a tabular benchmark
// CSV some MB): the bound keeps a wrong path from filling memory.
inline constexpr std::uintmax_t max_csv_bytes = 1u << 30;
std::vector<CsvRecord> read_csv_records(const std::string& path, const std::string& what = "file");

}  // namespace bobench
