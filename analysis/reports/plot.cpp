#include "analysis/reports/plot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "analysis/reports/palette.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace fs = std::filesystem;

LogScale parse_log_scale(std::string_view name) {
    if (name == "auto") return LogScale::automatic;
    if (name == "yes") return LogScale::yes;
    if (name == "no") return LogScale::no;
    throw UserError("--log '" + std::string(name) + "' is not valid; accepted: auto, yes, no");
}

namespace {

std::string num(double v) { return std::isnan(v) ? std::string("NaN") : format_double17(v); }

// centre, low, high of one point of a curve
std::array<double, 3> band_of(const Summary& s, PlotOptions::Band band) {
    if (band == PlotOptions::Band::median_iqr) return {s.median, s.q1, s.q3};
    const double se = std::isnan(s.standard_error) ? 0.0 : s.standard_error;
    return {s.mean, s.mean - se, s.mean + se};
}

// The y axis names what is drawn: the centre line alone where the bands are left out.
std::string y_label_of(const PlotOptions& o, bool regret, bool bands) {
    if (!bands && !o.y_label_centre.empty()) return o.y_label_centre;
    if (!o.y_label.empty()) return o.y_label;
    return std::string(regret ? "regret" : "best value (f* unknown)") +
           (bands ? ": median and inter-quartile range" : ": median");
}

}  // namespace

PlotResult plot_curves(const std::vector<CurveSummary>& curves, const PlotOptions& options) {
    const std::string gnuplot = locate_gnuplot(options.program, options.search_path);
    if (curves.empty()) throw UserError("nothing to plot: the results file holds no runs with evaluations");
    const fs::path dir = make_output_folder(options.out_dir);
    const bool median = options.band == PlotOptions::Band::median_iqr;

    PlotResult result;
    std::ostringstream script;
    script << "# written by bobench plot: " << (median ? "median and inter-quartile range" : "mean and standard error")
           << " per x\nset datafile missing 'NaN'\nset grid\nset key outside right top noenhanced\nset xlabel "
           << gp_string(options.x_label) << "\n"
           << (options.log_x ? "set logscale x\n" : "");
    std::set<std::string> stems;
    std::vector<std::string> outputs;
    std::size_t crowded = 0;  // the most curves in a plot drawn without bands
    for (std::size_t begin = 0; begin < curves.size();) {
        std::size_t end = begin;
        while (end < curves.size() && curves[end].problem == curves[begin].problem) ++end;
        bool drawable = false;  // gnuplot stops the whole script at a plot without any point
        for (std::size_t c = begin; c < end; ++c)
            for (const Summary& s : curves[c].by_iteration) drawable = drawable || !std::isnan(s.median);
        if (!drawable) {
            result.notes.push_back("problem '" + curves[begin].problem +
                                   "' has no successful evaluation in any run: nothing to plot");
            begin = end;
            continue;
        }
        PlotFile f;
        f.problem = curves[begin].problem;
        f.stem = unique_stem(curves[begin].stem.empty() ? slug(f.problem) : curves[begin].stem, stems);
        f.data = (dir / (f.stem + ".dat")).string();
        f.png = (dir / (f.stem + ".png")).string();
        f.svg = (dir / (f.stem + ".svg")).string();

        bool all_positive = true, any_value = false;
        write_file_atomically(f.data, [&](std::ostream& data) {
            for (std::size_t c = begin; c < end; ++c) {
                if (c > begin) data << "\n\n";  // gnuplot: two blank lines start a new index
                data << "# " << curves[c].optimizer << "\n# x " << (median ? "median q1 q3" : "mean mean-se mean+se")
                     << "\n";
                for (std::size_t t = 0; t < curves[c].by_iteration.size(); ++t) {
                    const auto v = band_of(curves[c].by_iteration[t], options.band);
                    for (double y : v) {
                        if (std::isnan(y)) continue;
                        any_value = true;
                        all_positive = all_positive && y > 0;
                    }
                    if (curves[c].x.empty()) data << t + 1;
                    else data << num(curves[c].x[t]);
                    data << ' ' << num(v[0]) << ' ' << num(v[1]) << ' ' << num(v[2]) << '\n';
                }
            }
        });
        f.log_y = options.log == LogScale::yes || (options.log == LogScale::automatic && any_value && all_positive);
        if (options.log == LogScale::yes && !all_positive)
            result.notes.push_back("problem '" + f.problem + "': values <= 0 cannot be drawn on the log scale asked "
                                   "for (--log yes) and are left out of its plot");
        const bool bands = end - begin <= options.max_bands;
        script << "\n# " << f.problem << "\n"
               << (f.log_y ? "set logscale y\nset format y '10^{%L}'\n" : "unset logscale y\nset format y '% g'\n")
               << "set title " << gp_string(f.problem) << " noenhanced\n"
               << "set ylabel " << gp_string(y_label_of(options, curves[begin].regret, bands)) << "\n";
        if (!bands) crowded = std::max(crowded, end - begin);
        std::string plot = "plot ";
        for (std::size_t c = begin; c < end; ++c) {
            const std::string style = gnuplot_style(curves[c].style);
            const std::size_t every = std::max<std::size_t>(1, curves[c].by_iteration.size() / 8);  // ~8 markers
            if (c > begin) plot += ", \\\n     ";
            if (bands)
                plot += fmt::format("{} index {} using 1:3:4 with filledcurves fillcolor rgb '{}' fillstyle transparent "
                                    "solid 0.15 noborder notitle, \\\n     '' ",
                                    gp_string(f.data), c - begin, palette_colour(curves[c].style));
            else
                plot += gp_string(f.data) + " ";
            plot += fmt::format("index {} using 1:2 with linespoints linewidth 2 pointinterval {} {} title {}", c - begin,
                                every, style, gp_string(curves[c].optimizer));
        }
        script << png_and_svg(plot, f.png, f.svg);
        outputs.push_back(f.png);
        outputs.push_back(f.svg);
        result.files.push_back(std::move(f));
        begin = end;
    }
    if (result.files.empty()) throw UserError("nothing to plot: no problem has a successful evaluation");
    if (crowded)
        result.notes.push_back(fmt::format("up to {} curves in one plot: the bands are drawn for at most {}, so "
                                           "these plots show the centre lines only",
                                           crowded, options.max_bands));
    result.script = (dir / "plots.gp").string();
    run_gnuplot(gnuplot, dir, "plots.gp", script.str(), outputs);
    return result;
}

}  // namespace bobench::analysis::reports
