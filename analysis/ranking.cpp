#include "analysis/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <string>

#include <fmt/format.h>

#include "analysis/statistics/posthoc.hpp"
#include "analysis/statistics/ranks.hpp"
#include "analysis/summary.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

[[noreturn]] void fail(const std::string& problem, const std::string& message) {
    throw UserError("problem '" + problem + "': " + message);
}

std::string metric_label(const RankingOptions& options, std::size_t m) {
    return "metric " + std::to_string(m) + " ('" + options.metric_names[m] + "')";
}

// Names must be non-empty and unique within a problem.
void check_optimizer_names(const ProblemSamples& problem) {
    if (problem.optimizers.empty()) fail(problem.problem, "no optimizers to rank");
    std::set<std::string> seen;
    for (const OptimizerSamples& o : problem.optimizers) {
        if (o.optimizer.empty()) fail(problem.problem, "an optimizer has an empty name");
        if (!seen.insert(o.optimizer).second) {
            fail(problem.problem, "optimizer '" + o.optimizer +
                                      "' appears twice; every optimizer must appear once");
        }
    }
}

// The sample of one metric after the NaN policy; never empty.
std::vector<double> clean_sample(const ProblemSamples& problem, const OptimizerSamples& o,
                                 const std::vector<double>& raw, const std::string& metric,
                                 NanPolicy policy) {
    if (raw.empty()) {
        fail(problem.problem, "optimizer '" + o.optimizer + "' has no values for " + metric);
    }
    std::vector<double> out;
    out.reserve(raw.size());
    for (double v : raw) {
        if (!std::isnan(v)) out.push_back(v);
        else if (policy == NanPolicy::worst) out.push_back(kInf);
    }
    if (out.empty()) {
        fail(problem.problem, "every value of optimizer '" + o.optimizer + "' for " + metric +
                                  " is NaN and NaN values are excluded; use the 'worst' NaN "
                                  "policy to rank failed runs last");
    }
    return out;
}

double median_of(std::vector<double> sample) {
    std::sort(sample.begin(), sample.end());
    return quantile_sorted(sample, 0.5);
}

std::vector<std::string> union_of_names(std::span<const std::vector<std::string>* const> lists) {
    std::set<std::string> names;
    for (const auto* list : lists) names.insert(list->begin(), list->end());
    return {names.begin(), names.end()};
}

bool has_all(const std::vector<std::string>& present, const std::vector<std::string>& wanted) {
    const std::set<std::string> have(present.begin(), present.end());
    return std::all_of(wanted.begin(), wanted.end(),
                       [&](const std::string& name) { return have.count(name) > 0; });
}

std::size_t index_of(const std::vector<std::string>& sorted_names, const std::string& name) {
    return static_cast<std::size_t>(
        std::lower_bound(sorted_names.begin(), sorted_names.end(), name) - sorted_names.begin());
}

ScoreTable total_of(const std::vector<const ProblemRanking*>& rankings) {
    std::vector<const std::vector<std::string>*> lists;
    for (const ProblemRanking* r : rankings) lists.push_back(&r->optimizers);
    ScoreTable table;
    table.optimizers = union_of_names(lists);
    table.borda.assign(table.optimizers.size(), 0);
    table.firsts.assign(table.optimizers.size(), 0);
    for (const ProblemRanking* r : rankings) {
        if (!has_all(r->optimizers, table.optimizers)) {
            table.excluded_problems.push_back(r->problem);
            continue;
        }
        table.problems.push_back(r->problem);
        for (std::size_t i = 0; i < r->optimizers.size(); ++i) {
            const std::size_t at = index_of(table.optimizers, r->optimizers[i]);
            table.borda[at] += r->borda[i];
            table.firsts[at] += r->firsts[i];
        }
    }
    return table;
}

}  // namespace

// ---------------------------------------------------------------------------------------

AlphaCorrection parse_alpha_correction(std::string_view name) {
    if (name == "direct") return AlphaCorrection::direct;
    if (name == "bonferroni") return AlphaCorrection::bonferroni;
    if (name == "sidak") return AlphaCorrection::sidak;
    if (name == "kurobako") return AlphaCorrection::kurobako;
    if (name == "holm") return AlphaCorrection::holm;
    throw UserError("unknown alpha correction '" + std::string(name) +
                    "'; accepted: direct, bonferroni, sidak, kurobako, holm");
}

