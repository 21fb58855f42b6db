#include "analysis/reports/curves.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <fmt/format.h>

#include "analysis/metrics.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

RunTable run_table(const results::Results& results) {
    RunTable t;
    t.optimizer_order.resize(results.optimizers.size());
    std::iota(t.optimizer_order.begin(), t.optimizer_order.end(), std::size_t{0});
    std::sort(t.optimizer_order.begin(), t.optimizer_order.end(), [&](std::size_t a, std::size_t b) {
        return results.optimizers[a].label < results.optimizers[b].label;
    });
    std::vector<std::size_t> slot(results.optimizers.size());
    for (std::size_t s = 0; s < slot.size(); ++s) slot[t.optimizer_order[s]] = s;
    t.runs.assign(results.problems.size(), std::vector<std::vector<const results::Trace*>>(slot.size()));
    for (const results::Trace& r : results.runs)
        if (r.size() > 0)
            t.runs[static_cast<std::size_t>(r.key.problem)][slot[static_cast<std::size_t>(r.key.optimizer)]].push_back(&r);
    for (auto& row : t.runs)
        for (auto& cell : row)
            std::sort(cell.begin(), cell.end(), [](const results::Trace* a, const results::Trace* b) {
                return a->key.replicate < b->key.replicate;
            });
    return t;
}

std::vector<CurveSummary> summary_curves(const results::Results& results, bool log_regret) {
    const RunTable table = run_table(results);
    std::vector<CurveSummary> out;
    for (std::size_t p = 0; p < results.problems.size(); ++p) {
        const results::ProblemInfo& info = results.problems[p];
        for (std::size_t s = 0; s < table.optimizer_order.size(); ++s) {
            const std::vector<const results::Trace*>& runs = table.runs[p][s];
            if (runs.empty()) continue;
            std::size_t length = 0;
            for (const results::Trace* t : runs) length = std::max(length, t->size());
            std::vector<std::vector<double>> curves;
            curves.reserve(runs.size());
            for (const results::Trace* t : runs) {
                std::vector<double> c = run_regret_curve(*t, info.optimum);
                if (log_regret && info.optimum) c = log10_regret_curve(c);
                c.resize(length, std::numeric_limits<double>::quiet_NaN());
                curves.push_back(std::move(c));
            }
            out.push_back({info.label, table.optimizer_label(results, s), info.optimum.has_value(),
                           summarize_by_iteration(curves), {}, table.optimizer_order[s], {}});
        }
    }
    return out;
}

void write_curves_csv(const std::vector<CurveSummary>& curves, std::ostream& out) {
    out << "problem,optimizer,iteration,n,mean,std,median,q1,q3,se\n";
    const auto v = [](double x) { return std::isnan(x) ? std::string() : format_double17(x); };
    fmt::memory_buffer buf;
    for (const CurveSummary& c : curves) {
        const std::string prefix = csv_field(c.problem) + "," + csv_field(c.optimizer) + ",";
        for (std::size_t t = 0; t < c.by_iteration.size(); ++t) {
            const Summary& s = c.by_iteration[t];
            fmt::format_to(std::back_inserter(buf), "{}{},{},{},{},{},{},{},{}\n", prefix, t + 1, s.count, v(s.mean),
                           v(s.stddev), v(s.median), v(s.q1), v(s.q3), v(s.standard_error));
        }
        out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
        buf.clear();
    }
}

}  // namespace bobench::analysis::reports
