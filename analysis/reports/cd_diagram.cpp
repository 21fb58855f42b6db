#include "analysis/reports/cd_diagram.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/statistics/mann_whitney.hpp"
#include "analysis/statistics/posthoc.hpp"
#include "analysis/statistics/wilcoxon.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

CliqueTest parse_clique_test(std::string_view name) {
    if (name == "nemenyi") return CliqueTest::nemenyi;
    if (name == "wilcoxon") return CliqueTest::wilcoxon;
    if (name == "mwu") return CliqueTest::mwu;
    throw UserError("--cliques '" + std::string(name) + "' is not valid; accepted: nemenyi, wilcoxon, mwu");
}

std::string_view to_string(CliqueTest test) {
    switch (test) {
        case CliqueTest::nemenyi: return "nemenyi";
        case CliqueTest::wilcoxon: return "wilcoxon";
        case CliqueTest::mwu: return "mwu";
    }
    return "?";
}

CdDiagram cd_diagram(const FriedmanScoreTable& scores, std::span<const FriedmanProblemRanking> per_problem,
                     double alpha, CliqueTest test) {
    const std::size_t k = scores.optimizers.size(), n = scores.problems.size();
    if (k < 2 || n < 2 || !scores.across_problems)
        throw UserError("a critical-difference diagram needs at least 2 optimizers and 2 problems on which every "
                        "optimizer ran with at least 2 replicates; got " + count_noun(k, "optimizer") + " and " +
                        count_noun(n, "problem"));
    CdDiagram d;
    d.problems = n;
    d.alpha = alpha;
    d.test = test;
    d.friedman = *scores.across_problems;
    d.critical_difference = nemenyi_critical_difference(alpha, k, n);
    std::vector<std::size_t> order(k);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (scores.average_rank[a] != scores.average_rank[b]) return scores.average_rank[a] < scores.average_rank[b];
        return scores.optimizers[a] < scores.optimizers[b];
    });
    for (std::size_t i : order) {
        d.optimizers.push_back(scores.optimizers[i]);
        d.average_rank.push_back(scores.average_rank[i]);
    }

    if (test == CliqueTest::nemenyi) {
        d.p_value = nemenyi_p_values(d.average_rank, n);
    } else {
        // per-problem mean ranks over replicates, [optimizer in diagram order][counted problem]
        std::vector<std::vector<double>> values(k);
        for (const FriedmanProblemRanking& pr : per_problem) {
            if (std::find(scores.problems.begin(), scores.problems.end(), pr.problem) == scores.problems.end()) continue;
            for (std::size_t i = 0; i < k; ++i) {
                const auto at = std::find(pr.optimizers.begin(), pr.optimizers.end(), d.optimizers[i]);
                values[i].push_back(pr.test.mean_ranks[static_cast<std::size_t>(at - pr.optimizers.begin())]);
            }
        }
        std::vector<double> raw;
        for (std::size_t i = 0; i < k; ++i)
            for (std::size_t j = i + 1; j < k; ++j)
                raw.push_back(test == CliqueTest::wilcoxon ? wilcoxon_signed_rank(values[i], values[j]).p_value
                                                           : mann_whitney_u(values[i], values[j]).p_value);
        const std::vector<double> adjusted = holm_adjust(raw);
        d.p_value.assign(k, std::vector<double>(k, 1.0));
        std::size_t at = 0;
        for (std::size_t i = 0; i < k; ++i)
            for (std::size_t j = i + 1; j < k; ++j) d.p_value[i][j] = d.p_value[j][i] = adjusted[at++];
    }
    const auto differ = [&](std::size_t i, std::size_t j) {
        if (test == CliqueTest::nemenyi) return std::abs(d.average_rank[i] - d.average_rank[j]) > d.critical_difference;
        return d.p_value[i][j] < alpha;
    };
    std::size_t reached = 0;  // cliques ending at or before this index are contained in earlier ones
    for (std::size_t i = 0; i < k; ++i) {
        std::size_t last = i;
        while (last + 1 < k) {
            bool together = true;
            for (std::size_t a = i; a <= last && together; ++a) together = !differ(a, last + 1);
            if (!together) break;
            ++last;
        }
        if (last > i && (d.cliques.empty() || last > reached)) {
            d.cliques.emplace_back(i, last);
            reached = last;
        }
    }
    return d;
}

// ---------------------------------------------------------------------------------------
// Drawing: one list of lines and texts, rendered to SVG by hand and to PNG by gnuplot.

