#pragma once
// Rankings of optimizers over problems, with kurobako's report semantics
// (optuna/kurobako src/report.rs, after Dewancker et al. 2016, "A strategy for ranking
// optimizers using multiple criteria"), plus a Friedman-based ranking.
//
// Pairwise procedure on one problem. Every optimizer brings one sample per metric (one
// value per replicate), metrics in precedence order (default: final best value, then AUC;
// lower is better for all). For a pair (i, j) the metrics are tried in order: a two-sided
// Mann-Whitney U test on metric m; if p < alpha_pair the optimizer whose values tend to be
// lower wins, decided by the side of U (U_i < n_i n_j / 2, i.e. A12 of i over j < 0.5), not
// by the medians, which can disagree with the test in skewed samples; otherwise the next
// metric is tried; if no metric separates them the pair is a tie.
//   Borda of an optimizer on a problem = number of optimizers it strictly beats.
//   Firsts = 1 when no optimizer beats it (several optimizers can be first).
// Totals add these over problems. As in kurobako, a problem is left out of a total when
// not every optimizer of the total took part in it (its Borda scale would differ).
//
// Differences from kurobako, on purpose: kurobako's Mann-Whitney (rustats) uses the normal
// approximation without continuity correction; bobench uses scipy's test (exact for small
// samples without ties, otherwise normal with tie and continuity corrections), selectable
// through RankingOptions::method. kurobako drops runs without a value; bobench's default
// counts them as the worst value (NanPolicy::worst), see NanPolicy.
//
// All results are invariant to the order in which optimizers (and problems) are given:
// per-problem results are indexed like the input, totals are sorted by optimizer name.
#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/statistics/friedman.hpp"
#include "analysis/statistics/mann_whitney.hpp"

namespace bobench::analysis {

// ---------------------------------------------------------------------------------------
// Per-pair significance level.

// How alpha_pair is derived from `level` for the m = k (k - 1) / 2 pairs of k optimizers:
//  direct     : alpha_pair = level (level is already the per-pair alpha);
//  bonferroni : alpha_pair = level / m;
//  sidak      : alpha_pair = 1 - (1 - level)^(1 / m);
//  kurobako   : kurobako's rule, the largest of {0.05, 0.025, 0.01, 0.0075, 0.005, 0.0025,
//               0.001, 0.00075, 0.0005, 0.00025, 0.0001, 0.000075, 0.00005, 0.000025,
//               0.00001} with 1 - (1 - a)^m < level, else 0.00001 (kurobako fixes
//               level = 0.05 and counts m over all solvers of the report).
//  holm       : no fixed alpha_pair (pairwise_alpha returns `level`): the m p-values of
//               each metric are Holm-adjusted (analysis::holm_adjust) and a pair is
//               significant when its adjusted p < level (Holm 1979, step-down).
// With m = 0 (a single optimizer) every rule returns `level`.
//
// The Aryan (2020) thesis quotes "0.001 overall -> 0.0005 for 7 methods". Neither
// correction reproduces it: for 7 methods (m = 21), Bonferroni and Sidak both turn 0.001
// into ~4.76e-5, and kurobako's rule with its level 0.05 gives 0.001 (which may be where
// the thesis's 0.001 comes from); 0.0005 = 0.001 / 2, a split of 0.001 over two tails.
// To reproduce the thesis use {direct, 0.0005}.
enum class AlphaCorrection { direct, bonferroni, sidak, kurobako, holm };

// "direct" | "bonferroni" | "sidak" | "kurobako" | "holm"; anything else is a bobench::UserError.
AlphaCorrection parse_alpha_correction(std::string_view name);
std::string_view to_string(AlphaCorrection correction);

struct PairwiseAlpha {
    AlphaCorrection correction = AlphaCorrection::sidak;
    double level = 0.05;  // family-wise level over all pairs of a problem (per pair if direct)
};

// alpha_pair for k optimizers; level must be in (0, 1).
double pairwise_alpha(const PairwiseAlpha& rule, std::size_t optimizers);

// Whether a pairwise ranking can separate a pair at all: the smallest p the Mann-Whitney test
// can give the pair's samples (analysis::mann_whitney_min_p) against the level a raw p must
// fall below. Where it cannot, every pair ties and every Borda score is 0, whatever the data.
struct AlphaReach {
    double threshold = 0;         // alpha_pair; with holm, its first step's level / pairs (the least strict)
    double min_p = 1;             // the smallest p of samples without ties
    double min_p_ties = 1;        // the smallest p where values may tie (never larger)
    std::size_t runs_needed = 0;  // the fewest runs per optimizer whose pairs can reach it (no ties); 0: none can
    bool reachable() const { return min_p < threshold; }
};

// For a pair with n_a and n_b runs among `optimizers` optimizers; UserError for a level outside (0, 1).
AlphaReach alpha_reach(const PairwiseAlpha& rule, std::size_t optimizers, std::size_t n_a, std::size_t n_b,
                       MannWhitneyMethod method = MannWhitneyMethod::automatic);

// Why no pair can differ: the replicates, the smallest p, the level and the replicates needed.
std::string unreachable_alpha_message(const AlphaReach& reach, std::size_t n_a, std::size_t n_b,
                                      MannWhitneyMethod method = MannWhitneyMethod::automatic);

// ---------------------------------------------------------------------------------------
// Input.

// What a NaN metric value (a failed run, or an AUC that is undefined) means:
//  worst   : it counts as +inf, worse than any number and tied with other failures, so
//            an optimizer that fails often loses (default; failures are never dropped);
//  exclude : it is left out of that metric's sample (kurobako's behaviour); a sample left
//            empty is a bobench::UserError. For the Friedman ranking, a replicate (block)
//            in which any optimizer has NaN is left out as a whole.
enum class NanPolicy { worst, exclude };

// "worst" | "exclude"; anything else is a bobench::UserError.
NanPolicy parse_nan_policy(std::string_view name);

// A problem's descriptive tags, e.g. {"suite": "bbob", "function": "f3", "group":
// "separable", "dimension": "2"}; used to break totals down (scores_by).
struct ProblemMetadata {
    std::map<std::string, std::string> tags;

