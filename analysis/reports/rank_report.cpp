#include "analysis/reports/rank_report.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/reports/format.hpp"
#include "analysis/statistics/posthoc.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

std::vector<RunMetric> parse_metrics(std::string_view list) {
    std::vector<RunMetric> out;
    for (const std::string& raw : split(list, ',')) {
        const std::string name = trim(raw);
        RunMetric m = RunMetric::best;
        if (name == "best") m = RunMetric::best;
        else if (name == "auc") m = RunMetric::auc;
        else throw UserError("--metrics: unknown metric '" + name + "'; accepted: best, auc (comma-separated, "
                             "in precedence order)");
        if (std::find(out.begin(), out.end(), m) != out.end())
            throw UserError("--metrics: metric '" + name + "' is listed twice");
        out.push_back(m);
    }
    if (out.empty()) throw UserError("--metrics is empty; accepted: best, auc");
    return out;
}

std::string_view to_string(RunMetric metric) { return metric == RunMetric::best ? "best" : "auc"; }

namespace {

const std::vector<double>& metric_values(const CellRuns& c, RunMetric m) {
    return m == RunMetric::best ? c.final_value : c.auc;
}

bool all_nan(const std::vector<double>& v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return std::isnan(x); });
}

// Runs problem rankings in parallel; each slot is written by one thread, so results do not
// depend on the thread count. The first exception (in problem order) is rethrown.
template <class Result, class Fn>
std::vector<Result> parallel_map(std::size_t n, Fn fn) {
    std::vector<Result> out(n);
    std::vector<std::exception_ptr> errors(n);
#pragma omp parallel for schedule(dynamic)
    for (std::ptrdiff_t i = 0; i < static_cast<std::ptrdiff_t>(n); ++i) {
        try {
            out[static_cast<std::size_t>(i)] = fn(static_cast<std::size_t>(i));
        } catch (...) {
            errors[static_cast<std::size_t>(i)] = std::current_exception();
        }
    }
    for (const auto& e : errors)
        if (e) std::rethrow_exception(e);
    return out;
}

// Friedman blocks are replicates; with unequal replicate counts only the replicate
// numbers every optimizer has are used.
ProblemSamples aligned_samples(const ProblemSamples& full, const std::vector<const CellRuns*>& cells,
                               RunMetric metric, std::size_t& common_count) {
    std::set<int> common(cells.front()->replicates.begin(), cells.front()->replicates.end());
    for (const CellRuns* c : cells) {
        std::set<int> here;
        for (int r : c->replicates)
            if (common.count(r)) here.insert(r);
        common = std::move(here);
    }
    common_count = common.size();
    ProblemSamples out{full.problem, full.metadata, {}};
    for (std::size_t i = 0; i < cells.size(); ++i) {
        OptimizerSamples o{full.optimizers[i].optimizer, {{}}};
        const std::vector<double>& values = metric_values(*cells[i], metric);
        for (std::size_t r = 0; r < cells[i]->replicates.size(); ++r)
            if (common.count(cells[i]->replicates[r])) o.metrics[0].push_back(values[r]);
        out.optimizers.push_back(std::move(o));
    }
    return out;
}

// The runs a metric's sample brings to the test (NaN values left out under exclude).
std::size_t sample_size(const std::vector<double>& values, NanPolicy nan) {
    if (nan == NanPolicy::worst) return values.size();
    return static_cast<std::size_t>(std::count_if(values.begin(), values.end(), [](double x) { return !std::isnan(x); }));
}

