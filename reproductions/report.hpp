#pragma once
// One reproduction report: built once from the runs, the paper's numbers, the causes table and
// the claims, with every verdict decided here (the headline, each cell's agreement and cause,
// each claim's), then rendered per format by reproductions/render.hpp. The renderers only lay
// out what this holds, so the formats cannot disagree.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/ranking.hpp"
#include "analysis/reports/rank_report.hpp"
#include "reproductions/claims.hpp"
#include "reproductions/comparison.hpp"
#include "reproductions/entry.hpp"
#include "results/store.hpp"
#include "runners/spec.hpp"

namespace bobench::reproductions {

// The headline's word. Reproduced: at least as many cells agree as a perfect reproduction
// would less two of its sds; partly: at least half a perfect reproduction's; not reproduced:
// fewer. Without the paper's numbers the checked claims decide: all hold, some hold, none.
enum class Verdict { reproduced, partly_reproduced, not_reproduced, no_verdict };
std::string verdict_name(Verdict v);  // "Reproduced", "Partly reproduced", "Not reproduced", "No verdict"

struct Headline {
    Verdict verdict = Verdict::no_verdict;
    std::string sentence;  // the verdict and the figures behind it, in one sentence
};

// Disagreeing cells that share one cause: the causes table's row, or none (not examined).
struct CauseGroup {
    std::string kind;                // ours, paper, unknown, or "not examined"
    std::string evidence;            // the row's text; "" when not examined
    std::vector<std::size_t> cells;  // indices into the comparison's cells, in its order
};

struct ClaimResult {
    Claim claim;
    ClaimVerdict verdict;
};

struct ClaimTally {
    std::size_t holds = 0, fails = 0, not_run = 0;
    std::size_t checked() const { return holds + fails; }
};
ClaimTally tally_of(const std::vector<ClaimResult>& claims);

// Borda and first places by one metadata key, with their histograms.
struct Breakdown {
    std::string key, title;
    std::map<std::string, analysis::ScoreTable> by;
    std::vector<std::string> histograms;  // files, relative to the report's folder
    std::string not_drawn;                // why there are no histograms ("" when drawn)
};

// The paper's figure redrawn from our traces.
struct RedrawnFigure {
    std::string title;
    std::vector<std::pair<std::string, std::string>> panels;  // problem, PNG relative to the report's folder
    std::string not_drawn;                                    // why not ("" when drawn)
};

struct ReproductionReport {
    std::string name, source;
    bool quick = false;             // a smoke test: numbers and figures, no verdicts
    std::string protocol;           // what ran, from the results file alone
    std::string fixture_tables;     // the SYNTHETIC tables' folder; "" when real tables (or none) were read
    bool fixture_quick = false;     // the --quick FCNet fixture (1,000 configurations)
    std::vector<std::string> deviations;
    std::optional<Comparison> comparison;  // none: the paper publishes no numbers
    bool method_order = false;             // Kendall's tau is defined (two methods or more on a problem)
    std::vector<CauseGroup> causes;        // the disagreeing cells grouped by cause, in the cells' order
    std::vector<ClaimResult> claims;
    ClaimTally tally;
    std::optional<analysis::reports::RankReport> ranking;
    std::string ranking_title;
    std::vector<Breakdown> breakdowns;
    std::optional<RedrawnFigure> figure;
    bool figure_only = false;  // the paper publishes its figure and no numbers
    Headline headline;
};

// What the report is built from.
struct ReportInputs {
    const ReproductionEntry* entry = nullptr;
    const runners::ExperimentSpec* spec = nullptr;
    results::Results* results = nullptr;  // baselines_from's runs are joined into it
    std::vector<PublishedCell> theirs;
    std::vector<DisagreementCause> causes;
    std::vector<Claim> claims;
    std::vector<std::string> deviations;
    bool quick = false;
    std::string fixture_tables;  // as ReproductionReport
    std::string figures_dir;     // where figures and histograms are drawn (the report's NAME-figures/)
};

// A figure's path as a report names it: relative to the report's folder, where the figures
// folder `dir` lies, so that the report and its figures can move together.
std::string linked_figure(const std::string& file, const std::string& dir);

// Draws the figures (gnuplot; a missing gnuplot leaves a note, not a failure) and decides
// every verdict.
ReproductionReport build_reproduction_report(const ReportInputs& in);

// The headline of a report whose parts are filled in (build_reproduction_report calls it).
Headline decide_headline(const ReproductionReport& r);

// The disagreeing cells of a comparison grouped by cause, each cause once, in the order the
// cells first name it.
std::vector<CauseGroup> group_by_cause(const Comparison& c);

}  // namespace bobench::reproductions
