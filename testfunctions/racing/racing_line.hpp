#pragma once
// Racing-line optimisation (Jain & Morari, "Computing the racing line using Bayesian
// optimization", CDC 2020; the BORE paper's racing-line benchmarks): minimise the lap time
// of the line through D waypoints, each placed at a fixed arc length of the track's centre
// line and moved sideways by its offset (the D inputs). As the public bayesrace code
// computes it (jainachin/bayesrace: bayes_race/raceline/trajectory.py, minimize_time.py;
// the BORE experiments call the same functions, ltiao/bore-experiments
// benchmarks/racing/base.py):
//   1. waypoints: the centre line's first point, the D moved nodes, and (as the end) the
//      centre point of the first node; each node's sideways direction is the normal of the
//      chord between the centre-line points at arc length +/- L / (5 D) (L: track length);
//   2. a natural cubic spline x(s), y(s) through the waypoints, s their chord length,
//      sampled at 100 equally spaced s in [0, s_end - 1e-3];
//   3. the minimum time to drive those samples from rest (Lipp & Boyd 2014, "Minimum-time
//      speed optimisation over a fixed path"): a point mass with |a| <= mu g (friction
//      circle, mu = 1, g = 9.81) and forward acceleration <= mu g lf / (lf + lr); the
//      convex program in b = v^2 is solved here by a barrier method (min_time.cpp).
// Everything is in metres and seconds; the objective is the lap time in seconds. The best
// lap time is not known, so no f* is reported and bobench's regret is the best lap time
// itself (BORE's benchmark likewise reports a minimum of 0).
#include <string>
#include <vector>

#include "core/problem.hpp"
#include "core/registry.hpp"

namespace bobench::racing {

// The vehicle parameters the lap time depends on (bayesrace's params/f110.py, orca.py).
struct Vehicle {
    std::string name;
    double mass, lf, lr;  // kg, m (centre of gravity to front / rear axle)
};

struct Track {
    std::string name;         // ucb, ethz-a, ethz-b
    std::string source;       // bayesrace's class and file
    std::vector<double> x, y;  // centre line, open (the last point is not the first)
    double width;             // m; the offsets range over +/- scale * width / 2
    double scale;             // 0.95 in bayesrace's and BORE's scripts
    std::vector<int> nodes;   // centre-line indices of the waypoints (D = nodes.size())
    Vehicle vehicle;
};

// The three tracks by name; UserError for any other name.
const Track& track(const std::string& name);
const std::vector<std::string>& track_names();

// A planar path given by its points.
struct Path {
    std::vector<double> x, y;
};

// Steps 1-2 above: the 100 spline samples of the line with these D offsets (m, positive to
// the left of the driving direction).
Path racing_line(const Track& track, const double* offsets);

// Step 3 above: the minimum time (s) to drive the path's points from rest.
// Returns NaN when the barrier method does not converge.
double minimum_lap_time(const Path& path, const Vehicle& vehicle);

ProblemFactory racing_line_factory();

}  // namespace bobench::racing
