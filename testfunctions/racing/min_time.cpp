// Minimum time to drive a fixed path from rest (Lipp & Boyd 2014), discretised as in
// bayesrace's raceline/minimize_time.py: path parameter theta in [0, 1] over the N points,
// h = 1 / (N - 1); per segment j the first derivative S'_j = (S_{j+1} - S_j) / h and the
// second derivative S''_j by the same finite-difference stencils; unknowns b_j = v_j^2 with
// b_0 = 0; per segment the force per unit mass
//     u = R(phi_j)^T (S'_j a_j + S''_j (b_j + b_{j+1}) / 2),  a_j = (b_{j+1} - b_j) / (2h),
// must satisfy |u| <= g (friction circle, mu = 1) and u_longitudinal <= g lf / (lf + lr);
// minimise T = sum_j 2h / (sqrt(b_j) + sqrt(b_{j+1})).
// bayesrace hands this second-order-cone program to ECOS through cvxpy. Here u is
// eliminated (it is linear in b), so every term couples only b_j and b_{j+1}: a log-barrier
// method whose Newton systems are tridiagonal solves it in O(N) per step. No Debian
// package offers a small SOCP solver, hence this one. The barrier's gap bound m / t is
// driven below 1e-9 s, far inside ECOS's default tolerances (1e-8).
#include <cmath>
#include <limits>
#include <vector>

#include "testfunctions/racing/racing_line.hpp"

namespace bobench::racing {

namespace {

constexpr double kGravity = 9.81;

// Segment j's force per unit mass in its two unknowns p = b_j, q = b_{j+1}:
// u_long = lp p + lq q, u_lat = tp p + tq q.
struct Segment {
    double lp, lq, tp, tq;
    double along(double p, double q) const { return lp * p + lq * q; }
    double across(double p, double q) const { return tp * p + tq * q; }
};

struct Program {
    std::vector<Segment> seg;
    double h;                  // theta step
    double g2, glong;          // g^2 and the forward-acceleration limit
    std::size_t n() const { return seg.size(); }  // unknowns b_1..b_{N-1}
};

Program make_program(const Path& path, const Vehicle& vehicle) {
    const std::size_t n = path.x.size();
    Program pr;
    pr.h = 1.0 / static_cast<double>(n - 1);
    pr.g2 = kGravity * kGravity;
    pr.glong = kGravity * vehicle.lf / (vehicle.lf + vehicle.lr);
    const double h2 = pr.h * pr.h;
    auto second = [&](const std::vector<double>& s, std::size_t j) {
        if (j == 0) return (s[0] / 2 - s[1] + s[2] / 2) / h2;
        if (j == 1 || j == n - 3) return (s[j - 1] - s[j] - s[j + 1] + s[j + 2]) / 2 / h2;
        if (j == n - 2) return (s[j - 1] / 2 - s[j] + s[j + 1] / 2) / h2;
        return (-5.0 / 48 * s[j - 2] + 13.0 / 16 * s[j - 1] - 17.0 / 24 * s[j] - 17.0 / 24 * s[j + 1] +
                13.0 / 16 * s[j + 2] - 5.0 / 48 * s[j + 3]) /
               h2;
    };
    for (std::size_t j = 0; j + 1 < n; ++j) {
        const double dx = (path.x[j + 1] - path.x[j]) / pr.h, dy = (path.y[j + 1] - path.y[j]) / pr.h;
        const double ddx = second(path.x, j), ddy = second(path.y, j);
        const double phi = std::atan2(dy, dx);
        const double c = std::cos(phi), s = std::sin(phi);
        // R(phi)^T applied to S' (multiplies a) and to S'' (multiplies the mean of b)
        const double along1 = c * dx + s * dy, along2 = c * ddx + s * ddy;
        const double across1 = -s * dx + c * dy, across2 = -s * ddx + c * ddy;
        const double a = 1 / (2 * pr.h);
        pr.seg.push_back({along2 / 2 - along1 * a, along2 / 2 + along1 * a, across2 / 2 - across1 * a,
                          across2 / 2 + across1 * a});
    }
    return pr;
}

// The barrier function F = t T(b) - sum log(slacks), with gradient and tridiagonal Hessian
// over b_1..b_{N-1} (index i holds b_{i+1}).
struct Barrier {
    const Program& pr;
    double t;