std::string_view to_string(AlphaCorrection correction) {
    switch (correction) {
        case AlphaCorrection::direct: return "direct";
        case AlphaCorrection::bonferroni: return "bonferroni";
        case AlphaCorrection::sidak: return "sidak";
        case AlphaCorrection::kurobako: return "kurobako";
        case AlphaCorrection::holm: return "holm";
    }
    return "?";
}

NanPolicy parse_nan_policy(std::string_view name) {
    if (name == "worst") return NanPolicy::worst;
    if (name == "exclude") return NanPolicy::exclude;
    throw UserError("unknown NaN policy '" + std::string(name) + "'; accepted: worst, exclude");
}

double pairwise_alpha(const PairwiseAlpha& rule, std::size_t optimizers) {
    if (!(rule.level > 0.0 && rule.level < 1.0)) {
        throw UserError("significance level alpha = " + std::to_string(rule.level) +
                        " is outside (0, 1)");
    }
    const double pairs = optimizers < 2 ? 0.0
                                        : static_cast<double>(optimizers) *
                                              static_cast<double>(optimizers - 1) / 2.0;
    if (pairs == 0.0 || rule.correction == AlphaCorrection::direct || rule.correction == AlphaCorrection::holm)
        return rule.level;
    switch (rule.correction) {
        case AlphaCorrection::bonferroni: return rule.level / pairs;
        case AlphaCorrection::sidak: return -std::expm1(std::log1p(-rule.level) / pairs);
        case AlphaCorrection::kurobako: {
            // kurobako src/report.rs, Reporter::alpha: candidate grid, Sidak-style check.
            constexpr double kCandidates[] = {0.05,    0.025,    0.01,    0.0075,   0.005,
                                              0.0025,  0.001,    0.00075, 0.0005,   0.00025,
                                              0.0001,  0.000075, 0.00005, 0.000025, 0.00001};
            for (double a : kCandidates) {
                if (1.0 - std::pow(1.0 - a, pairs) < rule.level) return a;
            }
            return 0.00001;
        }
        case AlphaCorrection::direct:
        case AlphaCorrection::holm: break;
    }
    return rule.level;
}

AlphaReach alpha_reach(const PairwiseAlpha& rule, std::size_t optimizers, std::size_t n_a, std::size_t n_b,
                       MannWhitneyMethod method) {
    AlphaReach r;
    r.threshold = pairwise_alpha(rule, optimizers);
    if (rule.correction == AlphaCorrection::holm && optimizers >= 2)  // the smallest p meets level / pairs
        r.threshold /= static_cast<double>(optimizers) * static_cast<double>(optimizers - 1) / 2.0;
    r.min_p = mann_whitney_min_p(n_a, n_b, method, /*ties=*/false);
    r.min_p_ties = mann_whitney_min_p(n_a, n_b, method, /*ties=*/true);
    r.runs_needed = mann_whitney_runs_to_reach(r.threshold, method);
    return r;
}

std::string unreachable_alpha_message(const AlphaReach& reach, std::size_t n_a, std::size_t n_b,
                                      MannWhitneyMethod method) {
    const auto g = [](double v) { return fmt::format("{:.2g}", v); };
    std::string out = fmt::format("with {} against {}, the smallest two-sided p the Mann-Whitney test ({}) "
                                  "can give is {}, not below the per-pair level {}: ",
                                  count_noun(n_a, "replicate"), n_b, to_string(method), g(reach.min_p),
                                  g(reach.threshold));
    // the tie correction lets runs all equal within each optimizer go lower than distinct values can
    out += reach.min_p_ties < reach.threshold
               ? fmt::format("no pair of optimizers can differ significantly unless each one's runs all tie (then p "
                             "can be {}), so wherever the runs differ pairs tie and Borda scores stay 0",
                             g(reach.min_p_ties))
               : std::string("no pair of optimizers can differ significantly, so every pair ties and every Borda "
                             "score is 0");
    return out + (reach.runs_needed ? fmt::format("; at least {} replicates per optimizer are needed", reach.runs_needed)
                                    : std::string("; no number of replicates reaches it"));
}

std::optional<std::string> ProblemMetadata::get(const std::string& key) const {
    const auto it = tags.find(key);
    if (it == tags.end()) return std::nullopt;
    return it->second;
}

// ---------------------------------------------------------------------------------------

