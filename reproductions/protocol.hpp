#pragma once
// What `reproduce` and `reproduce --readings` do alike with a reproduction's protocol: read
// the paper's numbers, cut the spec down to some methods or to its subset, and set our runs
// beside the paper's numbers.
#include <optional>
#include <string>
#include <vector>

#include "analysis/ranking.hpp"
#include "reproductions/claims.hpp"
#include "reproductions/comparison.hpp"
#include "reproductions/entry.hpp"
#include "results/store.hpp"
#include "core/registry.hpp"
#include "runners/spec.hpp"

namespace bobench::reproductions {

// The paper's numbers (none without a reference table). `note`: say on standard error which
// rows are the paper's N/A, so that none is left out unseen.
std::vector<reproductions::PublishedCell> published(const ReproductionEntry& e, bool note = false);

// Keeps the entries (the spec's optimizers or problems) labelled in `keep`, in the spec's
// order; UserError naming a label the spec does not have. Returns the labels left out.
std::vector<std::string> keep_labelled(std::vector<runners::SpecEntry>& entries, const std::vector<std::string>& keep,
                                       const std::string& flag, const std::string& what);
void keep_methods(runners::ExperimentSpec& spec, const std::vector<std::string>& keep, const std::string& flag);

// --preset subset: the reproduction's subset_method lines on its subset_problem lines (all
// problems without any), at the protocol's replicates and budget; returns its deviation,
// which says what it leaves out. UserError when the reproduction defines no subset.
std::string apply_subset(runners::ExperimentSpec& spec, const ReproductionEntry& entry);

// Ours beside the paper's numbers, cell by cell (`quick`: no verdicts).
reproductions::Comparison comparison(const ReproductionEntry& entry, const results::Results& results,
                                           const std::vector<reproductions::PublishedCell>& theirs,
                                           const std::vector<reproductions::DisagreementCause>& causes, bool quick);

// The reproduction's claims (none without a claims table); UserError naming the table, the claim
// and the label when a check names a method that is neither the spec's nor the paper's table's
// (a typo would otherwise read "not run" for ever).
std::vector<reproductions::Claim> read_checked_claims(const ReproductionEntry& e);

// The paper's methods (the spec's and the reference table's) without runs in `results`, sorted.
std::vector<std::string> paper_methods_not_run(const ReproductionEntry& e, const results::Results& results);

// baselines_from: the runs of the paper's methods this spec does not run, read from the other
// reproduction's kept results (experiments/results/NAME/NAME.h5 beside the spec's folder) and
// joined to `results` problem by problem. Returns the deviation that says so, or why nothing
// was joined (no such file, another budget); "" without baselines_from. Only the problems
// `results` has are joined; UserError when one of them carries another label there.
std::string join_baselines(const ReproductionEntry& e, results::Results& results);

// --report-only on kept runs: one deviation for each method whose runs in `results` are of
// other settings than the spec's line binds to now (the spec was corrected after they ran),
// naming both, so that a report never passes old runs off as the spec's.
std::vector<std::string> runs_of_other_settings(const runners::ExperimentSpec& spec, const results::Results& results,
                                                const OptimizerRegistry& optimizers);

// The deviation of `--methods LIST`: the other methods were not run, or, when a report on a
// file that holds them leaves them out, which ones (`left_out`).
std::string methods_deviation(const std::string& list, const std::vector<std::string>& left_out);

// The per-pair level of our ranking: the section's alpha, else rank's family-wise default.
analysis::PairwiseAlpha ranking_alpha(const ReproductionEntry& entry);

// The tests that the replicates asked for are too few to bring to their level, said before
// anything runs (the report says it again, from the runs themselves): the ranking's pairwise
// Mann-Whitney tests, and the agreement test, which needs two runs of ours per cell.
std::vector<std::string> underpowered_tests(const ReproductionEntry& entry, const runners::ExperimentSpec& spec,
                                            bool published, bool quick);

// Refuses a published number for a problem the reproduction does not have (a typo, a problem
// of another table): it would never be compared, and nothing would say so. Methods the
// reproduction does not have are allowed (the report lists them as not run), but not more than
// a few: a table of thousands is another table, or its method column the wrong one.
void check_published_problems(const ReproductionEntry& e, const runners::ExperimentSpec& spec,
                              const std::vector<PublishedCell>& theirs, const ProblemRegistry& problems);

// --report-only: the file's runs as the report takes them (the methods of `methods_flag`, or
// all the protocol's), and a deviation for each method whose runs are of other settings than
// the spec's. UserError for a file of another experiment, or one a --methods run wrote when
// the flag is not given again.
void take_kept_runs(results::Results& results, const runners::ExperimentSpec& spec,
                    const std::optional<std::string>& methods_flag, const OptimizerRegistry& optimizers,
                    std::vector<std::string>& deviations);

}  // namespace bobench::reproductions
