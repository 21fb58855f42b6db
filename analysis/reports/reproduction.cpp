#include "analysis/reports/reproduction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include <boost/random/uniform_int_distribution.hpp>
#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/statistics/kendall.hpp"
#include "analysis/summary.hpp"
#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

std::size_t column(const std::vector<std::string>& header, const std::string& name, const std::string& path) {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
        throw UserError("reference table '" + path + "' has no column '" + name + "'; its columns: " + join(header, ", "));
    return static_cast<std::size_t>(it - header.begin());
}

// An empty cell, NaN or NA: the paper has no number there.
bool not_available(const std::string& field) {
    std::string f = field;
    for (char& ch : f) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return f.empty() || f == "nan" || f == "na" || f == "n/a";
}

double statistic(const std::vector<double>& v, TableStat s) {
    const Summary sum = summarize(v);
    return s == TableStat::mean ? sum.mean : sum.median;
}

// Percentile bootstrap interval of the statistic (Efron & Tibshirani 1993, ch. 13).
std::pair<double, double> bootstrap_interval(const std::vector<double>& v, TableStat s, int resamples, Rng& rng) {
    boost::random::uniform_int_distribution<std::size_t> pick(0, v.size() - 1);
    std::vector<double> stats(static_cast<std::size_t>(resamples)), sample(v.size());
    for (double& out : stats) {
        for (double& x : sample) x = v[pick(rng)];
        out = statistic(sample, s);
    }
    std::sort(stats.begin(), stats.end());
    auto quantile = [&](double p) {
        const double h = (static_cast<double>(stats.size()) - 1) * p;
        const std::size_t i = static_cast<std::size_t>(h);
        return i + 1 < stats.size() ? stats[i] + (h - static_cast<double>(i)) * (stats[i + 1] - stats[i]) : stats[i];
    };
    return {quantile(0.025), quantile(0.975)};
}
}  // namespace

std::vector<PublishedCell> read_published(const std::string& path, const ReferenceColumns& columns) {
    const std::vector<CsvRecord> records = read_csv_records(path, "reference table");
    if (records.empty()) throw UserError("reference table '" + path + "' is empty: expected a header and rows");
    const std::vector<std::string>& header = records.front().fields;
    const std::size_t p = column(header, columns.problem, path), m = column(header, columns.method, path),
                      v = column(header, columns.value, path);
    const std::optional<std::size_t> sd =
        columns.sd.empty() ? std::nullopt : std::optional<std::size_t>(column(header, columns.sd, path));
    std::vector<std::pair<std::size_t, std::string>> keep;
    for (const auto& [name, value] : columns.keep) keep.emplace_back(column(header, name, path), value);

    std::vector<PublishedCell> cells;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = "reference table '" + path + "' line " + std::to_string(rec.line);
        if (rec.fields.size() != header.size())
            throw UserError(where + ": " + std::to_string(rec.fields.size()) + " fields; the header has " +
                            std::to_string(header.size()));
        if (std::any_of(keep.begin(), keep.end(), [&](const auto& k) { return rec.fields[k.first] != k.second; }))
            continue;
        auto number = [&](std::size_t c) {
            double x;
            if (!parse_double(rec.fields[c], x) || !std::isfinite(x))
                throw UserError(where + ": " + header[c] + " = '" + rec.fields[c] + "' is not a finite number");
            return x;
        };
        if (not_available(rec.fields[v])) continue;  // the paper's N/A
        PublishedCell c{rec.fields[p], rec.fields[m], number(v), std::nullopt};
        if (sd && !not_available(rec.fields[*sd])) c.sd = number(*sd);
        cells.push_back(std::move(c));
    }
    if (cells.empty()) throw UserError("reference table '" + path + "' has no rows with a number that match the selection");
    return cells;
}

std::size_t Reproduction::compared() const {
    return static_cast<std::size_t>(std::count_if(cells.begin(), cells.end(), [](const auto& c) { return c.runs > 0; }));
}

std::size_t Reproduction::agreeing() const {
    return static_cast<std::size_t>(std::count_if(cells.begin(), cells.end(), [](const auto& c) { return c.agrees; }));
}

