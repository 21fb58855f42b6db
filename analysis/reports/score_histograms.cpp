#include "analysis/reports/score_histograms.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/reports/palette.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

std::string coco_group_name(const std::string& group) {
    static const std::map<std::string, std::string> names = {{"1", "separable (f1-5)"},
                                                             {"2", "moderate (f6-9)"},
                                                             {"3", "ill-conditioned (f10-14)"},
                                                             {"4", "multimodal (f15-19)"},
                                                             {"5", "weak structure (f20-24)"}};
    const auto it = names.find(group);
    return it == names.end() ? group : it->second;
}

namespace {
std::vector<std::string> ordered_values(const std::map<std::string, ScoreTable>& by) {
    std::vector<std::string> values;
    for (const auto& [value, table] : by) values.push_back(value);
    std::sort(values.begin(), values.end(), natural_less);  // dimension 2, 3, 5, 10
    return values;
}

std::vector<std::string> all_optimizers(const std::map<std::string, ScoreTable>& by) {
    std::set<std::string> names;
    for (const auto& [value, table] : by) names.insert(table.optimizers.begin(), table.optimizers.end());
    return {names.begin(), names.end()};
}

// The score of `optimizer` in `t` (0 when it took no part).
long score_of(const ScoreTable& t, const std::string& optimizer, bool borda) {
    const auto it = std::find(t.optimizers.begin(), t.optimizers.end(), optimizer);
    if (it == t.optimizers.end()) return 0;
    const auto i = static_cast<std::size_t>(it - t.optimizers.begin());
    return borda ? t.borda[i] : t.firsts[i];
}

// An optimizer's look (palette.hpp): its position in the results file when known, else `drawn`.
std::size_t optimizer_style(const PlotOptions& options, const std::string& optimizer, std::size_t drawn) {
    const auto it = std::find(options.optimizers.begin(), options.optimizers.end(), optimizer);
    return it == options.optimizers.end() ? drawn : static_cast<std::size_t>(it - options.optimizers.begin());
}

std::string display(const std::string& value, std::string (*value_name)(const std::string&)) {
    return value_name ? value_name(value) : value;
}
}  // namespace

std::string render_score_breakdown(const std::map<std::string, ScoreTable>& by, const std::string& key,
                                   std::string (*value_name)(const std::string&)) {
    const std::vector<std::string> optimizers = all_optimizers(by);
    std::string out;
    for (const bool borda : {true, false}) {
        out += fmt::format("\n{} by {}:\n\n| {} | problems |", borda ? "Borda" : "First places", markdown_cell(key),
                           markdown_cell(key));
        for (const std::string& o : optimizers) out += " " + markdown_cell(o) + " |";
        out += "\n|---|--:|";
        for (std::size_t i = 0; i < optimizers.size(); ++i) out += "--:|";
        out += "\n";
        for (const std::string& v : ordered_values(by)) {
            const ScoreTable& t = by.at(v);
            out += fmt::format("| {} | {} |", markdown_cell(display(v, value_name)), t.problems.size());
            for (const std::string& o : optimizers) out += fmt::format(" {} |", score_of(t, o, borda));
            out += "\n";
        }
    }
    return out;
}

std::vector<std::string> plot_score_histograms(const std::map<std::string, ScoreTable>& by, const std::string& key,
                                               const std::string& stem, const PlotOptions& options,
                                               std::string (*value_name)(const std::string&)) {
    const std::string gnuplot = locate_gnuplot(options.program, options.search_path);
    const std::filesystem::path dir = make_output_folder(options.out_dir);
    const std::vector<std::string> optimizers = all_optimizers(by), values = ordered_values(by);
    std::vector<std::string> written;
    std::string script = "# written by bobench reproduce: " + key + " histograms of Borda scores and first places\n";
    for (const bool borda : {true, false}) {
        const std::string what = borda ? "borda" : "firsts";
        const std::string data = (dir / (stem + "-" + what + ".dat")).string();
        // one row per key value, one column per optimizer: gnuplot's clustered histogram
        std::string rows = "# " + key;
        for (const std::string& o : optimizers) rows += "\t" + o;
        rows += "\n";
        for (const std::string& v : values) {
            std::string label = display(v, value_name);
            std::replace(label.begin(), label.end(), '\t', ' ');
            rows += "\"" + label + "\"";
            for (const std::string& o : optimizers) rows += fmt::format("\t{}", score_of(by.at(v), o, borda));
            rows += "\n";
        }
        write_text_file(data, rows);
        long top = 1;
        for (const std::string& v : values)
            for (const std::string& o : optimizers) top = std::max(top, score_of(by.at(v), o, borda));
        // explicit ranges: every cluster whole inside the frame, room above the highest bar
        std::string plot = fmt::format(
            "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.85 border -1\n"
            "set boxwidth 0.9\nset key outside right top noenhanced\nset xtics noenhanced rotate by -20\n"
            "set ylabel {}\nset xlabel {}\nset title {} noenhanced\nset xrange [-0.6:{}]\nset yrange [0:{}]\n"
            "set grid ytics\nplot ",
            gp_string(borda ? "Borda score (optimizers beaten, summed over problems)" : "first places (problems)"),
            gp_string(key), gp_string((borda ? "Borda scores by " : "First places by ") + key),
            format_double(static_cast<double>(values.size()) - 0.4), format_double(std::ceil(1.1 * static_cast<double>(top))));
        for (std::size_t k = 0; k < optimizers.size(); ++k) {
            const std::size_t style = optimizer_style(options, optimizers[k], k);
            // past the palette's 8 colours a hatch tells the repeats apart, as a dash does for lines
            const std::string fill = style < 8 ? "" : fmt::format(" fillstyle pattern {} border -1", 1 + style / 8);
            plot += fmt::format("{}{} using {}{} title {} linecolor rgb {}{}", k ? ", " : "", gp_string(data), k + 2,
                                k ? "" : ":xtic(1)", gp_string(optimizers[k]), gp_string(palette_colour(style)), fill);
        }
        const std::string png = (dir / (stem + "-" + what + ".png")).string(),
                          svg = (dir / (stem + "-" + what + ".svg")).string();
        script += png_and_svg(plot, png, svg) + "reset\n";
        written.push_back(png);
        written.push_back(svg);
    }
    run_gnuplot(gnuplot, dir, stem + "-histograms.gp", script, written);
    return written;
}

}  // namespace bobench::analysis::reports
