#include "analysis/reports/curve_views.hpp"

#include "analysis/reports/gnuplot.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "analysis/ranking.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/gnuplot.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "analysis/statistics/ranks.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double median_of(const std::vector<double>& values) { return summarize(values).median; }

}  // namespace

std::vector<CurveSummary> cost_curves(const results::Results& results, std::size_t points,
                                      std::vector<std::string>& notes) {
    if (points < 2) throw UserError("a cost grid needs at least 2 points, got " + std::to_string(points));
    if (results.trace != results::TracePolicy::all)  // the cumulative cost needs every evaluation's
        throw UserError("the cost view needs every evaluation's cost, and this experiment kept only some evaluations "
                        "(trace = " + results::trace_policy_name(results.trace) + "); run it with trace = all");
    const RunTable table = run_table(results);
    std::vector<CurveSummary> out;
    for (std::size_t p = 0; p < results.problems.size(); ++p) {
        const results::ProblemInfo& info = results.problems[p];
        double lo = kInf, hi = 0;
        bool any_run = false;
        for (const auto& cell : table.runs[p]) {
            for (const results::Trace* t : cell) {
                any_run = true;
                double total = 0;
                for (double c : t->cost) {
                    total += c;
                    if (total > 0) lo = std::min(lo, total);
                }
                hi = std::max(hi, total);
            }
        }
        if (!any_run) continue;
        if (!(hi > 0)) {
            notes.push_back("problem '" + info.label + "' reports no cost (every evaluation costs 0); left out of the "
                            "cost view");
            continue;
        }
        std::vector<double> grid(points);
        for (std::size_t i = 0; i < points; ++i)
            grid[i] = lo == hi ? lo : lo * std::pow(hi / lo, static_cast<double>(i) / static_cast<double>(points - 1));
        for (std::size_t s = 0; s < table.runs[p].size(); ++s) {
            const auto& cell = table.runs[p][s];
            if (cell.empty()) continue;
            std::vector<std::vector<double>> curves;
            for (const results::Trace* t : cell) {
                const std::vector<double> regret = run_regret_curve(*t, info.optimum);
                std::vector<double> at(points, kNaN);
                double total = 0;
                std::size_t next = 0;  // evaluations whose cumulative cost is <= grid[i]
                for (std::size_t i = 0; i < points; ++i) {
                    while (next < regret.size() && total + t->cost[next] <= grid[i]) total += t->cost[next++];
                    if (next > 0) at[i] = regret[next - 1];
                }
                curves.push_back(std::move(at));
            }
            CurveSummary c{info.label, table.optimizer_label(results, s), info.optimum.has_value(),
                           summarize_by_iteration(curves), grid, table.optimizer_order[s], {}};
            out.push_back(std::move(c));
        }
    }
    return out;
}

Aggregate parse_aggregate(std::string_view name) {
    if (name == "normalised" || name == "normalized") return Aggregate::normalised;
    if (name == "rank") return Aggregate::rank;
    throw UserError("--aggregate '" + std::string(name) + "' is not valid; accepted: normalised, rank");
}

std::vector<std::pair<std::string, std::vector<std::size_t>>> group_problems(const results::Results& results,
                                                                              const std::optional<std::string>& by,
                                                                              std::vector<std::string>& notes) {
    std::vector<std::pair<std::string, std::vector<std::size_t>>> out;
    if (!by) {
        std::vector<std::size_t> all(results.problems.size());
        std::iota(all.begin(), all.end(), std::size_t{0});
        out.emplace_back("all", std::move(all));
        return out;
    }
    std::vector<Metadata> metadata;
    for (const results::ProblemInfo& p : results.problems) metadata.push_back(p.metadata);
    require_metadata_key(metadata, *by, "the results file");
    std::map<std::string, std::vector<std::size_t>> groups;
    std::vector<std::string> without;
    for (std::size_t p = 0; p < results.problems.size(); ++p) {
        const auto it = results.problems[p].metadata.find(*by);
        if (it == results.problems[p].metadata.end()) without.push_back("'" + results.problems[p].label + "'");
        else groups[it->second].push_back(p);
    }
    if (!without.empty())
        notes.push_back(fmt::format("{} {} {} no '{}': left out of the view by {}",
                                    without.size() == 1 ? "problem" : "problems", join(without, ", "),
                                    without.size() == 1 ? "has" : "have", *by, *by));
    for (auto& [value, problems] : groups) out.emplace_back(value, std::move(problems));
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return natural_less(a.first, b.first); });
    return out;
}

