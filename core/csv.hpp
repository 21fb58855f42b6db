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
// (a trailing '\r' and a leading UTF-8 byte-order mark are dropped). UserError naming the
// file when it cannot be read.
// Larger than any table we read (the reference and data files are kB, a tabular benchmark
// CSV some MB): the bound keeps a wrong path from filling memory.
inline constexpr std::uintmax_t max_csv_bytes = 1u << 30;
// A paper's table (reference numbers, causes, claims, costs) is a few kB (the largest kept
// one 16 kB); a file of millions of rows given there is a mistake, refused before it is
// parsed into a structure many times its size.
inline constexpr std::uintmax_t max_paper_table_bytes = 4u << 20;
std::vector<CsvRecord> read_csv_records(const std::string& path, const std::string& what = "file",
                                        std::uintmax_t max_bytes = max_csv_bytes);

// UserError "<what> '<path>' line N: column 'X' appears twice (fields I and J)": a header that
// names a column twice would leave one of them unread.
void refuse_repeated_columns(const CsvRecord& header, const std::string& what, const std::string& path);

// "<what> '<path>' line N": how messages name a row of a table with a header, once the row
// is checked to have as many fields as the header (UserError "<that>: K fields; the header
// has H") and no control character but tabs and line breaks (UserError naming the field).
std::string checked_row_name(const CsvRecord& row, std::size_t header_fields, const std::string& what,
                             const std::string& path);

}  // namespace bobench
