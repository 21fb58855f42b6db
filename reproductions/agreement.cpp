#include "reproductions/agreement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <boost/random/lognormal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "analysis/statistics/kendall.hpp"
#include "analysis/statistics/welch.hpp"
#include "analysis/summary.hpp"
#include "core/interrupt.hpp"

namespace bobench::reproductions {

using namespace analysis;  // the statistics and report helpers these build on
using namespace analysis::reports;

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// Mean or median; `values` may be reordered.
double statistic(std::span<double> values, TableStat s) {
    const std::size_t n = values.size();
    if (s == TableStat::mean) return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(n);
    const auto mid = values.begin() + static_cast<std::ptrdiff_t>(n / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (n % 2) return *mid;
    return 0.5 * (*mid + *std::max_element(values.begin(), mid));
}

SampleStats stats_of(std::span<const double> v) {
    const double n = static_cast<double>(v.size());
    const double mean = std::accumulate(v.begin(), v.end(), 0.0) / n;
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    return {mean, v.size() > 1 ? std::sqrt(ss / (n - 1)) : 0.0, n};
}

// The statistic of `resamples` bootstrap draws of k of `ours`, sorted.
std::vector<double> bootstrap(std::span<const double> ours, long k, int resamples, TableStat s, Rng& rng) {
    boost::random::uniform_int_distribution<std::size_t> pick(0, ours.size() - 1);
    std::vector<double> draw(static_cast<std::size_t>(k)), stats(static_cast<std::size_t>(resamples));
    for (double& out : stats) {
        if (stop_requested()) throw Interrupted{};
        for (double& x : draw) x = ours[pick(rng)];
        out = statistic(draw, s);
    }
    std::sort(stats.begin(), stats.end());
    return stats;
}

// Two-sided p of `theirs` under the sampling distribution of our statistic over k runs. The
// Monte Carlo estimate counts the observed value among the draws ((m + 1) / (B + 1), Davison
// & Hinkley 1997, §4.2), so a number beyond every draw gets p = 2 / (B + 1), never 0: with B
// draws no p below that can be told apart.
double sampling_p(std::span<const double> ours, double theirs, long k, int resamples, TableStat s, Rng& rng) {
    const std::vector<double> stats = bootstrap(ours, k, resamples, s, rng);
    const auto below = std::upper_bound(stats.begin(), stats.end(), theirs) - stats.begin();
    const auto above = stats.end() - std::lower_bound(stats.begin(), stats.end(), theirs);
    return std::min(1.0, 2.0 * static_cast<double>(std::min(below, above) + 1) / static_cast<double>(resamples + 1));
}

// What the paper's number is a statistic of: a mean wherever it has an sd.
TableStat paper_statistic(const PaperValue& theirs, const AgreementOptions& options) {
    return theirs.sd ? TableStat::mean : options.statistic;
}

// One side of a simulated perfect reproduction: draws from the cell's truth.
struct Truth {
    std::span<const double> empirical;  // our runs, when the paper gives no sd
    double constant = nan;              // a degenerate log-normal (sd 0 or mean <= 0)
    boost::random::lognormal_distribution<double> lognormal;

    Truth(const CalibrationCell& c) : empirical(c.ours) {
        if (!c.theirs.sd) return;
        empirical = {};
        const double m = c.theirs.value, sd = *c.theirs.sd;
        if (!(m > 0) || !(sd > 0)) {
            constant = m;
            return;
        }
        const double s2 = std::log1p(sd * sd / (m * m));  // the log-normal with this mean and sd
        lognormal = boost::random::lognormal_distribution<double>(std::log(m) - s2 / 2, std::sqrt(s2));
    }
    void draw(std::vector<double>& out, Rng& rng) {
        if (!empirical.empty()) {
            boost::random::uniform_int_distribution<std::size_t> pick(0, empirical.size() - 1);
            for (double& x : out) x = empirical[pick(rng)];
        } else if (!std::isnan(constant)) {
            std::fill(out.begin(), out.end(), constant);
        } else {
            for (double& x : out) x = lognormal(rng);
        }
    }
};
}  // namespace

AgreementTest agreement_test(const PaperValue& theirs, std::size_t our_runs, bool& dominated) {
    dominated = theirs.sd && theirs.value > 0 &&
                *theirs.sd / theirs.value >= 0.9 * std::sqrt(static_cast<double>(theirs.runs));
    if (our_runs < 2) return AgreementTest::none;
    return theirs.sd && !dominated && our_runs >= 2 && theirs.runs >= 2 ? AgreementTest::welch : AgreementTest::sampling;
}

CellAgreement test_agreement(std::span<const double> ours, const PaperValue& theirs, const AgreementOptions& options,
                             Rng& rng) {
    CellAgreement c;
    c.test = agreement_test(theirs, ours.size(), c.dominated);
    if (c.test == AgreementTest::none) {
        c.p = c.ratio_low = c.ratio_high = nan;
        c.ratio = theirs.value > 0 ? ours.front() / theirs.value : nan;
        return c;
    }
    if (c.test == AgreementTest::welch) {
        const SampleStats a = stats_of(ours), b{theirs.value, *theirs.sd, static_cast<double>(theirs.runs)};
        c.p = welch_test(a, b).p;
        const RatioInterval r = ratio_of_means(a, b);
        c.ratio = r.ratio, c.ratio_low = r.low, c.ratio_high = r.high;
    } else {
        const TableStat s = paper_statistic(theirs, options);
        c.p = sampling_p(ours, theirs.value, theirs.runs, options.resamples, s, rng);
        // the ratio's interval: the percentile bootstrap interval of our statistic over our runs
        const std::vector<double> stats =
            bootstrap(ours, static_cast<long>(ours.size()), options.resamples, s, rng);
        std::vector<double> copy(ours.begin(), ours.end());
        const double t = theirs.value;
        c.ratio = t > 0 ? statistic(copy, s) / t : nan;
        c.ratio_low = t > 0 ? quantile_sorted(stats, 0.025) / t : nan;
        c.ratio_high = t > 0 ? quantile_sorted(stats, 0.975) / t : nan;
    }
    c.agrees = c.p >= options.level;
    return c;
}

Calibration calibrate(const std::vector<CalibrationCell>& cells, std::size_t problems, std::size_t methods,
                      const AgreementOptions& options, std::uint64_t seed) {
    const auto rounds = static_cast<std::size_t>(options.calibration_rounds);
    Calibration cal;
    cal.agreeing.assign(rounds, 0);
    cal.agreeing_by_method.assign(methods, std::vector<int>(rounds, 0));
    cal.tau.assign(problems, std::vector<double>(rounds, nan));
    std::vector<Truth> truths(cells.begin(), cells.end());
    std::vector<Rng> streams;
    for (std::size_t i = 0; i < cells.size(); ++i) streams.emplace_back(derive_seed(seed, i));
    std::vector<std::vector<double>> paper_stats(problems), our_stats(problems);
    std::vector<double> paper, ours;
    for (std::size_t round = 0; round < rounds; ++round) {
        for (auto& v : paper_stats) v.clear();
        for (auto& v : our_stats) v.clear();
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const CalibrationCell& c = cells[i];
            Rng& rng = streams[i];
            paper.resize(static_cast<std::size_t>(c.theirs.runs));
            ours.resize(c.ours.size());
            truths[i].draw(paper, rng);
            truths[i].draw(ours, rng);
            bool dominated = false;
            const AgreementTest test = agreement_test(c.theirs, ours.size(), dominated);
            if (test == AgreementTest::none) continue;  // no verdict to calibrate (callers leave such cells out)
            const TableStat s = paper_statistic(c.theirs, options);
            const double paper_stat = statistic(paper, s);
            const double p = test == AgreementTest::welch
                                 ? welch_test(stats_of(ours), stats_of(paper)).p
                                 : sampling_p(ours, paper_stat, c.theirs.runs, options.calibration_resamples, s, rng);
            const int agree = p >= options.level;
            cal.agreeing[round] += agree;
            cal.agreeing_by_method[c.method][round] += agree;
            paper_stats[c.problem].push_back(paper_stat);
            our_stats[c.problem].push_back(statistic(ours, s));
        }
        for (std::size_t p = 0; p < problems; ++p)
            if (paper_stats[p].size() >= 2) cal.tau[p][round] = kendall_tau_b(paper_stats[p], our_stats[p]);
    }
    return cal;
}

}  // namespace bobench::reproductions
