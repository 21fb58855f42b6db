#pragma once
// Robot pushing, 14-D (Wang, Li, Jegelka & Kohli 2018, "Batched large-scale Bayesian
// optimization in high-dimensional spaces"; the BORE paper's robot-pushing benchmark):
// two rectangular robot hands push two objects (a 1 x 1 box starting at (0, 2) and a
// circle of radius 1 starting at (0, -2)) on a table seen from above; the reward is how
// much closer the two objects end up to their goals,
//     reward = |g1 - s1| + |g2 - s2| - |g1 - p1| - |g2 - p2|   (s: start, p: final position).
// The simulation reproduces the public code's world (zi-w/Ensemble-Bayesian-Optimization,
// test_functions/push_function.py and push_utils.py) with Box2D 2.4 (Debian's
// libbox2d-dev): no gravity; table friction by a friction joint from each body to a
// static base (objects: max force 5, max torque 2; hands: 2, 2); objects of density 0.05
// and friction 0.01; hands 2 x 0.6 boxes of density 0.1 and friction 0.1; time step
// 1/100 s with 10 velocity and 10 position iterations. Each hand is driven for
// int(10 duration) steps towards its commanded velocity and angular velocity by
// force = 30 m (v* - v) and torque = 30 m (w* - w) (m: the hand's mass; the input named
// "torque" is w*); the world then runs 100 more steps.
//
// bobench minimises: the objective is -reward. Its bound -(|g1 - s1| + |g2 - s2|) (both
// objects exactly on their goals; the original's f_max) is reported as f*, so regret is
// the summed final distance of the two objects to their goals.
//
// Box2D 2.4 vs 2.3 (the original ran pybox2d 2.3): see testfunctions/robot_push/README.md.
#include <array>

#include "core/problem.hpp"
#include "core/registry.hpp"

namespace bobench::robot_push {

// The 14 inputs in the original's order: robot 1 x, y, vx, vy, duration, angle; robot 2
// x, y, vx, vy, duration, angle; robot 1 and robot 2 angular velocity ("torque").
constexpr int kDimension = 14;

struct Goals {
    double x1, y1, x2, y2;
};

// The public code's goals: object 1 (the box) to (4, 3.5), object 2 (the circle) to (-4, 3.5).
constexpr Goals kOriginalGoals{4.0, 3.5, -4.0, 3.5};

// Goals of instance K: the original's for K = 0; for K >= 1 both goals uniform in
// [-5, 5]^2, drawn from a stream seeded by K alone (the same on every machine).
Goals instance_goals(long instance);

// Final positions (x1, y1, x2, y2) of the two objects after pushing with inputs x;
// velocity_offset is added to the commanded velocities (vx1, vy1, vx2, vy2), as the
// original adds N(0, 0.01^2) noise to them.
std::array<double, 4> simulate(const double* x, const std::array<double, 4>& velocity_offset = {});

// The original's reward for these final positions (higher is better, at most max_reward).
double reward(const std::array<double, 4>& final_positions, const Goals& goals);
double max_reward(const Goals& goals);

ProblemFactory robot_push_factory();

}  // namespace bobench::robot_push
