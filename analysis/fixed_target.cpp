#include "analysis/fixed_target.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/text.hpp"

namespace bobench::analysis {

namespace {
std::vector<double> powers_of_ten(int steps_per_decade) {
    std::vector<double> out;
    for (int i = 2 * steps_per_decade; i >= -8 * steps_per_decade; --i)
        out.push_back(std::pow(10.0, static_cast<double>(i) / steps_per_decade));
    return out;
}
}  // namespace

std::vector<double> coco_ecdf_targets() { return powers_of_ten(5); }
std::vector<double> coco_table_targets() { return powers_of_ten(1); }

std::vector<double> parse_targets(std::string_view text, std::string_view option) {
    const std::string t = trim(text);
    if (t == "coco") return coco_ecdf_targets();
    if (t == "decades") return coco_table_targets();
    std::vector<double> out;
    for (const std::string& raw : split(t, ',')) {
        double v = 0;
        if (!parse_double(trim(raw), v) || !(v > 0) || !std::isfinite(v))
            throw UserError(std::string(option) + " '" + std::string(text) + "': '" + trim(raw) +
                            "' is not a positive number; accepted: coco, decades, or a comma-separated list of "
                            "target precisions such as 1e-1,1e-3");
        out.push_back(v);
    }
    return out;
}

RunOutcome run_outcome(std::span<const double> regret_curve, double target) {
    RunOutcome r;
    r.evaluations = regret_curve.size();
    for (std::size_t t = 0; t < regret_curve.size(); ++t) {
        if (regret_curve[t] <= target) {  // false for NaN
            r.hit = t + 1;
            break;
        }
    }
    return r;
}

ExpectedRunningTime expected_running_time(std::span<const RunOutcome> runs) {
    if (runs.empty()) throw UserError("expected running time of no runs: at least one run is needed");
    ExpectedRunningTime e;
    e.runs = runs.size();
    for (const RunOutcome& r : runs) {
        e.spent += static_cast<double>(r.hit ? *r.hit : r.evaluations);
        if (r.hit) ++e.successes;
    }
    e.ert = e.successes ? e.spent / static_cast<double>(e.successes) : std::numeric_limits<double>::infinity();
    return e;
}

Interval bootstrap_ert(std::span<const RunOutcome> runs, std::size_t samples, double low, double high,
                       std::uint64_t seed) {
    if (runs.empty()) throw UserError("bootstrap of the ERT of no runs: at least one run is needed");
    if (samples == 0) throw UserError("bootstrap with 0 resamples: at least 1 is needed");
    if (!(low > 0 && low <= high && high < 1))
        throw UserError("bootstrap quantiles " + format_double(low) + ", " + format_double(high) +
                        " are not valid; 0 < low <= high < 1 is needed");
    boost::random::mt19937_64 rng(seed);
    boost::random::uniform_int_distribution<std::size_t> pick(0, runs.size() - 1);
    std::vector<double> erts(samples);
    std::vector<RunOutcome> resample(runs.size());
    for (double& e : erts) {
        if (stop_requested()) throw Interrupted{};  // up to 10^6 resamples of every cell: Ctrl-C stops here
        for (RunOutcome& r : resample) r = runs[pick(rng)];
        e = expected_running_time(resample).ert;
    }
    std::sort(erts.begin(), erts.end());
    const auto order_statistic = [&](double p) {
        const double k = std::ceil(p * static_cast<double>(samples));
        return erts[static_cast<std::size_t>(std::clamp(k, 1.0, static_cast<double>(samples))) - 1];
    };
    return {order_statistic(low), order_statistic(high)};
}

Ecdf runtime_ecdf(const std::vector<std::vector<std::optional<double>>>& pairs) {
    Ecdf out;
    out.pairs = pairs.size();
    if (pairs.empty()) return out;
    std::map<double, double> jumps;  // x -> added fraction
    for (const auto& runs : pairs) {
        if (runs.empty()) throw UserError("runtime ECDF: a (problem, target) pair without runs");
        const double weight = 1.0 / (static_cast<double>(runs.size()) * static_cast<double>(pairs.size()));
        for (const std::optional<double>& rt : runs)
            if (rt) jumps[*rt] += weight;
    }
    double total = 0;
    for (const auto& [x, w] : jumps) {
        total += w;
        out.x.push_back(x);
        out.y.push_back(std::min(total, 1.0));
    }
    return out;
}

}  // namespace bobench::analysis