Reproduction compare_with_published(const ExperimentMetrics& ours, const std::vector<PublishedCell>& theirs,
                                    const ReproductionOptions& options) {
    std::map<std::string, std::size_t> problem_index, optimizer_index;
    for (std::size_t i = 0; i < ours.problems.size(); ++i) problem_index[ours.problems[i]] = i;
    for (std::size_t i = 0; i < ours.optimizers.size(); ++i) optimizer_index[ours.optimizers[i]] = i;

    Reproduction r;
    r.statistic = options.statistic;
    std::set<std::string> not_run;
    std::vector<std::string> problem_order;
    for (const PublishedCell& t : theirs) {
        if (std::find(problem_order.begin(), problem_order.end(), t.problem) == problem_order.end())
            problem_order.push_back(t.problem);
        CellComparison c;
        c.problem = t.problem;
        c.method = t.method;
        c.theirs = t.value;
        c.theirs_sd = t.sd;
        const auto p = problem_index.find(t.problem), o = optimizer_index.find(t.method);
        if (p == problem_index.end() || o == optimizer_index.end()) {
            if (o == optimizer_index.end()) not_run.insert(t.method);
            r.cells.push_back(c);
            continue;
        }
        std::vector<double> values;
        for (double v : ours.cells[p->second][o->second].final_value)
            if (!std::isnan(v)) values.push_back(v);
        if (!values.empty()) {
            const Summary s = summarize(values);
            c.runs = values.size();
            c.ours = statistic(values, options.statistic);
            c.ours_sd = s.stddev;
            Rng rng(derive_seed(derive_seed(options.seed, hash_string(t.problem)), hash_string(t.method)));
            std::tie(c.low, c.high) = bootstrap_interval(values, options.statistic, options.resamples, rng);
            c.ratio = t.value != 0 ? c.ours / t.value : nan;
            c.agrees = c.low <= t.value && t.value <= c.high;
        }
        r.cells.push_back(c);
    }
    r.not_run.assign(not_run.begin(), not_run.end());
    for (const std::string& problem : problem_order) {
        std::vector<double> a, b;
        for (const CellComparison& c : r.cells)
            if (c.problem == problem && c.runs > 0) a.push_back(c.theirs), b.push_back(c.ours);
        r.orders.push_back({problem, a.size(), a.size() < 2 ? nan : kendall_tau_b(a, b)});
    }
    return r;
}

std::string render_reproduction(const Reproduction& r, TableFormat format) {
    const std::string stat = r.statistic == TableStat::mean ? "mean" : "median";
    auto g = [](double v) { return format_significant(v, 3); };
    std::string out;
    if (format == TableFormat::csv) {
        out = "problem,method,runs,ours_" + stat + ",ours_sd,ci_low,ci_high,theirs,theirs_sd,ratio,agrees\n";
        for (const CellComparison& c : r.cells) {
            auto num = [&](double v) { return c.runs ? format_double17(v) : std::string(); };
            out += csv_field(c.problem) + "," + csv_field(c.method) + "," + std::to_string(c.runs) + "," + num(c.ours) +
                   "," + num(c.ours_sd) + "," + num(c.low) + "," + num(c.high) + "," + format_double17(c.theirs) + "," +
                   (c.theirs_sd ? format_double17(*c.theirs_sd) : "") + "," + num(c.ratio) + "," +
                   (c.runs ? (c.agrees ? "yes" : "no") : "") + "\n";
        }
        return out;
    }
    const bool tex = format == TableFormat::latex;
    auto text = [&](const std::string& s) { return tex ? latex_escape(s) : markdown_cell(s); };
    const std::string pm = tex ? " $\\pm$ " : " ± ";
    if (tex) {
        out += "\\begin{tabular}{llrllrl}\n\\toprule\nproblem & method & runs & ours (" + stat + " $\\pm$ sd) & " +
               "95\\% interval & theirs & ratio & agrees \\\\\n\\midrule\n";
    } else {
        out += "| problem | method | runs | ours (" + stat + " ± sd) | 95 % interval | theirs | ratio | agrees |\n";
        out += "|---|---|---:|---|---|---|---:|---|\n";
    }
    for (const CellComparison& c : r.cells) {
        const std::string theirs = g(c.theirs) + (c.theirs_sd ? pm + g(*c.theirs_sd) : "");
        std::string ours = "not run", interval, ratio, agrees;
        if (c.runs) {
            ours = g(c.ours) + pm + g(c.ours_sd);
            interval = "[" + g(c.low) + ", " + g(c.high) + "]";
            ratio = g(c.ratio);
            agrees = c.agrees ? "yes" : "**no**";
            if (tex) agrees = c.agrees ? "yes" : "\\textbf{no}";
        }
        const std::vector<std::string> row{text(c.problem), text(c.method), std::to_string(c.runs), ours, interval,
                                           theirs, ratio, agrees};
        out += tex ? join(row, " & ") + " \\\\\n" : "| " + join(row, " | ") + " |\n";
    }
    if (tex) out += "\\bottomrule\n\\end{tabular}\n";

    const std::size_t n = r.compared(), k = r.agreeing();
    out += fmt::format("\n{} of {} cells agree ({:.0f} %): the paper's number lies inside our bootstrap 95 % interval of "
                       "the {}.\n",
                       k, n, n ? 100.0 * static_cast<double>(k) / static_cast<double>(n) : 0.0, stat);
    out += "\nKendall's tau-b between the paper's method order and ours, per problem:\n\n";
    for (const ProblemOrder& o : r.orders)
        out += fmt::format("- {}: {} ({} methods)\n", o.problem, std::isnan(o.tau) ? "n/a" : fmt::format("{:.2f}", o.tau),
                           o.methods);
    if (!r.not_run.empty()) out += "\nMethods of the paper that bobench did not run: " + join(r.not_run, ", ") + ".\n";
    std::vector<std::string> disagreements;
    for (const CellComparison& c : r.cells)
        if (c.runs && !c.agrees)
            disagreements.push_back(c.problem + " / " + c.method + " (ours " + g(c.ours) + ", theirs " + g(c.theirs) +
                                    ", ratio " + g(c.ratio) + ")");
    if (!disagreements.empty()) out += "\nDisagreements:\n\n- " + join(disagreements, "\n- ") + "\n";
    return out;
}

}  // namespace bobench::analysis::reports
