#include "surrogates/samplers/nuts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::samplers {

using Eigen::VectorXd;

void validate(const NutsOptions& o) {
    auto fail = [](const std::string& what) { throw UserError("NUTS: " + what); };
    if (o.warmup < 0) fail("warmup = " + std::to_string(o.warmup) + " must be >= 0");
    if (o.draws < 0) fail("draws = " + std::to_string(o.draws) + " must be >= 0");
    if (o.thin < 1) fail("thin = " + std::to_string(o.thin) + " must be >= 1");
    if (o.max_depth < 1 || o.max_depth > 30) fail("max_depth = " + std::to_string(o.max_depth) + " must be in [1, 30]");
    if (!(o.target_accept > 0 && o.target_accept < 1))
        fail("target_accept = " + format_double(o.target_accept) + " must be in (0, 1)");
    if (!(o.step_size >= 0 && std::isfinite(o.step_size)))
        fail("step_size = " + format_double(o.step_size) + " must be >= 0 (0: heuristic)");
    if (o.inverse_mass.size() && !(o.inverse_mass.array() > 0).all()) fail("inverse_mass must be positive");
}

std::vector<std::pair<int, int>> mass_matrix_windows(int warmup) {
    std::vector<std::pair<int, int>> windows;
    if (warmup < 20) return windows;
    int init = 75, term = 50, base = 25;
    if (init + term + base > warmup) {
        init = static_cast<int>(0.15 * warmup);
        term = static_cast<int>(0.1 * warmup);
        base = warmup - (init + term);
    }
    const int last = warmup - term - 1;  // index of the last iteration of the last window
    int size = base, end = init + size - 1, begin = init;
    while (end <= last) {
        windows.emplace_back(begin, end + 1);
        if (end == last) break;
        begin = end + 1;
        size *= 2;
        end += size;
        if (end + 2 * size > last) end = last;  // the next window would not fit: stretch this one
    }
    return windows;
}

namespace {

double log_sum_exp(double a, double b) {
    if (a == -std::numeric_limits<double>::infinity()) return b;
    if (b == -std::numeric_limits<double>::infinity()) return a;
    const double m = std::max(a, b);
    return m + std::log(std::exp(a - m) + std::exp(b - m));
}

struct PhasePoint {
    VectorXd q, p, g;  // position, momentum, d log p / d q
    double logp = 0;
    void resize(Eigen::Index n) {
        q.resize(n), p.resize(n), g.resize(n);
    }
    // What a proposal keeps: the next iteration draws a fresh momentum, so p is not copied.
    void take_position(const PhasePoint& from) {
        q = from.q, g = from.g, logp = from.logp;
    }
    // The same from a scratch point whose position is written again before it is read next
    // (a sub-tree's proposal): the vectors are exchanged, not copied.
    void take_position_from_scratch(PhasePoint& from) {
        q.swap(from.q), g.swap(from.g), logp = from.logp;
    }
};

// Dual averaging of log step size (Hoffman & Gelman 2014, section 3.2.1).
class DualAveraging {
public:
    void restart(double step) {
        mu_ = std::log(10 * step);
        counter_ = 0, s_bar_ = 0, x_bar_ = 0;
    }
    double learn(double accept_stat, double target) {
        ++counter_;
        const double eta = 1.0 / (counter_ + t0_);
        s_bar_ = (1 - eta) * s_bar_ + eta * (target - std::min(1.0, accept_stat));
        const double x = mu_ - s_bar_ * std::sqrt(counter_) / gamma_;
        const double x_eta = std::pow(counter_, -kappa_);
        x_bar_ = (1 - x_eta) * x_bar_ + x_eta * x;
        return std::exp(x);
    }
    double final_step() const { return std::exp(x_bar_); }

private:
    double mu_ = 0, s_bar_ = 0, x_bar_ = 0, counter_ = 0;
    static constexpr double gamma_ = 0.05, t0_ = 10, kappa_ = 0.75;
};

class Sampler {
public:
    Sampler(const LogDensity& f, Eigen::Index dim, const NutsOptions& o, Rng& rng)
        : f_(f), o_(o), rng_(rng), inv_mass_(o.inverse_mass.size() ? o.inverse_mass : VectorXd::Ones(dim)) {
        for (PhasePoint* z : {&z_, &fwd_, &bck_, &sample_, &propose_}) z->resize(dim);
        for (VectorXd* v : {&rho_, &rho_fwd_, &rho_bck_, &ps_fwd_fwd_, &ps_fwd_bck_, &ps_bck_fwd_,
                            &ps_bck_bck_, &p_fwd_fwd_, &p_fwd_bck_, &p_bck_fwd_, &p_bck_bck_})
            v->resize(dim);
        levels_.resize(static_cast<std::size_t>(o.max_depth) + 1);
        for (Level& l : levels_) {
            l.propose_final.resize(dim);
            for (VectorXd* v : {&l.ps_init_end, &l.p_init_end, &l.rho_init, &l.ps_final_beg, &l.p_final_beg,
                                &l.rho_final, &l.rho_ext})
                v->resize(dim);
        }
    }