// Which problems no pair can separate at the per-pair level, whatever the runs' values: too
// few runs for the Mann-Whitney test's smallest p to fall below it. Says why for the first.
std::optional<std::string> alpha_warning(const std::vector<ProblemSamples>& samples, const RankReportOptions& o) {
    std::vector<std::string> stuck;
    std::string why;
    for (const ProblemSamples& s : samples) {
        const std::size_t k = s.optimizers.size();
        if (k < 2) continue;
        bool reachable = false;
        std::optional<AlphaReach> best;  // the pair with the smallest floor
        std::size_t best_a = 0, best_b = 0;
        for (std::size_t i = 0; i < k && !reachable; ++i)
            for (std::size_t j = i + 1; j < k && !reachable; ++j)
                for (std::size_t m = 0; m < o.metrics.size() && !reachable; ++m) {
                    const std::size_t a = sample_size(s.optimizers[i].metrics[m], o.nan_policy),
                                      b = sample_size(s.optimizers[j].metrics[m], o.nan_policy);
                    if (a == 0 || b == 0) continue;
                    const AlphaReach r = alpha_reach(o.alpha, k, a, b, o.method);
                    reachable = r.reachable();
                    if (!best || r.min_p < best->min_p) {
                        best = r;
                        best_a = a;
                        best_b = b;
                    }
                }
        if (reachable || !best) continue;
        if (stuck.empty()) why = unreachable_alpha_message(*best, best_a, best_b, o.method);
        stuck.push_back(s.problem);
    }
    if (stuck.empty()) return std::nullopt;
    return fmt::format("on {} of {} problems (the first: '{}'), {}", stuck.size(), samples.size(), stuck.front(), why);
}

}  // namespace

namespace {

// At least two optimizers with runs, or nothing to rank.
void require_two_optimizers(const ExperimentMetrics& data, const std::string& source) {
    std::vector<std::string> with_runs;
    for (std::size_t o = 0; o < data.optimizers.size(); ++o) {
        for (const auto& row : data.cells) {
            if (!row[o].replicates.empty()) {
                with_runs.push_back(data.optimizers[o]);
                break;
            }
        }
    }
    if (with_runs.size() < 2) {
        throw UserError("nothing to rank: " + source + " holds runs of " +
                        (with_runs.empty() ? std::string("no optimizer")
                                           : "one optimizer only ('" + with_runs.front() + "')") +
                        "; a ranking compares at least two optimizers");
    }

}

// Per problem, the samples of each optimizer with runs there, in sorted order, and their
// cells; problems without runs (and, with NaN values excluded, optimizers without a value)
// are left out with a note. The ranked problems' indices go to report.ranked_problems.
void problem_samples(RankReport& report, std::vector<ProblemSamples>& samples,
                     std::vector<std::vector<const CellRuns*>>& sample_cells) {
    const RankReportOptions& options = report.options;
    const ExperimentMetrics& data = report.data;
    for (std::size_t p = 0; p < data.problems.size(); ++p) {
        ProblemSamples s{data.problems[p], ProblemMetadata{data.metadata[p]}, {}};
        std::vector<const CellRuns*> cells;
        for (std::size_t o = 0; o < data.optimizers.size(); ++o) {
            const CellRuns& c = data.cells[p][o];
            if (c.replicates.empty()) continue;
            if (options.nan_policy == NanPolicy::exclude) {
                bool dropped = false;
                for (RunMetric m : options.metrics) {
                    if (!dropped && all_nan(metric_values(c, m))) {
                        report.notes.push_back("problem '" + data.problems[p] + "', optimizer '" + data.optimizers[o] +
                                               "': every " + std::string(to_string(m)) +
                                               " value is NaN and NaN values are excluded; the optimizer is left "
                                               "out of this problem");
                        dropped = true;
                    }
                }
                if (dropped) continue;
            }
            OptimizerSamples os{data.optimizers[o], {}};
            for (RunMetric m : options.metrics) os.metrics.push_back(metric_values(c, m));
            s.optimizers.push_back(std::move(os));
            cells.push_back(&c);
        }
        if (s.optimizers.empty()) {
            report.notes.push_back("problem '" + data.problems[p] + "' has no runs to rank; left out");
            continue;
        }
        report.ranked_problems.push_back(p);
        samples.push_back(std::move(s));
        sample_cells.push_back(std::move(cells));
    }

}

// The Friedman ranking over the problems where every optimizer shares at least two
// replicates, with the Nemenyi critical difference and p-values across problems.
void add_friedman(RankReport& report, const std::vector<ProblemSamples>& samples,
                  const std::vector<std::vector<const CellRuns*>>& sample_cells) {
    const RankReportOptions& options = report.options;
    std::vector<ProblemSamples> aligned;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const std::string& name = samples[i].problem;
        if (samples[i].optimizers.size() < 2) {
            report.notes.push_back("Friedman ranking: problem '" + name + "' has fewer than two optimizers; left out");
            continue;
        }
        std::size_t common = 0;
        ProblemSamples a = aligned_samples(samples[i], sample_cells[i], options.metrics.front(), common);
        if (common < 2) {
            report.notes.push_back("Friedman ranking: problem '" + name + "' has " + count_noun(common, "replicate") +
                                   " common to all optimizers (at least 2 are needed); left out");
            continue;
        }
        std::size_t most = 0;
        for (const CellRuns* c : sample_cells[i]) most = std::max(most, c->replicates.size());
        if (common < most) {
            report.notes.push_back("Friedman ranking: problem '" + name + "' uses the " +
                                   count_noun(common, "replicate") + " common to all optimizers");
        }
        aligned.push_back(std::move(a));
    }
    const NanPolicy nan = options.nan_policy;
    report.friedman_rankings = parallel_map<FriedmanProblemRanking>(
        aligned.size(), [&](std::size_t i) { return friedman_rank_problem(aligned[i], 0, nan); });
    for (const FriedmanProblemRanking& f : report.friedman_rankings) {
        if (f.dropped_replicates)
            report.notes.push_back("Friedman ranking: problem '" + f.problem + "': " +
                                   count_noun(f.dropped_replicates, "replicate") +
                                   " with a NaN value left out (NaN values are excluded)");
    }
    report.friedman = friedman_scores(report.friedman_rankings);
    if (report.friedman->across_problems) {
        report.nemenyi_cd = nemenyi_critical_difference(options.alpha.level, report.friedman->optimizers.size(),
                                                        report.friedman->problems.size());
        report.nemenyi_p = nemenyi_p_values(report.friedman->average_rank, report.friedman->problems.size());
    }
}

}  // namespace

