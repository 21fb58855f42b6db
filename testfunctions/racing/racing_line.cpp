// The racing line through the moved waypoints (steps 1-2 of racing_line.hpp) and the
// `racing-line:track=...` problem. Index conventions follow bayesrace's Python so that the
// same offsets give the same line (e.g. arc lengths before the first centre point wrap to
// the last segment, as Python's index -1 does).
#include "testfunctions/racing/racing_line.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace bobench::racing {

namespace {

constexpr int kSamples = 100;  // N_WAYPOINTS: spline samples handed to the lap-time solver

// Arc length of the open centre line at each of its points, and the closed length.
struct ArcLength {
    std::vector<double> at;
    double length;
};

ArcLength arc_length(const Track& t) {
    ArcLength a{{0.0}, 0.0};
    for (std::size_t i = 1; i < t.x.size(); ++i)
        a.at.push_back(a.at.back() + std::hypot(t.x[i] - t.x[i - 1], t.y[i] - t.y[i - 1]));
    a.length = a.at.back() + std::hypot(t.x.front() - t.x.back(), t.y.front() - t.y.back());
    return a;
}

// The centre-line point at arc length s: linear between the points around it; before the
// start it interpolates between the last and the first point, past the end it extends the
// last segment (bayesrace's Track._param2xy).
std::pair<double, double> centre_point(const Track& t, const ArcLength& a, double s) {
    const std::size_t n = t.x.size();
    std::size_t i = 0;
    while (i < n - 1 && a.at[i] <= s) ++i;
    const std::size_t prev = i == 0 ? n - 1 : i - 1;
    const double frac = (s - a.at[prev]) / (a.at[i] - a.at[prev]);
    return {t.x[prev] + frac * (t.x[i] - t.x[prev]), t.y[prev] + frac * (t.y[i] - t.y[prev])};
}

// Natural cubic spline through (s_i, v_i): v(s) = a + b ds + c ds^2 + d ds^3 on each interval.
class NaturalSpline {
public:
    NaturalSpline(const std::vector<double>& s, const std::vector<double>& v) : s_(s), a_(v) {
        const std::size_t n = s.size();
        std::vector<double> h(n - 1);
        for (std::size_t i = 0; i + 1 < n; ++i) h[i] = s[i + 1] - s[i];
        // Tridiagonal system for c with c_0 = c_{n-1} = 0 (Thomas algorithm).
        c_.assign(n, 0.0);
        std::vector<double> diag(n, 1.0), upper(n, 0.0), rhs(n, 0.0);
        for (std::size_t i = 1; i + 1 < n; ++i) {
            const double lower = h[i - 1];
            diag[i] = 2 * (h[i - 1] + h[i]);
            upper[i] = h[i];
            rhs[i] = 3 * (v[i + 1] - v[i]) / h[i] - 3 * (v[i] - v[i - 1]) / h[i - 1];
            const double m = lower / diag[i - 1];  // row i-1 was already reduced
            diag[i] -= m * upper[i - 1];
            rhs[i] -= m * rhs[i - 1];
        }
        for (std::size_t i = n - 1; i-- > 1;) c_[i] = (rhs[i] - upper[i] * c_[i + 1]) / diag[i];
        b_.resize(n - 1);
        d_.resize(n - 1);
        for (std::size_t i = 0; i + 1 < n; ++i) {
            d_[i] = (c_[i + 1] - c_[i]) / (3 * h[i]);
            b_[i] = (a_[i + 1] - a_[i]) / h[i] - h[i] * (c_[i + 1] + 2 * c_[i]) / 3;
        }
    }

    double operator()(double s) const {
        // the interval whose start is the last knot <= s (Python's bisect_right - 1)
        const auto it = std::upper_bound(s_.begin(), s_.end(), s);
        const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(it - s_.begin()) - 1, b_.size() - 1);
        const double ds = s - s_[i];
        return a_[i] + b_[i] * ds + c_[i] * ds * ds + d_[i] * ds * ds * ds;
    }

private:
    std::vector<double> s_, a_, b_, c_, d_;
};

