#include "reproductions/comparison.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "core/text.hpp"
#include "reproductions/report.hpp"

namespace bobench::reproductions {

using analysis::reports::TableFormat;
using analysis::reports::format_significant;
using analysis::reports::latex_escape;
using analysis::reports::markdown_cell;
using analysis::reports::markdown_text;
using analysis::reports::csv_field;

namespace {
std::string g(double v) { return std::isnan(v) ? "n/a" : format_significant(v, 3); }

std::string test_name(const CellAgreement& a) {
    if (a.test == AgreementTest::welch) return "Welch";
    if (a.test == AgreementTest::none) return "none, one run";
    return a.dominated ? "sampling, one run dominates" : "sampling";
}

// What our number of a cell is: the paper's number with an sd is a mean, so ours is one too.
TableStat cell_statistic(const Comparison& r, const CellComparison& c) {
    return c.theirs_sd ? TableStat::mean : r.statistic;
}

const char* stat_name(TableStat s) { return s == TableStat::mean ? "mean" : "median"; }

// The one statistic of every cell we ran; none when the definition's median meets cells
// where the paper gives an sd (those are means).
std::optional<TableStat> single_statistic(const Comparison& r) {
    bool mean = false, median = false;
    for (const CellComparison& c : r.cells)
        if (c.runs) (cell_statistic(r, c) == TableStat::mean ? mean : median) = true;
    if (mean && median) return std::nullopt;
    return median ? TableStat::median : TableStat::mean;
}

// The "ours" column's header text: the statistic used, each followed by `pm` sd.
std::string statistic_used(const Comparison& r, const std::string& pm) {
    const std::optional<TableStat> single = single_statistic(r);
    if (!single) return "median" + pm + "sd; mean" + pm + "sd where the paper gives an sd";
    return stat_name(*single) + pm + "sd";
}

std::string render_csv(const Comparison& r) {
    const std::optional<TableStat> single = single_statistic(r);
    const std::string column = single ? std::string("ours_") + stat_name(*single) : "ours_statistic";
    std::string out = "problem,method,runs," + column +
                      ",ours_sd,theirs,theirs_sd,theirs_runs,test,p,ratio,ratio_low,ratio_high,agrees,statistic\n";
    for (const CellComparison& c : r.cells) {
        auto num = [&](double v) { return c.runs && !std::isnan(v) ? format_double17(v) : std::string(); };
        const CellAgreement& a = c.agreement;
        const bool verdict = r.verdicts && c.runs && a.test != AgreementTest::none;
        out += csv_field(c.problem) + "," + csv_field(c.method) + "," + std::to_string(c.runs) + "," + num(c.ours) +
               "," + num(c.ours_sd) + "," + format_double17(c.theirs) + "," +
               (c.theirs_sd ? format_double17(*c.theirs_sd) : "") + "," +
               (c.runs ? std::to_string(c.theirs_runs) + "," + (r.verdicts ? csv_field(test_name(a)) : "") : ",") +
               "," + (verdict ? num(a.p) : "") + "," + num(a.ratio) + "," + num(a.ratio_low) + "," +
               num(a.ratio_high) + "," + (verdict ? (a.agrees ? "yes" : "no") : "") + "," +
               stat_name(cell_statistic(r, c)) + "\n";
    }
    return out;
}

// The header of the side-by-side table; without verdicts no test, p or agreement column.
std::string cells_header(const Comparison& r, bool tex) {
    if (tex)
        return std::string("\\begin{tabular}{") + (r.verdicts ? "llrllllrl" : "llrlll") +
               "}\n\\toprule\nproblem & method & runs & ours (" + statistic_used(r, " $\\pm$ ") + ") & theirs & ratio [95\\% interval]" +
               (r.verdicts ? " & test & p & agrees" : "") + " \\\\\n\\midrule\n";
    return "| problem | method | runs | ours (" + statistic_used(r, " ± ") + ") | theirs | ratio [95 % interval] |" +
           (r.verdicts ? " test | p | agrees |\n|---|---|---:|---|---|---|---|---:|---|\n" : "\n|---|---|---:|---|---|---|\n");
}

// The paper's methods without runs here, in one line ("" when every one ran).
std::string not_run_line(const Comparison& r) {
    if (r.not_run.empty()) return "";
    return "\nnot run: " + markdown_cell(join(named_not_run(r), ", ")) + " (the paper's methods with no runs here; their cells are left "
           "out of the tables).\n";
}

std::string perfect(double mean, double sd) { return fmt::format("{:.1f} ± {:.1f}", mean, sd); }

// First: the shares that agree, per method and overall, each beside a perfect reproduction's;
// then how the cells were tested.
std::string render_shares(const Comparison& r) {
    const std::string runs = r.reference_runs ? fmt::format("{} runs (the reference table's reference_runs)",
                                                            *r.reference_runs)
                                              : "as many runs as ours (the reference table does not state its number)";
    std::string out = "\n## Agreement\n\n| method | cells agreeing | a perfect reproduction |\n|---|---:|---:|\n";
    for (const AgreementShare& s : r.by_method)
        out += fmt::format("| {} | {} of {} | {} |\n", markdown_cell(s.method), s.agreeing, s.compared,
                           perfect(s.perfect_mean, s.perfect_sd));
    out += fmt::format(
        "\n{} of {} cells agree; a perfect reproduction {} (its calibration: {} simulated reproductions, both sides "
        "drawn from one truth and put through the same test).\n",
        r.overall.agreeing, r.overall.compared, perfect(r.overall.perfect_mean, r.overall.perfect_sd),
        r.calibration_rounds);
    out += not_run_line(r);
    if (r.untested)
        out += fmt::format("\n{} cells with a single run of ours are not tested and not counted: no test gives a "
                           "verdict on one run (Welch's t-test needs two a side; the bootstrap of one run has no "
                           "spread). At least 2 replicates are needed.\n",
                           r.untested);
    out += "\nThe paper's numbers stand for " + runs +
           ". A cell with the paper's mean ± sd is tested by Welch's two-sided t-test of our runs against it; a "
           "number without spread, or a mean one run dominates, against the sampling distribution of our " +
           stat_name(r.statistic) + " over the paper's number of runs (bootstrap). A cell agrees when p >= 0.05.\n";
    return out;
}

std::string render_orders(const Comparison& r) {
    std::string out = "\n## Method order\n\nKendall's tau-b between the paper's method order and ours, per problem "
                      "(beside it, a perfect reproduction's mean tau):\n\n";
    auto tau = [](double t) { return std::isnan(t) ? std::string("n/a") : fmt::format("{:.2f}", t); };
    for (const ProblemOrder& o : r.orders)
        out += fmt::format("- {}: {} ({}; a perfect reproduction {})\n", markdown_text(o.problem), tau(o.tau),
                           count_noun(o.methods, "method"),
                           tau(o.tau_perfect));
    out += fmt::format("\nMean tau over problems: {}; a perfect reproduction {}.\n", tau(r.tau_mean),
                       std::isnan(r.tau_perfect_mean) ? "n/a"
                                                      : fmt::format("{:.2f} ± {:.2f}", r.tau_perfect_mean,
                                                                    r.tau_perfect_sd));
    return out;
}

// Which way the disagreements lean: per method, then the problems where most methods
// disagree one way (at least two, more than half of those tested there).
std::string render_leans(const Comparison& r) {
    const DisagreementPattern pattern = disagreement_pattern(r);
    std::string out = "\n### Which way they lean\n\n| method | cells tested | ours below the paper's | ours above |\n"
                      "|---|---:|---:|---:|\n";
    for (const DisagreementLean& m : pattern.by_method)
        out += fmt::format("| {} | {} | {} | {} |\n", markdown_cell(m.name), m.compared, m.below, m.above);
    std::vector<std::string> shared;
    for (const DisagreementLean& p : pattern.by_problem)
        for (const auto& [count, way] : {std::pair{p.below, "below"}, std::pair{p.above, "above"}})
            if (count >= 2 && 2 * count > p.compared)
                shared.push_back(fmt::format("{} ({} of {} methods {})", markdown_text(p.name), count, p.compared, way));
    out += shared.empty() ? "\nNo problem has most of its methods disagreeing the same way.\n"
                          : "\nProblems where most methods disagree the same way (where those methods share no "
                            "model, this points at the problem as the paper ran it rather than at a method): " +
                                join(shared, ", ") + ".\n";
    return out;
}

// The disagreeing cells grouped by cause, each cause's text once (in the order the cells first
// name it), which way they lean, then the cells one run dominates.
std::string render_disagreements(const Comparison& r) {
    std::vector<std::string> dominated;
    for (const CellComparison& c : r.cells)
        if (c.runs && c.agreement.dominated)
            dominated.push_back(c.problem + " / " + c.method +
                                fmt::format(" (sd / mean {:.2f}, √n = {:.2f})", *c.theirs_sd / c.theirs,
                                            std::sqrt(static_cast<double>(c.theirs_runs))));
    const std::vector<CauseGroup> groups = group_by_cause(r);
    std::size_t disagreeing = 0;
    for (const CauseGroup& group : groups) disagreeing += group.cells.size();
    std::string out = "\n## Disagreements\n\n";
    if (disagreeing == 0) out += "None: every tested cell agrees.\n";
    else {
        out += count_noun(disagreeing, "cell") + " disagree" + (disagreeing == 1 ? "s" : "") +
               ", grouped by their cause (ours, the paper's or unknown: the causes table's first row that "
               "matches the cell; not examined: no row matches):\n\n";
        for (const CauseGroup& group : groups) {
            std::vector<std::string> cells;
            for (const std::size_t i : group.cells) {
                const CellComparison& c = r.cells[i];
                cells.push_back(markdown_cell(c.problem + " / " + c.method) + " (ours " + g(c.ours) + ", theirs " +
                                g(c.theirs) + ", ratio " + g(c.agreement.ratio) + ", p " +
                                format_significant(c.agreement.p, 2) + ")");
            }
            const std::string cause = group.evidence.empty() && group.kind == "not examined"
                                          ? "**not examined**"
                                          : "**" + group.kind + "**: " + markdown_cell(group.evidence);
            out += "- " + cause + " (" + count_noun(cells.size(), "cell") + ")\n  - " + join(cells, "\n  - ") + "\n";
        }
        out += render_leans(r);
    }
    if (!dominated.empty())
        out += "\nCells whose published mean one run dominates (sd / mean >= 0.9 √n: nearly the whole sum is one "
               "run's), judged by the sampling distribution of our mean:\n\n- " + join(dominated, "\n- ") + "\n";
    return out;
}
}  // namespace

// The side-by-side table of the cells we ran, Markdown or LaTeX (the methods not run are
// named in one line instead: not_run_line).
std::string render_cells_table(const Comparison& r, bool tex) {
    auto text = [&](const std::string& s) { return tex ? latex_escape(s) : markdown_cell(s); };
    const std::string pm = tex ? " $\\pm$ " : " ± ";
    std::string out = cells_header(r, tex);
    for (const CellComparison& c : r.cells) {
        if (!c.runs) continue;
        const CellAgreement& a = c.agreement;
        const std::string theirs = g(c.theirs) + (c.theirs_sd ? pm + g(*c.theirs_sd) : "");
        const std::string ours = g(c.ours) + pm + g(c.ours_sd);
        const std::string ratio = g(a.ratio) + " [" + g(a.ratio_low) + ", " + g(a.ratio_high) + "]";
        const bool tested = a.test != AgreementTest::none;
        const std::string p = tested ? format_significant(a.p, 2) : "";
        const std::string agrees = !tested ? "not tested" : a.agrees ? "yes" : tex ? "\\textbf{no}" : "**no**";
        std::vector<std::string> row{text(c.problem), text(c.method), std::to_string(c.runs), ours, theirs, ratio};
        if (r.verdicts) row.insert(row.end(), {test_name(a), p, agrees});
        out += tex ? join(row, " & ") + " \\\\\n" : "| " + join(row, " | ") + " |\n";
    }
    if (tex) out += "\\bottomrule\n\\end{tabular}\n";
    return out;
}

std::string render_comparison(const Comparison& r, TableFormat format) {
    if (format == TableFormat::csv) return render_csv(r);
    const std::string cells = "\n## All cells\n\n" + render_cells_table(r, format == TableFormat::latex);
    if (!r.verdicts)
        return cells +
               "\nNo verdicts: this is a smoke test, and its few runs per cell cannot tell agreement from chance, so "
               "the numbers stand side by side with no agreement test, shares or rank correlation.\n" +
               not_run_line(r);
    // one method a problem has no order to compare
    return render_shares(r) + render_disagreements(r) + (std::isnan(r.tau_mean) ? "" : render_orders(r)) + cells;
}

}  // namespace bobench::reproductions