RankReport build_rank_report(const results::Results& results, const RankReportOptions& options) {
    if (options.metrics.empty()) throw UserError("--metrics is empty; accepted: best, auc");
    RankReport report;
    report.options = options;
    const bool with_auc = std::find(options.metrics.begin(), options.metrics.end(), RunMetric::auc) !=
                          options.metrics.end();
    report.data = compute_metrics(results, {with_auc, options.auc_start});
    const ExperimentMetrics& data = report.data;
    report.notes = data.notes;
    const std::string source = options.source.empty() ? std::string("the results file") : "'" + options.source + "'";

    require_two_optimizers(data, source);

    RankingOptions ranking;
    ranking.metric_names.clear();
    for (RunMetric m : options.metrics) ranking.metric_names.emplace_back(to_string(m));
    ranking.alpha = options.alpha;
    ranking.method = options.method;
    ranking.nan_policy = options.nan_policy;
    pairwise_alpha(options.alpha, 2);  // validates the level before any work

    std::vector<ProblemSamples> samples;
    std::vector<std::vector<const CellRuns*>> sample_cells;
    problem_samples(report, samples, sample_cells);

    report.alpha_warning = alpha_warning(samples, options);
    report.rankings = parallel_map<ProblemRanking>(samples.size(),
                                                   [&](std::size_t i) { return rank_problem(samples[i], ranking); });
    report.total = total_scores(report.rankings);
    if (!report.total.excluded_problems.empty()) {
        report.notes.push_back("left out of the totals because not every optimizer ran there: " +
                               join(report.total.excluded_problems, ", "));
    }
    if (options.by) {
        require_metadata_key(data.metadata, *options.by, source);
        report.by = scores_by(report.rankings, *options.by);
    }

    if (options.friedman) add_friedman(report, samples, sample_cells);
    return report;
}

// ---------------------------------------------------------------------------------------
// Markdown.

