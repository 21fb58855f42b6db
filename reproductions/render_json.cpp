// The report as one JSON object (reproductions/render.hpp; keys in reproductions/README.md).
#include <cmath>

#include <nlohmann/json.hpp>

#include "reproductions/render.hpp"

namespace bobench::reproductions {

namespace {
using json = nlohmann::ordered_json;

// JSON has no NaN: an undefined number (a tau with one method, a ratio of a zero) is null.
json number(double v) { return std::isnan(v) || std::isinf(v) ? json() : json(v); }

const char* test_name(AgreementTest t) {
    return t == AgreementTest::welch ? "welch" : t == AgreementTest::sampling ? "sampling" : "none";
}

const char* status_name(ClaimStatus s) {
    return s == ClaimStatus::holds ? "holds" : s == ClaimStatus::fails ? "fails" : "not run";
}

json share(const AgreementShare& s) {
    return {{"method", s.method}, {"compared", s.compared}, {"agreeing", s.agreeing},
            {"perfect_mean", number(s.perfect_mean)}, {"perfect_sd", number(s.perfect_sd)}};
}

json cell(const CellComparison& c, bool verdicts) {
    const CellAgreement& a = c.agreement;
    const bool tested = verdicts && c.runs && a.test != AgreementTest::none;
    json out = {{"problem", c.problem}, {"method", c.method}, {"runs", c.runs},
                {"ours", c.runs ? number(c.ours) : json()}, {"ours_sd", c.runs ? number(c.ours_sd) : json()},
                {"theirs", number(c.theirs)}, {"theirs_sd", c.theirs_sd ? number(*c.theirs_sd) : json()},
                {"theirs_runs", c.theirs_runs}, {"ratio", c.runs ? number(a.ratio) : json()},
                {"ratio_low", c.runs ? number(a.ratio_low) : json()}, {"ratio_high", c.runs ? number(a.ratio_high) : json()},
                {"test", tested ? json(test_name(a.test)) : json()}, {"p", tested ? number(a.p) : json()},
                {"agrees", tested ? json(a.agrees) : json()}};
    // a disagreeing cell's cause, as the report groups them (no row of the causes table: not examined)
    if (tested && !a.agrees)
        out["cause"] = c.cause ? json{{"kind", c.cause->cause}, {"evidence", c.cause->evidence}}
                               : json{{"kind", "not examined"}, {"evidence", ""}};
    else
        out["cause"] = json();
    return out;
}

json comparison(const ReproductionReport& r) {
    const Comparison& c = *r.comparison;
    json out = {{"statistic", c.statistic == analysis::reports::TableStat::mean ? "mean" : "median"},
                {"verdicts", c.verdicts},
                {"reference_runs", c.reference_runs ? json(*c.reference_runs) : json()},
                {"overall", share(c.overall)},
                {"by_method", json::array()},
                {"untested", c.untested},
                {"not_run", c.not_run},
                {"calibration_rounds", c.calibration_rounds},
                {"tau_mean", r.method_order ? number(c.tau_mean) : json()},
                {"tau_perfect_mean", r.method_order ? number(c.tau_perfect_mean) : json()},
                {"tau_perfect_sd", r.method_order ? number(c.tau_perfect_sd) : json()},
                {"cells", json::array()}};
    for (const AgreementShare& s : c.by_method) out["by_method"].push_back(share(s));
    for (const CellComparison& x : c.cells) out["cells"].push_back(cell(x, c.verdicts));
    return out;
}

json claims(const ReproductionReport& r) {
    json out = json::array();
    for (const ClaimResult& c : r.claims)
        out.push_back({{"id", c.claim.id}, {"place", c.claim.place}, {"quote", c.claim.quote}, {"check", c.claim.check},
                       {"verdict", r.quick ? json() : json(status_name(c.verdict.status))}, {"figure", c.verdict.figure}});
    return out;
}
}  // namespace

std::string render_json(const ReproductionReport& r) {
    json out = {{"name", r.name}, {"source", r.source}, {"smoke_test", r.quick},
                {"headline", {{"verdict", verdict_name(r.headline.verdict)}, {"sentence", r.headline.sentence}}},
                {"protocol", r.protocol}, {"synthetic_fixture", r.fixture_tables.empty() ? json() : json(r.fixture_tables)},
                {"deviations", r.deviations}};
    out["comparison"] = r.comparison ? comparison(r) : json();
    json causes = json::array();
    for (const CauseGroup& g : r.causes) causes.push_back({{"kind", g.kind}, {"evidence", g.evidence}, {"cells", g.cells}});
    out["causes"] = causes;
    out["claims"] = claims(r);
    out["claim_tally"] = {{"holds", r.tally.holds}, {"fails", r.tally.fails}, {"not_run", r.tally.not_run}};
    out["ranking"] = r.ranking ? json::parse(analysis::reports::render_rank_json(*r.ranking)) : json();
    out["ranking_title"] = r.ranking_title;
    json figure;
    if (r.figure) {
        figure = {{"title", r.figure->title}, {"panels", json::array()}, {"not_drawn", r.figure->not_drawn}};
        for (const auto& [problem, png] : r.figure->panels) figure["panels"].push_back({{"problem", problem}, {"png", png}});
    }
    out["figure"] = figure;
    return out.dump(2) + "\n";
}

}  // namespace bobench::reproductions