class RacingLineProblem final : public Problem {
public:
    explicit RacingLineProblem(const Track& track) : track_(track), space_(offsets_space(track)) {}

    const Space& space() const override { return space_; }

    Evaluation evaluate(const Point& x, Rng&) const override {
        if (x.size() != track_.nodes.size())
            throw UserError("racing-line:track=" + track_.name + " takes " + std::to_string(track_.nodes.size()) +
                            " offsets, got " + std::to_string(x.size()));
        Evaluation e;
        e.value = e.true_value = minimum_lap_time(racing_line(track_, x.data()), track_.vehicle);
        return e;
    }

    Metadata metadata() const override {
        return {{"suite", "racing-line"},
                {"track", track_.name},
                {"source", track_.source},
                {"vehicle", track_.vehicle.name},
                {"dimension", std::to_string(track_.nodes.size())}};
    }

private:
    static Space offsets_space(const Track& track) {
        const double half = 0.5 * track.width * track.scale;
        std::vector<Param> params;
        for (std::size_t i = 0; i < track.nodes.size(); ++i)
            params.push_back(Param::real("node" + std::to_string(i), -half, half));
        return Space(std::move(params));
    }

    const Track& track_;
    Space space_;
};

}  // namespace

Path racing_line(const Track& t, const double* offsets) {
    const ArcLength arc = arc_length(t);
    const std::size_t d = t.nodes.size();
    const double eps = 1.0 / 5.0 / static_cast<double>(d) * arc.length;

    // Waypoints: the centre line's first point, the D moved nodes, the first node's centre.
    std::vector<double> wx(d + 2), wy(d + 2);
    wx.front() = t.x.front();
    wy.front() = t.y.front();
    wx.back() = t.x[static_cast<std::size_t>(t.nodes.front())];
    wy.back() = t.y[static_cast<std::size_t>(t.nodes.front())];
    for (std::size_t k = 0; k < d; ++k) {
        const double s = arc.at[static_cast<std::size_t>(t.nodes[k])];
        const auto [ax, ay] = centre_point(t, arc, s + eps);
        const auto [bx, by] = centre_point(t, arc, s - eps);
        const auto [cx, cy] = centre_point(t, arc, s);
        const double norm = std::hypot(ax - bx, ay - by);
        wx[k + 1] = cx - offsets[k] * (ay - by) / norm;
        wy[k + 1] = cy + offsets[k] * (ax - bx) / norm;
    }

    // Spline in the waypoints' cumulative chord length, sampled evenly.
    std::vector<double> s(d + 2, 0.0);
    for (std::size_t i = 1; i < d + 2; ++i) s[i] = s[i - 1] + std::hypot(wx[i] - wx[i - 1], wy[i] - wy[i - 1]);
    const NaturalSpline sx(s, wx), sy(s, wy);
    const double stop = s.back() - 1e-3;
    const double step = stop / (kSamples - 1);
    Path path;
    path.x.resize(kSamples);
    path.y.resize(kSamples);
    for (int k = 0; k < kSamples; ++k) {
        const double sk = k == kSamples - 1 ? stop : k * step;  // numpy.linspace's points
        path.x[static_cast<std::size_t>(k)] = sx(sk);
        path.y[static_cast<std::size_t>(k)] = sy(sk);
    }
    return path;
}

ProblemFactory racing_line_factory() {
    return {"racing-line",
            "lap time (s) of the racing line through D waypoints moved sideways by the D inputs (bayesrace, "
            "Jain & Morari 2020; BORE's benchmark): track=ucb (D=12, F1/10 car), ethz-a (D=20), ethz-b (D=21) "
            "(ORCA car); offsets within +/-0.95 half track widths",
            {ParamSpec::choice("track", "ucb", track_names(), "ucb, ethz-a (bayesrace's ETHZMobil) or ethz-b (ETHZ)")},
            [](const ProblemSetup&, const Args& a) -> std::shared_ptr<const Problem> {
                return std::make_shared<RacingLineProblem>(track(a.text("track")));
            }};
}

}  // namespace bobench::racing
