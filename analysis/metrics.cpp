#include "analysis/metrics.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"

namespace bobench::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void check_f_star(std::optional<double> f_star) {
    if (f_star && std::isnan(*f_star)) {
        throw UserError("f* (known optimum) is NaN; give a number or leave it unknown");
    }
}

void check_floor(double floor) {
    if (!(floor > 0.0) || std::isinf(floor)) {
        throw UserError("log-regret floor = " + std::to_string(floor) +
                        "; it must be a positive finite number (default 1e-12)");
    }
}

}  // namespace

std::vector<double> best_so_far(std::span<const double> values) {
    std::vector<double> best(values.size());
    double current = kNaN;
    for (std::size_t t = 0; t < values.size(); ++t) {
        if (!std::isnan(values[t]) && (std::isnan(current) || values[t] < current)) {
            current = values[t];
        }
        best[t] = current;
    }
    return best;
}

double final_best(std::span<const double> values) {
    double current = kNaN;
    for (double v : values) {
        if (!std::isnan(v) && (std::isnan(current) || v < current)) current = v;
    }
    return current;
}

double regret(double best, std::optional<double> f_star) {
    check_f_star(f_star);
    return f_star ? best - *f_star : best;
}

std::vector<double> regret(std::vector<double> best, std::optional<double> f_star) {
    check_f_star(f_star);
    if (f_star)
        for (double& v : best) v -= *f_star;
    return best;
}

double final_regret(std::span<const double> values, std::optional<double> f_star) {
    return regret(final_best(values), f_star);
}

std::vector<double> regret_curve(std::span<const double> values, std::optional<double> f_star) {
    return regret(best_so_far(values), f_star);
}

double log10_regret(double regret, double floor) {
    check_floor(floor);
    if (std::isnan(regret)) return kNaN;
    return std::log10(std::max(regret, floor));
}

std::vector<double> log10_regret_curve(std::span<const double> regrets, double floor) {
    check_floor(floor);
    std::vector<double> out(regrets.size());
    for (std::size_t i = 0; i < regrets.size(); ++i) out[i] = log10_regret(regrets[i], floor);
    return out;
}

double auc(std::span<const double> values, std::size_t start_step, std::optional<double> f_star) {
    check_f_star(f_star);
    const std::size_t total = values.size();
    if (start_step < 1 || start_step > total) {
        throw UserError("AUC start step = " + std::to_string(start_step) +
                        "; it must be between 1 and the number of evaluations (" +
                        std::to_string(total) + ")");
    }
    const double offset = f_star.value_or(0.0);
    double best = kNaN;
    double area = 0.0;
    for (std::size_t t = 1; t <= total; ++t) {
        const double v = values[t - 1];
        if (!std::isnan(v) && (std::isnan(best) || v < best)) best = v;
        if (t == start_step && std::isnan(best)) return kNaN;
        // b_t holds on [t, t + 1); the integral stops at T.
        if (t >= start_step && t < total) area += best - offset;
    }
    return area;
}

std::optional<std::size_t> evaluations_to_target(std::span<const double> values,
                                                 std::optional<double> f_star, double target) {
    check_f_star(f_star);
    if (std::isnan(target)) {
        throw UserError("target regret is NaN; give a number (e.g. 1e-8)");
    }
    const double offset = f_star.value_or(0.0);
    double best = kNaN;
    for (std::size_t t = 0; t < values.size(); ++t) {
        if (!std::isnan(values[t]) && (std::isnan(best) || values[t] < best)) best = values[t];
        if (!std::isnan(best) && best - offset <= target) return t + 1;
    }
    return std::nullopt;
}

}  // namespace bobench::analysis