    // b_j for j = 0..N-1 (b_0 = 0 is fixed)
    static double at(const std::vector<double>& b, std::size_t j) { return j == 0 ? 0.0 : b[j - 1]; }

    bool feasible(const std::vector<double>& b) const {
        for (std::size_t j = 0; j < pr.n(); ++j) {
            const double p = at(b, j), q = at(b, j + 1);
            if (q <= 0) return false;
            const Segment& s = pr.seg[j];
            const double ul = s.along(p, q), ut = s.across(p, q);
            if (pr.g2 - ul * ul - ut * ut <= 0 || pr.glong - ul <= 0) return false;
        }
        return true;
    }

    double time(const std::vector<double>& b) const {
        double total = 0;
        for (std::size_t j = 0; j < pr.n(); ++j) total += 2 * pr.h / (std::sqrt(at(b, j)) + std::sqrt(at(b, j + 1)));
        return total;
    }

    double value(const std::vector<double>& b) const {
        double f = t * time(b);
        for (std::size_t j = 0; j < pr.n(); ++j) {
            const double p = at(b, j), q = at(b, j + 1);
            const Segment& s = pr.seg[j];
            const double ul = s.along(p, q), ut = s.across(p, q);
            f -= std::log(pr.g2 - ul * ul - ut * ut) + std::log(pr.glong - ul) + std::log(q);
        }
        return f;
    }