    struct Transition {
        double accept = 0;
        int depth = 0;
        bool divergent = false;
    };

    void evaluate(PhasePoint& z) {
        z.logp = f_(z.q, z.g);
        ++gradients_;
        if (!std::isfinite(z.logp)) z.logp = -std::numeric_limits<double>::infinity();
    }

    // The loops below fuse what were separate vector expressions into one pass each; every
    // entry sees the same IEEE operations in the same order, so the results are unchanged.
    void leapfrog(PhasePoint& z, double eps) {
        const double half = 0.5 * eps;
        double *p = z.p.data(), *q = z.q.data();
        const double *g = z.g.data(), *m = inv_mass_.data();
        for (Eigen::Index i = 0; i < z.p.size(); ++i) {
            p[i] += half * g[i];
            q[i] += eps * (m[i] * p[i]);
        }
        evaluate(z);
        z.p.noalias() += (0.5 * eps) * z.g;
    }

    double hamiltonian(const PhasePoint& z) const {
        const double h = -z.logp + 0.5 * z.p.dot(inv_mass_.cwiseProduct(z.p));
        return std::isnan(h) ? std::numeric_limits<double>::infinity() : h;
    }

    void sample_momentum(PhasePoint& z) {
        for (Eigen::Index i = 0; i < z.p.size(); ++i) z.p[i] = normal_(rng_) / std::sqrt(inv_mass_[i]);
    }

    double uniform() { return uniform_(rng_); }

    // Algorithm 4 of Hoffman & Gelman: double or halve the step until the acceptance
    // probability of one leapfrog step crosses 0.8. Bounded: a density on which no step
    // size makes sense keeps the last tried one.
    double initial_step(const PhasePoint& start, double eps) {
        PhasePoint& z = propose_;
        auto delta_h = [&] {
            z = start;
            sample_momentum(z);
            const double h0 = hamiltonian(z);
            leapfrog(z, eps);
            return h0 - hamiltonian(z);
        };
        const double log_target = std::log(0.8);
        const int direction = delta_h() > log_target ? 1 : -1;
        for (int i = 0; i < 100; ++i) {
            const double d = delta_h();
            if (direction == 1 ? !(d > log_target) : !(d < log_target)) break;
            eps = direction == 1 ? 2 * eps : 0.5 * eps;
            if (eps > 1e7 || eps < 1e-300) break;
        }
        return eps;
    }

    // rho may be an expression: it is then summed inside the dot products, entry by entry
    // as a stored vector would be
    template <typename Rho>
    static bool criterion(const VectorXd& ps_minus, const VectorXd& ps_plus, const Eigen::MatrixBase<Rho>& rho) {
        return ps_plus.dot(rho) > 0 && ps_minus.dot(rho) > 0;
    }