namespace {

std::string num(double v) { return format_significant(v, 3); }

void score_table(std::string& out, const ScoreTable& t) {
    out += "| # | optimizer | pairwise Borda | Firsts |\n|--:|---|--:|--:|\n";
    // Borda descending, then name (equal Borda scores are ties; the name only fixes the order)
    std::vector<std::size_t> order(t.optimizers.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return t.borda[a] != t.borda[b] ? t.borda[a] > t.borda[b] : t.optimizers[a] < t.optimizers[b];
    });
    std::size_t place = 0;
    for (std::size_t i : order) {
        out += fmt::format("| {} | {} | {} | {} |\n", ++place, markdown_cell(t.optimizers[i]), t.borda[i], t.firsts[i]);
    }
    out += fmt::format("\nCounted problems: {} of {}", t.problems.size(), t.problems.size() + t.excluded_problems.size());
    if (!t.excluded_problems.empty())
        out += " (left out, not every optimizer ran there: " + markdown_cell(join(t.excluded_problems, ", ")) + ")";
    out += ".\n";
}

std::string metric_list(const RankReportOptions& o) {
    std::vector<std::string> names;
    for (RunMetric m : o.metrics) names.push_back("`" + std::string(to_string(m)) + "`");
    return join(names, ", then ");
}

}  // namespace

std::string primary_ranking_rule(const RankReportOptions& o) {
    return "Primary ranking: pairwise Borda, kurobako's procedure. On each problem an optimizer scores a point for "
           "every optimizer it beats in the pairwise two-sided Mann-Whitney tests (" +
           (o.metrics.size() > 1 ? "metrics in precedence order: " + metric_list(o) : "on " + metric_list(o)) +
           "), summed over problems; Firsts (problems where none beats it) and the Friedman mean ranks are secondary "
           "views.";
}

std::string winner_rule(const RankReportOptions& o) {
    return "An optimizer wins a problem when no other beats it (several can win). A beats B when the two-sided "
           "Mann-Whitney test on `" + std::string(to_string(o.metrics.front())) + "` finds them different at the "
           "per-pair level and A's values tend lower" +
           (o.metrics.size() > 1 ? "; when it does not, the next metric in precedence order decides (" + metric_list(o) +
                                       ")" : std::string()) +
           "; a pair no metric separates ties. " + lower_median_rule() +
           " The lowest median is shown beside the winners and decides nothing.";
}

std::string lower_median_rule() {
    return "A lower median does not win: a pair the tests do not separate ties whatever its medians, and in a pair "
           "they do, the winner is the one whose runs are lower in most pairings of one run of each (the test's U "
           "statistic), which need not be the one with the lower median.";
}

namespace {

std::string metric_description(RunMetric m, std::size_t auc_start) {
    if (m == RunMetric::best) return "`best` (final regret; the final best value where f* is unknown)";
    return "`auc` (area under the regret curve from evaluation " + std::to_string(auc_start) + ")";
}

}  // namespace

