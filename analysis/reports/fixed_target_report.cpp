#include "analysis/reports/fixed_target_report.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "analysis/reports/curve_views.hpp"
#include "analysis/reports/curves.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/palette.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace {

double problem_dimension(const results::ProblemInfo& p) {
    const auto it = p.metadata.find("dimension");
    double d = 0;
    if (it != p.metadata.end() && parse_double(it->second, d) && d >= 1) return d;
    return std::max<double>(1.0, static_cast<double>(p.dimension()));
}

// outcomes[run][target] of one (problem, optimizer)
std::vector<std::vector<RunOutcome>> outcomes(const std::vector<const results::Trace*>& runs, double optimum,
                                              const std::vector<double>& targets) {
    std::vector<std::vector<RunOutcome>> out;
    for (const results::Trace* t : runs) {
        const std::vector<double> regret = run_regret_curve(*t, optimum);
        std::vector<RunOutcome> per_target;
        for (double target : targets) per_target.push_back(run_outcome(regret, target));
        out.push_back(std::move(per_target));
    }
    return out;
}

std::string no_f_star_note(const std::string& label, const char* view) {
    return "problem '" + label + "' has no known f*: no regret, so it is left out of the " + view;
}

}  // namespace

FixedTargetTable fixed_target_table(const results::Results& results, const FixedTargetOptions& options) {
    if (options.targets.empty()) throw UserError("--target: no target precisions given");
    const RunTable runs = run_table(results);
    FixedTargetTable table;
    table.targets = options.targets;
    for (std::size_t s = 0; s < runs.optimizer_order.size(); ++s)
        table.optimizers.push_back(runs.optimizer_label(results, s));
    for (std::size_t p = 0; p < results.problems.size(); ++p) {
        const results::ProblemInfo& info = results.problems[p];
        if (!info.optimum) {
            table.notes.push_back(no_f_star_note(info.label, "fixed-target table"));
            continue;
        }
        table.problems.push_back(info.label);
        auto& rows = table.cells.emplace_back(options.targets.size(), std::vector<TargetCell>(table.optimizers.size()));
        for (std::size_t s = 0; s < table.optimizers.size(); ++s) {
            if (runs.runs[p][s].empty()) continue;
            const auto per_run = outcomes(runs.runs[p][s], *info.optimum, options.targets);
            for (std::size_t k = 0; k < options.targets.size(); ++k) {
                TargetCell& c = rows[k][s];
                for (const auto& run : per_run) c.runs.push_back(run[k]);
                c.ert = expected_running_time(c.runs);
                c.interval = bootstrap_ert(c.runs, options.bootstrap, 0.1, 0.9, options.seed);
            }
        }
    }
    return table;
}

double lowest_ert(const std::vector<TargetCell>& row) {
    double best = std::numeric_limits<double>::infinity();
    for (const TargetCell& c : row)
        if (!c.runs.empty()) best = std::min(best, c.ert.ert);
    return best;
}

std::string target_cell_text(const TargetCell& c, int digits, bool latex, bool bold) {
    const auto f = [&](double v) { return std::isinf(v) ? std::string("∞") : format_significant(v, digits); };
    if (c.runs.empty()) return "-";
    std::string ert = f(c.ert.ert);
    if (latex && std::isinf(c.ert.ert)) ert = "$\\infty$";
    if (bold) ert = latex ? "\\textbf{" + ert + "}" : "**" + ert + "**";
    std::string text = ert;
    if (c.ert.successes) {
        std::string lo = f(c.interval.low), hi = f(c.interval.high);
        if (latex && std::isinf(c.interval.high)) hi = "$\\infty$";
        text += " [" + lo + ", " + hi + "]";
    }
    return text + " " + std::to_string(c.ert.successes) + "/" + std::to_string(c.ert.runs);
}

