// The lead section of a reproduction's HTML page (reproductions/render.hpp): the headline, the
// agreement per method, the claims, the causes once each, then every cell with its cause.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/reports/html_report.hpp"
#include "core/text.hpp"
#include "reproductions/render.hpp"

namespace bobench::reproductions {

namespace {
using analysis::reports::html_escape;

std::string num(double v, int digits = 3) {
    return std::isnan(v) ? "n/a" : html_escape(analysis::reports::format_significant(v, digits));
}

std::string share_text(const AgreementShare& s) { return fmt::format("{} of {}", s.agreeing, s.compared); }
std::string perfect_text(const AgreementShare& s) { return fmt::format("{:.1f} ± {:.1f}", s.perfect_mean, s.perfect_sd); }

std::string agreement_html(const ReproductionReport& r) {
    const Comparison& a = *r.comparison;
    if (!a.verdicts) return "";
    std::string out = "<table class=\"grid\" id=\"agreement-table\">\n<tr><th>method</th><th>cells agreeing</th>"
                      "<th>a perfect reproduction</th></tr>\n";
    for (const AgreementShare& s : a.by_method)
        out += "<tr><td>" + html_escape(s.method) + "</td><td>" + share_text(s) + "</td><td>" + perfect_text(s) +
               "</td></tr>\n";
    out += "<tr><th>all</th><th>" + share_text(a.overall) + "</th><th>" + perfect_text(a.overall) + "</th></tr>\n</table>\n";
    out += "<p>A cell agrees when the test of our runs against the paper's number gives p &gt;= 0.05; a perfect "
           "reproduction's share comes from " + std::to_string(a.calibration_rounds) +
           " simulated ones put through the same test.";
    if (r.method_order)
        out += " Mean Kendall tau of the method order per problem: " + num(a.tau_mean, 2) + ", a perfect reproduction " +
               num(a.tau_perfect_mean, 2) + " ± " + num(a.tau_perfect_sd, 2) + ".";
    out += "</p>\n";
    if (!a.not_run.empty()) {
        std::vector<std::string> names;
        for (const std::string& m : named_not_run(a)) names.push_back(html_escape(m));
        out += "<p>The paper's methods not run here: " + join(names, ", ") + ".</p>\n";
    }
    return out;
}

std::string claims_html(const ReproductionReport& r) {
    static const char* status_text[] = {"holds", "fails", "not run"};
    std::string out = "<h3>The paper's claims</h3>\n<table class=\"grid\" id=\"claims-table\">\n<tr><th>claim</th>"
                      "<th>where</th><th>the paper says</th><th>verdict</th><th>our figure</th></tr>\n";
    for (const ClaimResult& c : r.claims) {
        const int s = static_cast<int>(c.verdict.status);
        out += "<tr class=\"claim-" + std::string(r.quick ? "smoke" : status_text[s]) + "\"><td>" +
               html_escape(c.claim.id) + "</td><td>" + html_escape(c.claim.place) + "</td><td>" +
               html_escape(c.claim.quote) + "</td><td>" + (r.quick ? "(smoke test)" : status_text[s]) + "</td><td>" +
               html_escape(c.verdict.figure) + "</td></tr>\n";
    }
    out += "</table>\n";
    if (r.quick) return out + "<p>A smoke test: too few runs to judge a claim.</p>\n";
    return out + fmt::format("<p id=\"claim-tally\">{} hold, {} fail, {} not run (a claim naming a method or problem "
                             "without runs here is not run, never failed).</p>\n",
                             r.tally.holds, r.tally.fails, r.tally.not_run);
}

std::string causes_html(const ReproductionReport& r) {
    if (r.causes.empty()) return "";
    std::string out = "<h3>Why cells disagree</h3>\n<ol id=\"causes\">\n";
    for (std::size_t k = 0; k < r.causes.size(); ++k) {
        const CauseGroup& g = r.causes[k];
        out += fmt::format("<li id=\"cause-{}\"><strong>{}</strong>{} ({} cell{})</li>\n", k + 1, html_escape(g.kind),
                           g.evidence.empty() ? "" : ": " + html_escape(g.evidence), g.cells.size(),
                           g.cells.size() == 1 ? "" : "s");
    }
    return out + "</ol>\n";
}

std::string cell_row(const ReproductionReport& r, const CellComparison& c, int cause) {
    const CellAgreement& a = c.agreement;
    const bool verdicts = r.comparison->verdicts, tested = a.test != AgreementTest::none;
    std::string row = "<tr" + std::string(cause > 0 ? " class=\"disagrees\"" : "") + "><td>" + html_escape(c.problem) +
                      "</td><td>" + html_escape(c.method) + "</td><td>" + std::to_string(c.runs) + "</td><td>" +
                      num(c.ours) + " ± " + num(c.ours_sd) + "</td><td>" + num(c.theirs) +
                      (c.theirs_sd ? " ± " + num(*c.theirs_sd) : "") + "</td><td>" + num(a.ratio) + " [" +
                      num(a.ratio_low) + ", " + num(a.ratio_high) + "]</td>";
    if (!verdicts) return row + "</tr>\n";
    row += "<td>" + (tested ? num(a.p, 2) : "") + "</td><td>" + (!tested ? "not tested" : a.agrees ? "yes" : "<strong>no</strong>") +
           "</td><td>";
    if (cause > 0)
        row += fmt::format("<a href=\"#cause-{}\">{}: {}</a>", cause, cause,
                           html_escape(r.causes[static_cast<std::size_t>(cause - 1)].kind));
    return row + "</td></tr>\n";
}

// Every cell we ran: the disagreeing ones first, by cause, then the others in the table's order.
std::string cells_html(const ReproductionReport& r) {
    const Comparison& c = *r.comparison;
    std::string out = "<h3>Every cell, ours beside the paper's</h3>\n<div class=\"scroll\"><table class=\"grid\" "
                      "id=\"cells-table\">\n<tr><th>problem</th><th>method</th><th>runs</th><th>ours</th><th>theirs</th>"
                      "<th>ratio [95 % interval]</th>" +
                      std::string(c.verdicts ? "<th>p</th><th>agrees</th><th>cause</th>" : "") + "</tr>\n";
    std::vector<bool> shown(c.cells.size(), false);
    for (std::size_t k = 0; k < r.causes.size(); ++k)
        for (const std::size_t i : r.causes[k].cells) {
            out += cell_row(r, c.cells[i], static_cast<int>(k + 1));
            shown[i] = true;
        }
    for (std::size_t i = 0; i < c.cells.size(); ++i)
        if (!shown[i] && c.cells[i].runs) out += cell_row(r, c.cells[i], 0);
    return out + "</table></div>\n";
}
}  // namespace

std::string render_html_section(const ReproductionReport& r) {
    std::string out = "<section id=\"reproduction\">\n<h2>Reproduction of " + html_escape(r.source) + "</h2>\n" +
                      "<p id=\"verdict\" class=\"verdict\"><strong>" + html_escape(r.headline.sentence) + "</strong></p>\n";
    if (r.comparison) out += agreement_html(r);
    else out += "<p>The paper publishes no numbers for this experiment: no cells to test.</p>\n";
    if (!r.claims.empty()) out += claims_html(r);
    if (r.comparison) out += causes_html(r) + cells_html(r);
    if (!r.deviations.empty()) {
        out += "<h3>Deviations from the paper's protocol</h3>\n<ul id=\"deviations\">\n";
        for (const std::string& d : r.deviations) out += "<li>" + html_escape(d) + "</li>\n";
        out += "</ul>\n";
    }
    return out + "</section>\n";
}

}  // namespace bobench::reproductions