    // One NUTS iteration from `current` (which becomes the new state), step size eps_.
    Transition transition(PhasePoint& current) {
        Transition t;
        sample_momentum(current);
        fwd_ = current, bck_ = current, sample_ = current;
        const double h0 = hamiltonian(current);
        ps_fwd_fwd_ = inv_mass_.cwiseProduct(current.p);
        ps_fwd_bck_ = ps_fwd_fwd_, ps_bck_fwd_ = ps_fwd_fwd_, ps_bck_bck_ = ps_fwd_fwd_;
        p_fwd_fwd_ = current.p, p_fwd_bck_ = current.p, p_bck_fwd_ = current.p, p_bck_bck_ = current.p;
        rho_ = current.p;
        double log_sum_weight = 0;
        long n_leapfrog = 0;
        double sum_metro = 0;
        divergent_ = false;
        while (t.depth < o_.max_depth) {
            rho_fwd_.setZero(), rho_bck_.setZero();
            double lsw_subtree = -std::numeric_limits<double>::infinity();
            bool valid;
            if (uniform() > 0.5) {
                rho_bck_ = rho_, p_bck_fwd_ = p_fwd_bck_, ps_bck_fwd_ = ps_fwd_bck_;
                z_ = fwd_;
                valid = build_tree(t.depth, propose_, ps_fwd_bck_, ps_fwd_fwd_, rho_fwd_, p_fwd_bck_, p_fwd_fwd_, h0, 1,
                                   n_leapfrog, lsw_subtree, sum_metro);
                fwd_ = z_;
            } else {
                rho_fwd_ = rho_, p_fwd_bck_ = p_bck_fwd_, ps_fwd_bck_ = ps_bck_fwd_;
                z_ = bck_;
                valid = build_tree(t.depth, propose_, ps_bck_fwd_, ps_bck_bck_, rho_bck_, p_bck_fwd_, p_bck_bck_, h0, -1,
                                   n_leapfrog, lsw_subtree, sum_metro);
                bck_ = z_;
            }
            if (!valid) break;
            ++t.depth;
            // biased progressive sampling: the new sub-tree is favoured
            if (lsw_subtree > log_sum_weight || uniform() < std::exp(lsw_subtree - log_sum_weight))
                sample_.take_position_from_scratch(propose_);
            log_sum_weight = log_sum_exp(log_sum_weight, lsw_subtree);
            rho_ = rho_bck_ + rho_fwd_;
            bool persist = criterion(ps_bck_bck_, ps_fwd_fwd_, rho_);
            persist = persist && criterion(ps_bck_bck_, ps_fwd_bck_, rho_bck_ + p_fwd_bck_);
            persist = persist && criterion(ps_bck_fwd_, ps_fwd_fwd_, rho_fwd_ + p_bck_fwd_);
            if (!persist) break;
        }
        t.divergent = divergent_;
        t.accept = n_leapfrog ? sum_metro / static_cast<double>(n_leapfrog) : 0.0;
        current = sample_;
        return t;
    }

    long gradients() const { return gradients_; }
    VectorXd& inverse_mass() { return inv_mass_; }

private:
    struct Level {
        PhasePoint propose_final;
        VectorXd ps_init_end, p_init_end, rho_init, ps_final_beg, p_final_beg, rho_final, rho_ext;
    };

    // Builds a sub-tree of 2^depth leapfrog steps from z_ in direction sign (Stan's
    // base_nuts::build_tree). Returns false when it diverged or made a U-turn.
    bool build_tree(int depth, PhasePoint& z_propose, VectorXd& ps_beg, VectorXd& ps_end, VectorXd& rho,
                    VectorXd& p_beg, VectorXd& p_end, double h0, int sign, long& n_leapfrog, double& log_sum_weight,
                    double& sum_metro) {
        if (depth == 0) {
            leapfrog(z_, sign * eps_);
            ++n_leapfrog;
            const double h = hamiltonian(z_);
            if (!(h - h0 <= o_.max_energy_error)) divergent_ = true;
            log_sum_weight = log_sum_exp(log_sum_weight, h0 - h);
            sum_metro += h0 - h > 0 ? 1.0 : std::exp(h0 - h);
            z_propose.take_position(z_);
            ps_beg = inv_mass_.cwiseProduct(z_.p);
            ps_end = ps_beg, p_beg = z_.p, p_end = z_.p;
            rho += z_.p;
            return !divergent_;
        }
        Level& L = levels_[static_cast<std::size_t>(depth)];
        L.rho_init.setZero();
        double lsw_init = -std::numeric_limits<double>::infinity();
        if (!build_tree(depth - 1, z_propose, ps_beg, L.ps_init_end, L.rho_init, p_beg, L.p_init_end, h0, sign,
                        n_leapfrog, lsw_init, sum_metro))
            return false;
        L.rho_final.setZero();
        double lsw_final = -std::numeric_limits<double>::infinity();
        if (!build_tree(depth - 1, L.propose_final, L.ps_final_beg, ps_end, L.rho_final, L.p_final_beg, p_end, h0,
                        sign, n_leapfrog, lsw_final, sum_metro))
            return false;
        const double lsw_subtree = log_sum_exp(lsw_init, lsw_final);
        log_sum_weight = log_sum_exp(log_sum_weight, lsw_subtree);
        // uniform (multinomial) choice between the two halves
        if (lsw_final > lsw_subtree || uniform() < std::exp(lsw_final - lsw_subtree))
            z_propose.take_position_from_scratch(L.propose_final);
        for (Eigen::Index i = 0; i < rho.size(); ++i) {  // the sub-tree's rho, added to the caller's
            const double r = L.rho_init[i] + L.rho_final[i];
            L.rho_ext[i] = r;
            rho[i] += r;
        }
        bool persist = criterion(ps_beg, ps_end, L.rho_ext);
        persist = persist && criterion(ps_beg, L.ps_final_beg, L.rho_init + L.p_final_beg);
        persist = persist && criterion(L.ps_init_end, ps_end, L.rho_final + L.p_init_end);
        return persist;
    }

public:
    double eps_ = 1;

private:
    const LogDensity& f_;
    const NutsOptions& o_;
    Rng& rng_;
    VectorXd inv_mass_;
    boost::random::normal_distribution<double> normal_;
    boost::random::uniform_01<double> uniform_;
    PhasePoint z_, fwd_, bck_, sample_, propose_;
    VectorXd rho_, rho_fwd_, rho_bck_;
    VectorXd ps_fwd_fwd_, ps_fwd_bck_, ps_bck_fwd_, ps_bck_bck_, p_fwd_fwd_, p_fwd_bck_, p_bck_fwd_, p_bck_bck_;
    std::vector<Level> levels_;
    bool divergent_ = false;
    long gradients_ = 0;
};

// Welford's running mean and variance, per coordinate.
struct RunningVariance {
    long n = 0;
    VectorXd mean, m2;
    void reset(Eigen::Index dim) { n = 0, mean = VectorXd::Zero(dim), m2 = VectorXd::Zero(dim); }
    void add(const VectorXd& q) {
        ++n;
        const VectorXd delta = q - mean;
        mean += delta / static_cast<double>(n);
        m2 += delta.cwiseProduct(q - mean);
    }
};

}  // namespace

