#include "reproductions/html_section.hpp"

#include "analysis/reports/format.hpp"
#include "analysis/reports/html_report.hpp"

namespace bobench::reproductions {

namespace {
using analysis::reports::html_escape;

std::string num(double v, int digits = 3) { return html_escape(analysis::reports::format_significant(v, digits)); }

// The agreement per method beside a perfect reproduction's, the method order's tau, and the
// claims' verdicts: the head of the Markdown report of `bobench reproduce`, as HTML.
std::string agreement_html(const Comparison& a) {
    if (!a.verdicts)
        return "<p class=\"missing\">A smoke test (<code>--quick</code>): too few runs for a verdict; the Markdown "
               "report sets the numbers side by side.</p>\n";
    const auto share = [](const AgreementShare& s) {
        return std::to_string(s.agreeing) + " of " + std::to_string(s.compared);
    };
    const auto perfect = [](const AgreementShare& s) { return num(s.perfect_mean, 3) + " ± " + num(s.perfect_sd, 2); };
    std::string out = "<table class=\"grid\" id=\"agreement-table\">\n<tr><th>method</th><th>cells agreeing</th>"
                      "<th>a perfect reproduction</th></tr>\n";
    for (const AgreementShare& s : a.by_method)
        out += "<tr><td>" + html_escape(s.method) + "</td><td>" + share(s) + "</td><td>" + perfect(s) + "</td></tr>\n";
    out += "<tr><th>all</th><th>" + share(a.overall) + "</th><th>" + perfect(a.overall) + "</th></tr>\n</table>\n";
    out += "<p>A cell agrees when the test of our runs against the paper's number gives p &gt;= 0.05; a perfect "
           "reproduction's share comes from " + std::to_string(a.calibration_rounds) +
           " simulated ones put through the same test. Mean Kendall tau of the method order per problem: " +
           num(a.tau_mean, 2) + ", a perfect reproduction " + num(a.tau_perfect_mean, 2) + " ± " +
           num(a.tau_perfect_sd, 2) + ".</p>\n";
    if (!a.not_run.empty()) {
        std::string names;
        for (const std::string& m : a.not_run) names += (names.empty() ? "" : ", ") + html_escape(m);
        out += "<p>The paper's methods not run here: " + names + ".</p>\n";
    }
    return out;
}

std::string claims_html(const HtmlReproduction& r) {
    static const char* status_text[] = {"holds", "fails", "not run"};
    std::string out = "<table class=\"grid\" id=\"claims-table\">\n<tr><th>claim</th><th>where</th><th>the paper "
                      "says</th><th>verdict</th><th>our figure</th></tr>\n";
    std::size_t holding = 0;
    for (std::size_t i = 0; i < r.claims.size(); ++i) {
        const ClaimVerdict& v = r.verdicts[i];
        holding += v.status == ClaimStatus::holds;
        out += "<tr><td>" + html_escape(r.claims[i].id) + "</td><td>" + html_escape(r.claims[i].place) + "</td><td>" +
               html_escape(r.claims[i].quote) + "</td><td>" +
               (r.judge ? status_text[static_cast<int>(v.status)] : "(smoke test)") + "</td><td>" +
               html_escape(v.figure) + "</td></tr>\n";
    }
    return out + "</table>\n" +
           (r.judge ? "<p>" + std::to_string(holding) + " of " + std::to_string(r.claims.size()) +
                           (r.claims.size() == 1 ? " claim holds.</p>\n" : " claims hold.</p>\n")
                    : "<p>A smoke test: too few runs to judge a claim.</p>\n");
}

}  // namespace

std::string reproduction_section(const HtmlReproduction& r) {
    std::string out = "<section id=\"reproduction\">\n<h2>Reproduction of " + html_escape(r.source) + "</h2>\n";
    if (!r.deviations.empty()) {
        out += "<p>Deviations from the paper's protocol:</p>\n<ul id=\"deviations\">\n";
        for (const std::string& d : r.deviations) out += "<li>" + html_escape(d) + "</li>\n";
        out += "</ul>\n";
    }
    out += r.agreement ? agreement_html(*r.agreement)
                       : "<p>The paper publishes no numbers for this experiment: nothing to test.</p>\n";
    if (!r.claims.empty()) out += "<h3>The paper's claims</h3>\n" + claims_html(r);
    return out + "</section>\n";
}

}  // namespace bobench::reproductions