std::string render_fixed_target_table(const FixedTargetTable& t, const FixedTargetOptions& o) {
    format_significant(0.0, o.digits);  // validates digits
    const auto lowest = [](const std::vector<TargetCell>& row) { return lowest_ert(row); };
    std::string out;
    if (o.format == TableFormat::csv) {
        out = "problem,optimizer,target,runs,successes,ert,ert_p10,ert_p90,best\n";
        const auto v = [](double x) { return std::isinf(x) ? std::string("inf") : format_double17(x); };
        for (std::size_t p = 0; p < t.problems.size(); ++p)
            for (std::size_t k = 0; k < t.targets.size(); ++k) {
                const double best = lowest(t.cells[p][k]);
                for (std::size_t s = 0; s < t.optimizers.size(); ++s) {
                    const TargetCell& c = t.cells[p][k][s];
                    if (c.runs.empty()) continue;
                    out += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_field(t.problems[p]),
                                       csv_field(t.optimizers[s]), format_double(t.targets[k]), c.ert.runs,
                                       c.ert.successes, v(c.ert.ert), v(c.interval.low), v(c.interval.high),
                                       !std::isinf(best) && c.ert.ert == best ? "*" : "");
                }
            }
        return out;
    }
    const bool latex = o.format == TableFormat::latex;
    const std::string caption =
        "Expected running time (ERT, evaluations; Hansen et al. 2009) to reach regret <= target, [10th, 90th "
        "percentile] of " + std::to_string(o.bootstrap) + " bootstrap resamples, successful/all runs; lowest ERT per row "
        "in bold; ∞: no run reached the target.";
    const auto cell = [&](const TargetCell& c, bool bold) { return target_cell_text(c, o.digits, latex, bold); };
    if (!latex) {
        out = caption + "\n\n| problem | target |";
        for (const std::string& name : t.optimizers) out += " " + markdown_cell(name) + " |";
        out += "\n|---|--:|";
        for (std::size_t s = 0; s < t.optimizers.size(); ++s) out += "--:|";
        out += "\n";
    } else {
        std::string plain = caption;
        for (const auto& [from, to] : {std::pair<std::string, std::string>{"∞", "$\\infty$"}, {"<=", "$\\le$"}})
            for (std::size_t at; (at = plain.find(from)) != std::string::npos;) plain.replace(at, from.size(), to);
        out = "% " + plain + "\n\\begin{tabular}{lr" + std::string(t.optimizers.size(), 'r') +
              "}\n\\hline\nproblem & target";
        for (const std::string& name : t.optimizers) out += " & " + latex_escape(name);
        out += " \\\\\n\\hline\n";
    }
    for (std::size_t p = 0; p < t.problems.size(); ++p) {
        for (std::size_t k = 0; k < t.targets.size(); ++k) {
            const double best = lowest(t.cells[p][k]);
            const std::string target = format_significant(t.targets[k], 3);
            out += latex ? latex_escape(t.problems[p]) + " & " + target
                         : "| " + markdown_cell(t.problems[p]) + " | " + target + " |";
            for (const TargetCell& c : t.cells[p][k]) {
                const std::string text = cell(c, !c.runs.empty() && !std::isinf(best) && c.ert.ert == best);
                out += latex ? " & " + text : " " + markdown_cell(text) + " |";
            }
            out += latex ? " \\\\\n" : "\n";
        }
    }
    if (latex) out += "\\hline\n\\end{tabular}\n";
    return out;
}

std::vector<EcdfCurve> ecdf_curves(const results::Results& results, const std::vector<double>& targets,
                                   const std::optional<std::string>& by, std::vector<std::string>& notes) {
    if (targets.empty()) throw UserError("--targets: no target precisions given");
    const RunTable runs = run_table(results);
    std::vector<EcdfCurve> out;
    for (std::size_t p = 0; p < results.problems.size(); ++p)
        if (!results.problems[p].optimum) notes.push_back(no_f_star_note(results.problems[p].label, "ECDF"));
    for (const auto& [group, problems] : group_problems(results, by, notes)) {
        for (std::size_t s = 0; s < runs.optimizer_order.size(); ++s) {
            std::vector<std::vector<std::optional<double>>> pairs;
            EcdfCurve curve;
            curve.group = by ? *by + " = " + group : group;
            curve.optimizer = runs.optimizer_label(results, s);
            curve.style = runs.optimizer_order[s];
            std::vector<std::string> missing;
            for (std::size_t p : problems) {
                const results::ProblemInfo& info = results.problems[p];
                if (!info.optimum) continue;
                if (runs.runs[p][s].empty()) {
                    missing.push_back(info.label);
                    continue;
                }
                ++curve.problems;
                const double dim = problem_dimension(info);
                for (const results::Trace* t : runs.runs[p][s])
                    curve.budget = std::max(curve.budget, static_cast<double>(t->size()) / dim);
                const auto per_run = outcomes(runs.runs[p][s], *info.optimum, targets);
                for (std::size_t k = 0; k < targets.size(); ++k) {
                    std::vector<std::optional<double>> pair;
                    for (const auto& run : per_run)
                        pair.push_back(run[k].hit ? std::optional<double>(static_cast<double>(*run[k].hit) / dim)
                                                  : std::nullopt);
                    pairs.push_back(std::move(pair));
                }
            }
            if (pairs.empty()) continue;
            if (!missing.empty())
                notes.push_back("ECDF of '" + curve.optimizer + "'" + (by ? " (" + curve.group + ")" : "") +
                                ": it did not run on " + join(missing, ", ") + "; its ECDF covers the other problems");
            curve.ecdf = runtime_ecdf(pairs);
            out.push_back(std::move(curve));
        }
    }
    return out;
}

