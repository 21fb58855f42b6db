#pragma once
// What `reproduce` and `reproduce --readings` do alike with a reproduction's protocol: read
// the paper's numbers, cut the spec down to some methods or to its subset, and set our runs
// beside the paper's numbers.
#include <string>
#include <vector>

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

}  // namespace bobench::reproductions
