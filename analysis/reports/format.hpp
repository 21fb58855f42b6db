#pragma once
// Text pieces shared by the reports: numbers as the papers print them, and escaping for
// Markdown, LaTeX and CSV cells.
#include <string>
#include <string_view>

#include "core/csv.hpp"

namespace bobench::analysis::reports {

// `digits` significant digits, printf %g style as the thesis tables print them: plain
// for moderate magnitudes, scientific for small or large ones ("0.00286", "153",
// "3.89e+03", "1.2e-07"). NaN -> "NaN", infinities -> "inf" / "-inf". digits in [1, 17].
std::string format_significant(double value, int digits = 3);

// A Markdown table cell: '|' escaped, newlines turned into spaces, and as markdown_text.
std::string markdown_cell(std::string_view text);
// Markdown running text from a spec or a CSV (a source, a deviation, a label): no HTML ('<'
// escaped: <script>, <img onerror>) and no links (the '(' of "](" escaped: [x](javascript:...)).
std::string markdown_text(std::string_view text);
// Markdown with every ATX heading `levels` deeper ("# A" -> "## A" for 1), so that a whole
// report can sit under another's title without a second H1.
std::string shift_headings(std::string_view markdown, int levels);
// LaTeX text: the ten special characters escaped (\ { } $ & # ^ _ % ~).
std::string latex_escape(std::string_view text);
// Metadata values in natural order: numerically when both are numbers ("2" < "10"),
// numbers before text, else as text.
bool natural_less(const std::string& a, const std::string& b);
using bobench::csv_field;  // core/csv.hpp: the one CSV writer

}  // namespace bobench::analysis::reports
