#pragma once
// More views of the regret curves than one plot per problem against evaluations:
//
// cost_curves: regret against cumulative cost, for problems whose evaluations report a
//   cost (tabular benchmarks record training seconds). A run's regret at cost c is its
//   incumbent's regret after the last evaluation whose cumulative cost is <= c (NaN before
//   its first evaluation ends; a run that has ended keeps its final regret: the best it
//   found within c). The grid: `points` costs, log-spaced from the lowest first-evaluation
//   cost to the highest total cost of the problem's runs. Summaries over replicates.
//
// aggregate_curves: one curve per optimizer over many problems, per iteration:
//   normalised: each run's regret divided by the problem's reference regret (the median
//     over all runs of all optimizers of the regret after the first evaluation, i.e. a
//     typical starting point; 1 = no progress over a typical start), the median over
//     replicates per problem, then median and quartiles over problems;
//   rank: per problem and iteration the optimizers are ranked by their median regret over
//     replicates (1 = best, ties averaged, no value yet = worst), then the mean rank over
//     problems (with its standard error).
//   Problems without f*, and (for rank) problems where not every optimizer ran, are left
//   out with a note; curves stop at the shortest run length among the pairs.
// Both return CurveSummary lists that plot_curves and write_curves_csv take.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/reports/curves.hpp"

namespace bobench::analysis::reports {

std::vector<CurveSummary> cost_curves(const results::Results& results, std::size_t points,
                                      std::vector<std::string>& notes);

enum class Aggregate { normalised, rank };
Aggregate parse_aggregate(std::string_view name);  // normalised | rank

// by: a metadata key, one curve set per value ("all problems" when unset).
std::vector<CurveSummary> aggregate_curves(const results::Results& results, Aggregate kind,
                                           const std::optional<std::string>& by, std::vector<std::string>& notes);

// Problems grouped by the value of metadata key `by`, values in natural order ("2" < "10");
// one group "all" when `by` is unset. A problem without the key (a problem of another suite
// has no COCO group) is in no group, and a note names it: a panel or file "group =
// (missing)" would show problems that share nothing. UserError when no problem has the key
// (likely a typo), naming the keys present.
std::vector<std::pair<std::string, std::vector<std::size_t>>> group_problems(const results::Results& results,
                                                                              const std::optional<std::string>& by,
                                                                              std::vector<std::string>& notes);

}  // namespace bobench::analysis::reports
