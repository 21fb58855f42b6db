// The report as Markdown, LaTeX or CSV (reproductions/render.hpp).
#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/reports/score_histograms.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "reproductions/render.hpp"

namespace bobench::reproductions {

namespace {
using analysis::reports::latex_escape;
using analysis::reports::markdown_cell;
using analysis::reports::markdown_text;
using analysis::reports::TableFormat;

// A --quick report is titled a smoke test, so that no reader takes it for the reproduction.
std::string title(const ReproductionReport& r) {
    const std::string name = markdown_text(r.name), source = markdown_text(r.source);
    if (!r.quick)
        return fmt::format("# Reproduction: {}\n\nSource: {}.\n\n**{}**\n", name, source, markdown_text(r.headline.sentence));
    return fmt::format("# Reproduction: {}, smoke test (--quick), not a reproduction\n\nSource: {}.\n\nA smoke test "
                       "checks that the whole way runs end to end; its few, short runs cannot support a verdict, so "
                       "this report gives none.\n",
                       name, source);
}

std::string fixture_warning(const ReproductionReport& r) {
    if (r.fixture_tables.empty()) return "";
    return "\n**SYNTHETIC FIXTURE: these results are not the benchmark's.** No --data-dir was given, so the "
           "tabular problems read synthetic tables in the benchmark's layout (`" + r.fixture_tables +
           "`; formula in hpobench_tables/README.md)" +
           (r.quick ? "; the --quick FCNet fixture holds 1,000 of 62,208 configurations and the others "
                      "evaluate as failed" : "") + ". Run with --data-dir DIR on the real tables.\n";
}

// The ranking's Markdown under the report's H1: its own H1 becomes the H2 `title`, its
// sections one level deeper, so the report keeps one H1 and skips no level.
std::string ranking_markdown(const ReproductionReport& r) {
    if (!r.ranking) return "";
    const std::string md = analysis::reports::shift_headings(analysis::reports::render_rank_markdown(*r.ranking), 1);
    return "\n## " + r.ranking_title + md.substr(md.find('\n'));
}

std::string breakdown_markdown(const Breakdown& b) {
    auto* names = b.key == "group" ? &analysis::reports::coco_group_name : nullptr;
    std::string out = "\n## Borda and first places by " + b.title + "\n" +
                      analysis::reports::render_score_breakdown(b.by, b.title, names);
    if (b.not_drawn.empty()) return out + "\nHistograms: `" + join(b.histograms, "`, `") + "`\n";
    return out + "\nHistograms not drawn: " + b.not_drawn + "\n";
}

std::string claims_markdown(const ReproductionReport& r) {
    if (r.claims.empty()) return "";
    const bool judge = !r.quick;
    std::string out = "\n## The paper's claims" + std::string(judge ? ", checked on our runs" : " and our figures") +
                      "\n\n| claim | place | the paper says |" + (judge ? " verdict |" : "") +
                      " our figure |\n|---|---|---|" + (judge ? "---|" : "") + "---|\n";
    for (const ClaimResult& c : r.claims) {
        const ClaimStatus s = c.verdict.status;
        const std::string verdict = s == ClaimStatus::holds ? "holds" : s == ClaimStatus::fails ? "**fails**" : "not run";
        out += "| " + markdown_cell(c.claim.id) + " | " + markdown_cell(c.claim.place) + " | " +
               markdown_cell(c.claim.quote) + " | " + (judge ? verdict + " | " : "") + markdown_cell(c.verdict.figure) +
               " |\n";
    }
    if (!judge)
        return out + "\nNo verdicts on the claims: a smoke test's few runs cannot support one; the figures only "
                     "show that every check runs.\n";
    return out + fmt::format("\n{} hold, {} fail, {} not run (a claim naming a method or problem without runs here).\n",
                             r.tally.holds, r.tally.fails, r.tally.not_run);
}

std::string figure_markdown(const ReproductionReport& r) {
    if (!r.figure) return "";
    const RedrawnFigure& f = *r.figure;
    std::string out;
    if (!f.not_drawn.empty()) {
        out = "\n## Figure: not drawn (" + f.not_drawn + ")\n";
    } else {
        out = "\n## Figure: " + f.title + ", redrawn from our traces\n\n";
        for (const auto& [problem, png] : f.panels) out += "- " + markdown_text(problem) + ": `" + png + "` (and `.svg`)\n";
    }
    if (r.figure_only)
        out += "\nThe paper publishes this figure only (no numbers): compare the shapes by eye; there are no cells to "
               "test.\n";
    return out;
}

std::string markdown(const ReproductionReport& r) {
    std::string out = title(r) + "\n" + r.protocol + "\n" + fixture_warning(r);
    if (!r.deviations.empty()) {
        out += "\nDeviations from the paper's protocol:\n\n";
        for (const std::string& d : r.deviations) out += "- " + markdown_text(d) + "\n";
    }
    if (r.comparison) out += render_comparison(*r.comparison, TableFormat::markdown);
    out += ranking_markdown(r);
    for (const Breakdown& b : r.breakdowns) out += breakdown_markdown(b);
    return out + claims_markdown(r) + figure_markdown(r);
}

std::string latex_shares(const Comparison& c) {
    if (!c.verdicts) return "";
    std::string out = "\n\\begin{tabular}{lrr}\n\\toprule\nmethod & cells agreeing & a perfect reproduction \\\\\n\\midrule\n";
    for (const AgreementShare& s : c.by_method)
        out += fmt::format("{} & {} of {} & {:.1f} $\\pm$ {:.1f} \\\\\n", latex_escape(s.method), s.agreeing, s.compared,
                           s.perfect_mean, s.perfect_sd);
    return out + fmt::format("\\midrule\nall & {} of {} & {:.1f} $\\pm$ {:.1f} \\\\\n\\bottomrule\n\\end{{tabular}}\n",
                             c.overall.agreeing, c.overall.compared, c.overall.perfect_mean, c.overall.perfect_sd);
}

// LaTeX: the headline, the deviations, the per-method agreement and every cell, the claims.
std::string latex(const ReproductionReport& r) {
    std::string out = "\\section*{Reproduction: " + latex_escape(r.name) + "}\n\nSource: " + latex_escape(r.source) +
                      ".\n\n\\textbf{" + latex_escape(r.headline.sentence) + "}\n\n" + latex_escape(r.protocol) +
                      "\n\nDeviations from the paper's protocol:\n\\begin{itemize}\n";
    for (const std::string& d : r.deviations) out += "\\item " + latex_escape(d) + "\n";
    out += "\\end{itemize}\n";
    if (r.comparison) out += latex_shares(*r.comparison) + "\n" + render_cells_table(*r.comparison, /*tex=*/true);
    if (r.claims.empty()) return out;
    out += "\n\\subsection*{The paper's claims}\n\\begin{tabular}{llp{0.35\\linewidth}lp{0.25\\linewidth}}\n\\toprule\n"
           "claim & place & the paper says & verdict & our figure \\\\\n\\midrule\n";
    for (const ClaimResult& c : r.claims) {
        const ClaimStatus s = c.verdict.status;
        const std::string verdict = r.quick ? "(smoke test)" : s == ClaimStatus::holds ? "holds"
                                                             : s == ClaimStatus::fails ? "\\textbf{fails}"
                                                                                       : "not run";
        out += latex_escape(c.claim.id) + " & " + latex_escape(c.claim.place) + " & " + latex_escape(c.claim.quote) +
               " & " + verdict + " & " + latex_escape(c.verdict.figure) + " \\\\\n";
    }
    return out + "\\bottomrule\n\\end{tabular}\n";
}
}  // namespace

ReportFormat parse_report_format(const std::string& name) {
    if (name == "md") return ReportFormat::markdown;
    if (name == "latex") return ReportFormat::latex;
    if (name == "csv") return ReportFormat::csv;
    if (name == "json") return ReportFormat::json;
    throw UserError("--format '" + name + "' is not supported; accepted: md, latex, csv, json");
}

std::string report_extension(ReportFormat format) {
    switch (format) {
        case ReportFormat::latex: return ".tex";
        case ReportFormat::csv: return ".csv";
        case ReportFormat::json: return ".json";
        case ReportFormat::markdown: break;
    }
    return ".md";
}

std::string render_json(const ReproductionReport& r);  // render_json.cpp

std::string render_report(const ReproductionReport& r, ReportFormat format) {
    switch (format) {
        case ReportFormat::latex: return latex(r);
        case ReportFormat::json: return render_json(r);
        case ReportFormat::csv:
            if (!r.comparison) throw UserError("--format csv is the table of cells, and '" + r.name + "' has no "
                                               "published numbers to set ours beside; use md, latex or json");
            return render_comparison(*r.comparison, TableFormat::csv);
        case ReportFormat::markdown: break;
    }
    return markdown(r);
}

}  // namespace bobench::reproductions
