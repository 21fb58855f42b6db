#include "reproductions/protocol.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>

#include <fmt/format.h>

#include "analysis/reports/run_metrics.hpp"
#include "core/registry.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "analysis/ranking.hpp"
#include "runners/plan.hpp"

namespace bobench::reproductions {

namespace fs = std::filesystem;
using reproductions::PublishedCell;

std::vector<PublishedCell> published(const ReproductionEntry& e, bool note) {
    if (e.reference.empty()) return {};
    std::vector<std::size_t> left_out;
    std::vector<PublishedCell> cells = reproductions::read_published(e.reference, e.columns, &left_out);
    if (note && !left_out.empty()) {
        std::vector<std::string> lines;
        for (std::size_t i = 0; i < std::min<std::size_t>(left_out.size(), 10); ++i) lines.push_back(std::to_string(left_out[i]));
        std::cerr << "bobench reproduce: note: reference table '" << e.reference << "': " << left_out.size()
                  << " row(s) without a number (empty, NaN or NA: the paper's N/A) are not compared: line(s) "
                  << join(lines, ", ") << (left_out.size() > lines.size() ? ", ..." : "") << "\n";
    }
    return cells;
}

std::vector<std::string> keep_labelled(std::vector<runners::SpecEntry>& entries, const std::vector<std::string>& keep,
                                       const std::string& flag, const std::string& what) {
    std::vector<std::string> known, left_out;
    for (const auto& e : entries) known.push_back(e.label);
    for (const std::string& k : keep)
        if (std::find(known.begin(), known.end(), k) == known.end())
            throw UserError(flag + ": '" + k + "' is not a " + what + " of this reproduction; its " + what + "s: " +
                            join(known, ", "));
    for (const std::string& k : known)
        if (std::find(keep.begin(), keep.end(), k) == keep.end()) left_out.push_back(k);
    std::erase_if(entries, [&](const runners::SpecEntry& e) {
        return std::find(keep.begin(), keep.end(), e.label) == keep.end();
    });
    return left_out;
}

void keep_methods(runners::ExperimentSpec& spec, const std::vector<std::string>& keep, const std::string& flag) {
    keep_labelled(spec.optimizers, keep, flag, "method");
}

std::string apply_subset(runners::ExperimentSpec& spec, const ReproductionEntry& entry) {
    if (entry.subset_methods.empty())
        throw UserError("--preset subset: reproduction '" + entry.name + "' defines no subset (its [reproduction] "
                        "section would name subset_method and subset_problem lines); use --methods instead");
    const std::string flag = "--preset subset";
    const std::vector<std::string> methods_out = keep_labelled(spec.optimizers, entry.subset_methods, flag, "method");
    const std::vector<std::string> problems_out =
        entry.subset_problems.empty() ? std::vector<std::string>{}
                                      : keep_labelled(spec.problems, entry.subset_problems, flag, "problem");
    spec.output = "output/" + entry.name + "-subset.h5";
    std::string text = flag + ": the cheaper methods " + join(entry.subset_methods, ", ");
    if (!methods_out.empty()) text += " (left out: " + join(methods_out, ", ") + ")";
    text += entry.subset_problems.empty() ? " on every problem" : " on " + join(entry.subset_problems, ", ");
    if (!problems_out.empty()) text += " (left out: " + join(problems_out, ", ") + ")";
    return text + fmt::format(", at the protocol's {} of {} evaluations: a reproduction of those cells only",
                              count_noun(static_cast<std::size_t>(spec.replicates), "replicate"), spec.budget);
}

reproductions::Comparison comparison(const ReproductionEntry& entry, const results::Results& results,
                                           const std::vector<PublishedCell>& theirs,
                                           const std::vector<reproductions::DisagreementCause>& causes, bool quick) {
    const auto metrics = analysis::reports::compute_metrics(results, {/*with_auc=*/false, 1});
    reproductions::ComparisonOptions o;
    o.statistic = entry.statistic;
    o.causes = causes;
    o.verdicts = !quick;
    return reproductions::compare_with_published(metrics, theirs, o);
}

namespace {
// The paper's methods: the spec's and the reference table's.
std::set<std::string> paper_methods(const ReproductionEntry& e) {
    std::set<std::string> methods;
    for (const runners::SpecEntry& o : read_spec_file(e.file).optimizers) methods.insert(o.label);
    for (const PublishedCell& c : published(e)) methods.insert(c.method);
    return methods;
}

// The runs of `methods` in `other` added to `results`, on the problems `results` has (a subset
// run has fewer); a problem of both under one id must carry one label.
void add_runs_of(results::Results& results, const results::Results& other, const std::vector<std::string>& methods,
                 const std::string& file) {
    for (const std::string& m : methods) {
        const auto from = std::find_if(other.optimizers.begin(), other.optimizers.end(),
                                       [&](const results::OptimizerInfo& o) { return o.label == m; });
        const int to = static_cast<int>(results.optimizers.size());
        results.optimizers.push_back(*from);
        for (const results::Trace& t : other.runs) {
            if (other.optimizers[static_cast<std::size_t>(t.key.optimizer)].label != m) continue;
            const results::ProblemInfo& p = other.problems[static_cast<std::size_t>(t.key.problem)];
            const int problem = results.find_problem(p.id);
            if (problem < 0) continue;
            if (results.problems[static_cast<std::size_t>(problem)].label != p.label)
                throw UserError("baselines_from: '" + file + "' labels problem " + p.id + " '" + p.label +
                                "', this reproduction '" + results.problems[static_cast<std::size_t>(problem)].label + "'");
            results::Trace joined = t;
            joined.key = {problem, to, t.key.replicate};
            results.runs.push_back(std::move(joined));
        }
    }
    results.sort_runs();
}
}  // namespace

std::string join_baselines(const ReproductionEntry& e, results::Results& results) {
    if (e.baselines_from.empty()) return "";
    const std::string name = e.baselines_from;
    const std::string file = (fs::path(e.file).parent_path() / "results" / name / (name + ".h5")).string();
    std::set<std::string> left = paper_methods(e);  // less the spec's: the methods it does not run at all
    for (const runners::SpecEntry& o : read_spec_file(e.file).optimizers) left.erase(o.label);
    std::vector<std::string> methods(left.begin(), left.end());
    if (methods.empty()) return "";
    if (!fs::is_regular_file(file))
        return "the paper's " + join(methods, ", ") + " are " + name + "'s, whose kept results ('" + file +
               "') are not here: not run";
    const results::Results other = results::read_results(file, /*with_points=*/false);
    std::erase_if(methods, [&](const std::string& m) {
        return std::none_of(other.optimizers.begin(), other.optimizers.end(), [&](const auto& o) { return o.label == m; });
    });
    if (other.budget != results.budget || methods.empty())
        return "the paper's other methods are " + name + "'s, whose kept results ran another budget or hold none of them: not joined";
    add_runs_of(results, other, methods, file);
    return "the runs of " + join(methods, ", ") + " are " + name + "'s kept runs (`" + fs::path(file).filename().string() +
           "`, build " + other.git_revision + "): the paper's tables share those rows";
}

std::vector<reproductions::Claim> read_checked_claims(const ReproductionEntry& e) {
    if (e.claims.empty()) return {};
    const std::set<std::string> field = paper_methods(e);
    std::vector<reproductions::Claim> claims = reproductions::read_claims(e.claims);
    for (const reproductions::Claim& c : claims)
        for (const std::string& m : reproductions::claim_methods(c))
            if (!field.count(m))
                throw UserError("claims table '" + e.claims + "': claim '" + c.id + "' names '" + m +
                                "', which is not a method of this reproduction (its methods: " + join(field, ", ") + ")");
    return claims;
}

std::vector<std::string> paper_methods_not_run(const ReproductionEntry& e, const results::Results& results) {
    std::set<std::string> field = paper_methods(e);
    for (const results::OptimizerInfo& o : results.optimizers)
        if (std::any_of(results.runs.begin(), results.runs.end(), [&](const results::Trace& t) {
                return results.optimizers[static_cast<std::size_t>(t.key.optimizer)].label == o.label;
            }))
            field.erase(o.label);
    return {field.begin(), field.end()};
}

std::vector<std::string> runs_of_other_settings(const runners::ExperimentSpec& spec, const results::Results& results,
                                                const OptimizerRegistry& optimizers) {
    std::vector<std::string> out;
    for (const runners::SpecEntry& line : spec.optimizers) {
        const auto ran = std::find_if(results.optimizers.begin(), results.optimizers.end(),
                                      [&](const results::OptimizerInfo& o) { return o.label == line.label; });
        if (ran == results.optimizers.end()) continue;
        const std::string now = bind_optimizer(optimizers, line.id).id;
        if (now != ran->id)
            out.push_back("the kept runs of " + line.label + " are of `" + ran->id + "`, not of this spec's `" + now +
                          "`: its cells are those earlier settings' until it is run again");
    }
    return out;
}

std::string methods_deviation(const std::string& list, const std::vector<std::string>& left_out) {
    return "--methods " + list + ": " +
           (left_out.empty() ? std::string("the other methods were not run")
                             : "the report leaves out the file's other methods (" + join(left_out, ", ") + ")");
}

analysis::PairwiseAlpha ranking_alpha(const ReproductionEntry& entry) {
    if (entry.alpha > 0) return {analysis::AlphaCorrection::direct, entry.alpha};
    return {};
}

std::vector<std::string> underpowered_tests(const ReproductionEntry& entry, const runners::ExperimentSpec& spec,
                                            bool published, bool quick) {
    std::vector<std::string> out;
    const std::size_t k = spec.optimizers.size(), n = static_cast<std::size_t>(spec.replicates);
    if (k >= 2 && (!published || entry.friedman)) {  // when the report shows the pairwise ranking
        const analysis::AlphaReach reach = analysis::alpha_reach(ranking_alpha(entry), k, n, n);
        if (!reach.reachable())
            out.push_back("the ranking's pairwise tests cannot reach their level: " +
                          analysis::unreachable_alpha_message(reach, n, n));
    }
    if (published && !quick && n < 2)  // a --quick report gives no verdicts anyway
        out.push_back("the agreement test cannot be computed with 1 replicate (Welch's t-test needs two runs a "
                      "side, and the bootstrap of one run has no spread): no cell gets a verdict; at least 2 "
                      "replicates are needed");
    return out;
}

namespace {
// Whether `label` names one of the spec's methods.
bool is_method(const runners::ExperimentSpec& spec, const std::string& label) {
    return std::any_of(spec.optimizers.begin(), spec.optimizers.end(),
                       [&](const runners::SpecEntry& e) { return e.label == label; });
}
}  // namespace

void check_published_problems(const ReproductionEntry& e, const runners::ExperimentSpec& spec,
                              const std::vector<PublishedCell>& theirs, const ProblemRegistry& problems) {
    std::set<std::string> labels;
    for (const runners::SpecEntry& p : spec.problems) {
        if (p.label.empty()) return;  // named by its canonical id, known once bound: not checked here
        std::vector<std::string> suffix;
        expand_lists(p.id, problems.get(p.id.name).params, &suffix);
        for (const std::string& s : suffix) labels.insert(runners::problem_label(p, s, ""));
    }
    for (const PublishedCell& c : theirs)
        if (!labels.count(c.problem))
            throw UserError("reference table '" + e.reference + "' line " + std::to_string(c.line) + ": problem '" +
                            c.problem + "' is not a problem of this reproduction (" +
                            join(std::vector<std::string>(labels.begin(), labels.end()), ", ") + ")");
    constexpr std::size_t most_unknown_methods = 20;
    std::vector<std::string> unknown;  // in the table's order
    for (const PublishedCell& c : theirs)
        if (!is_method(spec, c.method) && std::find(unknown.begin(), unknown.end(), c.method) == unknown.end()) {
            unknown.push_back(c.method);
            if (unknown.size() > most_unknown_methods)
                throw UserError("reference table '" + e.reference + "' names more than " +
                                std::to_string(most_unknown_methods) + " methods this reproduction does not have (the first: " +
                                join(std::vector<std::string>(unknown.begin(), unknown.begin() + 3), ", ") +
                                "); is it the paper's table, and method_column its column of methods?");
        }
}

namespace {
// A file that a `--methods` run wrote holds fewer methods than the protocol: its report takes
// the same --methods (so that it says the others were not run; one method has nothing to rank).
void require_methods_of_file(const runners::ExperimentSpec& spec, const results::Results& results) {
    std::set<int> ran;
    for (const results::Trace& t : results.runs) ran.insert(t.key.optimizer);
    if (ran.empty() || ran.size() >= spec.optimizers.size()) return;
    std::vector<std::string> labels;
    for (const int o : ran) labels.push_back(results.optimizers[static_cast<std::size_t>(o)].label);
    throw UserError("--report-only: '" + spec.output + "' holds runs of " + join(labels, ", ") + " only, of the " +
                    "protocol's " + count_noun(spec.optimizers.size(), "method") + "; report on it with --methods " +
                    join(labels, ",") + ", as the run that wrote it was given");
}

// --report-only --methods on a file that holds more methods: the report is on the named ones
// alone (the others' runs and entries leave `results`), and its deviation says the file's
// other methods were left out rather than not run.
void report_on_methods(results::Results& results, const runners::ExperimentSpec& spec, const std::string& methods_flag,
                       std::vector<std::string>& deviations) {
    std::vector<int> new_index(results.optimizers.size(), -1);
    std::vector<results::OptimizerInfo> kept;
    std::vector<std::string> left_out;
    for (std::size_t o = 0; o < results.optimizers.size(); ++o) {
        const std::string& label = results.optimizers[o].label;
        if (!is_method(spec, label)) {
            left_out.push_back(label);
            continue;
        }
        new_index[o] = static_cast<int>(kept.size());
        kept.push_back(results.optimizers[o]);
    }
    if (left_out.empty()) return;
    auto index_of = [&](const results::Trace& t) { return new_index[static_cast<std::size_t>(t.key.optimizer)]; };
    std::erase_if(results.runs, [&](const results::Trace& t) { return index_of(t) < 0; });
    for (results::Trace& t : results.runs) t.key.optimizer = index_of(t);
    results.optimizers = std::move(kept);
    const std::string given = methods_deviation(methods_flag, {});
    std::replace(deviations.begin(), deviations.end(), given, methods_deviation(methods_flag, left_out));
}

// A results file of another experiment would be reported as "0 of 0 cells agree": refused,
// naming its methods, or its budget when that differs. (Problems are compared by the report,
// which refuses a file with no run on the paper's cells: a spec's list entries, bbob:f=1-24
// say, expand to labels only the plan knows.)
void require_runs_of_protocol(const runners::ExperimentSpec& spec, const results::Results& results) {
    const bool any = std::ranges::any_of(results.runs, [&](const results::Trace& t) {
        return is_method(spec, results.optimizers[static_cast<std::size_t>(t.key.optimizer)].label);
    });
    if (any && results.budget != spec.budget)
        throw UserError("--report-only: '" + spec.output + "' holds runs of " + std::to_string(results.budget) +
                        " evaluations, this reproduction's are " + std::to_string(spec.budget) +
                        "; is it another experiment's file? (--budget N reports on runs of N)");
    if (any) return;
    std::vector<std::string> methods;
    for (const auto& o : results.optimizers) methods.push_back(o.label);
    throw UserError("--report-only: '" + spec.output + "' holds no run of this reproduction's methods (it holds " +
                    (results.runs.empty() ? std::string("no runs at all") : "runs of " + join(methods, ", ")) +
                    "); is it another experiment's file?");
}

}  // namespace

// --report-only: the file's runs as the report takes them (the --methods named, or all the
// protocol's), and a deviation for each method whose runs are of other settings than the spec's.
void take_kept_runs(results::Results& results, const runners::ExperimentSpec& spec,
                    const std::optional<std::string>& methods_flag, const OptimizerRegistry& optimizers,
                    std::vector<std::string>& deviations) {
    if (methods_flag) report_on_methods(results, spec, *methods_flag, deviations);
    else require_methods_of_file(spec, results);
    require_runs_of_protocol(spec, results);
    std::ranges::copy(runs_of_other_settings(spec, results, optimizers), std::back_inserter(deviations));
}

}  // namespace bobench::reproductions
