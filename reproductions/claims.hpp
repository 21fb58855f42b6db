#pragma once
// A paper's qualitative claims, checked on our runs. A claims table (CSV: id, place, quote,
// check) sits beside the reference numbers; `check` is one line of a small language, each
// word separated by spaces, every method named by its label:
//
//   borda_first A              A has the highest Borda count, ties excluded: the chapter-4
//                              ranking's (Friedman mean ranks per problem, Borda = sum of
//                              k - rank) where the report has it, else the pairwise Mann-Whitney
//                              Borda of "Our ranking" (chapter 3's, the figure-only papers')
//   borda_next A B ...         after the first, the next positions are exactly these, any order
//   borda_below A B ... < C D  every method left of '<' has a lower Borda count than every
//                              method right of it
//   borda_order A B C ...      Borda counts strictly decreasing in this order
//   borda_first_in K=V A       borda_first within the problems whose metadata K is V (a
//                              breakdown group, e.g. group=1 or dimension=5), by the pairwise
//                              Mann-Whitney Borda over those problems alone
//   borda_below_in K=V A ... < B ...   borda_below likewise within one group
//   top3_count N A B ...       in at least N problems one of these ends among the three best
//                              (fewer than three methods strictly below it) by the final value of
//                              the reproduction's statistic (the mean regret where the paper
//                              tabulates means: Aryan 2020 §4.4 ranks "considering the mean regret")
//   top_on P K A B ...         on problem P each of these ends among the K best, likewise
//   leads_from P E A B         on problem P, from evaluation E to the end, A has the lowest
//                              median regret of all methods and B the second lowest
//   final_below N A ... < B ... on at least N problems (N a number, or all) every method left
//                              of '<' ends with a lower regret than every method right of it
//                              (the statistic over replicates after the last evaluation; the
//                              best value where f* is unknown; a NaN counts as the worst)
//   final_first N A B ...      on at least N problems (or all) one of these ends with the lowest
//                              regret of all methods (a tie with another counts)
//
// The final_* checks count the problems where every method they name ran. A claim holds or
// fails on our figure, which the report prints beside it; it is "not run" when a method or
// problem it names has no runs here.
#include <string>
#include <vector>

#include "analysis/reports/curves.hpp"
#include "analysis/reports/rank_report.hpp"
#include "analysis/reports/table_report.hpp"

namespace bobench::reproductions {

using analysis::reports::TableStat;
using analysis::reports::RankReport;
using analysis::reports::CurveSummary;

struct Claim {
    std::string id, place, quote, check;
};

// UserError naming the file and line for a missing column, a row of the wrong length or a
// check whose kind or arguments are not the language's.
std::vector<Claim> read_claims(const std::string& path);

// The method labels a claim's check names (its problems, counts, groups and '<' left out).
std::vector<std::string> claim_methods(const Claim& claim);

enum class ClaimStatus { holds, fails, not_run };

struct ClaimVerdict {
    ClaimStatus status = ClaimStatus::not_run;
    std::string figure;  // our numbers behind the verdict
};

// `ranking`: the reproduction's (Friedman where the chapter ranks so); `curves`: summary_curves
// of the same results; `statistic`: the reproduction's, of the final values the top3_count,
// top_on and final_* checks compare; `field_not_run`: the paper's methods without runs here.
// Every check but final_below places methods among all the paper's (a Borda count, a first
// place, a top three), so with any of them not run it is not run, naming them: a claim
// about seven methods is not checked on two.
ClaimVerdict evaluate_claim(const Claim& claim, const RankReport& ranking, const std::vector<CurveSummary>& curves,
                            TableStat statistic = TableStat::median, const std::vector<std::string>& field_not_run = {});

}  // namespace bobench::reproductions