namespace {

// The title, what was ranked and how, and the overall pairwise scores.
void markdown_overview(const RankReport& r, std::string& out) {
    const RankReportOptions& o = r.options;
    const ExperimentMetrics& d = r.data;
    out += "# Optimizer ranking\n\n";
    std::vector<std::string> metric_text;
    for (RunMetric m : o.metrics) metric_text.push_back(metric_description(m, o.auc_start));
    const double alpha_pair = r.rankings.empty() ? o.alpha.level : r.rankings.front().alpha_pair;
    out += fmt::format("{}, {}, {}. Metrics, in precedence order: {}.\n", count_noun(d.problems.size(), "problem"),
                       count_noun(d.optimizers.size(), "optimizer"), count_noun(d.runs, "run"),
                       join(metric_text, ", then "));
    out += fmt::format("Pairs are compared by a two-sided Mann-Whitney U test ({}); ", to_string(o.method));
    if (o.alpha.correction == AlphaCorrection::direct) {
        out += fmt::format("alpha per pair = {}.", format_double(o.alpha.level));
    } else if (o.alpha.correction == AlphaCorrection::holm) {
        out += fmt::format("p-values Holm-adjusted over the pairs of each problem (per metric), family-wise level {}.",
                           format_double(o.alpha.level));
    } else {
        out += fmt::format("alpha per pair from the {} correction of the family-wise level {} over the pairs of each "
                           "problem ({} with {} optimizers).",
                           to_string(o.alpha.correction), format_double(o.alpha.level), num(alpha_pair),
                           r.rankings.empty() ? 0 : r.rankings.front().optimizers.size());
    }
    out += o.nan_policy == NanPolicy::worst ? " NaN metrics (runs without a successful evaluation) count as the worst "
                                              "value.\n"
                                            : " NaN metrics are left out of the samples.\n";

    if (r.alpha_warning) out += "\n**Too few runs for this level:** " + *r.alpha_warning + ".\n";

    const std::string primary = primary_ranking_rule(o);
    const std::size_t lead = primary.find(':') + 1;  // "Primary ranking:", in bold
    out += "\n## Overall: pairwise Borda and Firsts\n\n**" + primary.substr(0, lead) + "**" + primary.substr(lead) +
           "\n\n";
    score_table(out, r.total);

}

void markdown_winners(const RankReport& r, std::string& out) {
    const RankReportOptions& o = r.options;
    const ExperimentMetrics& d = r.data;
    out += "\n## Winners per problem\n\n" + winner_rule(o) +
           "\n\n| problem | f* | winners (beaten by none) | lowest median `" + std::string(to_string(o.metrics.front())) +
           "` |\n|---|--:|---|---|\n";
    for (std::size_t i = 0; i < r.rankings.size(); ++i) {
        const ProblemRanking& pr = r.rankings[i];
        const std::size_t p = r.ranked_problems[i];
        std::vector<std::string> winners;
        std::size_t best = 0;
        for (std::size_t k = 0; k < pr.optimizers.size(); ++k) {
            if (pr.firsts[k]) winners.push_back(pr.optimizers[k]);
            if (pr.median[0][k] < pr.median[0][best]) best = k;
        }
        out += fmt::format("| {} | {} | {} | {} ({}) |\n", markdown_cell(pr.problem),
                           d.optimum[p] ? num(*d.optimum[p]) : std::string("unknown"),
                           markdown_cell(join(winners, ", ")), num(pr.median[0][best]),
                           markdown_cell(pr.optimizers[best]));
    }

}

void markdown_significance(const RankReport& r, std::string& out) {
    const RankReportOptions& o = r.options;
    const double alpha_pair = r.rankings.empty() ? o.alpha.level : r.rankings.front().alpha_pair;
    out += "\n## Significance per problem\n\n"
           "Cell (row, column): `+m` the row optimizer beats the column optimizer, decided by metric m; `-m` the "
           "column beats the row; `=` no significant difference on any metric.\n";
    for (const ProblemRanking& pr : r.rankings) {
        const std::size_t k = pr.optimizers.size();
        out += "\n### " + markdown_cell(pr.problem) + "\n\n";
        if (pr.alpha_pair != alpha_pair)  // fewer optimizers ran here: fewer pairs, another alpha
            out += fmt::format("{} optimizers here: alpha per pair {}.\n\n", k, num(pr.alpha_pair));
        out += "| | optimizer |";
        for (std::size_t j = 0; j < k; ++j) out += fmt::format(" {} |", j + 1);
        out += " pairwise Borda |";
        for (RunMetric m : o.metrics) out += fmt::format(" median {} |", to_string(m));
        out += "\n|--:|---|";
        for (std::size_t j = 0; j < k; ++j) out += ":-:|";
        out += "--:|";
        for (std::size_t m = 0; m < o.metrics.size(); ++m) out += "--:|";
        out += "\n";
        for (std::size_t i = 0; i < k; ++i) {
            out += fmt::format("| {} | {} |", i + 1, markdown_cell(pr.optimizers[i]));
            for (std::size_t j = 0; j < k; ++j) {
                const int res = pr.significance.outcome[i][j];
                if (i == j) out += " · |";
                else if (res == 0) out += " = |";
                else
                    out += fmt::format(" {}{} |", res > 0 ? '+' : '-',
                                       to_string(o.metrics[static_cast<std::size_t>(pr.significance.deciding_metric[i][j])]));
            }
            out += fmt::format(" {} |", pr.borda[i]);
            for (std::size_t m = 0; m < o.metrics.size(); ++m) out += fmt::format(" {} |", num(pr.median[m][i]));
            out += "\n";
        }
    }

}

void markdown_by(const RankReport& r, std::string& out) {
    const RankReportOptions& o = r.options;
    if (o.by) {
        out += "\n## By " + markdown_cell(*o.by) + "\n";
        std::vector<std::string> values;
        for (const auto& [value, table] : r.by) values.push_back(value);
        std::sort(values.begin(), values.end(), natural_less);
        for (const std::string& value : values) {
            const ScoreTable& t = r.by.at(value);
            out += "\n### " + markdown_cell(*o.by) + " = " + markdown_cell(value) + "\n\n";
            score_table(out, t);
        }
    }

}

void markdown_friedman(const RankReport& r, std::string& out) {
    const RankReportOptions& o = r.options;
    if (r.friedman) {
        const FriedmanScoreTable& f = *r.friedman;
        out += "\n## Friedman ranking\n\n"
               "Per problem, the replicates are blocks and the optimizers are ranked within each (1 = lowest `" +
               std::string(to_string(o.metrics.front())) +
               "`); the mean ranks are ranked again (rank 1 = best) and averaged over problems; Borda = sum over "
               "problems of (k - rank) (Aryan 2020, chapter 4; Demsar 2006): the Friedman Borda, not the pairwise one "
               "above.\n\n"
               "| # | optimizer | average rank | Friedman Borda |\n|--:|---|--:|--:|\n";
        std::vector<std::size_t> order(f.optimizers.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            if (f.average_rank[a] != f.average_rank[b]) return f.average_rank[a] < f.average_rank[b];
            return f.optimizers[a] < f.optimizers[b];
        });
        std::size_t place = 0;
        for (std::size_t i : order) {
            out += fmt::format("| {} | {} | {} | {} |\n", ++place, markdown_cell(f.optimizers[i]),
                               num(f.average_rank[i]), num(f.borda[i]));
        }
        out += fmt::format("\nCounted problems: {} of {}.", f.problems.size(),
                           f.problems.size() + f.excluded_problems.size());
        if (f.across_problems) {
            const FriedmanResult& t = *f.across_problems;
            out += fmt::format(" Across problems: Friedman chi2 = {}, p = {}; Iman-Davenport F = {}, p = {}",
                               num(t.chi2), num(t.p_chi2), num(t.iman_davenport_f), num(t.p_f));
            if (r.nemenyi_cd) {
                out += fmt::format("; Nemenyi critical difference of average ranks at alpha {} = {}",
                                   format_double(o.alpha.level), num(*r.nemenyi_cd));
            }
            out += ".";
        }
        if (!r.nemenyi_p.empty()) {
            out += "\n\nNemenyi p-values of the average ranks (Demsar 2006):\n\n| |";
            for (const std::string& name : f.optimizers) out += " " + markdown_cell(name) + " |";
            out += "\n|---|";
            for (std::size_t i = 0; i < f.optimizers.size(); ++i) out += "--:|";
            out += "\n";
            for (std::size_t i = 0; i < f.optimizers.size(); ++i) {
                out += "| " + markdown_cell(f.optimizers[i]) + " |";
                for (std::size_t j = 0; j < f.optimizers.size(); ++j)
                    out += i == j ? std::string(" · |") : " " + num(r.nemenyi_p[i][j]) + " |";
                out += "\n";
            }
        }
        out += "\n\n| problem | chi2 | p |";
        for (const std::string& name : f.optimizers) out += " " + markdown_cell(name) + " |";
        out += "\n|---|--:|--:|";
        for (std::size_t i = 0; i < f.optimizers.size(); ++i) out += "--:|";
        out += "\n";
        for (const FriedmanProblemRanking& pr : r.friedman_rankings) {
            out += fmt::format("| {} | {} | {} |", markdown_cell(pr.problem), num(pr.test.chi2), num(pr.test.p_chi2));
            for (const std::string& name : f.optimizers) {
                const auto it = std::find(pr.optimizers.begin(), pr.optimizers.end(), name);
                if (it == pr.optimizers.end()) {
                    out += " - |";
                } else {
                    const auto i = static_cast<std::size_t>(it - pr.optimizers.begin());
                    out += fmt::format(" {} ({}) |", num(pr.rank[i]), num(pr.test.mean_ranks[i]));
                }
            }
            out += "\n";
        }
        out += "\nCells: rank on the problem (mean rank over replicates).\n";
    }

}

}  // namespace

