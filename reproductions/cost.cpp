#include "reproductions/cost.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "runners/progress.hpp"

namespace bobench::reproductions {

namespace {
const std::vector<std::string> cost_columns = {"reproduction", "method", "seconds", "basis", "from"};
}  // namespace

std::vector<MethodCost> read_method_costs(const std::string& file, const std::string& reproduction) {
    const std::vector<CsvRecord> records = read_csv_records(file, "cost table", max_paper_table_bytes);
    if (records.empty() || records.front().fields != cost_columns)
        throw UserError("cost table '" + file + "': the first line must be the header " + join(cost_columns, ","));
    std::vector<MethodCost> costs;
    std::set<std::string> seen;
    for (std::size_t i = 1; i < records.size(); ++i) {
        const CsvRecord& r = records[i];
        const std::string where = "cost table '" + file + "' line " + std::to_string(r.line);
        if (r.fields.size() != cost_columns.size())
            throw UserError(where + ": " + std::to_string(r.fields.size()) + " fields; expected " +
                            std::to_string(cost_columns.size()) + " (" + join(cost_columns, ",") + ")");
        if (r.fields[0] != reproduction) continue;
        MethodCost c{r.fields[1], 0, r.fields[3] == "measured", r.fields[4]};
        if (!parse_double(r.fields[2], c.seconds) || !std::isfinite(c.seconds) || c.seconds < 0)
            throw UserError(where + ": seconds '" + r.fields[2] + "' is not a number >= 0 (CPU seconds of one run)");
        if (r.fields[3] != "measured" && r.fields[3] != "extrapolated")
            throw UserError(where + ": basis '" + r.fields[3] + "' is not accepted; expected measured or extrapolated");
        if (!seen.insert(c.method).second)
            throw UserError(where + ": method '" + c.method + "' of '" + reproduction + "' is given twice");
        costs.push_back(std::move(c));
    }
    return costs;
}

const MethodCost* find_cost(const std::vector<MethodCost>& costs, const std::string& method) {
    const auto c = std::find_if(costs.begin(), costs.end(), [&](const MethodCost& x) { return x.method == method; });
    return c == costs.end() ? nullptr : &*c;
}

ProtocolCost protocol_cost(const std::vector<MethodCost>& costs, const std::vector<std::string>& methods,
                           std::size_t runs_per_method) {
    ProtocolCost total;
    for (const std::string& m : methods) {
        const MethodCost* c = find_cost(costs, m);
        if (!c) total.unmeasured.push_back(m);
        else (c->measured ? total.measured_cpu : total.extrapolated_cpu) += c->seconds * static_cast<double>(runs_per_method);
    }
    return total;
}

std::string short_cost(const ProtocolCost& cost, int cores) {
    if (cost.cpu() == 0 && !cost.unmeasured.empty()) return "not measured";
    return "~" + runners::Progress::duration(cost.cpu() / cores);
}

std::string describe_cost(const ProtocolCost& cost, int cores) {
    const std::string unmeasured = cost.unmeasured.empty() ? "" : "not measured: " + join(cost.unmeasured, ", ");
    if (cost.cpu() == 0 && !unmeasured.empty()) return unmeasured;
    std::string text = fmt::format("{} on {} cores ({} of CPU", short_cost(cost, cores), cores,
                                   runners::Progress::duration(cost.cpu()));
    if (cost.extrapolated_cpu == 0) text += ", measured";
    else if (cost.measured_cpu == 0) text += ", extrapolated";
    else text += fmt::format(", {:.0f} % of it extrapolated", 100 * cost.extrapolated_cpu / cost.cpu());
    return text + (unmeasured.empty() ? "" : "; " + unmeasured) + ")";
}

}  // namespace bobench::reproductions
