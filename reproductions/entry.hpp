#pragma once
// The papers' experiments that `bobench reproduce` runs. A reproduction is data: a spec
// file with a [reproduction] section (experiments/README.md documents every key) and the
// paper's published numbers in a CSV beside it. Nothing here is compiled per paper, so a
// user adds one by adding files (`bobench reproduce --spec FILE`).
#include <optional>
#include <string>
#include <vector>

#include "reproductions/comparison.hpp"
#include "analysis/reports/table_report.hpp"
#include "runners/spec.hpp"

namespace bobench::reproductions {

// A reading of ours where the paper is silent or contradicts itself (experiments/README.md,
// "Citing the paper"): what the spec runs, what else the text supports, and where.
struct Reading {
    std::string name;
    std::vector<std::string> target;  // optimizer labels; {"*"}: every method; {"problems"}: every problem
    std::string ours;                 // what the target lines run: options "k=v,..." or "text: words"
    std::vector<std::string> others;  // the other readings, in the same two forms
    std::string place;                // where the text is silent or contradicts itself, and why
    bool on_problems() const { return target == std::vector<std::string>{"problems"}; }
    bool on_every_method() const { return target == std::vector<std::string>{"*"}; }
};
// Whether a reading's choice is an option set that can be run ("k=v,..."), not "text: words".
bool runnable_choice(const std::string& choice);
// The options of a runnable choice, in order ("beta=1000,alpha=evidence" -> {beta 1000, alpha evidence}).
std::vector<std::pair<std::string, std::string>> choice_options(const std::string& choice);
// The reading in words, as the report's deviations list it.
std::string describe_reading(const Reading& r);

struct ReproductionEntry {
    std::string name;       // the file's name without .ini
    std::string file;       // the spec file: its [experiment], [problems], [optimizers] are the protocol
    std::string source;     // paper, table or figure
    std::string reference;  // the published numbers' CSV, resolved against the file's folder; empty: none
    std::string causes;     // why cells disagree (reproductions::read_causes), resolved likewise; empty: none
    std::string claims;     // the paper's claims (reproductions::read_claims), resolved likewise; empty: none
    reproductions::ReferenceColumns columns;
    analysis::reports::TableStat statistic = analysis::reports::TableStat::mean;
    bool statistic_stated = false;  // the spec gives `statistic`
    // The statistic the claims order final values by: the stated one, the comparison's where the
    // paper has numbers, else the median (a figure-only paper's curves are read as medians).
    analysis::reports::TableStat claims_statistic() const {
        return statistic_stated || !reference.empty() ? statistic : analysis::reports::TableStat::median;
    }
    // Metadata keys the ranking is broken down by (the first also in the rank report), each
    // with Borda and first-place histograms (PNG/SVG); empty: no breakdown.
    std::vector<std::string> breakdowns;
    double alpha = 0;       // per-pair Mann-Whitney level of the ranking; 0: the default family-wise 0.05
    bool friedman = false;  // add the Friedman ranking with Borda counts (Aryan 2020, chapter 4)
    std::string figure;     // the paper's figure redrawn from our traces (regret: median and quartiles); "" none
    bool toy = false;       // not an experiment: an illustration computed in place (bore-toy)
    long quick_replicates = 2, quick_budget = 20;  // --quick
    std::vector<std::string> quick_methods;        // --quick runs only these (empty: all)
    // --preset subset: the paper's cheaper methods on some of its problems, at the protocol's
    // replicates and budget (no methods: the reproduction has no subset; no problems: all)
    std::vector<std::string> subset_methods, subset_problems;
    std::string costs;  // the cost table (reproductions/cost.hpp), resolved likewise; empty: none
    std::string cost = "not measured yet";  // without a cost table: the full protocol's time on 2 cores, labelled
    std::vector<std::string> deviations;    // every known departure from the paper's protocol
    std::vector<Reading> readings;          // our readings where the paper is silent or contradicts itself
    // Another reproduction whose kept runs hold the paper's methods this spec leaves out (the
    // thesis' evidence tables repeat the fixed tables' baseline rows); "": none.
    std::string baselines_from;
};

// The entry's deviations, then each reading in words: what a report lists as its departures.
std::vector<std::string> stated_deviations(const ReproductionEntry& e);

// The spec sections the cli reads itself; runners::read_spec skips them.
inline const std::vector<std::string> cli_spec_sections = {"reproduction"};
// runners::read_spec for a file that may carry a [reproduction] section (run, slurm, reproduce).
runners::ExperimentSpec read_spec_file(const std::string& path);

// The file's [reproduction] section; std::nullopt when it has none. UserError naming the
// file, the key and what is accepted for a bad entry or a reference file that is not there.
std::optional<ReproductionEntry> read_reproduction(const std::string& path);
// As read_reproduction, but a file without the section is an error (`--spec FILE`).
ReproductionEntry load_reproduction(const std::string& path);

// The .ini files of `folder` that have a [reproduction] section, sorted by name.
std::vector<ReproductionEntry> reproduction_entries(const std::string& folder);
// `folder`/NAME.ini; UserError "unknown reproduction 'x'; known: ..." when there is none.
ReproductionEntry find_reproduction(const std::string& folder, const std::string& name);

// The experiments/ folder: $BOBENCH_EXPERIMENTS, else ../experiments beside the binary's
// folder (the build tree), else ../share/bobench/experiments (an installed bobench).
std::string experiments_dir();

}  // namespace bobench::reproductions
