#pragma once
// A reproduction report (reproductions/report.hpp) laid out per format. Every renderer reads
// the same ReproductionReport and decides nothing: the verdicts, causes and shares are the
// model's.
//
//   markdown  the whole report: headline, protocol, deviations, agreement, disagreements by
//             cause, method order, all cells, ranking, claims, figure
//   latex     the same parts as a LaTeX fragment (booktabs tables) for a paper's appendix
//   csv       one row per cell (the not-run ones too), for a spreadsheet
//   json      everything as one object (keys in reproductions/README.md), for a notebook or CI
//   HTML      the lead section of the `--html` page (render_html_section), above what
//             `bobench report --html` draws of the same results
#include <string>

#include "reproductions/report.hpp"

namespace bobench::reproductions {

enum class ReportFormat { markdown, latex, csv, json };

// md, latex, csv or json; UserError naming the accepted ones otherwise.
ReportFormat parse_report_format(const std::string& name);
std::string report_extension(ReportFormat format);  // ".md", ".tex", ".csv", ".json"

std::string render_report(const ReproductionReport& r, ReportFormat format);
std::string render_html_section(const ReproductionReport& r);

}  // namespace bobench::reproductions