ProblemRanking rank_problem(const ProblemSamples& problem, const RankingOptions& options) {
    check_optimizer_names(problem);
    const std::size_t metrics = options.metric_names.size();
    if (metrics == 0) fail(problem.problem, "no metrics given; at least one is needed");
    const std::size_t k = problem.optimizers.size();

    // samples[i][m]: optimizer i, metric m, after the NaN policy.
    std::vector<std::vector<std::vector<double>>> samples(k);
    for (std::size_t i = 0; i < k; ++i) {
        const OptimizerSamples& o = problem.optimizers[i];
        if (o.metrics.size() != metrics) {
            fail(problem.problem, "optimizer '" + o.optimizer + "' has " +
                                      std::to_string(o.metrics.size()) + " metric samples but " +
                                      std::to_string(metrics) + " metrics are ranked");
        }
        for (std::size_t m = 0; m < metrics; ++m) {
            samples[i].push_back(clean_sample(problem, o, o.metrics[m], metric_label(options, m),
                                              options.nan_policy));
        }
    }

    ProblemRanking result;
    result.problem = problem.problem;
    result.metadata = problem.metadata;
    for (const OptimizerSamples& o : problem.optimizers) result.optimizers.push_back(o.optimizer);
    try {
        result.alpha_pair = pairwise_alpha(options.alpha, k);
    } catch (const UserError& e) {
        fail(problem.problem, e.what());
    }

    SignificanceMatrix& sig = result.significance;
    sig.outcome.assign(k, std::vector<int>(k, 0));
    sig.deciding_metric.assign(k, std::vector<int>(k, -1));
    sig.p_value.assign(metrics, std::vector<std::vector<double>>(k, std::vector<double>(k, 1.0)));
    sig.a12.assign(metrics, std::vector<std::vector<double>>(k, std::vector<double>(k, 0.5)));
    std::vector<std::vector<std::vector<bool>>> lower(metrics, std::vector<std::vector<bool>>(k, std::vector<bool>(k)));
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
            for (std::size_t m = 0; m < metrics; ++m) {
                const MannWhitneyResult test =
                    mann_whitney_u(samples[i][m], samples[j][m], options.method);
                sig.p_value[m][i][j] = sig.p_value[m][j][i] = test.p_value;
                sig.a12[m][i][j] = test.a12;
                sig.a12[m][j][i] = 1.0 - test.a12;
                lower[m][i][j] = test.a_tends_lower();
            }
        }
    }
    // The p-values a pair is judged by: as they are, or Holm-adjusted over the pairs of
    // each metric (a step-down procedure, not a fixed per-pair alpha).
    std::vector<std::vector<std::vector<double>>> judged = sig.p_value;
    if (options.alpha.correction == AlphaCorrection::holm) {
        for (std::size_t m = 0; m < metrics; ++m) {
            std::vector<double> pairs;
            for (std::size_t i = 0; i < k; ++i)
                for (std::size_t j = i + 1; j < k; ++j) pairs.push_back(sig.p_value[m][i][j]);
            const std::vector<double> adjusted = holm_adjust(pairs);
            std::size_t at = 0;
            for (std::size_t i = 0; i < k; ++i)
                for (std::size_t j = i + 1; j < k; ++j) judged[m][i][j] = judged[m][j][i] = adjusted[at++];
        }
    }
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
            for (std::size_t m = 0; m < metrics && sig.deciding_metric[i][j] < 0; ++m) {
                if (judged[m][i][j] < result.alpha_pair) {
                    const int sign = lower[m][i][j] ? 1 : -1;
                    sig.outcome[i][j] = sign;
                    sig.outcome[j][i] = -sign;
                    sig.deciding_metric[i][j] = sig.deciding_metric[j][i] = static_cast<int>(m);
                }
            }
        }
    }

    result.borda.assign(k, 0);
    result.firsts.assign(k, 1);
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = 0; j < k; ++j) {
            if (sig.outcome[i][j] > 0) ++result.borda[i];
            if (sig.outcome[i][j] < 0) result.firsts[i] = 0;
        }
    }
    result.median.assign(metrics, std::vector<double>(k));
    for (std::size_t m = 0; m < metrics; ++m) {
        for (std::size_t i = 0; i < k; ++i) result.median[m][i] = median_of(samples[i][m]);
    }
    return result;
}

// ---------------------------------------------------------------------------------------

std::vector<std::size_t> ScoreTable::order_by_borda() const {
    std::vector<std::size_t> order(optimizers.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (borda[a] != borda[b]) return borda[a] > borda[b];
        if (firsts[a] != firsts[b]) return firsts[a] > firsts[b];
        return optimizers[a] < optimizers[b];
    });
    return order;
}

ScoreTable total_scores(std::span<const ProblemRanking> rankings) {
    std::vector<const ProblemRanking*> all;
    for (const ProblemRanking& r : rankings) all.push_back(&r);
    return total_of(all);
}

