#include "analysis/reports/table_report.hpp"

#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

TableFormat parse_table_format(std::string_view name) {
    if (name == "md" || name == "markdown") return TableFormat::markdown;
    if (name == "latex") return TableFormat::latex;
    if (name == "csv") return TableFormat::csv;
    throw UserError("--format '" + std::string(name) + "' is not supported; accepted: md, latex, csv");
}

TableStat parse_table_stat(std::string_view name) {
    if (name == "mean") return TableStat::mean;
    if (name == "median") return TableStat::median;
    throw UserError("--stat '" + std::string(name) + "' is not supported; accepted: mean, median");
}

namespace {

double center(const Summary& s, TableStat stat) { return stat == TableStat::mean ? s.mean : s.median; }

std::string cell_text(const FinalCell& c, const TableOptions& o, bool latex) {
    if (!c.ran) return "-";
    const auto f = [&](double v) { return format_significant(v, o.digits); };
    std::string text;
    if (c.summary.count == 0) {
        text = "n/a";
    } else if (o.stat == TableStat::mean) {
        text = f(c.summary.mean);
        if (c.summary.count >= 2) text += (latex ? " $\\pm$ " : " ± ") + f(c.summary.stddev);
    } else {
        text = f(c.summary.median) + " [" + f(c.summary.q1) + ", " + f(c.summary.q3) + "]";
    }
    if (c.failed) text += " (" + std::to_string(c.failed) + " failed)";
    return text;
}

}  // namespace

std::vector<std::vector<FinalCell>> final_cells(const ExperimentMetrics& d) {
    std::vector<std::vector<FinalCell>> cells(d.problems.size(), std::vector<FinalCell>(d.optimizers.size()));
    for (std::size_t p = 0; p < cells.size(); ++p)
        for (std::size_t k = 0; k < cells[p].size(); ++k) {
            const CellRuns& runs = d.cells[p][k];
            FinalCell& c = cells[p][k];
            c.ran = !runs.final_value.empty();
            c.runs = runs.final_value.size();
            c.failed = runs.failed_runs;
            if (c.ran) c.summary = summarize(runs.final_value);
        }
    return cells;
}

std::vector<std::vector<bool>> best_final_cells(const std::vector<std::vector<FinalCell>>& cells, TableStat stat) {
    std::vector<std::vector<bool>> best;
    for (const std::vector<FinalCell>& row : cells) {
        std::optional<double> lowest;
        for (const FinalCell& c : row)
            if (c.ran && c.summary.count && (!lowest || center(c.summary, stat) < *lowest))
                lowest = center(c.summary, stat);
        std::vector<bool>& marks = best.emplace_back(row.size(), false);
        for (std::size_t k = 0; k < row.size(); ++k)
            marks[k] = lowest && row[k].ran && row[k].summary.count && center(row[k].summary, stat) == *lowest;
    }
    return best;
}

std::string final_cell_text(const FinalCell& cell, const TableOptions& options) {
    return cell_text(cell, options, /*latex=*/false);
}

std::string render_final_table(const ExperimentMetrics& d, const TableOptions& o) {
    format_significant(0.0, o.digits);  // validates digits
    const std::size_t np = d.problems.size(), no = d.optimizers.size();
    const std::vector<std::vector<FinalCell>> cells = final_cells(d);
    const std::vector<std::vector<bool>> best = best_final_cells(cells, o.stat);
    const std::string stat_text = o.stat == TableStat::mean ? "mean ± std" : "median [q1, q3]";
    const auto problem_label = [&](std::size_t p) { return d.problems[p] + (d.has_regret(p) ? "" : " †"); };

    std::string out;
    if (o.format == TableFormat::csv) {
        out = o.stat == TableStat::mean ? "problem,optimizer,measure,runs,failed_runs,mean,std,best\n"
                                        : "problem,optimizer,measure,runs,failed_runs,median,q1,q3,best\n";
        const auto v = [](double x) { return std::isnan(x) ? std::string() : format_double17(x); };
        for (std::size_t p = 0; p < np; ++p) {
            for (std::size_t k = 0; k < no; ++k) {
                const FinalCell& c = cells[p][k];
                if (!c.ran) continue;
                out += csv_field(d.problems[p]) + "," + csv_field(d.optimizers[k]) + "," +
                       (d.has_regret(p) ? "regret" : "best") + "," + std::to_string(c.runs) + "," +
                       std::to_string(c.failed) + ",";
                if (o.stat == TableStat::mean)
                    out += v(c.summary.mean) + "," + v(c.summary.stddev) + ",";
                else
                    out += v(c.summary.median) + "," + v(c.summary.q1) + "," + v(c.summary.q3) + ",";
                out += best[p][k] ? "*\n" : "\n";
            }
        }
        return out;
    }

    bool any_unknown = false;
    for (std::size_t p = 0; p < np; ++p) any_unknown = any_unknown || !d.has_regret(p);
    if (o.format == TableFormat::markdown) {
        out = "Final regret, " + stat_text + " over replicates; best per row in bold.";
        if (any_unknown) out += " † no known f*: final best value.";
        out += "\n\n| problem |";
        for (const std::string& name : d.optimizers) out += " " + markdown_cell(name) + " |";
        out += "\n|---|";
        for (std::size_t k = 0; k < no; ++k) out += "--:|";
        out += "\n";
        for (std::size_t p = 0; p < np; ++p) {
            out += "| " + markdown_cell(problem_label(p)) + " |";
            for (std::size_t k = 0; k < no; ++k) {
                const std::string text = markdown_cell(cell_text(cells[p][k], o, false));
                out += best[p][k] ? " **" + text + "** |" : " " + text + " |";
            }
            out += "\n";
        }
        return out;
    }

    // LaTeX: a complete tabular (no package needed beyond LaTeX itself).
    out = "% Final regret, " + std::string(o.stat == TableStat::mean ? "mean $\\pm$ std" : "median [q1, q3]") +
          " over replicates; best per row in bold.";
    if (any_unknown) out += " $\\dagger$: no known f*, final best value.";
    out += "\n\\begin{tabular}{l" + std::string(no, 'r') + "}\n\\hline\nproblem";
    for (const std::string& name : d.optimizers) out += " & " + latex_escape(name);
    out += " \\\\\n\\hline\n";
    for (std::size_t p = 0; p < np; ++p) {
        out += latex_escape(d.problems[p]) + (d.has_regret(p) ? "" : "$^\\dagger$");
        for (std::size_t k = 0; k < no; ++k) {
            const std::string text = cell_text(cells[p][k], o, true);
            out += best[p][k] ? " & \\textbf{" + text + "}" : " & " + text;
        }
        out += " \\\\\n";
    }
    out += "\\hline\n\\end{tabular}\n";
    return out;
}

}  // namespace bobench::analysis::reports
