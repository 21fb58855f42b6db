#include "reproductions/claims.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::reproductions {

using namespace analysis;  // the statistics and report helpers these build on
using namespace analysis::reports;

namespace {
std::vector<std::string> words(const std::string& check) {
    std::vector<std::string> out;
    for (const std::string& w : split(check, ' '))
        if (!trim(w).empty()) out.push_back(trim(w));
    return out;
}

// The check's own error, or "" when it is one of the language's.
std::string check_error(const std::vector<std::string>& w) {
    if (w.empty()) return "is empty";
    const std::string& kind = w[0];
    const std::size_t args = w.size() - 1;
    long n = 0;
    if (kind == "borda_first") return args == 1 ? "" : "borda_first takes one method";
    if (kind == "borda_next") return args >= 1 ? "" : "borda_next takes one method or more";
    if (kind == "borda_below") {
        const auto lt = std::find(w.begin(), w.end(), "<");
        return lt != w.end() && lt != w.begin() + 1 && lt + 1 != w.end() ? "" : "borda_below takes A ... < B ...";
    }
    if (kind == "borda_order") return args >= 2 ? "" : "borda_order takes two methods or more, best first";
    const bool group = args >= 1 && w[1].find('=') != std::string::npos && w[1].front() != '=' && w[1].back() != '=';
    if (kind == "borda_first_in")
        return group && args == 2 ? "" : "borda_first_in takes KEY=VALUE (a breakdown group) and one method";
    if (kind == "borda_below_in") {
        const auto lt = std::find(w.begin(), w.end(), "<");
        return group && lt != w.end() && lt > w.begin() + 2 && lt + 1 != w.end()
                   ? ""
                   : "borda_below_in takes KEY=VALUE (a breakdown group), then A ... < B ...";
    }
    if (kind == "top3_count")
        return args >= 2 && parse_long(w[1], n) && n >= 0 ? "" : "top3_count takes a count and one method or more";
    if (kind == "top_on")
        return args >= 3 && parse_long(w[2], n) && n >= 1 ? "" : "top_on takes a problem, a count K >= 1 and one method or more";
    if (kind == "leads_from")
        return args == 4 && parse_long(w[2], n) && n >= 1 ? "" : "leads_from takes a problem, an evaluation >= 1 and two methods";
    const bool count = args >= 1 && (w[1] == "all" || (parse_long(w[1], n) && n >= 1));
    if (kind == "final_below") {
        const auto lt = std::find(w.begin(), w.end(), "<");
        return count && lt != w.end() && lt > w.begin() + 2 && lt + 1 != w.end()
                   ? ""
                   : "final_below takes a count (a number >= 1 or all), then A ... < B ...";
    }
    if (kind == "final_first")
        return count && args >= 2 ? "" : "final_first takes a count (a number >= 1 or all) and one method or more";
    return "has no kind '" + kind +
           "'; kinds: borda_first, borda_next, borda_below, borda_order, borda_first_in, borda_below_in, top3_count, "
           "top_on, leads_from, final_below, final_first";
}

struct Borda {
    std::map<std::string, double> of;
    std::vector<std::string> order;  // highest first, ties by name
};

// The Friedman Borda where the ranking has one (chapter 4's), else the pairwise Mann-Whitney
// Borda of the same report (chapter 3's, and every figure-only reproduction's ranking).
Borda borda(const RankReport& ranking) {
    Borda b;
    if (ranking.friedman) {
        for (std::size_t i = 0; i < ranking.friedman->optimizers.size(); ++i)
            b.of[ranking.friedman->optimizers[i]] = ranking.friedman->borda[i];
    } else {
        for (std::size_t i = 0; i < ranking.total.optimizers.size(); ++i)
            b.of[ranking.total.optimizers[i]] = static_cast<double>(ranking.total.borda[i]);
    }
    for (const auto& [name, score] : b.of) b.order.push_back(name);
    std::stable_sort(b.order.begin(), b.order.end(), [&](const auto& x, const auto& y) { return b.of[x] > b.of[y]; });
    return b;
}

std::string scores(const Borda& b, const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const std::string& n : names) out.push_back(fmt::format("{} {:g}", n, b.of.at(n)));
    return join(out, ", ");
}

