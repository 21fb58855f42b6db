#include "analysis/statistics/welch.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <boost/math/distributions/students_t.hpp>

#include "core/error.hpp"

namespace bobench::analysis {

namespace {
void check(const SampleStats& s, const char* side) {
    if (!(s.n >= 2) || !(s.sd >= 0))
        throw UserError(std::string("Welch's t-test: sample ") + side + " needs n >= 2 and sd >= 0 (got n = " +
                        std::to_string(s.n) + ", sd = " + std::to_string(s.sd) + ")");
}
}  // namespace

WelchTest welch_test(const SampleStats& a, const SampleStats& b) {
    check(a, "a");
    check(b, "b");
    const double va = a.sd * a.sd / a.n, vb = b.sd * b.sd / b.n, diff = a.mean - b.mean;
    WelchTest w;
    if (va + vb == 0) {
        w.t = diff == 0 ? 0 : std::copysign(std::numeric_limits<double>::infinity(), diff);
        w.df = a.n + b.n - 2;
        w.p = diff == 0 ? 1 : 0;
        return w;
    }
    w.t = diff / std::sqrt(va + vb);
    w.df = (va + vb) * (va + vb) / (va * va / (a.n - 1) + vb * vb / (b.n - 1));
    const boost::math::students_t dist(w.df);
    w.p = 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(w.t)));
    return w;
}

RatioInterval ratio_of_means(const SampleStats& a, const SampleStats& b) {
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    if (!(a.mean > 0) || !(b.mean > 0)) return {nan, nan, nan};
    const double ratio = a.mean / b.mean;
    const double se = std::sqrt(a.sd * a.sd / (a.n * a.mean * a.mean) + b.sd * b.sd / (b.n * b.mean * b.mean));
    constexpr double z975 = 1.959963984540054;  // the normal's 97.5 % quantile
    return {ratio, ratio * std::exp(-z975 * se), ratio * std::exp(z975 * se)};
}

}  // namespace bobench::analysis