    std::optional<std::string> get(const std::string& key) const;
};

// One optimizer's samples on one problem: metrics[m][r] = value of metric m (precedence
// order) in replicate r. For the Friedman ranking replicate r of every optimizer forms
// one block (bobench derives a replicate's problem seed independently of the optimizer).
struct OptimizerSamples {
    std::string optimizer;
    std::vector<std::vector<double>> metrics;
};

struct ProblemSamples {
    std::string problem;
    ProblemMetadata metadata;
    std::vector<OptimizerSamples> optimizers;
};

struct RankingOptions {
    // Names of the metrics, in precedence order; every OptimizerSamples must bring exactly
    // this many samples. Used in messages and reports.
    std::vector<std::string> metric_names{"best value", "AUC"};
    PairwiseAlpha alpha;
    MannWhitneyMethod method = MannWhitneyMethod::automatic;
    NanPolicy nan_policy = NanPolicy::worst;
};

// ---------------------------------------------------------------------------------------
// Pairwise (Mann-Whitney) ranking of one problem.

// Who beats whom on one problem; k x k matrices indexed like ProblemSamples::optimizers.
struct SignificanceMatrix {
    // +1: row optimizer beats column optimizer, -1: column beats row, 0: tie (diagonal 0).
    std::vector<std::vector<int>> outcome;
    // Index of the metric that decided the pair; -1 for ties and on the diagonal.
    std::vector<std::vector<int>> deciding_metric;
    // p_value[m][i][j]: two-sided Mann-Whitney p of metric m between i and j, for every
    // metric (also those after the deciding one); symmetric, 1 on the diagonal.
    std::vector<std::vector<std::vector<double>>> p_value;
    // a12[m][i][j]: Vargha-Delaney A12 of i over j on metric m (< 0.5: i tends lower).
    std::vector<std::vector<std::vector<double>>> a12;
};

struct ProblemRanking {
    std::string problem;
    ProblemMetadata metadata;
    std::vector<std::string> optimizers;  // input order
    double alpha_pair = 0.0;
    SignificanceMatrix significance;
    std::vector<int> borda;   // per optimizer: number of optimizers it strictly beats
    std::vector<int> firsts;  // per optimizer: 1 if no optimizer beats it, else 0
    // median[m][i]: median of metric m for optimizer i after the NaN policy (informative).
    std::vector<std::vector<double>> median;
};

// bobench::UserError (prefixed with the problem name) for: no optimizers, empty or
// duplicate optimizer names, a metric count different from options.metric_names, an empty
// sample, a sample emptied by NanPolicy::exclude, an alpha level outside (0, 1).
ProblemRanking rank_problem(const ProblemSamples& problem, const RankingOptions& options = {});

// ---------------------------------------------------------------------------------------
// Totals over problems.

struct ScoreTable {
    std::vector<std::string> optimizers;  // sorted by name
    std::vector<long> borda;              // summed over the counted problems
    std::vector<long> firsts;
    std::vector<std::string> problems;           // counted problems, input order
    std::vector<std::string> excluded_problems;  // not every optimizer took part