NutsResult nuts(const LogDensity& target, const VectorXd& q0, const NutsOptions& o, Rng& rng) {
    validate(o);
    const Eigen::Index dim = q0.size();
    if (o.inverse_mass.size() && o.inverse_mass.size() != dim)
        throw UserError("NUTS: inverse_mass has " + std::to_string(o.inverse_mass.size()) + " entries, expected " +
                        std::to_string(dim));
    Sampler s(target, dim, o, rng);
    PhasePoint z;
    z.resize(dim);
    z.q = q0;
    s.evaluate(z);
    if (!std::isfinite(z.logp)) throw UserError("NUTS: the log density is not finite at the initial point");
    z.p.setZero();

    s.eps_ = o.step_size > 0 ? o.step_size : s.initial_step(z, 1.0);
    DualAveraging adapt;
    adapt.restart(s.eps_);
    const auto windows = o.adapt_mass ? mass_matrix_windows(o.warmup) : std::vector<std::pair<int, int>>{};
    std::size_t window = 0;
    RunningVariance var;
    var.reset(dim);

    NutsResult result;
    NutsDiagnostics& d = result.diagnostics;
    const int kept = o.draws / o.thin + (o.draws % o.thin ? 1 : 0);
    result.draws.resize(dim, kept);
    result.log_density.resize(kept);
    double sum_accept = 0, sum_depth = 0, phase_accept = 0;
    long phase_count = 0;
    for (int it = 0; it < o.warmup + o.draws; ++it) {
        const Sampler::Transition t = s.transition(z);
        if (it < o.warmup) {
            d.warmup_divergences += t.divergent;
            s.eps_ = adapt.learn(t.accept, o.target_accept);
            phase_accept += t.accept, ++phase_count;
            if (window < windows.size() && it >= windows[window].first) {
                var.add(z.q);
                if (it + 1 == windows[window].second) {
                    const double n = static_cast<double>(var.n);
                    s.inverse_mass() = (n / (n + 5)) * (var.m2 / std::max(n - 1, 1.0)).array() + 1e-3 * (5 / (n + 5));
                    var.reset(dim);
                    ++window;
                    s.eps_ = s.initial_step(z, s.eps_);
                    adapt.restart(s.eps_);
                    phase_accept = 0, phase_count = 0;
                }
            }
            if (it + 1 == o.warmup) s.eps_ = adapt.final_step();
            continue;
        }
        const int j = it - o.warmup;
        d.divergences += t.divergent;
        d.max_depth_hits += t.depth >= o.max_depth;
        sum_accept += t.accept;
        sum_depth += t.depth;
        if (j % o.thin == 0) {
            result.draws.col(j / o.thin) = z.q;
            result.log_density[j / o.thin] = z.logp;
        }
    }
    d.step_size = s.eps_;
    d.inverse_mass = s.inverse_mass();
    d.mean_accept = o.draws ? sum_accept / o.draws : 0.0;
    d.warmup_accept = phase_count ? phase_accept / static_cast<double>(phase_count) : 0.0;
    d.mean_depth = o.draws ? sum_depth / o.draws : 0.0;
    d.gradient_evaluations = s.gradients();
    return result;
}

}  // namespace bobench::samplers
