#include "analysis/reports/curves.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

std::vector<CurveSummary> summary_curves(const results::Results& results) {
    const std::size_t no = results.optimizers.size();
    std::vector<std::size_t> order(no);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return results.optimizers[a].label < results.optimizers[b].label;
    });
    // runs of each (problem, optimizer) in replicate order
    std::map<std::pair<int, int>, std::vector<const results::Trace*>> groups;
    for (const results::Trace& t : results.runs)
        if (t.size() > 0) groups[{t.key.problem, t.key.optimizer}].push_back(&t);

    std::vector<CurveSummary> out;
    for (std::size_t p = 0; p < results.problems.size(); ++p) {
        const results::ProblemInfo& info = results.problems[p];
        for (std::size_t o : order) {
            auto it = groups.find({static_cast<int>(p), static_cast<int>(o)});
            if (it == groups.end()) continue;
            std::vector<const results::Trace*>& runs = it->second;
            std::sort(runs.begin(), runs.end(),
                      [](const results::Trace* a, const results::Trace* b) { return a->key.replicate < b->key.replicate; });
            std::size_t length = 0;
            for (const results::Trace* t : runs) length = std::max(length, t->size());
            std::vector<std::vector<double>> curves;
            curves.reserve(runs.size());
            for (const results::Trace* t : runs) {
                std::vector<double> c = run_regret_curve(*t, info.optimum);
                c.resize(length, std::numeric_limits<double>::quiet_NaN());
                curves.push_back(std::move(c));
            }
            out.push_back({info.label, results.optimizers[o].label, info.optimum.has_value(),
                           summarize_by_iteration(curves)});
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
