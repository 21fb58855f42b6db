#include "reproductions/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include <fstream>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/statistics/kendall.hpp"
#include "analysis/summary.hpp"
#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"

namespace bobench::reproductions {

using namespace analysis;  // the statistics and report helpers these build on
using namespace analysis::reports;

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

std::size_t column(const std::vector<std::string>& header, const std::string& name, const std::string& path,
                   const std::string& what = "reference table") {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
        throw UserError(what + " '" + path + "' has no column '" + name + "'; its columns: " + join(header, ", "));
    return static_cast<std::size_t>(it - header.begin());
}

// An empty cell, NaN or NA: the paper has no number there.
bool not_available(const std::string& field) {
    std::string f = field;
    for (char& ch : f) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return f.empty() || f == "nan" || f == "na" || f == "n/a";
}

// "# reference_runs: N [note]" among the table's '#' lines: the paper's runs behind each value.
std::optional<long> reference_runs(const std::string& path) {
    std::ifstream in(path);
    const std::string key = "reference_runs:";
    std::size_t line_number = 0, given_on = 0;
    std::optional<long> found;
    for (std::string line; std::getline(in, line);) {
        if (++line_number == 1) line.erase(0, line.size() - without_utf8_bom(line).size());  // as read_csv_records does
        if (line.empty() || line[0] != '#') continue;
        const auto at = line.find(key);
        if (at == std::string::npos) continue;
        const std::string where = "reference table '" + path + "' line " + std::to_string(line_number);
        if (found)
            throw UserError(where + ": reference_runs again (first on line " + std::to_string(given_on) +
                            "); give the paper's runs once");
        std::string text = trim(line.substr(at + key.size()));
        text = text.substr(0, text.find_first_of(" \t"));  // a note may follow the number
        double runs = 0;
        if (!parse_double(text, runs) || runs < 1 || runs != std::floor(runs) || runs > 1e6)
            throw UserError(where + ": reference_runs = '" + text + "' is not a whole number of runs >= 1");
        found = static_cast<long>(runs);
        given_on = line_number;
    }
    return found;
}
}  // namespace

std::vector<PublishedCell> read_published(const std::string& path, const ReferenceColumns& columns,
                                          std::vector<std::size_t>* left_out) {
    const std::vector<CsvRecord> records = read_csv_records(path, "reference table", max_paper_table_bytes);
    if (records.empty()) throw UserError("reference table '" + path + "' is empty: expected a header and rows");
    refuse_repeated_columns(records.front(), "reference table", path);
    const std::vector<std::string>& header = records.front().fields;
    const std::size_t p = column(header, columns.problem, path), m = column(header, columns.method, path),
                      v = column(header, columns.value, path);
    const std::optional<std::size_t> sd =
        columns.sd.empty() ? std::nullopt : std::optional<std::size_t>(column(header, columns.sd, path));
    std::vector<std::pair<std::size_t, std::string>> keep;
    for (const auto& [name, value] : columns.keep) keep.emplace_back(column(header, name, path), value);

    const std::optional<long> runs = reference_runs(path);
    std::vector<PublishedCell> cells;
    std::map<std::pair<std::string, std::string>, std::size_t> first_line;  // (problem, method) -> its row's line
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = checked_row_name(rec, header.size(), "reference table", path);
        if (std::any_of(keep.begin(), keep.end(), [&](const auto& k) { return rec.fields[k.first] != k.second; }))
            continue;
        // What is compared is a regret or a distance to the optimum and its sd: never negative
        // (a raw objective value, say Hartmann's -3.32, must be turned into a regret first).
        auto number = [&](std::size_t c) {
            double x;
            if (!parse_double(rec.fields[c], x) || !std::isfinite(x))
                throw UserError(where + ": " + header[c] + " = '" + rec.fields[c] + "' is not a finite number");
            if (x < 0)
                throw UserError(where + ": " + header[c] + " = '" + rec.fields[c] +
                                "' is negative; a reference table holds regrets or distances to the optimum "
                                "and their sd, all >= 0");
            return x;
        };
        const auto [first, fresh] = first_line.emplace(std::pair(rec.fields[p], rec.fields[m]), rec.line);
        if (!fresh)  // counted twice in the verdicts, or two numbers for one cell
            throw UserError(where + ": " + header[p] + " '" + rec.fields[p] + "', " + header[m] + " '" + rec.fields[m] +
                            "' again (first on line " + std::to_string(first->second) + "); one row per cell");
        if (not_available(rec.fields[v])) {  // the paper's N/A
            if (left_out) left_out->push_back(rec.line);
            continue;
        }
        PublishedCell c{rec.fields[p], rec.fields[m], number(v), std::nullopt, runs, rec.line};
        if (sd && !not_available(rec.fields[*sd])) c.sd = number(*sd);
        cells.push_back(std::move(c));
    }
    if (cells.empty()) throw UserError("reference table '" + path + "' has no rows with a number that match the selection");
    return cells;
}

