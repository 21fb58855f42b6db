#include "analysis/reports/csv_input.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace {

using Line = CsvRecord;

// Non-blank, non-comment lines split into fields.
std::vector<Line> read_lines(const std::string& path) {
    std::vector<Line> lines = read_csv_records(path, "data file", max_stats_input_bytes);
    if (lines.empty()) throw UserError("data file '" + path + "' holds no numbers (it is empty)");
    return lines;
}

bool is_number(const std::string& field) {
    double v = 0.0;
    return parse_double(field, v);
}

double to_number(const std::string& path, const Line& line, std::size_t column, const std::string& field) {
    const std::string where = "'" + path + "' line " + std::to_string(line.line) +
                              (line.fields.size() > 1 ? ", field " + std::to_string(column + 1) : std::string());
    double v = 0.0;
    if (field.empty()) throw UserError(where + ": empty field; expected a number");
    if (!parse_double(field, v)) throw UserError(where + ": '" + field + "' is not a number");
    if (std::isnan(v)) throw UserError(where + ": NaN is not accepted; remove the value or give a number");
    return v;
}

}  // namespace

std::vector<double> read_sample_csv(const std::string& path) {
    std::vector<double> values;
    for (const Line& line : read_lines(path)) {
        for (std::size_t c = 0; c < line.fields.size(); ++c) values.push_back(to_number(path, line, c, line.fields[c]));
    }
    return values;
}

CsvMatrix read_matrix_csv(const std::string& path) {
    std::vector<Line> lines = read_lines(path);
    CsvMatrix m;
    std::size_t first = 0;
    const Line& head = lines.front();
    if (std::none_of(head.fields.begin(), head.fields.end(), is_number)) {
        refuse_repeated_columns(head, "data file", path);
        m.names = head.fields;
        first = 1;
        if (lines.size() == 1) throw UserError("data file '" + path + "' has a header but no rows of numbers");
    }
    const std::size_t width = lines[first].fields.size();
    if (!m.names.empty() && m.names.size() != width) {
        throw UserError("'" + path + "' line " + std::to_string(head.line) + ": the header names " +
                        std::to_string(m.names.size()) + " columns but line " + std::to_string(lines[first].line) +
                        " has " + std::to_string(width) + " values");
    }
    for (std::size_t i = first; i < lines.size(); ++i) {
        const Line& line = lines[i];
        if (line.fields.size() != width) {
            throw UserError("'" + path + "' line " + std::to_string(line.line) + ": " +
                            std::to_string(line.fields.size()) + " values, but line " +
                            std::to_string(lines[first].line) + " has " + std::to_string(width) +
                            "; every row needs one value per column");
        }
        std::vector<double> row;
        row.reserve(width);
        for (std::size_t c = 0; c < width; ++c) row.push_back(to_number(path, line, c, line.fields[c]));
        m.rows.push_back(std::move(row));
    }
    return m;
}

}  // namespace bobench::analysis::reports
