#pragma once
// Welch's two-sample t-test from summary statistics (Welch 1947): each side's mean, sample
// sd and count, variances not assumed equal, two-sided; what scipy.stats.
// ttest_ind_from_stats(..., equal_var=False) computes. `bobench reproduce` tests our runs
// with it against a paper's "mean ± sd over n runs".
namespace bobench::analysis {

struct SampleStats {
    double mean = 0, sd = 0;  // sd: the sample standard deviation (n - 1)
    double n = 0;             // at least 2
};

struct WelchTest {
    double t = 0, df = 0, p = 1;  // p two-sided
};

// t = (a.mean - b.mean) / sqrt(a.sd²/a.n + b.sd²/b.n) on the Welch-Satterthwaite degrees of
// freedom. With both sds zero scipy returns NaN; here the means then either match (t = 0,
// p = 1) or differ (t = ±inf, p = 0). UserError when a count is below 2 or an sd negative.
WelchTest welch_test(const SampleStats& a, const SampleStats& b);

// a.mean / b.mean with its 95 % interval by the delta method on the log scale:
// var(log ratio) ≈ a.sd²/(a.n a.mean²) + b.sd²/(b.n b.mean²). Every field NaN when a mean is
// not positive (regrets of zero have no ratio).
struct RatioInterval {
    double ratio = 0, low = 0, high = 0;
};
RatioInterval ratio_of_means(const SampleStats& a, const SampleStats& b);

}  // namespace bobench::analysis