ClaimVerdict verdict(bool holds, std::string figure) {
    return {holds ? ClaimStatus::holds : ClaimStatus::fails, std::move(figure)};
}

ClaimVerdict borda_claim(const std::vector<std::string>& w, const Borda& b) {
    const std::string& kind = w[0];
    if (kind == "borda_first") {
        const std::string& a = w[1];
        const std::string other = b.order[0] == a ? (b.order.size() > 1 ? b.order[1] : a) : b.order[0];
        return verdict(b.order[0] == a && (other == a || b.of.at(a) > b.of.at(other)),
                       "Borda: " + scores(b, {a}) + "; the highest other: " + scores(b, {other}));
    }
    if (kind == "borda_order") {
        const std::vector<std::string> named(w.begin() + 1, w.end());
        bool strictly = true;
        for (std::size_t i = 1; i < named.size(); ++i) strictly = strictly && b.of.at(named[i - 1]) > b.of.at(named[i]);
        return verdict(strictly, "Borda: " + scores(b, named));
    }
    if (kind == "borda_next") {
        const std::vector<std::string> named(w.begin() + 1, w.end());
        const std::size_t n = std::min(named.size(), b.order.size() - 1);
        std::vector<std::string> next(b.order.begin() + 1, b.order.begin() + 1 + static_cast<std::ptrdiff_t>(n));
        const bool same = n == named.size() && std::is_permutation(next.begin(), next.end(), named.begin());
        return verdict(same, "after " + scores(b, {b.order[0]}) + " come " + scores(b, next));
    }
    const auto lt = std::find(w.begin(), w.end(), "<");
    const std::vector<std::string> low(w.begin() + 1, lt), high(lt + 1, w.end());
    auto by_score = [&](const auto& x, const auto& y) { return b.of.at(x) < b.of.at(y); };
    const std::string top_low = *std::max_element(low.begin(), low.end(), by_score);
    const std::string bottom_high = *std::min_element(high.begin(), high.end(), by_score);
    return verdict(b.of.at(top_low) < b.of.at(bottom_high),
                   "the highest left: " + scores(b, {top_low}) + "; the lowest right: " + scores(b, {bottom_high}));
}

ClaimVerdict leads_claim(const std::vector<std::string>& w, const std::vector<CurveSummary>& curves) {
    const std::string &problem = w[1], &first = w[3], &second = w[4];
    const std::size_t from = static_cast<std::size_t>(std::stol(w[2])) - 1;
    std::map<std::string, const CurveSummary*> of;
    for (const CurveSummary& c : curves)
        if (c.problem == problem) of[c.optimizer] = &c;
    if (of.empty()) return {ClaimStatus::not_run, "no runs of problem " + problem};
    for (const std::string* method : {&first, &second})
        if (!of.count(*method)) return {ClaimStatus::not_run, "no runs of " + *method + " on " + problem};
    std::size_t evaluations = 0, both = 0, end = of.at(first)->by_iteration.size();
    for (std::size_t t = from; t < end; ++t) {
        std::vector<std::pair<double, std::string>> medians;
        for (const auto& [name, c] : of)
            if (t < c->by_iteration.size()) medians.emplace_back(c->by_iteration[t].median, name);
        std::sort(medians.begin(), medians.end());
        ++evaluations;
        both += medians.size() >= 2 && medians[0].second == first && medians[1].second == second &&
                medians[0].first < medians[1].first;
    }
    if (evaluations == 0) return {ClaimStatus::not_run, fmt::format("the runs end before evaluation {}", from + 1)};
    return verdict(both == evaluations,
                   fmt::format("{} first and {} second by median regret at {} of the {} evaluations from {} on",
                               first, second, both, evaluations, from + 1));
}

// Per problem (curves come grouped by problem), each method's regret after its last
// evaluation by the reproduction's statistic, over replicates (the best value where f* is unknown).
using FinalValues = std::vector<std::pair<std::string, std::map<std::string, double>>>;

