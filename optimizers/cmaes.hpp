#pragma once
// CMA-ES with IPOP restarts, minimizing over the unit cube [0, 1]^n (the optimizer `cmaes`
// runs it on the space's encoding, as `de` does; docs/CMAES.md).
//
// A descent is the (mu/mu_w, lambda)-CMA-ES of N. Hansen, "The CMA Evolution Strategy: A
// Tutorial", arXiv:1604.00772 (2016): its default strategy parameters (Table 1, negative
// weights included), its update (the summary in its Appendix A, with the h_sigma stall rule),
// B and D recomputed every max(1, floor(1 / (10 n (c_1 + c_mu)))) generations (B.2) and its
// termination criteria (B.3). When a descent stops, IPOP (A. Auger & N. Hansen, "A restart
// CMA evolution strategy with increasing population size", CEC 2005) starts another from a
// mean drawn uniformly in the cube, its population multiplied by inc_popsize.
//
// Bounds: a candidate outside the cube is drawn again, up to 100 times, then clipped onto
// the cube; the update uses the point as evaluated, y = (x - m) / sigma. This is the rule of
// python3-cmaes 0.9.1 (CMA.ask), chosen so that the comparison with it (docs/CMAES.md)
// differs in the algorithm's other parts only. The mean stays in the cube: it moves to a
// convex combination of evaluated points.
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::cmaes {

// Why a descent ended (Appendix B.3; Numerics: C or sigma no longer finite, or C lost its
// positive definiteness, which those criteria normally catch first).
enum class Stop { None, TolFun, TolX, NoEffectAxis, NoEffectCoord, ConditionCov, EqualFunValues, Stagnation, TolXUp, Numerics };
const char* stop_name(Stop stop);  // "tolfun", "noeffectaxis", ...

// The tutorial's default strategy parameters for dimension n and population lambda.
struct Strategy {
    Strategy(Eigen::Index n, int lambda);
    Eigen::Index n;
    int lambda, mu;
    Eigen::VectorXd weights;  // w_1..w_lambda: positive for the mu best, then <= 0 (active CMA)
    double mu_eff, c_sigma, d_sigma, c_c, c_1, c_mu, chi_n;  // chi_n: E||N(0, I)||
    int eigen_every;  // generations between eigendecompositions of C
};

// One descent: candidates are drawn one at a time; update() takes a whole generation.
class Descent {
public:
    Descent(Eigen::Index n, int lambda, Eigen::VectorXd mean, double sigma);

    // A candidate in the cube (the bound rule above).
    Eigen::VectorXd sample(Rng& rng) const;
    // One generation: the columns of x are the lambda candidates as evaluated, f their values
    // (+inf for a failure). Returns why the descent ends, or Stop::None.
    Stop update(const Eigen::MatrixXd& x, const Eigen::VectorXd& f);

    const Strategy& strategy() const { return s_; }
    const Eigen::VectorXd& mean() const { return mean_; }
    double sigma() const { return sigma_; }
    long generation() const { return generation_; }

private:
    Eigen::VectorXd recombine(const Eigen::MatrixXd& x, const std::vector<int>& order, Eigen::MatrixXd& y);
    void adapt_covariance(const Eigen::MatrixXd& y, const Eigen::VectorXd& y_w, bool h_sigma);
    bool decompose();
    void record(const Eigen::VectorXd& f, const std::vector<int>& order);
    Stop check(const Eigen::VectorXd& f, const std::vector<int>& order) const;
    bool stagnates() const;

    Strategy s_;
    Eigen::VectorXd mean_, p_sigma_, p_c_;
    double sigma_, sigma0_;
    Eigen::MatrixXd C_, B_, inv_sqrt_C_;
    Eigen::VectorXd D_;  // square roots of C's eigenvalues, columns of B the eigenvectors
    long generation_ = 0, decomposed_at_ = 0;
    std::deque<double> recent_best_;                // the last 10 + ceil(30 n / lambda) generations' best
    std::deque<double> best_history_, median_history_;  // for Stagnation, at most 20000
};

struct Settings {
    int popsize = 0;           // the first descent's lambda; 0: 4 + floor(3 ln n)
    double sigma0 = 0.3;       // initial sigma, in widths of the cube
    bool restart = true;       // false: a stopped descent's last distribution is sampled to the end
                               // (after Stop::Numerics a descent of the same lambda starts instead)
    double inc_popsize = 2;    // lambda's factor at each restart
    int max_popsize = 1 << 20; // lambda grows no further
};

// 4 + floor(3 ln n), the tutorial's default population.
int default_popsize(Eigen::Index n);

// Descents one after another (IPOP), candidates handed out one at a time: a generation is
// lambda asks, and the update runs when all lambda values are told. A candidate still untold
// when the generation's last one has been asked and more are wanted counts as a failure.
class Ipop {
public:
    Ipop(Eigen::Index n, Settings settings);

    struct Candidate {
        long ticket;  // what tell() names it by: the number of candidates asked before it
        Eigen::VectorXd u;
    };
    Candidate ask(Rng& rng);
    // The value of an asked candidate; a ticket of a finished generation is ignored.
    void tell(long ticket, double value);
    // Tickets below this one are finished (tell ignores them).
    long first_live_ticket() const { return first_ticket_; }

    struct Record {
        int lambda;
        long generations;
        Stop stop;  // None: the current descent
    };
    const std::vector<Record>& descents() const { return descents_; }
    const Descent* current() const { return descent_ ? &*descent_ : nullptr; }

private:
    void start(Rng& rng);
    void finish_generation();

    Eigen::Index n_;
    Settings settings_;
    int lambda_;
    std::optional<Descent> descent_;
    bool restart_pending_ = true, frozen_ = false;
    Eigen::MatrixXd x_;  // n x lambda: this generation's candidates
    Eigen::VectorXd f_;
    std::vector<char> told_;
    int asked_ = 0, told_count_ = 0;
    long first_ticket_ = 0, next_ticket_ = 0;
    std::vector<Record> descents_;
};

}  // namespace bobench::cmaes