std::vector<CurveSummary> aggregate_curves(const results::Results& results, Aggregate kind,
                                           const std::optional<std::string>& by, std::vector<std::string>& notes) {
    const RunTable table = run_table(results);
    const std::size_t no = table.optimizer_order.size();
    std::vector<CurveSummary> out;
    for (const auto& [value, problems] : group_problems(results, by, notes)) {
        // per problem kept: the per-optimizer median regret curves (NaN where no run)
        std::vector<std::vector<std::vector<double>>> medians;
        std::size_t length = std::numeric_limits<std::size_t>::max(), longest = 0;
        for (std::size_t p : problems) {
            const results::ProblemInfo& info = results.problems[p];
            const auto& row = table.runs[p];
            const bool ran = std::any_of(row.begin(), row.end(), [](const auto& c) { return !c.empty(); });
            if (!ran) continue;
            if (!info.optimum) {
                notes.push_back("problem '" + info.label + "' has no known f*; left out of the aggregated curves");
                continue;
            }
            if (kind == Aggregate::rank && std::any_of(row.begin(), row.end(), [](const auto& c) { return c.empty(); })) {
                notes.push_back("problem '" + info.label + "': not every optimizer ran there; left out of the mean "
                                "ranks");
                continue;
            }
            std::vector<std::vector<std::vector<double>>> regrets(no);  // [optimizer][run][t]
            std::vector<double> first;
            for (std::size_t s = 0; s < no; ++s) {
                std::size_t most = 0;
                for (const results::Trace* t : row[s]) {
                    regrets[s].push_back(run_regret_curve(*t, info.optimum));
                    first.push_back(regrets[s].back().front());
                    most = std::max(most, t->size());
                }
                if (most) length = std::min(length, most), longest = std::max(longest, most);
            }
            double scale = 1;
            if (kind == Aggregate::normalised) {
                scale = median_of(first);
                if (!(scale > 0)) {
                    notes.push_back("problem '" + info.label + "': the median regret after the first evaluation is " +
                                    format_double(scale) + ", not positive; left out of the normalised curves");
                    continue;
                }
            }
            std::vector<std::vector<double>> per_optimizer(no);
            for (std::size_t s = 0; s < no; ++s) {
                if (regrets[s].empty()) continue;
                std::vector<std::vector<double>> curves = regrets[s];
                std::size_t most = 0;
                for (const auto& c : curves) most = std::max(most, c.size());
                for (auto& c : curves) {
                    c.resize(most, kNaN);
                    for (double& v : c) v /= scale;
                }
                for (const Summary& sum : summarize_by_iteration(curves)) per_optimizer[s].push_back(sum.median);
            }
            medians.push_back(std::move(per_optimizer));
        }
        const std::string title = (kind == Aggregate::normalised ? "normalised regret" : "mean rank") +
                                  (by ? ", " + *by + " = " + value : std::string(", all problems")) + " (" +
                                  count_noun(medians.size(), "problem") + ")";
        // the file name: the view and the group's slug, "mean-rank-all", "normalised-regret-group-1"
        const std::string stem = std::string(kind == Aggregate::normalised ? "normalised-regret-" : "mean-rank-") +
                                 (by ? slug(*by + "-" + value) : std::string("all"));
        if (medians.empty()) {
            notes.push_back(title + ": nothing to aggregate");
            continue;
        }
        if (longest > length)
            notes.push_back(title + ": runs differ in length; the curves stop at evaluation " + std::to_string(length));
        // values[s][t][problem]
        std::vector<std::vector<std::vector<double>>> values(no, std::vector<std::vector<double>>(length));
        for (const auto& problem : medians) {
            for (std::size_t t = 0; t < length; ++t) {
                if (kind == Aggregate::normalised) {
                    for (std::size_t s = 0; s < no; ++s)
                        if (!problem[s].empty()) values[s][t].push_back(problem[s][t]);
                    continue;
                }
                std::vector<double> at(no);
                for (std::size_t s = 0; s < no; ++s) at[s] = std::isnan(problem[s][t]) ? kInf : problem[s][t];
                const std::vector<double> ranks = average_ranks(at, "median regrets");
                for (std::size_t s = 0; s < no; ++s) values[s][t].push_back(ranks[s]);
            }
        }
        for (std::size_t s = 0; s < no; ++s) {
            if (values[s].empty() || values[s][0].empty()) continue;
            CurveSummary c{title, table.optimizer_label(results, s), true, {}, {}, table.optimizer_order[s], stem};
            for (const auto& at : values[s]) c.by_iteration.push_back(summarize(at));
            out.push_back(std::move(c));
        }
    }
    return out;
}

}  // namespace bobench::analysis::reports
