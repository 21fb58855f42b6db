#include "analysis/reports/claims.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "analysis/reports/format.hpp"
#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::analysis::reports {

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
    if (kind == "top3_count")
        return args >= 2 && parse_long(w[1], n) && n >= 0 ? "" : "top3_count takes a count and one method or more";
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
           "'; kinds: borda_first, borda_next, borda_below, top3_count, leads_from, final_below, final_first";
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

ClaimVerdict top3_claim(const std::vector<std::string>& w, const RankReport& ranking) {
    if (ranking.friedman_rankings.empty())
        return {ClaimStatus::not_run, "no Friedman ranking per problem here (the reproduction ranks pairwise)"};
    const long wanted = std::stol(w[1]);
    const std::vector<std::string> group(w.begin() + 2, w.end());
    long count = 0;
    for (const FriedmanProblemRanking& p : ranking.friedman_rankings)
        for (std::size_t i = 0; i < p.optimizers.size(); ++i)
            if (p.rank[i] <= 3 && std::find(group.begin(), group.end(), p.optimizers[i]) != group.end()) {
                ++count;
                break;
            }
    return verdict(count >= wanted, fmt::format("{} of {} problems", count, ranking.friedman_rankings.size()));
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

// Per problem (curves come grouped by problem), each method's median regret after its last
// evaluation (the median best value where f* is unknown).
using FinalMedians = std::vector<std::pair<std::string, std::map<std::string, double>>>;

FinalMedians final_medians(const std::vector<CurveSummary>& curves) {
    FinalMedians out;
    for (const CurveSummary& c : curves) {
        if (c.by_iteration.empty()) continue;
        if (out.empty() || out.back().first != c.problem) out.emplace_back(c.problem, std::map<std::string, double>{});
        out.back().second[c.optimizer] = c.by_iteration.back().median;
    }
    return out;
}

std::string finals_of(const std::map<std::string, double>& finals, const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const std::string& n : names) out.push_back(fmt::format("{} {:.3g}", n, finals.at(n)));
    return join(out, ", ");
}

// One problem's verdict on a final_* check: "" when it holds there, else our numbers. A NaN
// median (most runs without a successful evaluation) counts as the worst, as in the ranking.
std::string final_miss(const std::vector<std::string>& w, const std::map<std::string, double>& finals) {
    auto value = [&](const std::string& x) {
        const double v = finals.at(x);
        return std::isnan(v) ? std::numeric_limits<double>::infinity() : v;
    };
    auto by_final = [&](const std::string& x, const std::string& y) { return value(x) < value(y); };
    const auto lt = std::find(w.begin(), w.end(), "<");
    if (w[0] == "final_below") {
        const std::vector<std::string> low(w.begin() + 2, lt), high(lt + 1, w.end());
        const std::string top_low = *std::max_element(low.begin(), low.end(), by_final);
        const std::string bottom_high = *std::min_element(high.begin(), high.end(), by_final);
        return value(top_low) < value(bottom_high) ? "" : finals_of(finals, {top_low, bottom_high});
    }
    const std::vector<std::string> group(w.begin() + 2, w.end());
    const std::string best = *std::min_element(group.begin(), group.end(), by_final);
    for (const auto& entry : finals)  // ties with the group's best count for the group
        if (value(entry.first) < value(best))
            return fmt::format("{} below {}", finals_of(finals, {entry.first}), finals_of(finals, {best}));
    return "";
}

// final_below / final_first: counted on the problems where every method named ran.
ClaimVerdict final_claim(const std::vector<std::string>& w, const std::vector<CurveSummary>& curves) {
    std::vector<std::string> named;
    for (auto it = w.begin() + 2; it != w.end(); ++it)
        if (*it != "<") named.push_back(*it);
    const FinalMedians finals = final_medians(curves);
    for (const std::string& n : named)
        if (std::none_of(finals.begin(), finals.end(), [&](const auto& p) { return p.second.count(n) > 0; }))
            return {ClaimStatus::not_run, n + " has no runs here"};
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
    std::string figure = fmt::format("{} on {} of {} problems by final median regret", what, held, counted);
    if (!misses.empty()) {
        const std::size_t shown = std::min<std::size_t>(misses.size(), 3);
        figure += "; not on " + join(std::vector<std::string>(misses.begin(), misses.begin() + shown), "; ");
        if (misses.size() > shown) figure += fmt::format(" and {} more", misses.size() - shown);
    }
    return verdict(static_cast<long>(held) >= wanted, figure);
}
}  // namespace

std::vector<Claim> read_claims(const std::string& path) {
    const std::vector<CsvRecord> records = read_csv_records(path, "claims table");
    if (records.empty()) throw UserError("claims table '" + path + "' is empty: expected a header and rows");
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
        if (const std::string error = check_error(words(c.check)); !error.empty())
            throw UserError(where + ": check '" + c.check + "' " + error);
        claims.push_back(std::move(c));
    }
    return claims;
}

ClaimVerdict evaluate_claim(const Claim& claim, const RankReport& ranking, const std::vector<CurveSummary>& curves) {
    const std::vector<std::string> w = words(claim.check);
    if (w[0] == "leads_from") return leads_claim(w, curves);
    if (w[0] == "final_below" || w[0] == "final_first") return final_claim(w, curves);
    const Borda b = borda(ranking);
    for (std::size_t i = w[0] == "top3_count" ? 2 : 1; i < w.size(); ++i)
        if (w[i] != "<" && !b.of.count(w[i])) return {ClaimStatus::not_run, w[i] + " has no runs here"};
    return w[0] == "top3_count" ? top3_claim(w, ranking) : borda_claim(w, b);
}

std::string render_claims(const std::vector<Claim>& claims, const std::vector<ClaimVerdict>& verdicts, bool judge) {
    std::string out = "\n## The paper's claims" + std::string(judge ? ", checked on our runs" : " and our figures") +
                      "\n\n| claim | place | the paper says |" + (judge ? " verdict |" : "") +
                      " our figure |\n|---|---|---|" + (judge ? "---|" : "") + "---|\n";
    std::size_t holds = 0, run = 0;
    for (std::size_t i = 0; i < claims.size(); ++i) {
        const ClaimStatus s = verdicts[i].status;
        holds += s == ClaimStatus::holds;
        run += s != ClaimStatus::not_run;
        const std::string verdict =
            s == ClaimStatus::holds ? "holds" : s == ClaimStatus::fails ? "**fails**" : "not run";
        out += "| " + markdown_cell(claims[i].id) + " | " + markdown_cell(claims[i].place) + " | " +
               markdown_cell(claims[i].quote) + " | " + (judge ? verdict + " | " : "") +
               markdown_cell(verdicts[i].figure) + " |\n";
    }
    if (!judge)
        return out + "\nNo verdicts on the claims: a smoke test's few runs cannot support one; the figures only "
                     "show that every check runs.\n";
    return out + fmt::format("\n{} of {} ({} checked, {} not run).\n", holds,
                             claims.size() == 1 ? "1 claim holds" : fmt::format("{} claims hold", claims.size()), run,
                             claims.size() - run);
}

}  // namespace bobench::analysis::reports
