#include "runners/restart.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::runners {

RestartRule parse_restart_on(const std::string& text, const std::string& where) {
    RestartRule rule;
    if (trim(text) == "none" || trim(text).empty()) return rule;
    for (const std::string& word : split(text, ',')) {
        const std::string w = trim(word);
        if (w == "target") rule.on_target = true;
        else if (w == "revisit") rule.on_revisit = true;
        else
            throw UserError(where + ": '" + w + "' is not a restart condition; accepted: none, or target and/or "
                            "revisit separated by commas (e.g. target,revisit)");
    }
    return rule;
}

std::string restart_on_name(const RestartRule& rule) {
    if (rule.on_target && rule.on_revisit) return "target,revisit";
    if (rule.on_target) return "target";
    if (rule.on_revisit) return "revisit";
    return "none";
}

RestartMonitor::RestartMonitor(const RestartRule& rule, std::optional<double> optimum)
    : rule_(rule), optimum_(optimum) {}

bool RestartMonitor::revisits(const Point& x) const { return rule_.on_revisit && seen_.count(x) > 0; }

bool RestartMonitor::evaluated(const Point& x, double true_value) {
    if (rule_.on_revisit) seen_.insert(x);
    return rule_.on_target && optimum_ && true_value - *optimum_ <= rule_.target;
}

void RestartMonitor::restarted(long index) {
    seen_.clear();
    restarts_.push_back(index);
}

std::vector<long> restart_indices(const results::Trace& trace) {
    if (trace.notes.empty()) return {};
    const nlohmann::json notes = nlohmann::json::parse(trace.notes, nullptr, /*allow_exceptions=*/false);
    if (!notes.is_object() || !notes.contains("restarts") || !notes["restarts"].is_array()) return {};
    return notes["restarts"].get<std::vector<long>>();
}

}  // namespace bobench::runners
