#include "analysis/reports/tidy_csv.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "analysis/metrics.hpp"
#include "core/csv.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

static std::string number(double v) { return std::isnan(v) ? std::string() : format_double17(v); }

void export_csv(const results::Results& results, std::ostream& out) {
    // the fidelity column only for experiments with a multi-fidelity problem: others export as before
    const bool fidelity = std::any_of(results.runs.begin(), results.runs.end(),
                                      [](const results::Trace& t) { return !t.fidelity.empty(); });
    out << "problem,optimizer,replicate,iteration,value,best_so_far,regret,test_regret,true_value,cost,test_value,failed"
        << (fidelity ? ",fidelity\n" : "\n");
    fmt::memory_buffer buf;
    for (const results::Trace& t : results.runs) {
        const results::ProblemInfo& p = results.problems[static_cast<std::size_t>(t.key.problem)];
        const std::string prefix = csv_field(p.label) + "," +
                                   csv_field(results.optimizers[static_cast<std::size_t>(t.key.optimizer)].label) + "," +
                                   std::to_string(t.key.replicate) + ",";
        const results::IncumbentCurve c = results::incumbent_curve(t);
        for (std::size_t row = 0; row < t.rows(); ++row) {  // a trace policy's rows only: `iteration` says which
            const std::size_t i = t.evaluation_of(row);
            const double nan = std::numeric_limits<double>::quiet_NaN();
            // empty regret columns where f* is unknown (best_so_far is its own column)
            const double regret = p.optimum ? analysis::regret(c.best_true[i], p.optimum) : nan;
            const double test_regret = p.test_optimum ? analysis::regret(c.best_test[i], p.test_optimum) : nan;
            fmt::format_to(std::back_inserter(buf), "{}{},{},{},{},{},{},{},{},{}", prefix, i + 1, number(t.value[row]),
                           number(c.best[i]), number(regret), number(test_regret), number(t.true_value[row]),
                           number(t.cost[row]), number(t.test_value[row]), static_cast<int>(t.failed[row]));
            if (fidelity) fmt::format_to(std::back_inserter(buf), ",{}", t.fidelity.empty() ? std::string() : number(t.fidelity[row]));
            buf.push_back('\n');
        }
        out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
        buf.clear();
    }
}

void export_runs_csv(const results::Results& results, std::ostream& out) {
    out << "problem,optimizer,replicate,evaluations,failed,best_value,regret,test_regret,seconds,problem_seed,"
           "optimizer_seed\n";
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const results::Trace& t : results.runs) {
        const results::ProblemInfo& p = results.problems[static_cast<std::size_t>(t.key.problem)];
        const results::IncumbentCurve c = results::incumbent_curve(t);
        const bool any = t.size() > 0;
        const double best = any ? c.best.back() : nan, best_true = any ? c.best_true.back() : nan,
                     best_test = any ? c.best_test.back() : nan;
        out << fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(p.label),
                           csv_field(results.optimizers[static_cast<std::size_t>(t.key.optimizer)].label),
                           t.key.replicate, t.size(), t.failures(), number(best),
                           number(p.optimum ? analysis::regret(best_true, p.optimum) : nan),
                           number(p.test_optimum ? analysis::regret(best_test, p.test_optimum) : nan),
                           t.seconds, t.problem_seed, t.optimizer_seed);  // seconds: shortest round-trip form
    }
}

}  // namespace bobench::analysis::reports