std::vector<DisagreementCause> read_causes(const std::string& path) {
    const std::vector<CsvRecord> records = read_csv_records(path, "causes table", max_paper_table_bytes);
    if (records.empty()) throw UserError("causes table '" + path + "' is empty: expected a header and rows");
    refuse_repeated_columns(records.front(), "causes table", path);
    const std::vector<std::string>& header = records.front().fields;
    const std::size_t p = column(header, "problem", path, "causes table"), m = column(header, "method", path, "causes table"),
                      c = column(header, "cause", path, "causes table"), e = column(header, "evidence", path, "causes table");
    std::vector<DisagreementCause> causes;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = checked_row_name(rec, header.size(), "causes table", path);
        const std::string& cause = rec.fields[c];
        if (cause != "ours" && cause != "paper" && cause != "unknown")
            throw UserError(where + ": cause = '" + cause + "'; expected ours, paper or unknown");
        causes.push_back({rec.fields[p], rec.fields[m], cause, rec.fields[e]});
    }
    return causes;
}

namespace {
// Mean and sd of a per-round series, its NaN entries left out (NaN, NaN when none is left).
std::pair<double, double> mean_sd(const std::vector<double>& series) {
    std::vector<double> kept;
    for (double x : series)
        if (!std::isnan(x)) kept.push_back(x);
    if (kept.empty()) return {nan, nan};
    const Summary s = summarize(kept);
    return {s.mean, kept.size() > 1 ? s.stddev : 0.0};
}

std::vector<double> as_doubles(const std::vector<int>& v) { return {v.begin(), v.end()}; }

std::size_t index_of(std::vector<std::string>& names, const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end()) return static_cast<std::size_t>(it - names.begin());
    names.push_back(name);
    return names.size() - 1;
}

// The observed shares and taus, and beside them the calibration's.
void summarise(Comparison& r, const std::vector<std::string>& methods, const Calibration& cal) {
    for (std::size_t m = 0; m < methods.size(); ++m) {
        AgreementShare share{methods[m]};
        for (const CellComparison& c : r.cells)
            if (c.method == methods[m] && c.runs > 0 && c.agreement.test != AgreementTest::none)
                ++share.compared, share.agreeing += c.agreement.agrees;
        std::tie(share.perfect_mean, share.perfect_sd) = mean_sd(as_doubles(cal.agreeing_by_method[m]));
        r.overall.compared += share.compared;
        r.overall.agreeing += share.agreeing;
        r.by_method.push_back(share);
    }
    std::tie(r.overall.perfect_mean, r.overall.perfect_sd) = mean_sd(as_doubles(cal.agreeing));
    std::vector<double> observed, per_round(cal.agreeing.size(), 0.0), defined(cal.agreeing.size(), 0.0);
    for (std::size_t p = 0; p < r.orders.size(); ++p) {
        if (!std::isnan(r.orders[p].tau)) observed.push_back(r.orders[p].tau);
        r.orders[p].tau_perfect = mean_sd(cal.tau[p]).first;
        for (std::size_t k = 0; k < per_round.size(); ++k)
            if (!std::isnan(cal.tau[p][k])) per_round[k] += cal.tau[p][k], defined[k] += 1;
    }
    for (std::size_t k = 0; k < per_round.size(); ++k) per_round[k] = defined[k] ? per_round[k] / defined[k] : nan;
    r.tau_mean = mean_sd(observed).first;
    std::tie(r.tau_perfect_mean, r.tau_perfect_sd) = mean_sd(per_round);
}
}  // namespace