std::vector<std::string> plot_ecdf(const std::vector<EcdfCurve>& curves, std::size_t targets,
                                   const PlotOptions& options) {
    const std::string gnuplot = locate_gnuplot(options.program, options.search_path);
    if (curves.empty()) throw UserError("nothing to plot: no problem with a known f* has runs");
    const std::filesystem::path dir = make_output_folder(options.out_dir);
    std::ostringstream script;
    script << "# written by bobench plot --view ecdf: runtime ECDFs over (problem, target) pairs\n"
              "set grid\nset key outside right top noenhanced\nset logscale x\nset format x '10^{%L}'\n"
              "set xlabel 'evaluations / dimension'\nset ylabel 'fraction of (problem, target) pairs'\n"
              "set yrange [0:1.02]\n";
    std::set<std::string> stems;
    std::vector<std::string> files;
    for (std::size_t begin = 0; begin < curves.size();) {
        std::size_t end = begin;
        while (end < curves.size() && curves[end].group == curves[begin].group) ++end;
        const std::string stem = unique_stem(slug("ecdf-" + curves[begin].group), stems);  // "ecdf-dimension-2"
        const std::string data = (dir / (stem + ".dat")).string();
        double x_min = 1, x_max = 1;
        for (std::size_t c = begin; c < end; ++c) {
            x_max = std::max(x_max, curves[c].budget);
            if (!curves[c].ecdf.x.empty()) x_min = std::min(x_min, curves[c].ecdf.x.front());
        }
        write_file_atomically(data, [&](std::ostream& out) {
            for (std::size_t c = begin; c < end; ++c) {
                const EcdfCurve& e = curves[c];
                if (c > begin) out << "\n\n";
                out << "# " << e.optimizer << " (" << count_noun(e.problems, "problem")
                    << ")\n# evaluations/dimension fraction\n";
                // a step from 0 at the left edge to the budget at the right, as COCO draws it
                out << format_double17(x_min / 10) << " 0\n";
                for (std::size_t i = 0; i < e.ecdf.x.size(); ++i)
                    out << format_double17(e.ecdf.x[i]) << ' ' << format_double17(e.ecdf.y[i]) << '\n';
                const double last = e.ecdf.y.empty() ? 0.0 : e.ecdf.y.back();
                out << format_double17(e.budget) << ' ' << format_double17(last) << "\n\n\n# " << e.optimizer
                    << " budget\n" << format_double17(e.budget) << ' ' << format_double17(last) << '\n';
            }
        });
        std::string plot = "plot ";
        for (std::size_t c = begin; c < end; ++c) {
            const std::string style = gnuplot_style(curves[c].style);
            const std::size_t index = 2 * (c - begin);
            if (c > begin) plot += ", \\\n     ";
            // the steps in the optimizer's colour and dash, its marker at the budget
            plot += fmt::format("{} index {} using 1:2 with steps linewidth 2 {} title {}, \\\n"
                                "     '' index {} using 1:2 with points pointsize 2 {} notitle",
                                gp_string(data), index, style, gp_string(curves[c].optimizer), index + 1, style);
        }
        const std::string title = (curves[begin].group == "all" ? std::string("all problems") : curves[begin].group) +
                                  ", " + std::to_string(targets) + " targets";
        const std::string png = (dir / (stem + ".png")).string(), svg = (dir / (stem + ".svg")).string();
        script << "\nset title " << gp_string(title) << " noenhanced\nset xrange [" << format_double17(x_min / 10)
               << ":" << format_double17(x_max * 2) << "]\n"
               << png_and_svg(plot, png, svg);
        files.push_back(png);
        files.push_back(svg);
        begin = end;
    }
    run_gnuplot(gnuplot, dir, "ecdf.gp", script.str(), files);
    return files;
}

}  // namespace bobench::analysis::reports
