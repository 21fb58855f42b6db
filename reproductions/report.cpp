#include "reproductions/report.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "analysis/reports/curves.hpp"
#include "analysis/reports/plot.hpp"
#include "analysis/reports/score_histograms.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "reproductions/protocol.hpp"
#include "runners/restart.hpp"

namespace bobench::reproductions {

namespace {
namespace fs = std::filesystem;
using analysis::reports::RankReport;
using analysis::reports::RankReportOptions;

// What ran, read from the results file alone (so a report regenerated from kept results is
// the same byte for byte): the plan's size, who wrote the file, the runs' own time, restarts.
std::string protocol_paragraph(const runners::ExperimentSpec& spec, const results::Results& results) {
    double run_seconds = 0;  // each run's own wall time, also of runs resumed from the file
    std::size_t restarted_runs = 0, restarts = 0;
    for (const results::Trace& t : results.runs) {
        run_seconds += t.seconds;
        const std::size_t n = runners::restart_indices(t).size();
        restarts += n;
        restarted_runs += n > 0;
    }
    std::string out = fmt::format(
        "Protocol run: {} × {} × {}, {} each{}; results "
        "in `{}`, written by `{}` on {} at {} (bobench {}, build {}). The runs' own wall times sum to {:.0f} s.",
        count_noun(results.problems.size(), "problem"), count_noun(spec.optimizers.size(), "optimizer"),
        count_noun(static_cast<std::size_t>(spec.replicates), "replicate"),
        count_noun(static_cast<std::size_t>(spec.budget), "evaluation"),
        spec.restart.active() ? ", restart_on = " + runners::restart_on_name(spec.restart) : "", spec.output,
        results.provenance.command_line, results.provenance.host, results.provenance.timestamp,
        results.bobench_version, results.git_revision, run_seconds);
    if (spec.restart.active())
        out += fmt::format("\n{} of {} runs restarted their optimizer ({} in all; the indices are in each "
                           "run's notes).",
                           restarted_runs, results.runs.size(), count_noun(restarts, "restart"));
    return out;
}

RedrawnFigure redraw_figure(const ReproductionEntry& e, const results::Results& results, const std::string& dir) {
    RedrawnFigure figure{e.figure, {}, ""};
    analysis::reports::PlotOptions o;
    o.out_dir = dir;
    try {
        for (const auto& f : analysis::reports::plot_curves(analysis::reports::summary_curves(results), o).files)
            figure.panels.emplace_back(f.problem, linked_figure(f.png, dir));
    } catch (const UserError& error) {  // no gnuplot: the report goes on without its figure
        figure.not_drawn = error.what();
    }
    return figure;
}

std::vector<Breakdown> breakdowns(const ReproductionEntry& e, const RankReport& ranking, const results::Results& results,
                                  const std::string& dir) {
    std::vector<Breakdown> out;
    for (const std::string& key : e.breakdowns) {
        Breakdown b{key, key == "group" ? "COCO function group" : key, analysis::scores_by(ranking.rankings, key), {}, ""};
        analysis::reports::PlotOptions o;
        o.out_dir = dir;
        for (const auto& optimizer : results.optimizers) o.optimizers.push_back(optimizer.label);  // the spec's order
        try {
            auto* names = key == "group" ? &analysis::reports::coco_group_name : nullptr;
            for (const std::string& f : analysis::reports::plot_score_histograms(b.by, b.title, "scores-by-" + key, o, names))
                b.histograms.push_back(linked_figure(f, dir));
        } catch (const UserError& error) {
            b.not_drawn = error.what();
        }
        out.push_back(std::move(b));
    }
    return out;
}

// Each claim's verdict on `ranking` (the paper's field: a claim naming a method not run is not run).
void check_claims(ReproductionReport& r, const ReportInputs& in, const RankReport& ranking) {
    const auto curves = analysis::reports::summary_curves(*in.results);
    // a smoke test shows every check's figure, whatever ran
    const std::vector<std::string> not_run =
        in.quick ? std::vector<std::string>{} : paper_methods_not_run(*in.entry, *in.results);
    for (const Claim& c : in.claims)
        r.claims.push_back({c, evaluate_claim(c, ranking, curves, in.entry->claims_statistic(), not_run)});
}

// Our ranking (shown beside the comparison when the chapter ranks so, alone when the paper has
// no numbers) and the claims checked on it; with one method, every claim is not run.
void rank_and_check(ReproductionReport& r, const ReportInputs& in) {
    const ReproductionEntry& entry = *in.entry;
    const bool published = !in.theirs.empty(), several = in.spec->optimizers.size() >= 2;
    RankReportOptions rank;
    rank.source = in.spec->output;
    rank.alpha = ranking_alpha(entry);
    if (published && several && (entry.friedman || !in.claims.empty())) {
        // chapter 4's ranking: Friedman over replicates per function, Borda over functions
        rank.metrics = {analysis::reports::RunMetric::best};
        rank.friedman = true;
        RankReport ranking = analysis::reports::build_rank_report(*in.results, rank);
        check_claims(r, in, ranking);
        if (entry.friedman) {
            r.ranking = std::move(ranking);
            r.ranking_title = "Our ranking (Friedman + Borda, as the thesis' chapter 4)";
        }
    } else if (!published && several) {
        rank.friedman = entry.friedman;
        RankReport ranking = analysis::reports::build_rank_report(*in.results, rank);
        r.breakdowns = breakdowns(entry, ranking, *in.results, in.figures_dir);
        check_claims(r, in, ranking);
        r.ranking = std::move(ranking);
        r.ranking_title = "Our ranking";
    } else if (!several) {
        for (const Claim& c : in.claims)
            r.claims.push_back({c, {ClaimStatus::not_run, "cannot be checked with one method"}});
    }
    r.tally = tally_of(r.claims);
}

std::string misses_by_kind(const std::vector<CauseGroup>& causes) {
    std::vector<std::string> parts;
    for (const char* kind : {"ours", "paper", "unknown", "not examined"}) {
        std::size_t n = 0;
        for (const CauseGroup& g : causes)
            if (g.kind == kind) n += g.cells.size();
        if (n == 0) continue;
        const std::string what = std::string(kind) == "ours"    ? "with a cause of ours"
                                 : std::string(kind) == "paper"   ? "with the paper's"
                                 : std::string(kind) == "unknown" ? "with an unknown cause"
                                                                  : "not examined";
        parts.push_back(fmt::format("{} {}", n, what));
    }
    return join(parts, ", ");
}

// The methods with the most disagreeing cells (at most three), "M (n)".
std::string most_missed_methods(const Comparison& c) {
    std::vector<std::pair<std::string, std::size_t>> misses;
    for (const AgreementShare& s : c.by_method)
        if (s.compared > s.agreeing) misses.emplace_back(s.method, s.compared - s.agreeing);
    std::stable_sort(misses.begin(), misses.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    if (misses.size() > 3) misses.resize(3);
    std::vector<std::string> out;
    for (const auto& m : misses) out.push_back(fmt::format("{} ({})", m.first, m.second));
    return join(out, ", ");
}

std::string claims_clause(const ClaimTally& t) {
    if (t.checked() + t.not_run == 0) return "";
    if (t.checked() == 0) return fmt::format("none of {} could be checked", count_noun(t.not_run, "claim"));
    std::string out = fmt::format("{} of {} checked claim{} hold{}", t.holds, t.checked(), t.checked() == 1 ? "" : "s",
                                  t.holds == 1 && t.checked() == 1 ? "s" : "");
    if (t.not_run) out += fmt::format(", {} not run", t.not_run);
    return out;
}

Headline headline_of_cells(const ReproductionReport& r) {
    const Comparison& c = *r.comparison;
    const AgreementShare& all = c.overall;
    if (all.compared == 0)
        return {Verdict::no_verdict, "No verdict: no cell could be tested (at least 2 runs of ours a cell are needed)."};
    const double perfect = all.perfect_mean, spread = all.perfect_sd;
    const double k = static_cast<double>(all.agreeing);
    const Verdict v = k >= perfect - 2 * spread ? Verdict::reproduced
                      : k >= perfect / 2        ? Verdict::partly_reproduced
                                                : Verdict::not_reproduced;
    std::string s = fmt::format("{}: {} of {} cells agree, a perfect reproduction {:.1f} ± {:.1f}", verdict_name(v),
                                all.agreeing, all.compared, perfect, spread);
    if (const std::size_t misses = all.compared - all.agreeing; misses > 0) {
        std::vector<std::string> why;
        if (const std::string kinds = misses_by_kind(r.causes); !kinds.empty()) why.push_back(kinds);
        if (const std::string most = most_missed_methods(c); !most.empty()) why.push_back("most in " + most);
        s += fmt::format("; of the {} {}, {}", misses, misses == 1 ? "miss" : "misses", join(why, "; "));
    }
    if (const std::string claims = claims_clause(r.tally); !claims.empty()) s += "; " + claims;
    return {v, s + "."};
}

Headline headline_of_claims(const ReproductionReport& r) {
    const ClaimTally& t = r.tally;
    const std::string what = r.figure_only ? "the paper publishes a figure, no numbers" : "the paper publishes no numbers";
    if (t.checked() == 0)
        return {Verdict::no_verdict,
                r.claims.empty() ? fmt::format("No verdict: {}, and no claims of it are listed to check.", what)
                                 : fmt::format("No verdict: {}, and none of its {} could be checked (each names a "
                                               "method or problem without runs here).",
                                               what, count_noun(r.claims.size(), "claim"))};
    const Verdict v = t.fails == 0 ? Verdict::reproduced : t.holds == 0 ? Verdict::not_reproduced
                                                                        : Verdict::partly_reproduced;
    return {v, fmt::format("{}: {}; {}.", verdict_name(v), claims_clause(t), what)};
}
}  // namespace

std::string linked_figure(const std::string& file, const std::string& dir) {
    return (fs::path(dir).filename() / fs::path(file).filename()).string();
}

std::string verdict_name(Verdict v) {
    switch (v) {
        case Verdict::reproduced: return "Reproduced";
        case Verdict::partly_reproduced: return "Partly reproduced";
        case Verdict::not_reproduced: return "Not reproduced";
        case Verdict::no_verdict: break;
    }
    return "No verdict";
}

ClaimTally tally_of(const std::vector<ClaimResult>& claims) {
    ClaimTally t;
    for (const ClaimResult& c : claims) {
        const ClaimStatus s = c.verdict.status;
        ++(s == ClaimStatus::holds ? t.holds : s == ClaimStatus::fails ? t.fails : t.not_run);
    }
    return t;
}

Headline decide_headline(const ReproductionReport& r) {
    if (r.quick)
        return {Verdict::no_verdict, "No verdict: a smoke test (--quick), whose few, short runs cannot tell agreement "
                                     "from chance."};
    if (r.comparison) return headline_of_cells(r);
    return headline_of_claims(r);
}

std::vector<CauseGroup> group_by_cause(const Comparison& c) {
    std::vector<CauseGroup> groups;
    for (std::size_t i = 0; i < c.cells.size(); ++i) {
        const CellComparison& cell = c.cells[i];
        if (!cell.runs || cell.agreement.agrees || cell.agreement.test == AgreementTest::none) continue;
        const std::string kind = cell.cause ? cell.cause->cause : "not examined";
        const std::string evidence = cell.cause ? cell.cause->evidence : "";
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const CauseGroup& g) { return g.kind == kind && g.evidence == evidence; });
        if (group == groups.end()) group = groups.insert(groups.end(), {kind, evidence, {}});
        group->cells.push_back(i);
    }
    return groups;
}

ReproductionReport build_reproduction_report(const ReportInputs& in) {
    const ReproductionEntry& entry = *in.entry;
    ReproductionReport r;
    r.name = entry.name;
    r.source = entry.source;
    r.quick = in.quick;
    r.protocol = protocol_paragraph(*in.spec, *in.results);
    r.fixture_tables = in.fixture_tables;
    r.deviations = in.deviations;
    if (const std::string joined = in.quick ? "" : join_baselines(entry, *in.results); !joined.empty())
        r.deviations.push_back(joined);
    if (!in.theirs.empty()) {
        r.comparison = comparison(entry, *in.results, in.theirs, in.causes, in.quick);
        r.method_order = !std::isnan(r.comparison->tau_mean);
        if (r.comparison->verdicts) r.causes = group_by_cause(*r.comparison);
    }
    rank_and_check(r, in);
    if (!entry.figure.empty()) {
        r.figure = redraw_figure(entry, *in.results, in.figures_dir);
        r.figure_only = in.theirs.empty();
    }
    r.headline = decide_headline(r);
    return r;
}

}  // namespace bobench::reproductions