    // Indices into optimizers, best first: Borda descending, then Firsts descending, then
    // name (deterministic, but equal scores are ties: report them as such).
    std::vector<std::size_t> order_by_borda() const;
};

// Totals over all problems; the optimizers are the union over the problems.
ScoreTable total_scores(std::span<const ProblemRanking> rankings);

// Value of the metadata key used for problems that do not have it.
inline constexpr std::string_view kMissingMetadataValue = "(missing)";

// One ScoreTable per value of metadata key `key` (e.g. "group", "dimension"), each the
// total over that value's problems only; problems without the key go to
// kMissingMetadataValue. key must not be empty.
std::map<std::string, ScoreTable> scores_by(std::span<const ProblemRanking> rankings,
                                            const std::string& key);

// ---------------------------------------------------------------------------------------
// Friedman-based ranking.
//
// On one problem the blocks are the replicates: block r holds every optimizer's metric
// value of replicate r (default metric 0, the final best value or regret; both rank the
// same on one problem). Within a block optimizers are ranked (1 = lowest = best, ties
// averaged); an optimizer's problem score is its mean rank over the blocks
// (FriedmanResult::mean_ranks), and `rank` orders those mean ranks (1 = best, ties
// averaged). Across problems an optimizer gets k - rank Borda points per problem, i.e. the
// number of optimizers it out-ranks with ties counting one half, and its average rank is
// the mean of `rank` over problems (Demsar 2006). All optimizers need the same number of
// replicates, at least 2.
struct FriedmanProblemRanking {
    std::string problem;
    ProblemMetadata metadata;
    std::vector<std::string> optimizers;  // input order
    std::size_t metric = 0;
    FriedmanResult test;         // blocks = replicates used, treatments = optimizers
    std::vector<double> rank;    // rank of each optimizer's mean rank, 1 = best
    std::size_t dropped_replicates = 0;  // blocks left out under NanPolicy::exclude
};

FriedmanProblemRanking friedman_rank_problem(const ProblemSamples& problem,
                                             std::size_t metric = 0,
                                             NanPolicy nan_policy = NanPolicy::worst);

struct FriedmanScoreTable {
    std::vector<std::string> optimizers;  // sorted by name
    std::vector<double> borda;            // sum over counted problems of (k - rank)
    std::vector<double> average_rank;     // mean over counted problems of rank
    std::vector<std::string> problems;
    std::vector<std::string> excluded_problems;  // not every optimizer took part
    // Friedman / Iman-Davenport test with the counted problems as blocks and the
    // per-problem ranks as values (needs >= 2 problems and >= 2 optimizers); use
    // nemenyi_critical_difference(alpha, k, problems) on average_rank for the post-hoc.
    std::optional<FriedmanResult> across_problems;
};

FriedmanScoreTable friedman_scores(std::span<const FriedmanProblemRanking> rankings);

}  // namespace bobench::analysis