std::map<std::string, ScoreTable> scores_by(std::span<const ProblemRanking> rankings,
                                            const std::string& key) {
    if (key.empty()) throw UserError("metadata key for the score breakdown is empty");
    std::map<std::string, std::vector<const ProblemRanking*>> groups;
    for (const ProblemRanking& r : rankings) {
        groups[r.metadata.get(key).value_or(std::string(kMissingMetadataValue))].push_back(&r);
    }
    std::map<std::string, ScoreTable> out;
    for (const auto& [value, members] : groups) out.emplace(value, total_of(members));
    return out;
}

// ---------------------------------------------------------------------------------------

FriedmanProblemRanking friedman_rank_problem(const ProblemSamples& problem, std::size_t metric,
                                             NanPolicy nan_policy) {
    check_optimizer_names(problem);
    const std::size_t k = problem.optimizers.size();
    const OptimizerSamples& first = problem.optimizers.front();
    for (const OptimizerSamples& o : problem.optimizers) {
        if (o.metrics.size() <= metric) {
            fail(problem.problem, "optimizer '" + o.optimizer + "' has " +
                                      std::to_string(o.metrics.size()) +
                                      " metric samples; the Friedman ranking asks for metric " +
                                      std::to_string(metric));
        }
        if (o.metrics[metric].size() != first.metrics[metric].size()) {
            fail(problem.problem,
                 "optimizer '" + o.optimizer + "' has " + std::to_string(o.metrics[metric].size()) +
                     " replicates but '" + first.optimizer + "' has " +
                     std::to_string(first.metrics[metric].size()) +
                     "; the Friedman ranking needs one value per optimizer and replicate");
        }
    }
    FriedmanProblemRanking result;
    result.problem = problem.problem;
    result.metadata = problem.metadata;
    result.metric = metric;
    for (const OptimizerSamples& o : problem.optimizers) result.optimizers.push_back(o.optimizer);

    const std::size_t replicates = first.metrics[metric].size();
    std::vector<std::vector<double>> blocks;
    blocks.reserve(replicates);
    for (std::size_t r = 0; r < replicates; ++r) {
        std::vector<double> block(k);
        bool has_nan = false;
        for (std::size_t i = 0; i < k; ++i) {
            const double v = problem.optimizers[i].metrics[metric][r];
            has_nan = has_nan || std::isnan(v);
            block[i] = std::isnan(v) ? kInf : v;
        }
        if (has_nan && nan_policy == NanPolicy::exclude) {
            ++result.dropped_replicates;
            continue;
        }
        blocks.push_back(std::move(block));
    }
    try {
        result.test = friedman_test(blocks);
    } catch (const UserError& e) {
        fail(problem.problem, std::string(e.what()) + " (blocks are replicates, " +
                                  std::to_string(result.dropped_replicates) +
                                  " dropped for NaN values)");
    }
    result.rank = average_ranks(result.test.mean_ranks, "mean ranks");
    return result;
}

FriedmanScoreTable friedman_scores(std::span<const FriedmanProblemRanking> rankings) {
    std::vector<const std::vector<std::string>*> lists;
    for (const FriedmanProblemRanking& r : rankings) lists.push_back(&r.optimizers);
    FriedmanScoreTable table;
    table.optimizers = union_of_names(lists);
    const std::size_t k = table.optimizers.size();
    table.borda.assign(k, 0.0);
    table.average_rank.assign(k, 0.0);
    std::vector<std::vector<double>> blocks;  // counted problems x optimizers (sorted names)
    for (const FriedmanProblemRanking& r : rankings) {
        if (!has_all(r.optimizers, table.optimizers)) {
            table.excluded_problems.push_back(r.problem);
            continue;
        }
        table.problems.push_back(r.problem);
        std::vector<double> block(k);
        for (std::size_t i = 0; i < r.optimizers.size(); ++i) {
            const std::size_t at = index_of(table.optimizers, r.optimizers[i]);
            block[at] = r.rank[i];
            table.borda[at] += static_cast<double>(k) - r.rank[i];
            table.average_rank[at] += r.rank[i];
        }
        blocks.push_back(std::move(block));
    }
    if (!table.problems.empty()) {
        for (double& a : table.average_rank) a /= static_cast<double>(table.problems.size());
    } else {
        std::fill(table.average_rank.begin(), table.average_rank.end(),
                  std::numeric_limits<double>::quiet_NaN());
    }
    if (blocks.size() >= 2 && k >= 2) table.across_problems = friedman_test(blocks);
    return table;
}

}  // namespace bobench::analysis