FinalValues final_values(const std::vector<CurveSummary>& curves, TableStat statistic) {
    FinalValues out;
    for (const CurveSummary& c : curves) {
        if (c.by_iteration.empty()) continue;
        if (out.empty() || out.back().first != c.problem) out.emplace_back(c.problem, std::map<std::string, double>{});
        const Summary& last = c.by_iteration.back();
        out.back().second[c.optimizer] = statistic == TableStat::mean ? last.mean : last.median;
    }
    return out;
}

// A NaN final value (no successful evaluation) counts as the worst, as in the ranking.
double comparable(double v) { return std::isnan(v) ? std::numeric_limits<double>::infinity() : v; }

// How many methods end strictly below `method` on one problem: its place is this + 1, ties shared.
std::size_t strictly_better(const std::map<std::string, double>& finals, const std::string& method) {
    const double v = comparable(finals.at(method));
    return static_cast<std::size_t>(
        std::count_if(finals.begin(), finals.end(), [&](const auto& f) { return comparable(f.second) < v; }));
}

const char* statistic_name(TableStat s) { return s == TableStat::mean ? "mean" : "median"; }

std::string finals_of(const std::map<std::string, double>& finals, const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const std::string& n : names) out.push_back(fmt::format("{} {:.3g}", n, finals.at(n)));
    return join(out, ", ");
}

// One problem's verdict on a final_* check: "" when it holds there, else our numbers.
std::string final_miss(const std::vector<std::string>& w, const std::map<std::string, double>& finals) {
    auto by_final = [&](const std::string& x, const std::string& y) {
        return comparable(finals.at(x)) < comparable(finals.at(y));
    };
    const auto lt = std::find(w.begin(), w.end(), "<");
    if (w[0] == "final_below") {
        const std::vector<std::string> low(w.begin() + 2, lt), high(lt + 1, w.end());
        const std::string top_low = *std::max_element(low.begin(), low.end(), by_final);
        const std::string bottom_high = *std::min_element(high.begin(), high.end(), by_final);
        return by_final(top_low, bottom_high) ? "" : finals_of(finals, {top_low, bottom_high});
    }
    const std::vector<std::string> group(w.begin() + 2, w.end());
    const std::string best = *std::min_element(group.begin(), group.end(), by_final);
    for (const auto& entry : finals)  // ties with the group's best count for the group
        if (by_final(entry.first, best))
            return fmt::format("{} below {}", finals_of(finals, {entry.first}), finals_of(finals, {best}));
    return "";
}

// The methods a check names (its words after the first `skip`, '<' left out).
std::vector<std::string> named_methods(const std::vector<std::string>& w, std::size_t skip) {
    std::vector<std::string> named;
    for (auto it = w.begin() + static_cast<std::ptrdiff_t>(skip); it != w.end(); ++it)
        if (*it != "<") named.push_back(*it);
    return named;
}

// final_below / final_first: counted on the problems where every method named ran.
ClaimVerdict final_claim(const std::vector<std::string>& w, const FinalValues& finals, TableStat statistic) {
    const std::vector<std::string> named = named_methods(w, 2);
    std::size_t counted = 0;
    std::vector<std::string> misses;
    for (const auto& problem_finals : finals) {  // not a structured binding: Clang 14 cannot capture one
        const std::map<std::string, double>& of = problem_finals.second;
        if (!std::all_of(named.begin(), named.end(), [&](const std::string& n) { return of.count(n) > 0; })) continue;
        ++counted;
        if (const std::string miss = final_miss(w, of); !miss.empty())
            misses.push_back(problem_finals.first + ": " + miss);
    }
    if (counted == 0) return {ClaimStatus::not_run, "no problem has runs of every method named"};
    long wanted = static_cast<long>(counted);
    if (w[1] != "all") parse_long(w[1], wanted);
    const std::size_t held = counted - misses.size();
    const auto lt = std::find(w.begin(), w.end(), "<");
    const std::string what =
        w[0] == "final_below"
            ? join(std::vector<std::string>(w.begin() + 2, lt), ", ") + " below " +
                  join(std::vector<std::string>(lt + 1, w.end()), ", ")
            : (named.size() == 1 ? named[0] : "one of " + join(named, ", ")) + " lowest";
    std::string figure =
        fmt::format("{} on {} of {} problems by final {} regret", what, held, counted, statistic_name(statistic));
    if (!misses.empty()) {
        const std::size_t shown = std::min<std::size_t>(misses.size(), 3);
        figure += "; not on " + join(std::vector<std::string>(misses.begin(), misses.begin() + shown), "; ");
        if (misses.size() > shown) figure += fmt::format(" and {} more", misses.size() - shown);
    }
    return verdict(static_cast<long>(held) >= wanted, figure);
}

