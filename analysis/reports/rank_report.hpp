#pragma once
// `bobench rank`: rankings of the optimizers of a results file, as a Markdown report.
//
// Per problem, every optimizer's runs give one sample per metric (final regret or final
// best value, then AUC, in the precedence order asked for); analysis::rank_problem runs
// the kurobako-style pairwise Mann-Whitney procedure, analysis::total_scores /
// scores_by add Borda and Firsts over problems. With `friedman`, the chapter-4 procedure
// of Aryan (2020) is added: per problem a Friedman test over replicates (blocks) ranks the
// optimizers by mean rank (analysis::friedman_rank_problem), then average ranks and
// Friedman / Iman-Davenport across problems with Nemenyi's critical difference.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/ranking.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "results/store.hpp"

namespace bobench::analysis::reports {

enum class RunMetric { best, auc };

// Comma-separated "best" / "auc", each at most once, in precedence order.
std::vector<RunMetric> parse_metrics(std::string_view list);
std::string_view to_string(RunMetric metric);

struct RankReportOptions {
    std::vector<RunMetric> metrics{RunMetric::best, RunMetric::auc};
    PairwiseAlpha alpha;  // default: Sidak, family-wise 0.05 per problem
    MannWhitneyMethod method = MannWhitneyMethod::automatic;
    NanPolicy nan_policy = NanPolicy::worst;
    std::size_t auc_start = 1;
    std::optional<std::string> by;  // metadata key for the breakdown
    bool friedman = false;
    std::string source;  // the results file's name, for messages
};

struct RankReport {
    RankReportOptions options;
    ExperimentMetrics data;
    std::vector<std::size_t> ranked_problems;  // indices into data.problems, one per ranking
    std::vector<ProblemRanking> rankings;      // optimizers in sorted order
    ScoreTable total;
    std::map<std::string, ScoreTable> by;  // filled when options.by is set
    std::vector<FriedmanProblemRanking> friedman_rankings;
    std::optional<FriedmanScoreTable> friedman;
    std::optional<double> nemenyi_cd;  // at options.alpha.level, when friedman->across_problems
    // Nemenyi p-values of the average ranks, indexed like friedman->optimizers (same condition).
    std::vector<std::vector<double>> nemenyi_p;
    // Data notes (ExperimentMetrics::notes) followed by the ranking's own.
    std::vector<std::string> notes;
    // Set when on some problems no pair can differ at the per-pair level with the runs there
    // (analysis::alpha_reach): says on how many, why, and the replicates needed.
    std::optional<std::string> alpha_warning;
};

// UserError "nothing to rank: ..." when fewer than two optimizers have runs; other
// UserErrors for bad options.
RankReport build_rank_report(const results::Results& results, const RankReportOptions& options);

// The rules in words, as every rendering states them (Markdown with `metric` code spans):
// which ranking is primary (pairwise Borda, kurobako's), who wins a problem, and why a
// lower median alone does not.
std::string primary_ranking_rule(const RankReportOptions& options);
std::string winner_rule(const RankReportOptions& options);
std::string lower_median_rule();

std::string render_rank_markdown(const RankReport& report);

// Everything of the report as one JSON object (keys documented in analysis/reports/README.md).
std::string render_rank_json(const RankReport& report);

// A paper table: problems (rows) x optimizers (columns), the median of the first metric,
// the lowest per row in bold and a dagger on every optimizer the bold one significantly
// beats (the pairwise Mann-Whitney decision of the report); Borda and Firsts below, and
// the Friedman average ranks when computed. Its comment lines state the primary ranking
// and that bold (a lower median) is not a win.
std::string render_rank_latex(const RankReport& report);

}  // namespace bobench::analysis::reports
