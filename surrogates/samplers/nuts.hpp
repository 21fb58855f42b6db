#pragma once
// The No-U-Turn Sampler (Hoffman & Gelman 2014, JMLR 15) in its multinomial form
// (Betancourt 2017, "A conceptual introduction to Hamiltonian Monte Carlo", appendix A):
// each trajectory doubles forwards or backwards until the generalised U-turn criterion
// on the sharp momenta fires (checked on the whole tree and on the two joins of every
// merged pair of sub-trees), a state is drawn from the trajectory with weights
// exp(-H), biased towards the newest sub-tree at the top level and uniform inside.
//
// Warm-up follows Stan's (Stan Reference Manual, "HMC algorithm parameters", and
// Hoffman & Gelman's Algorithm 6 for dual averaging):
//   - step size by dual averaging towards the target acceptance statistic
//     (gamma 0.05, t0 10, kappa 0.75, mu = log(10 eps)); the last iterate's average is
//     the step size after warm-up;
//   - a diagonal inverse mass matrix estimated from the draws of windows of 25, 50,
//     100, ... iterations between an initial buffer of 75 and a terminal buffer of 50
//     (15 % / 75 % / 10 % when the warm-up is shorter than 150), regularised towards
//     1e-3 as Stan does: (n / (n + 5)) var + 1e-3 (5 / (n + 5)); after each window the
//     step size is re-initialised (Hoffman & Gelman's Algorithm 4 heuristic) and dual
//     averaging restarts.
// Dual averaging steers the acceptance statistic of the adapting iterations to the target;
// the averaged step it ends with accepts somewhat more (0.87-0.91 for target 0.8 on a
// correlated 10-D Gaussian, as Stan does), which NutsDiagnostics reports as
// warmup_accept (terminal buffer) and mean_accept (sampling).
// A transition is divergent when the energy error of a leapfrog step exceeds
// max_energy_error (Stan: 1000) or is not finite; the sub-tree is then discarded.
#include <functional>
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"

namespace bobench::samplers {

// log p(q) up to a constant, writing d log p / d q into grad (already sized like q).
// A non-finite value marks q as outside the support.
using LogDensity = std::function<double(const Eigen::VectorXd& q, Eigen::VectorXd& grad)>;

struct NutsOptions {
    int warmup = 1000;          // adaptation iterations (their draws are discarded)
    int draws = 1000;           // iterations after warm-up
    int thin = 1;               // keep every thin-th draw after warm-up
    int max_depth = 10;         // at most 2^max_depth leapfrog steps per iteration
    double target_accept = 0.8;
    double step_size = 0;       // initial step size; 0: Algorithm 4 heuristic from 1
    bool adapt_mass = true;     // windowed diagonal mass-matrix adaptation
    double max_energy_error = 1000;
    Eigen::VectorXd inverse_mass;  // initial diagonal inverse mass (empty: ones)
};

// Throws UserError naming the option when one is out of range.
void validate(const NutsOptions& options);

struct NutsDiagnostics {
    double step_size = 0;           // after warm-up
    Eigen::VectorXd inverse_mass;   // after warm-up
    long divergences = 0;           // after warm-up
    long warmup_divergences = 0;
    long max_depth_hits = 0;        // iterations after warm-up that stopped at max_depth
    double mean_accept = 0;         // mean acceptance statistic after warm-up
    double warmup_accept = 0;       // the same over the warm-up's last step-size phase (the
                                    // terminal buffer): what dual averaging steers to the target
    double mean_depth = 0;          // mean tree depth after warm-up
    long gradient_evaluations = 0;  // whole run, heuristics included
};

struct NutsResult {
    Eigen::MatrixXd draws;          // dim x kept, one kept draw per column
    Eigen::VectorXd log_density;    // log p of each kept draw
    NutsDiagnostics diagnostics;
};

// Runs warm-up then sampling from q0 (log p(q0) must be finite: UserError otherwise).
NutsResult nuts(const LogDensity& target, const Eigen::VectorXd& q0, const NutsOptions& options, Rng& rng);

// Stan's warm-up windows for `warmup` iterations: the [begin, end) ranges of the
// iterations whose draws estimate the mass matrix (empty below 20 iterations).
std::vector<std::pair<int, int>> mass_matrix_windows(int warmup);

}  // namespace bobench::samplers