std::string render_rank_markdown(const RankReport& r) {
    std::string out;
    markdown_overview(r, out);
    markdown_winners(r, out);
    markdown_significance(r, out);
    markdown_by(r, out);
    markdown_friedman(r, out);
    if (!r.notes.empty()) {
        out += "\n## Notes\n\n";
        for (const std::string& n : r.notes) out += "- " + markdown_cell(n) + "\n";
    }
    return out;
}

// ---------------------------------------------------------------------------------------
// JSON and LaTeX.

namespace {

nlohmann::ordered_json score_json(const ScoreTable& t) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (std::size_t i : t.order_by_borda())
        rows.push_back({{"optimizer", t.optimizers[i]}, {"pairwise_borda", t.borda[i]}, {"firsts", t.firsts[i]}});
    return {{"scores", rows}, {"problems", t.problems}, {"excluded_problems", t.excluded_problems}};
}

}  // namespace

std::string render_rank_json(const RankReport& r) {
    const RankReportOptions& o = r.options;
    nlohmann::ordered_json j;
    std::vector<std::string> metrics;
    for (RunMetric m : o.metrics) metrics.emplace_back(to_string(m));
    j["source"] = o.source;
    j["options"] = {{"metrics", metrics},
                    {"correction", to_string(o.alpha.correction)},
                    {"level", o.alpha.level},
                    {"method", to_string(o.method)},
                    {"nan", o.nan_policy == NanPolicy::worst ? "worst" : "exclude"},
                    {"auc_start", o.auc_start}};
    j["optimizers"] = r.data.optimizers;
    j["primary_ranking"] = "pairwise_borda";
    j["primary_rule"] = primary_ranking_rule(o);
    j["winner_rule"] = winner_rule(o);
    j["total"] = score_json(r.total);
    nlohmann::ordered_json problems = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < r.rankings.size(); ++i) {
        const ProblemRanking& pr = r.rankings[i];
        const std::size_t p = r.ranked_problems[i];
        nlohmann::ordered_json median, p_value;
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            median[metrics[m]] = pr.median[m];
            p_value[metrics[m]] = pr.significance.p_value[m];
        }
        problems.push_back({{"problem", pr.problem},
                            {"optimum", r.data.optimum[p] ? nlohmann::ordered_json(*r.data.optimum[p]) : nullptr},
                            {"metadata", r.data.metadata[p]},
                            {"optimizers", pr.optimizers},
                            {"alpha_pair", pr.alpha_pair},
                            {"pairwise_borda", pr.borda},
                            {"firsts", pr.firsts},
                            {"median", median},
                            {"outcome", pr.significance.outcome},
                            {"deciding_metric", pr.significance.deciding_metric},
                            {"p_value", p_value}});
    }
    j["problems"] = problems;
    if (o.by) {
        nlohmann::ordered_json by;
        for (const auto& [value, table] : r.by) by[value] = score_json(table);
        j["by"] = {{"key", *o.by}, {"values", by}};
    }
    if (r.friedman) {
        const FriedmanScoreTable& f = *r.friedman;
        nlohmann::ordered_json fj = {{"optimizers", f.optimizers},
                                     {"average_rank", f.average_rank},
                                     {"friedman_borda", f.borda},
                                     {"problems", f.problems},
                                     {"excluded_problems", f.excluded_problems}};
        if (f.across_problems) {
            const FriedmanResult& t = *f.across_problems;
            fj["chi2"] = t.chi2;
            fj["p_chi2"] = t.p_chi2;
            fj["iman_davenport_f"] = t.iman_davenport_f;
            fj["p_f"] = t.p_f;
        }
        if (r.nemenyi_cd) fj["nemenyi_cd"] = *r.nemenyi_cd;
        if (!r.nemenyi_p.empty()) fj["nemenyi_p"] = r.nemenyi_p;
        nlohmann::ordered_json per = nlohmann::ordered_json::array();
        for (const FriedmanProblemRanking& pr : r.friedman_rankings)
            per.push_back({{"problem", pr.problem}, {"optimizers", pr.optimizers}, {"chi2", pr.test.chi2},
                           {"p_chi2", pr.test.p_chi2}, {"mean_ranks", pr.test.mean_ranks}, {"rank", pr.rank}});
        fj["per_problem"] = per;
        j["friedman"] = fj;
    }
    j["notes"] = r.notes;
    j["alpha_warning"] = r.alpha_warning ? nlohmann::ordered_json(*r.alpha_warning) : nullptr;
    return j.dump(2) + "\n";
}