// top3_count N A ...: the problems where one of the named ends among the three best.
ClaimVerdict top3_claim(const std::vector<std::string>& w, const FinalValues& finals, TableStat statistic) {
    const std::vector<std::string> group = named_methods(w, 2);
    std::vector<std::string> on;
    for (const auto& problem_finals : finals) {  // not a structured binding: Clang 14 cannot capture one
        const std::map<std::string, double>& of = problem_finals.second;
        if (std::any_of(group.begin(), group.end(), [&](const auto& m) { return of.count(m) && strictly_better(of, m) < 3; }))
            on.push_back(problem_finals.first);
    }
    return verdict(static_cast<long>(on.size()) >= std::stol(w[1]),
                   fmt::format("{} of {} problems by final {} regret{}", on.size(), finals.size(),
                               statistic_name(statistic), on.empty() ? "" : ": " + join(on, ", ")));
}

// top_on P K A ...: on P every named method ends among the K best.
ClaimVerdict top_on_claim(const std::vector<std::string>& w, const FinalValues& finals, TableStat statistic) {
    const auto it = std::find_if(finals.begin(), finals.end(), [&](const auto& p) { return p.first == w[1]; });
    if (it == finals.end()) return {ClaimStatus::not_run, "no runs of problem " + w[1]};
    const std::map<std::string, double>& of = it->second;
    const std::vector<std::string> named = named_methods(w, 3);
    for (const std::string& m : named)
        if (!of.count(m)) return {ClaimStatus::not_run, "no runs of " + m + " on " + w[1]};
    const std::size_t k = static_cast<std::size_t>(std::stol(w[2]));
    std::vector<std::string> order;
    for (const auto& entry : of) order.push_back(entry.first);
    std::stable_sort(order.begin(), order.end(),
                     [&](const auto& x, const auto& y) { return comparable(of.at(x)) < comparable(of.at(y)); });
    order.resize(std::min(order.size(), std::max(k, named.size())));
    const bool holds =
        std::all_of(named.begin(), named.end(), [&](const auto& m) { return strictly_better(of, m) < k; });
    return verdict(holds, fmt::format("{} best by final {} regret: {}", w[1], statistic_name(statistic), finals_of(of, order)));
}

// borda_first_in / borda_below_in: the pairwise Borda within one breakdown group.
ClaimVerdict group_borda_claim(const std::vector<std::string>& w, const RankReport& ranking) {
    const auto eq = w[1].find('=');
    const std::string key = w[1].substr(0, eq), value = w[1].substr(eq + 1);
    const std::map<std::string, ScoreTable> groups = scores_by(ranking.rankings, key);
    const auto it = groups.find(value);
    if (it == groups.end()) {
        std::vector<std::string> known;
        for (const auto& g : groups) known.push_back(key + "=" + g.first);
        return {ClaimStatus::not_run, "no problems of " + w[1] + " here (groups: " + join(known, ", ") + ")"};
    }
    Borda b;
    for (std::size_t i = 0; i < it->second.optimizers.size(); ++i)
        b.of[it->second.optimizers[i]] = static_cast<double>(it->second.borda[i]);
    for (const auto& [name, score] : b.of) b.order.push_back(name);
    std::stable_sort(b.order.begin(), b.order.end(), [&](const auto& x, const auto& y) { return b.of[x] > b.of[y]; });
    std::vector<std::string> plain{w[0] == "borda_first_in" ? "borda_first" : "borda_below"};
    plain.insert(plain.end(), w.begin() + 2, w.end());
    for (const std::string& m : named_methods(plain, 1))
        if (!b.of.count(m)) return {ClaimStatus::not_run, m + " has no runs in " + w[1]};
    ClaimVerdict v = borda_claim(plain, b);
    v.figure = "in " + w[1] + ", " + v.figure;
    return v;
}
}  // namespace

