#pragma once
// Our runs beside a paper's published numbers: per cell (problem × method) our statistic of
// the final value, the paper's number, their ratio with its 95 % interval and whether they
// agree under a test that counts both sides' sampling error (reproductions/agreement.hpp);
// per problem Kendall's tau-b between the paper's method order and ours; per method and
// overall the share of cells that agree, each beside the share a perfect reproduction would
// reach under the same test.
//
// Cells are matched by name: a spec written for a reproduction labels its problems and
// optimizers with the paper's own function and method names.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reproductions/agreement.hpp"
#include "analysis/reports/run_metrics.hpp"
#include "analysis/reports/table_report.hpp"

namespace bobench::reproductions {

using analysis::reports::TableStat;
using analysis::reports::TableFormat;
using analysis::reports::ExperimentMetrics;

// One published number.
struct PublishedCell {
    std::string problem, method;
    double value;
    std::optional<double> sd;
    std::optional<long> runs;  // the paper's runs behind the number: the table's reference_runs
    std::size_t line = 0;      // in the reference file, for messages
};

// Which columns of a reference CSV hold what, and which rows to keep (column = value).
struct ReferenceColumns {
    std::string problem, method, value, sd;  // sd: empty when the paper gives none
    std::vector<std::pair<std::string, std::string>> keep;
};

// Reads a reference table ('#' lines are its provenance; one of them may state the paper's
// number of runs per value as "# reference_runs: N"); rows whose value is empty, NaN or NA
// are the paper's N/A and left out (their lines go to `left_out`, for a note). UserError
// naming the file and line for a missing column, a row of the wrong length, a value or sd
// that is not a number or is negative, or a second row for one (problem, method).
std::vector<PublishedCell> read_published(const std::string& path, const ReferenceColumns& columns,
                                          std::vector<std::size_t>* left_out = nullptr);

// Why cells disagree, as far as known: a table beside the reference (columns problem,
// method, cause, evidence; "*" matches any problem or method; the first matching row
// counts). cause is ours (a difference in our protocol or code), paper (the paper's own
// numbers or protocol) or unknown.
struct DisagreementCause {
    std::string problem, method, cause, evidence;
};
// UserError naming the file and line for a missing column or a cause outside ours|paper|unknown.
std::vector<DisagreementCause> read_causes(const std::string& path);

struct CellComparison {
    std::string problem, method;
    std::size_t runs = 0;          // our successful runs; 0: we have no runs of this cell
    double ours = 0, ours_sd = 0;  // our statistic and sd
    double theirs = 0;
    std::optional<double> theirs_sd;
    long theirs_runs = 0;     // the paper's runs behind its number (reference_runs, else ours)
    CellAgreement agreement;  // the test, its p, the ratio ours / theirs and whether they agree
    std::optional<DisagreementCause> cause;  // the causes table's row for this cell, if any
};

struct ProblemOrder {
    std::string problem;
    std::size_t methods = 0;  // methods both sides have
    double tau = 0;           // NaN when fewer than two methods or an order is all ties
    double tau_perfect = 0;   // a perfect reproduction's mean tau (NaN: never defined)
};

// Agreeing cells, observed and of a perfect reproduction (mean ± sd over the calibration).
struct AgreementShare {
    std::string method;  // empty: every method
    std::size_t compared = 0, agreeing = 0;
    double perfect_mean = 0, perfect_sd = 0;
};

struct Comparison {
    TableStat statistic = TableStat::mean;
    bool verdicts = true;                // false: a smoke test, numbers side by side only (ComparisonOptions)
    std::optional<long> reference_runs;  // as the reference table states it; none: ours assumed
    std::vector<CellComparison> cells;   // problems in the paper's order, then methods
    std::vector<ProblemOrder> orders;
    std::vector<std::string> not_run;  // paper methods with no runs here (missing in bobench)
    std::vector<AgreementShare> by_method;
    AgreementShare overall;
    double tau_mean = 0;  // mean tau over problems where it is defined
    double tau_perfect_mean = 0, tau_perfect_sd = 0;
    int calibration_rounds = 0;
    std::size_t untested = 0;  // cells with one run of ours: no test (AgreementTest::none), not compared
    std::size_t compared() const { return overall.compared; }
    std::size_t agreeing() const { return overall.agreeing; }
};

struct ComparisonOptions {
    TableStat statistic = TableStat::mean;  // of cells without an sd (a cell with one is a mean)
    int resamples = 2000;                   // bootstrap resamples per cell
    int calibration_rounds = 400;           // simulated perfect reproductions
    std::uint64_t seed = 20240;             // the bootstrap's and simulation's streams: same data, same report
    std::vector<DisagreementCause> causes;  // read_causes; a disagreeing cell without a row: cause unknown
    // false: a smoke test (`reproduce --quick`), whose few runs cannot support a verdict; the
    // report then sets the numbers side by side with no agreement, shares or tau, and the
    // calibration is skipped.
    bool verdicts = true;
};

Comparison compare_with_published(const ExperimentMetrics& ours, const std::vector<PublishedCell>& theirs,
                                    const ComparisonOptions& options = {});

// Which way the disagreeing cells lean, per method and per problem: ours below the paper's
// number (ratio < 1) or above it. A lean that methods sharing no model share on one problem
// points at the problem as the paper ran it (its definition, dimension, instance) rather than
// at a method; one method's lean over many problems points at that method.
struct DisagreementLean {
    std::string name;                  // a method or a problem
    std::size_t compared = 0;          // its tested cells
    std::size_t below = 0, above = 0;  // its disagreeing cells with ours below / above the paper's
};
struct DisagreementPattern {
    std::vector<DisagreementLean> by_method, by_problem;  // in the report's order
};
DisagreementPattern disagreement_pattern(const Comparison& r);

// Markdown or LaTeX, in the order a reader asks: "## Agreement" (per method the cells that
// agree beside a perfect reproduction's k ± s, overall, the paper's methods not run in one
// line, how cells were tested), "## Disagreements" (with causes; which way they lean per
// method, and the problems where most methods disagree one way; the cells one run
// dominates), "## Method order" (Kendall's tau per problem, observed and calibrated; left out
// when no problem has two methods to order), "## All
// cells" (the side-by-side table, only the cells we ran; the "ours" column names the
// statistic used: the definition's, a mean where the paper gives an sd). CSV: one row per
// cell, the not-run ones too, a last column naming each row's statistic. Without verdicts:
// the table without test, p and agreement, and one line saying why (CSV: those fields empty).
std::string render_comparison(const Comparison& r, TableFormat format);

// The paper's methods not run here as a report names them: the first `most`, then "and N more"
// (a reference table of a million unknown methods must not make a report of megabytes).
std::vector<std::string> named_not_run(const Comparison& r, std::size_t most = 20);

// The side-by-side table of the cells we ran alone, Markdown or LaTeX (`tex`).
std::string render_cells_table(const Comparison& r, bool tex);

}  // namespace bobench::reproductions