std::string render_rank_latex(const RankReport& r) {
    const RankReportOptions& o = r.options;
    const ExperimentMetrics& d = r.data;
    const std::vector<std::string>& names = d.optimizers;
    const auto column = [&](const ProblemRanking& pr, const std::string& name) -> std::optional<std::size_t> {
        const auto it = std::find(pr.optimizers.begin(), pr.optimizers.end(), name);
        if (it == pr.optimizers.end()) return std::nullopt;
        return static_cast<std::size_t>(it - pr.optimizers.begin());
    };
    std::string out = "% bobench rank: median " + std::string(to_string(o.metrics.front())) +
                      " over replicates; lowest per problem in bold; $^\\dagger$: significantly worse than the bold "
                      "one (two-sided Mann-Whitney U, " +
                      (o.alpha.correction == AlphaCorrection::direct
                           ? "alpha per pair " + format_double(o.alpha.level)
                           : std::string(to_string(o.alpha.correction)) + " correction, family-wise level " +
                                 format_double(o.alpha.level)) +
                      ").\n% " + primary_ranking_rule(o) + " Its row is below.\n% Bold is not a win. " +
                      lower_median_rule() + "\n" +
                      (r.alpha_warning ? "% Too few runs for this level: " + *r.alpha_warning + ".\n" : std::string()) +
                      "\\begin{tabular}{l" + std::string(names.size(), 'r') + "}\n\\hline\nproblem";
    for (const std::string& name : names) out += " & " + latex_escape(name);
    out += " \\\\\n\\hline\n";
    for (const ProblemRanking& pr : r.rankings) {
        std::size_t best = 0;
        for (std::size_t k = 1; k < pr.optimizers.size(); ++k)
            if (pr.median[0][k] < pr.median[0][best]) best = k;
        out += latex_escape(pr.problem);
        for (const std::string& name : names) {
            const auto k = column(pr, name);
            if (!k) {
                out += " & -";
                continue;
            }
            std::string cell = num(pr.median[0][*k]);
            if (*k == best) cell = "\\textbf{" + cell + "}";
            if (pr.significance.outcome[best][*k] > 0) cell += "$^\\dagger$";
            out += " & " + cell;
        }
        out += " \\\\\n";
    }
    // a row of per-optimizer totals; "-" for optimizers the totals do not hold
    const auto total_row = [&](const std::string& label, const std::vector<std::string>& have, auto value) {
        out += label;
        for (const std::string& name : names) {
            const auto it = std::find(have.begin(), have.end(), name);
            out += " & " + (it == have.end() ? std::string("-") : value(static_cast<std::size_t>(it - have.begin())));
        }
        out += " \\\\\n";
    };
    out += "\\hline\n";
    total_row("pairwise Borda", r.total.optimizers, [&](std::size_t i) { return std::to_string(r.total.borda[i]); });
    total_row("Firsts", r.total.optimizers, [&](std::size_t i) { return std::to_string(r.total.firsts[i]); });
    if (r.friedman)
        total_row("average rank", r.friedman->optimizers, [&](std::size_t i) { return num(r.friedman->average_rank[i]); });
    return out + "\\hline\n\\end{tabular}\n";
}

}  // namespace bobench::analysis::reports