std::vector<std::string> claim_methods(const Claim& claim) {
    const std::vector<std::string> w = words(claim.check);
    const std::string& kind = w[0];
    std::size_t skip = 1;  // the words before the first method
    if (kind == "top3_count" || kind == "final_below" || kind == "final_first" || kind == "borda_first_in" ||
        kind == "borda_below_in")
        skip = 2;
    if (kind == "top_on" || kind == "leads_from") skip = 3;
    return named_methods(w, skip);
}

std::vector<Claim> read_claims(const std::string& path) {
    const std::vector<CsvRecord> records = read_csv_records(path, "claims table", max_paper_table_bytes);
    if (records.empty()) throw UserError("claims table '" + path + "' is empty: expected a header and rows");
    refuse_repeated_columns(records.front(), "claims table", path);
    const std::vector<std::string>& header = records.front().fields;
    std::vector<std::size_t> at;
    for (const char* name : {"id", "place", "quote", "check"}) {
        const auto it = std::find(header.begin(), header.end(), name);
        if (it == header.end())
            throw UserError("claims table '" + path + "' has no column '" + name + "'; its columns: " + join(header, ", "));
        at.push_back(static_cast<std::size_t>(it - header.begin()));
    }
    std::vector<Claim> claims;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = checked_row_name(rec, header.size(), "claims table", path);
        Claim c{rec.fields[at[0]], rec.fields[at[1]], rec.fields[at[2]], rec.fields[at[3]]};
        if (c.id.empty()) throw UserError(where + ": the claim has no id");
        for (std::size_t k = 0; k < claims.size(); ++k)
            if (claims[k].id == c.id)
                throw UserError(where + ": claim id '" + c.id + "' again (first on line " +
                                std::to_string(records[k + 1].line) + "); ids name one claim each");
        if (const std::string error = check_error(words(c.check)); !error.empty())
            throw UserError(where + ": check '" + c.check + "' " + error);
        claims.push_back(std::move(c));
    }
    return claims;
}

ClaimVerdict evaluate_claim(const Claim& claim, const RankReport& ranking, const std::vector<CurveSummary>& curves,
                            TableStat statistic, const std::vector<std::string>& field_not_run) {
    const std::vector<std::string> w = words(claim.check);
    if (!field_not_run.empty() && w[0] != "final_below")  // the others rank against every method of the paper
        return {ClaimStatus::not_run, "ranks against the paper's every method; not run here: " + join(field_not_run, ", ")};
    if (w[0] == "leads_from") return leads_claim(w, curves);
    if (w[0] == "borda_first_in" || w[0] == "borda_below_in") return group_borda_claim(w, ranking);
    if (w[0] == "top_on") return top_on_claim(w, final_values(curves, statistic), statistic);
    const bool by_finals = w[0] == "final_below" || w[0] == "final_first" || w[0] == "top3_count";
    if (by_finals) {
        const FinalValues finals = final_values(curves, statistic);
        for (const std::string& n : named_methods(w, 2))
            if (std::none_of(finals.begin(), finals.end(), [&](const auto& p) { return p.second.count(n) > 0; }))
                return {ClaimStatus::not_run, n + " has no runs here"};
        return w[0] == "top3_count" ? top3_claim(w, finals, statistic) : final_claim(w, finals, statistic);
    }
    const Borda b = borda(ranking);
    for (const std::string& n : named_methods(w, 1))
        if (!b.of.count(n)) return {ClaimStatus::not_run, n + " has no runs here"};
    return borda_claim(w, b);
}

}  // namespace bobench::reproductions
