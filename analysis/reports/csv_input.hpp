#pragma once
// Numbers a user brings in plain CSV files, for `bobench stats`.
//
// A sample file holds one number per line or comma-separated numbers (any mix); blank
// lines and lines starting with '#' are skipped. A matrix file holds one row per line,
// comma-separated, every row the same length; its first line may be a header of names
// (a line in which no field is a number). NaN is refused (a statistic of a failed value
// means nothing); +/-inf is accepted, rank tests only compare values.
// Every problem is a bobench::UserError naming the file, the line and the field.
#include <cstdint>
#include <string>
#include <vector>

#include "core/csv.hpp"

namespace bobench::analysis::reports {

// A sample or a table of results is kB (10,000 problems of two methods: 0.4 MB); a file of
// millions of lines given here is a mistake, refused before it is parsed into records many
// times its size, as a paper's table is.
inline constexpr std::uintmax_t max_stats_input_bytes = max_paper_table_bytes;

std::vector<double> read_sample_csv(const std::string& path);

struct CsvMatrix {
    std::vector<std::string> names;         // column names from the header; empty without one
    std::vector<std::vector<double>> rows;  // rows[r][c]
};

CsvMatrix read_matrix_csv(const std::string& path);

}  // namespace bobench::analysis::reports
