#include "analysis/reports/html_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include "analysis/reports/cd_diagram.hpp"
#include "analysis/reports/fixed_target_report.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/palette.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/reports/rank_report.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "analysis/reports/table_report.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

namespace {

std::string num(double v, int digits = 3) { return html_escape(format_significant(v, digits)); }

// SVG coordinates: one decimal is finer than a pixel and keeps the page small.
std::string coord(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

// A table in a box of the page's width that scrolls sideways: a table wider than the
// window (many optimizers, a long command line) scrolls alone, not the whole page.
std::string scroll_box(const std::string& table) { return "<div class=\"scroll\">\n" + table + "</div>\n"; }

std::string note_list(const std::vector<std::string>& notes) {
    if (notes.empty()) return "";
    std::string out = "<ul class=\"notes\">\n";
    for (const std::string& n : notes) out += "<li>" + html_escape(n) + "</li>\n";
    return out + "</ul>\n";
}

// Replicate count as the runs show it (the spec text is shown whole beside it).
std::size_t replicate_count(const results::Results& r) {
    std::set<int> replicates;
    for (const results::Trace& t : r.runs) replicates.insert(t.key.replicate);
    return replicates.size();
}

std::string provenance_section(const results::Results& r) {
    const results::Provenance& p = r.provenance;
    const auto row = [](const char* name, const std::string& value) {
        return "<tr><th>" + std::string(name) + "</th><td><code>" + html_escape(value.empty() ? "(not recorded)" : value) +
               "</code></td></tr>\n";
    };
    std::string out = "<table class=\"kv\">\n";
    out += row("command", p.command_line) + row("host", p.host) + row("time", p.timestamp) +
           row("bobench", r.bobench_version) + row("build", r.git_revision) + row("compiler", p.compiler) +
           row("libraries", p.dependencies);
    if (!p.plugins.empty()) out += row("plugins", p.plugins);
    if (!r.shard.empty()) out += row("shard", r.shard);
    return "<section id=\"provenance\">\n<h2>Provenance</h2>\n" + scroll_box(out + "</table>\n") + "</section>\n";
}

std::string spec_section(const results::Results& r) {
    std::string out = "<section id=\"spec\">\n<h2>Experiment</h2>\n<p>";
    out += count_noun(r.problems.size(), "problem") + " × " + count_noun(r.optimizers.size(), "optimizer") + " × " +
           count_noun(replicate_count(r), "replicate") + ", budget " +
           count_noun(static_cast<std::size_t>(r.budget), "evaluation") + ", seed " + std::to_string(r.seed) +
           ", failed evaluations: " + html_escape(results::policy_name(r.on_failure)) + "; " +
           count_noun(r.runs.size(), "run") + ".</p>\n";
    std::string problems = "<table class=\"list\"><caption>Problems</caption>\n<tr><th>label</th><th>id</th>"
                           "<th>dimension</th><th>f*</th></tr>\n";
    for (const results::ProblemInfo& p : r.problems)
        problems += "<tr><td>" + html_escape(p.label) + "</td><td><code>" + html_escape(p.id) + "</code></td><td>" +
                    std::to_string(p.dimension()) + "</td><td>" + (p.optimum ? num(*p.optimum, 6) : "unknown") +
                    "</td></tr>\n";
    std::string optimizers = "<table class=\"list\"><caption>Optimizers</caption>\n<tr><th>label</th><th>id</th></tr>\n";
    for (std::size_t i = 0; i < r.optimizers.size(); ++i)
        optimizers += "<tr><td><span class=\"swatch\" style=\"background:" + palette_colour(i) + "\"></span>" +
                      html_escape(r.optimizers[i].label) + "</td><td><code>" + html_escape(r.optimizers[i].id) +
                      "</code></td></tr>\n";
    out += scroll_box(problems + "</table>\n") + scroll_box(optimizers + "</table>\n");
    if (!r.spec.empty()) out += "<details><summary>spec</summary>\n<pre>" + html_escape(r.spec) + "</pre>\n</details>\n";
    return out + "</section>\n";
}

// Escaped text with its Markdown `code` spans as <code> (the rank report's rules in words).
std::string code_spans(std::string_view text) {
    std::string out;
    bool open = false;
    for (std::size_t at = 0, tick; at <= text.size(); at = tick + 1) {
        tick = std::min(text.find('`', at), text.size());
        out += html_escape(text.substr(at, tick - at));
        if (tick < text.size()) out += (open = !open) ? "<code>" : "</code>";
    }
    return out;
}

std::string ranking_table(const RankReport& report) {
    std::map<std::string, double> mean_rank;
    if (report.friedman)
        for (std::size_t i = 0; i < report.friedman->optimizers.size(); ++i)
            mean_rank[report.friedman->optimizers[i]] = report.friedman->average_rank[i];
    const ScoreTable& total = report.total;
    std::string out = "<table id=\"ranking-table\" class=\"list\">\n<tr><th>optimizer</th><th>pairwise Borda "
                      "(primary)</th><th>Firsts</th><th>Friedman mean rank</th></tr>\n";
    for (std::size_t i : total.order_by_borda()) {
        const auto rank = mean_rank.find(total.optimizers[i]);
        out += "<tr><td>" + html_escape(total.optimizers[i]) + "</td><td>" + std::to_string(total.borda[i]) +
               "</td><td>" + std::to_string(total.firsts[i]) + "</td><td>" +
               (rank == mean_rank.end() ? "-" : num(rank->second)) + "</td></tr>\n";
    }
    return out + "</table>\n";
}

// Demšar's critical-difference diagram of the Friedman mean ranks, as `bobench plot --view cd`
// draws it (the same SVG, inline).
std::string cd_figure(const RankReport& report) {
    try {
        const CdDiagram d = cd_diagram(*report.friedman, report.friedman_rankings, 0.05, CliqueTest::nemenyi);
        const std::string svg = render_cd_svg(d);
        return "<figure id=\"cd-diagram\">\n" + svg.substr(svg.find("<svg")) +
               "<figcaption>Critical-difference diagram: Friedman mean ranks (1 = best, on the left); a bar joins "
               "optimizers that Nemenyi's test at 0.05 does not tell apart.</figcaption>\n</figure>\n";
    } catch (const UserError& e) {
        return "<p class=\"missing\">No critical-difference diagram: " + html_escape(e.what()) + "</p>\n";
    }
}

std::string ranking_section(const results::Results& r, const HtmlReportOptions& options) {
    std::string out = "<section id=\"ranking\">\n<h2>Ranking</h2>\n";
    RankReportOptions o;  // `bobench rank --friedman`'s defaults
    o.source = options.source;
    o.friedman = true;
    try {
        const RankReport report = build_rank_report(r, o);
        const std::string primary = primary_ranking_rule(o);
        const std::size_t lead = primary.find(':') + 1;  // "Primary ranking:", in bold
        out += "<p id=\"primary-ranking\"><strong>" + html_escape(primary.substr(0, lead)) + "</strong>" +
               code_spans(primary.substr(lead)) + " <code>best</code>: the final regret; the tests Šidák-corrected, "
               "family-wise 0.05 per problem; " + count_noun(report.total.problems.size(), "problem") + " counted.</p>\n"
               "<p>" + code_spans(lower_median_rule()) + " Friedman mean rank: the average over problems of the rank "
               "of each optimizer's mean rank over replicates (1 = best). As <code>bobench rank --friedman</code>.</p>\n";
        if (report.alpha_warning)
            out += "<p class=\"missing\">Too few runs for this level: " + html_escape(*report.alpha_warning) + "</p>\n";
        out += scroll_box(ranking_table(report));
        if (report.nemenyi_cd) {
            out += "<p>Nemenyi critical difference at 0.05: " + num(*report.nemenyi_cd) + ".</p>\n";
            out += cd_figure(report);
        }
        out += note_list(report.notes);
    } catch (const UserError& e) {
        out += "<p class=\"missing\">No ranking: " + html_escape(e.what()) + "</p>\n";
    }
    return out + "</section>\n";
}

std::string final_table(const ExperimentMetrics& d, const std::vector<std::vector<FinalCell>>& cells,
                        TableStat stat) {
    TableOptions o;
    o.stat = stat;
    const std::vector<std::vector<bool>> best = best_final_cells(cells, stat);
    std::string out = std::string("<table class=\"grid final\" id=\"final-") + (stat == TableStat::mean ? "mean" : "median") +
                      "\">\n<caption>" + (stat == TableStat::mean ? "mean ± std" : "median [q1, q3]") +
                      "</caption>\n<tr><th>problem</th>";
    for (const std::string& label : d.optimizers) out += "<th>" + html_escape(label) + "</th>";
    out += "</tr>\n";
    for (std::size_t p = 0; p < d.problems.size(); ++p) {
        out += "<tr><th>" + html_escape(d.problems[p]) + (d.has_regret(p) ? "" : " †") + "</th>";
        for (std::size_t k = 0; k < d.optimizers.size(); ++k) {
            const std::string text = html_escape(final_cell_text(cells[p][k], o));
            out += best[p][k] ? "<td class=\"best\"><strong>" + text + "</strong></td>" : "<td>" + text + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

std::string final_section(const results::Results& r) {
    std::string out = "<section id=\"final\">\n<h2>Final regret</h2>\n";
    try {
        const ExperimentMetrics d = compute_metrics(r, {/*with_auc=*/false, 1});
        const std::vector<std::vector<FinalCell>> cells = final_cells(d);
        out += "<p>Final regret over replicates, the best cell of each problem in bold (as <code>bobench table "
               "--stat median</code> and <code>--stat mean</code>); † no known f*: the final best value.</p>\n";
        out += scroll_box(final_table(d, cells, TableStat::median)) + scroll_box(final_table(d, cells, TableStat::mean));
        out += note_list(d.notes);
    } catch (const UserError& e) {
        out += "<p class=\"missing\">No table: " + html_escape(e.what()) + "</p>\n";
    }
    return out + "</section>\n";
}

// The panel's geometry: plot area inside the margins, in SVG user units.
struct Frame {
    double width = 400, height = 270, left = 64, right = 12, top = 28, bottom = 42;
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;  // data range (y already log10 on a log axis)
    double px(double x) const { return left + (x - x0) / (x1 - x0) * (width - left - right); }
    double py(double y) const { return height - bottom - (y - y0) / (y1 - y0) * (height - top - bottom); }
};

// About `count` round ticks (1, 2 or 5 times a power of ten) inside [lo, hi].
std::vector<double> linear_ticks(double lo, double hi, int count) {
    const double raw = (hi - lo) / count, power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = power * 10;
    for (double m : {1.0, 2.0, 5.0})
        if (raw <= m * power) {
            step = m * power;
            break;
        }
    std::vector<double> ticks;
    // Counted in steps, not summed, so 0 prints as "0", never "-0" or "1e-17".
    for (double i = std::ceil(lo / step); i * step <= hi + step * 1e-9; ++i) ticks.push_back(i == 0 ? 0.0 : i * step);
    return ticks;
}

// Whole decades inside [lo, hi] (log10 units), thinned to at most 7.
std::vector<double> decade_ticks(double lo, double hi) {
    const double first = std::ceil(lo), last = std::floor(hi);
    const double step = std::max(1.0, std::ceil((last - first + 1) / 7));
    std::vector<double> ticks;
    for (double t = first; t <= last; t += step) ticks.push_back(t);
    return ticks;
}

std::string axes_svg(const Frame& f, bool log_x, const std::string& x_label, bool log_y, const std::string& y_label) {
    std::string out = "<rect x=\"" + coord(f.left) + "\" y=\"" + coord(f.top) + "\" width=\"" +
                      coord(f.width - f.left - f.right) + "\" height=\"" + coord(f.height - f.top - f.bottom) +
                      "\" class=\"frame\"/>\n";
    for (double t : log_x ? decade_ticks(f.x0, f.x1) : linear_ticks(f.x0, f.x1, 5)) {
        const std::string x = coord(f.px(t));
        out += "<line x1=\"" + x + "\" x2=\"" + x + "\" y1=\"" + coord(f.top) + "\" y2=\"" + coord(f.py(f.y0)) +
               "\" class=\"grid\"/><text x=\"" + x + "\" y=\"" + coord(f.height - f.bottom + 14) +
               "\" text-anchor=\"middle\">" + num(log_x ? std::pow(10.0, t) : t, 6) + "</text>\n";
    }
    for (double t : log_y ? decade_ticks(f.y0, f.y1) : linear_ticks(f.y0, f.y1, 4)) {
        const std::string y = coord(f.py(t));
        out += "<line x1=\"" + coord(f.left) + "\" x2=\"" + coord(f.width - f.right) + "\" y1=\"" + y + "\" y2=\"" +
               y + "\" class=\"grid\"/><text x=\"" + coord(f.left - 4) + "\" y=\"" + y +
               "\" dy=\"0.35em\" text-anchor=\"end\">" + num(log_y ? std::pow(10.0, t) : t, 3) + "</text>\n";
    }
    out += "<text x=\"" + coord((f.left + f.width - f.right) / 2) + "\" y=\"" + coord(f.height - 6) +
           "\" text-anchor=\"middle\">" + x_label + (log_x ? " (log)" : "") + "</text>\n";
    out += "<text transform=\"translate(12 " + coord((f.top + f.height - f.bottom) / 2) +
           ") rotate(-90)\" text-anchor=\"middle\">" + y_label + (log_y ? " (log)" : "") + "</text>\n";
    return out;
}

// The x of element t of a curve: its own x, else evaluation t + 1.
double x_of(const CurveSummary& c, std::size_t t) { return c.x.empty() ? static_cast<double>(t + 1) : c.x[t]; }

// The median curve as polylines: a new one after each gap (NaN before a first success).
std::string curve_svg(const Frame& f, const CurveSummary& c, bool log_y, double floor, std::size_t colour) {
    const std::string dash = palette_dash(colour);
    const std::string open = "<polyline class=\"curve\" stroke=\"" + palette_colour(colour) + "\"" +
                             (dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"") + " points=\"";
    const std::string close = "\"><title>" + html_escape(c.optimizer) + "</title></polyline>\n";
    std::string out, points;
    for (std::size_t t = 0; t < c.by_iteration.size(); ++t) {
        const double v = c.by_iteration[t].median;
        if (!std::isfinite(v)) {
            if (!points.empty()) out += open + points + close;
            points.clear();
            continue;
        }
        const double y = log_y ? std::log10(std::max(v, floor)) : v;
        points += (points.empty() ? "" : " ") + coord(f.px(x_of(c, t))) + "," + coord(f.py(y));
    }
    if (!points.empty()) out += open + points + close;
    return out;
}

// The inter-quartile band of a curve, as the PNGs draw it: a light polygon from q1 up to q3
// over each stretch where both are defined (q3 forwards, then q1 backwards).
std::string band_svg(const Frame& f, const CurveSummary& c, bool log_y, double floor, std::size_t colour) {
    const auto y_of = [&](double v) { return coord(f.py(log_y ? std::log10(std::max(v, floor)) : v)); };
    std::string out;
    for (std::size_t begin = 0; begin < c.by_iteration.size();) {
        const auto defined = [&](std::size_t t) {
            return std::isfinite(c.by_iteration[t].q1) && std::isfinite(c.by_iteration[t].q3);
        };
        if (!defined(begin)) {
            ++begin;
            continue;
        }
        std::size_t end = begin;
        while (end < c.by_iteration.size() && defined(end)) ++end;
        std::string points;
        for (std::size_t t = begin; t < end; ++t)
            points += (points.empty() ? "" : " ") + coord(f.px(x_of(c, t))) + "," + y_of(c.by_iteration[t].q3);
        for (std::size_t t = end; t-- > begin;)
            points += " " + coord(f.px(x_of(c, t))) + "," + y_of(c.by_iteration[t].q1);
        out += "<polygon class=\"band\" fill=\"" + palette_colour(colour) + "\" fill-opacity=\"0.15\" points=\"" +
               points + "\"/>\n";
        begin = end;
    }
    return out;
}

// The opening of a panel: its <svg>, title and caption line.
std::string panel_open(const Frame& f, const std::string& title) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"panel\" width=\"" + coord(f.width) + "\" height=\"" +
           coord(f.height) + "\" viewBox=\"0 0 " + coord(f.width) + " " + coord(f.height) +
           "\" role=\"img\" aria-label=\"" + title + "\">\n<title>" + title + "</title>\n<text x=\"" +
           coord(f.width / 2) + "\" y=\"16\" text-anchor=\"middle\" class=\"panel-title\">" + title + "</text>\n";
}

// The finite values a panel draws (the medians, and the quartiles where the bands are drawn):
// their range, the smallest positive one, and the x range.
struct PanelRange {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo, positive = lo, x_min = 1, x_max = 1;
};
PanelRange panel_range(const std::vector<const CurveSummary*>& curves, bool bands) {
    PanelRange r;
    for (const CurveSummary* c : curves)
        for (std::size_t t = 0; t < c->by_iteration.size(); ++t) {
            r.x_min = std::min(r.x_min, x_of(*c, t));
            r.x_max = std::max(r.x_max, x_of(*c, t));
            const Summary& s = c->by_iteration[t];
            const double none = std::numeric_limits<double>::quiet_NaN();
            for (const double v : {s.median, bands ? s.q1 : none, bands ? s.q3 : none}) {
                if (!std::isfinite(v)) continue;
                r.lo = std::min(r.lo, v), r.hi = std::max(r.hi, v);
                if (v > 0) r.positive = std::min(r.positive, v);
            }
        }
    return r;
}

// Whether the positive medians of a panel of regrets span more than two decades.
bool wide_regret_panel(const std::vector<const CurveSummary*>& curves) {
    if (curves.empty() || !curves.front()->regret) return false;
    const PanelRange medians = panel_range(curves, false);
    return std::isfinite(medians.positive) && medians.hi / medians.positive > 100;
}

}  // namespace

bool regret_figure_log_y(const std::vector<std::vector<const CurveSummary*>>& panels) {
    return std::any_of(panels.begin(), panels.end(), wide_regret_panel);
}

std::string regret_panel_svg(const std::vector<const CurveSummary*>& curves, const std::vector<std::size_t>& colour_index,
                             bool figure_log_y) {
    Frame f;
    const bool bands = curves.size() <= PlotOptions().max_bands;  // as many as the PNGs draw
    PanelRange r = panel_range(curves, bands);
    const bool regret = !curves.empty() && curves.front()->regret;
    // The figure's scale; a panel without a positive value (every regret 0) has no place on
    // a log axis and stays linear. Zeros of a log panel are drawn at its smallest positive value.
    const bool log_y = regret && figure_log_y && std::isfinite(r.positive);
    double lo = r.lo, hi = r.hi;
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    if (log_y) lo = std::log10(r.positive), hi = std::log10(hi);
    const double pad = hi > lo ? 0.04 * (hi - lo) : (log_y ? 0.5 : std::max(0.5, std::abs(lo) * 0.1));
    f.y0 = lo - pad, f.y1 = hi + pad, f.x0 = r.x_min, f.x1 = r.x_max > r.x_min ? r.x_max : r.x_min + 1;
    const std::string title = curves.empty() ? std::string() : html_escape(curves.front()->problem);
    std::string out = panel_open(f, title);
    out += axes_svg(f, false, "evaluations", log_y,
                    std::string(regret ? "median regret" : "median best value") + (bands ? " and IQR" : ""));
    if (bands)  // under every line
        for (std::size_t i = 0; i < curves.size(); ++i) out += band_svg(f, *curves[i], log_y, r.positive, colour_index[i]);
    for (std::size_t i = 0; i < curves.size(); ++i) out += curve_svg(f, *curves[i], log_y, r.positive, colour_index[i]);
    return out + "</svg>\n";
}

namespace {

std::string curves_section(const results::Results& r) {
    const std::vector<CurveSummary> curves = summary_curves(r);
    std::vector<std::vector<const CurveSummary*>> panels;
    std::vector<std::vector<std::size_t>> colours;
    for (const results::ProblemInfo& problem : r.problems) {
        std::vector<const CurveSummary*> mine;
        std::vector<std::size_t> looks;
        for (const CurveSummary& c : curves) {
            if (c.problem != problem.label) continue;
            mine.push_back(&c);
            const auto it = std::find_if(r.optimizers.begin(), r.optimizers.end(),
                                         [&](const results::OptimizerInfo& o) { return o.label == c.optimizer; });
            looks.push_back(static_cast<std::size_t>(it - r.optimizers.begin()));
        }
        if (mine.empty()) continue;
        panels.push_back(std::move(mine));
        colours.push_back(std::move(looks));
    }
    const bool log_y = regret_figure_log_y(panels);
    const std::size_t max_bands = PlotOptions().max_bands;
    std::string out = "<section id=\"curves\">\n<h2>Regret curves</h2>\n<p>Median over replicates of the best "
                      "noise-free value so far minus f* (the best value itself where f* is unknown), with the band "
                      "from the first to the third quartile in panels of at most " + std::to_string(max_bands) +
                      " curves, as <code>bobench plot</code> draws them. One y scale for every panel: log10 when "
                      "the positive medians of any one panel span more than two decades, else linear";
    out += std::string(log_y ? " (here: log10" : " (here: linear") +
           "); a panel of best values (no f*) is always linear, as is a panel whose regrets are all 0.</p>\n"
           "<p class=\"legend\">";
    for (std::size_t i = 0; i < r.optimizers.size(); ++i)
        out += "<span class=\"key\"><span class=\"swatch\" style=\"background:" + palette_colour(i) + "\"></span>" +
               html_escape(r.optimizers[i].label) + (palette_dash(i).empty() ? "" : " (dashed)") + "</span> ";
    out += "</p>\n<div class=\"panels\">\n";
    for (std::size_t p = 0; p < panels.size(); ++p) out += regret_panel_svg(panels[p], colours[p], log_y);
    return out + "</div>\n</section>\n";
}

// One group's runtime ECDFs: a step line per optimizer over log10(evaluations / dimension),
// drawn to its largest budget and closed with a cross there, as COCO draws them.
std::string ecdf_panel_svg(const std::vector<const EcdfCurve*>& curves) {
    Frame f;
    double x_min = 1, x_max = 1;
    for (const EcdfCurve* c : curves) {
        if (!c->ecdf.x.empty()) x_min = std::min(x_min, c->ecdf.x.front());
        x_max = std::max(x_max, c->budget);
    }
    f.x0 = std::log10(x_min), f.x1 = std::max(std::log10(x_max), f.x0 + 1), f.y0 = 0, f.y1 = 1;
    const std::string title = html_escape(curves.front()->group);
    std::string out = panel_open(f, title) + axes_svg(f, true, "evaluations / dimension", false, "share of pairs solved");
    for (const EcdfCurve* c : curves) {
        std::string points = coord(f.px(f.x0)) + "," + coord(f.py(0));
        double y = 0;
        for (std::size_t j = 0; j < c->ecdf.x.size(); ++j) {
            const std::string x = coord(f.px(std::log10(c->ecdf.x[j])));
            points += " " + x + "," + coord(f.py(y)) + " " + x + "," + coord(f.py(c->ecdf.y[j]));
            y = c->ecdf.y[j];
        }
        const std::string end_x = coord(f.px(std::log10(std::max(c->budget, x_min)))), end_y = coord(f.py(y));
        points += " " + end_x + "," + end_y;
        const std::string dash = palette_dash(c->style), colour = palette_colour(c->style);
        out += "<polyline class=\"curve\" stroke=\"" + colour + "\"" +
               (dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"") + " points=\"" + points + "\"><title>" +
               html_escape(c->optimizer) + "</title></polyline>\n<text x=\"" + end_x + "\" y=\"" + end_y +
               "\" dy=\"0.35em\" text-anchor=\"middle\" fill=\"" + colour + "\">×</text>\n";
    }
    return out + "</svg>\n";
}

// Runtime ECDFs over COCO's 51 targets: all problems, then by dimension and by function
// group where the problems differ in them (the bbob suite's metadata).
std::string ecdf_section(const results::Results& r) {
    std::string out = "<section id=\"ecdf\">\n<h2>Runtime ECDFs</h2>\n<p>Share of (problem, target) pairs whose "
                      "target, one of 51 regrets from 10<sup>2</sup> to 10<sup>-8</sup>, a run reached within x "
                      "evaluations / dimension, every pair weighing the same (COCO's runtime distributions; "
                      "<code>bobench plot --view ecdf</code>); × marks each optimizer's budget.</p>\n"
                      "<div class=\"panels\">\n";
    std::vector<std::optional<std::string>> groupings = {std::nullopt};
    for (const char* key : {"dimension", "group"}) {
        std::set<std::string> values;
        for (const results::ProblemInfo& p : r.problems)
            if (const auto it = p.metadata.find(key); it != p.metadata.end()) values.insert(it->second);
        if (values.size() > 1) groupings.emplace_back(key);
    }
    std::vector<std::string> notes;
    bool drawn = false;
    for (const auto& by : groupings) {
        std::vector<EcdfCurve> curves;
        try {
            curves = ecdf_curves(r, coco_ecdf_targets(), by, notes);
        } catch (const UserError& e) {
            notes.push_back(e.what());
            continue;
        }
        std::map<std::string, std::vector<const EcdfCurve*>> by_group;
        std::vector<std::string> order;
        for (const EcdfCurve& c : curves) {
            if (c.problems == 0) continue;
            if (!by_group.count(c.group)) order.push_back(c.group);
            by_group[c.group].push_back(&c);
        }
        for (const std::string& g : order) out += ecdf_panel_svg(by_group[g]), drawn = true;
    }
    out += "</div>\n";
    if (!drawn) out += "<p class=\"missing\">No ECDF: no problem with a known f*.</p>\n";
    return out + note_list(notes) + "</section>\n";
}

std::string ert_section(const results::Results& r) {
    std::string out = "<section id=\"ert\">\n<h2>Fixed target</h2>\n";
    try {
        const FixedTargetOptions o;  // `bobench table --target`'s: 10^{2..-8}, 1000 bootstrap resamples
        const FixedTargetTable t = fixed_target_table(r, o);
        out += "<p>Expected running time (ERT, evaluations; Hansen et al. 2009) to reach regret &lt;= target, "
               "[10th, 90th percentile] of " + std::to_string(o.bootstrap) + " bootstrap resamples, successful/all "
               "runs; the lowest ERT per row in bold; ∞: no run reached the target. As <code>bobench table "
               "--target</code>.</p>\n";
        std::string table = "<table class=\"grid\" id=\"ert-table\">\n<tr><th>problem</th><th>target</th>";
        for (const std::string& label : t.optimizers) table += "<th>" + html_escape(label) + "</th>";
        table += "</tr>\n";
        for (std::size_t p = 0; p < t.problems.size(); ++p)
            for (std::size_t k = 0; k < t.targets.size(); ++k) {
                const double best = lowest_ert(t.cells[p][k]);
                table += "<tr><th>" + html_escape(t.problems[p]) + "</th><td>" + num(t.targets[k]) + "</td>";
                for (const TargetCell& c : t.cells[p][k]) {
                    const std::string text = html_escape(target_cell_text(c, o.digits));
                    const bool bold = !c.runs.empty() && !std::isinf(best) && c.ert.ert == best;
                    table += bold ? "<td class=\"best\"><strong>" + text + "</strong></td>" : "<td>" + text + "</td>";
                }
                table += "</tr>\n";
            }
        out += scroll_box(table + "</table>\n") + note_list(t.notes);
    } catch (const UserError& e) {
        out += "<p class=\"missing\">No fixed-target table: " + html_escape(e.what()) + "</p>\n";
    }
    return out + "</section>\n";
}

const char* kStyle = R"(<style>
body { font-family: sans-serif; margin: 1.5em auto; max-width: 1320px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
.scroll { overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
td { font-variant-numeric: tabular-nums; white-space: nowrap; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
td.best { background: #eef6ee; }
#claims-table td, #causes li { white-space: normal; max-width: 28em; }
#causes li { max-width: none; margin-bottom: 0.3em; }
.verdict { font-size: 1.15em; padding: 0.5em 0.7em; background: #f3f3f8; border-left: 4px solid #556; }
tr.disagrees td { background: #fbf1e6; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: middle; }
.key { margin-right: 1em; white-space: nowrap; }
.panels { display: flex; flex-wrap: wrap; gap: 8px; }
.panel text { font-size: 11px; fill: #222; }
.panel .panel-title { font-size: 13px; font-weight: bold; }
.panel .frame { fill: none; stroke: #888; }
.panel .grid { stroke: #e4e4e4; }
.panel .curve { fill: none; stroke-width: 1.6; }
.notes, .missing { color: #8a5a00; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
</style>
)";

}  // namespace

std::string render_html_report(const results::Results& results, const HtmlReportOptions& options) {
    const std::string title = "bobench report: " + html_escape(options.source);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + title +
                      "</title>\n" + kStyle + "</head>\n<body>\n<h1>" + title + "</h1>\n";
    out += options.lead_section;
    out += provenance_section(results) + spec_section(results) + ranking_section(results, options) +
           final_section(results) + curves_section(results) + ecdf_section(results) + ert_section(results);
    return out + "</body>\n</html>\n";
}

}  // namespace bobench::analysis::reports