    // grad (size n), Hessian as diag (n) and off-diagonal (n - 1, entry i couples i, i+1).
    void derivatives(const std::vector<double>& b, std::vector<double>& grad, std::vector<double>& diag,
                     std::vector<double>& off) const {
        const std::size_t n = pr.n();
        grad.assign(n, 0.0);
        diag.assign(n, 0.0);
        off.assign(n - 1, 0.0);
        const double w = 2 * pr.h;
        for (std::size_t j = 0; j < n; ++j) {
            const double p = at(b, j), q = at(b, j + 1);
            const Segment& s = pr.seg[j];
            // gp, gq, hpp, hpq, hqq: this segment's terms in (p, q)
            const double sq = std::sqrt(q), sp = std::sqrt(p), r = sp + sq;
            double gp = 0, gq = -t * w / (r * r) / (2 * sq);
            double hqq = t * (w / 2 / (r * r * r) / q + w / 4 / (r * r) / (q * sq)), hpp = 0, hpq = 0;
            if (j > 0) {
                gp = -t * w / (r * r) / (2 * sp);
                hpp = t * (w / 2 / (r * r * r) / p + w / 4 / (r * r) / (p * sp));
                hpq = t * w / 2 / (r * r * r) / (sp * sq);
            }
            // -log(g^2 - ul^2 - ut^2)
            const double ul = s.along(p, q), ut = s.across(p, q);
            const double c1 = pr.g2 - ul * ul - ut * ut;
            const double dp = -2 * (ul * s.lp + ut * s.tp), dq = -2 * (ul * s.lq + ut * s.tq);
            gp -= dp / c1;
            gq -= dq / c1;
            hpp += dp * dp / (c1 * c1) + 2 * (s.lp * s.lp + s.tp * s.tp) / c1;
            hpq += dp * dq / (c1 * c1) + 2 * (s.lp * s.lq + s.tp * s.tq) / c1;
            hqq += dq * dq / (c1 * c1) + 2 * (s.lq * s.lq + s.tq * s.tq) / c1;
            // -log(glong - ul)
            const double c2 = pr.glong - ul;
            gp += s.lp / c2;
            gq += s.lq / c2;
            hpp += s.lp * s.lp / (c2 * c2);
            hpq += s.lp * s.lq / (c2 * c2);
            hqq += s.lq * s.lq / (c2 * c2);
            // -log(q)
            gq -= 1 / q;
            hqq += 1 / (q * q);
            // scatter: q is unknown j, p is unknown j - 1
            grad[j] += gq;
            diag[j] += hqq;
            if (j > 0) {
                grad[j - 1] += gp;
                diag[j - 1] += hpp;
                off[j - 1] += hpq;
            }
        }
    }
};

// Solves the symmetric tridiagonal system (diag, off) x = rhs in place (rhs becomes x).
bool solve_tridiagonal(std::vector<double> diag, const std::vector<double>& off, std::vector<double>& rhs) {
    const std::size_t n = diag.size();
    for (std::size_t i = 1; i < n; ++i) {
        if (!(diag[i - 1] > 0)) return false;
        const double m = off[i - 1] / diag[i - 1];
        diag[i] -= m * off[i - 1];
        rhs[i] -= m * rhs[i - 1];
    }
    if (!(diag[n - 1] > 0)) return false;
    rhs[n - 1] /= diag[n - 1];
    for (std::size_t i = n - 1; i-- > 0;) rhs[i] = (rhs[i] - off[i] * rhs[i + 1]) / diag[i];
    return true;
}

// A strictly feasible start: the same small b everywhere, well inside every segment's limits.
std::vector<double> feasible_start(const Program& pr) {
    double beta = std::numeric_limits<double>::infinity();
    const double g = std::sqrt(pr.g2);
    for (std::size_t j = 0; j < pr.n(); ++j) {
        const Segment& s = pr.seg[j];
        // u as a multiple of beta (b_0 = 0 on segment 0)
        const double ul = s.along(j == 0 ? 0.0 : 1.0, 1.0), ut = s.across(j == 0 ? 0.0 : 1.0, 1.0);
        beta = std::min(beta, g / std::hypot(ul, ut));
        if (ul > 0) beta = std::min(beta, pr.glong / ul);
    }
    return std::vector<double>(pr.n(), 0.1 * beta);
}

}  // namespace

double minimum_lap_time(const Path& path, const Vehicle& vehicle) {
    const Program pr = make_program(path, vehicle);
    const std::size_t n = pr.n();
    const double constraints = 3.0 * static_cast<double>(n);
    std::vector<double> b = feasible_start(pr), grad, diag, off, step(n), trial(n);
    if (!std::isfinite(b[0]) || !Barrier{pr, 1.0}.feasible(b)) return std::numeric_limits<double>::quiet_NaN();

    for (double t = 1.0;; t *= 20) {
        const Barrier f{pr, t};
        double fb = f.value(b);
        for (int iter = 0;; ++iter) {
            if (iter == 200) return std::numeric_limits<double>::quiet_NaN();
            f.derivatives(b, grad, diag, off);
            for (std::size_t i = 0; i < n; ++i) step[i] = -grad[i];
            if (!solve_tridiagonal(diag, off, step)) return std::numeric_limits<double>::quiet_NaN();
            double slope = 0;  // grad . step = -(Newton decrement)^2
            for (std::size_t i = 0; i < n; ++i) slope += grad[i] * step[i];
            // centred when the predicted decrease is below 1e-9 in F, or below 1e-13 s of lap
            // time (F / t): at large t, F's rounding exceeds any absolute threshold
            const double decrease = -slope / 2;
            if (decrease < 1e-9 || decrease / t < 1e-13) break;
            // backtracking: stay strictly feasible, then Armijo (with room for rounding in F)
            double tau = 1;
            for (;; tau *= 0.5) {
                if (tau < 1e-14) return std::numeric_limits<double>::quiet_NaN();
                for (std::size_t i = 0; i < n; ++i) trial[i] = b[i] + tau * step[i];
                if (!f.feasible(trial)) continue;
                const double ft = f.value(trial);
                if (ft <= fb + 0.25 * tau * slope + 1e-13 * std::abs(fb)) {
                    fb = ft;
                    break;
                }
            }
            b.swap(trial);
        }
        if (constraints / t < 1e-9) break;  // the centred point's time is within m / t of the optimum
    }
    return Barrier{pr, 1.0}.time(b);
}

}  // namespace bobench::racing