Comparison compare_with_published(const ExperimentMetrics& ours, const std::vector<PublishedCell>& theirs,
                                    const ComparisonOptions& options) {
    std::map<std::string, std::size_t> problem_index, optimizer_index;
    for (std::size_t i = 0; i < ours.problems.size(); ++i) problem_index[ours.problems[i]] = i;
    for (std::size_t i = 0; i < ours.optimizers.size(); ++i) optimizer_index[ours.optimizers[i]] = i;
    AgreementOptions agreement;
    agreement.statistic = options.statistic;
    agreement.resamples = options.resamples;
    agreement.calibration_rounds = options.verdicts ? options.calibration_rounds : 0;

    Comparison r;
    r.statistic = options.statistic;
    r.verdicts = options.verdicts;
    r.calibration_rounds = agreement.calibration_rounds;
    if (!theirs.empty()) r.reference_runs = theirs.front().runs;
    std::set<std::string> not_run;
    std::vector<std::string> problem_order, methods;  // methods: those with runs, in the paper's order
    std::vector<CalibrationCell> calibration;
    for (const PublishedCell& t : theirs) {
        const std::size_t problem = index_of(problem_order, t.problem);
        CellComparison c;
        c.problem = t.problem;
        c.method = t.method;
        c.theirs = t.value;
        c.theirs_sd = t.sd;
        const auto p = problem_index.find(t.problem), o = optimizer_index.find(t.method);
        std::vector<double> values;
        if (o == optimizer_index.end()) not_run.insert(t.method);
        if (p != problem_index.end() && o != optimizer_index.end())
            for (double v : ours.cells[p->second][o->second].final_value)
                if (!std::isnan(v)) values.push_back(v);
        if (!values.empty()) {
            const Summary s = summarize(values);
            c.runs = values.size();
            c.ours = t.sd || options.statistic == TableStat::mean ? s.mean : s.median;
            c.ours_sd = s.stddev;
            c.theirs_runs = t.runs.value_or(static_cast<long>(values.size()));
            const PaperValue paper{t.value, t.sd, c.theirs_runs};
            Rng rng(derive_seed(derive_seed(options.seed, hash_string(t.problem)), hash_string(t.method)));
            c.agreement = test_agreement(values, paper, agreement, rng);
            const std::size_t method = index_of(methods, t.method);
            if (c.agreement.test == AgreementTest::none) ++r.untested;  // no verdict, nothing to calibrate
            else calibration.push_back({problem, method, std::move(values), paper});
            const auto matches = [&](const DisagreementCause& k) {
                return (k.problem == "*" || k.problem == t.problem) && (k.method == "*" || k.method == t.method);
            };
            const auto k = std::find_if(options.causes.begin(), options.causes.end(), matches);
            if (k != options.causes.end()) c.cause = *k;
        }
        r.cells.push_back(c);
    }
    r.not_run.assign(not_run.begin(), not_run.end());
    for (const std::string& problem : problem_order) {
        std::vector<double> a, b;
        for (const CellComparison& c : r.cells)
            if (c.problem == problem && c.runs > 0) a.push_back(c.theirs), b.push_back(c.ours);
        r.orders.push_back({problem, a.size(), a.size() < 2 ? nan : kendall_tau_b(a, b), nan});
    }
    const Calibration cal = calibrate(calibration, problem_order.size(), methods.size(), agreement,
                                      derive_seed(options.seed, hash_string("calibration")));
    summarise(r, methods, cal);
    return r;
}

DisagreementPattern disagreement_pattern(const Comparison& r) {
    DisagreementPattern pattern;
    auto lean_of = [](std::vector<DisagreementLean>& leans, const std::string& name) -> DisagreementLean& {
        const auto it = std::find_if(leans.begin(), leans.end(), [&](const auto& l) { return l.name == name; });
        return it != leans.end() ? *it : leans.emplace_back(DisagreementLean{name});
    };
    for (const CellComparison& c : r.cells) {
        if (!c.runs || c.agreement.test == AgreementTest::none) continue;
        for (DisagreementLean* lean : {&lean_of(pattern.by_method, c.method), &lean_of(pattern.by_problem, c.problem)}) {
            ++lean->compared;
            if (!c.agreement.agrees) ++(c.ours < c.theirs ? lean->below : lean->above);
        }
    }
    return pattern;
}

std::vector<std::string> named_not_run(const Comparison& r, std::size_t most) {
    if (r.not_run.size() <= most) return r.not_run;
    std::vector<std::string> out(r.not_run.begin(), r.not_run.begin() + static_cast<std::ptrdiff_t>(most));
    out.push_back(fmt::format("and {} more", r.not_run.size() - most));
    return out;
}

}  // namespace bobench::reproductions