namespace {

struct Line {
    double x1, y1, x2, y2, width;
};
struct Text {
    double x, y;  // y: the baseline
    std::string text;
    char anchor;  // 'l', 'm', 'r'
    double size;
};
struct Drawing {
    double width = 0, height = 0;
    std::vector<Line> lines;
    std::vector<Text> texts;
};

Drawing layout(const CdDiagram& d) {
    const std::size_t k = d.optimizers.size();
    std::size_t longest = 0;
    for (const std::string& name : d.optimizers) longest = std::max(longest, name.size());
    const double label_width = 7.5 * static_cast<double>(longest + 8), font = 13;
    Drawing g;
    g.width = std::max(640.0, 2 * label_width + 360);
    const double left = label_width + 30, right = g.width - label_width - 30;
    const auto x_of = [&](double rank) {
        return left + (rank - 1) / static_cast<double>(std::max<std::size_t>(k - 1, 1)) * (right - left);
    };
    const double axis = 70;
    // CD bar above the axis, from rank 1: only when Nemenyi's CD is what joins the cliques
    // (beside pairwise-test cliques it would suggest a rule the bars do not follow)
    if (d.test == CliqueTest::nemenyi) {
        const double cd_end = x_of(1 + d.critical_difference);
        g.lines.push_back({x_of(1), 28, cd_end, 28, 1.5});
        g.lines.push_back({x_of(1), 22, x_of(1), 34, 1.5});
        g.lines.push_back({cd_end, 22, cd_end, 34, 1.5});
        g.texts.push_back({(x_of(1) + cd_end) / 2, 17, fmt::format("CD = {:.3g}", d.critical_difference), 'm', font});
    }
    // axis with integer ticks, labels above
    g.lines.push_back({x_of(1), axis, x_of(static_cast<double>(k)), axis, 1.5});
    for (std::size_t r = 1; r <= k; ++r) {
        const double x = x_of(static_cast<double>(r));
        g.lines.push_back({x, axis - 8, x, axis, 1.5});
        g.texts.push_back({x, axis - 12, std::to_string(r), 'm', font});
        if (r < k) g.lines.push_back({x_of(r + 0.5), axis - 4, x_of(r + 0.5), axis, 1});
    }
    // cliques: thick bars just below the axis
    double y = axis + 14;
    for (const auto& [a, b] : d.cliques) {
        g.lines.push_back({x_of(d.average_rank[a]) - 6, y, x_of(d.average_rank[b]) + 6, y, 4});
        y += 9;
    }
    // names: the better half on the left, the rest on the right, nearest the axis outermost
    const std::size_t half = (k + 1) / 2;
    const double first_row = y + 16, row = 24;
    for (std::size_t i = 0; i < k; ++i) {
        const bool on_left = i < half;
        const double level = first_row + row * static_cast<double>(on_left ? i : k - 1 - i);
        const double x = x_of(d.average_rank[i]);
        const double end = on_left ? left - 20 : right + 20;
        g.lines.push_back({x, axis, x, level, 1});
        g.lines.push_back({x, level, end, level, 1});
        g.texts.push_back({on_left ? end - 6 : end + 6, level + 4.5,
                           fmt::format("{} ({:.2f})", d.optimizers[i], d.average_rank[i]), on_left ? 'r' : 'l', font});
    }
    g.height = first_row + row * static_cast<double>(half) + 4;
    std::string caption = fmt::format("average rank over {}; bars: no significant difference ({}, alpha {})",
                                      count_noun(d.problems, "problem"),
                                      d.test == CliqueTest::nemenyi ? std::string("Nemenyi")
                                                                    : std::string(d.test == CliqueTest::wilcoxon
                                                                                      ? "Wilcoxon signed-rank"
                                                                                      : "Mann-Whitney U") +
                                                                          ", Holm",
                                      format_significant(d.alpha, 3));
    g.texts.push_back({g.width / 2, g.height + 6, caption, 'm', 11});
    g.height += 16;
    return g;
}

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

// gnuplot double-quoted label text: backslash and quote escaped
std::string gp_text(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::string render_cd_svg(const CdDiagram& d) {
    const Drawing g = layout(d);
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" "
        "height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} {1:.0f}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        "<g stroke=\"black\" stroke-linecap=\"square\">\n",
        g.width, g.height);
    for (const Line& l : g.lines)
        out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke-width=\"{}\"/>\n", l.x1,
                           l.y1, l.x2, l.y2, l.width);
    out += "</g>\n<g font-family=\"sans-serif\" fill=\"black\">\n";
    for (const Text& t : g.texts)
        out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{}\" text-anchor=\"{}\">{}</text>\n", t.x, t.y,
                           t.size, t.anchor == 'l' ? "start" : t.anchor == 'r' ? "end" : "middle", xml_escape(t.text));
    return out + "</g>\n</svg>\n";
}

std::vector<std::string> plot_cd(const CdDiagram& d, const PlotOptions& options) {
    const std::string gnuplot = locate_gnuplot(options.program, options.search_path);
    const std::filesystem::path dir = make_output_folder(options.out_dir);
    const std::string stem = "cd-" + std::string(to_string(d.test));  // one file per clique method
    const std::string svg = (dir / (stem + ".svg")).string(), png = (dir / (stem + ".png")).string();
    write_text_file(svg, render_cd_svg(d));
    const Drawing g = layout(d);
    const std::string size = fmt::format("{:.0f},{:.0f}", g.width, g.height);
    std::string script = "# written by bobench plot --view cd: the drawing of " + stem + ".svg, as a PNG\n"
                         "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size " + size +
                         " font 'sans,10' } else { set terminal png size " + size + " }\nset output " + gp_string(png) +
                         "\nunset border\nunset tics\nunset key\nset lmargin at screen 0\nset rmargin at screen 1\n"
                         "set tmargin at screen 1\nset bmargin at screen 0\n" +
                         fmt::format("set xrange [0:{:.1f}]\nset yrange [{:.1f}:0]\n", g.width, g.height);
    for (const Line& l : g.lines)
        script += fmt::format("set arrow from {:.1f},{:.1f} to {:.1f},{:.1f} nohead linewidth {} linecolor rgb 'black'\n",
                              l.x1, l.y1, l.x2, l.y2, l.width);
    for (const Text& t : g.texts)  // gnuplot centres a label vertically on its point
        script += fmt::format("set label {} at {:.1f},{:.1f} {} font ',{:.0f}' noenhanced\n", gp_text(t.text), t.x,
                              t.y - 0.35 * t.size, t.anchor == 'l' ? "left" : t.anchor == 'r' ? "right" : "center",
                              t.size * 0.78);
    script += "plot NaN notitle\nset output\n";
    run_gnuplot(gnuplot, dir, stem + ".gp", script, {png});
    return {svg, png};
}

}  // namespace bobench::analysis::reports
