// Hartmann 3-D and 6-D on the unit cube: f = -sum_i alpha_i exp(-sum_j A_ij (x_j - P_ij)^2).
#include <cmath>

#include "testfunctions/synthetic/synthetic.hpp"

namespace bobench::synthetic {

static constexpr double alpha[4] = {1.0, 1.2, 3.0, 3.2};

template <std::size_t D>
static double hartmann(const double* x, const double (&A)[4][D], const double (&P)[4][D]) {
    double f = 0;
    for (int i = 0; i < 4; ++i) {
        double s = 0;
        for (std::size_t j = 0; j < D; ++j) s += A[i][j] * (x[j] - P[i][j]) * (x[j] - P[i][j]);
        f -= alpha[i] * std::exp(-s);
    }
    return f;
}

static constexpr double A3[4][3] = {{3.0, 10, 30}, {0.1, 10, 35}, {3.0, 10, 30}, {0.1, 10, 35}};
static constexpr double P3[4][3] = {{0.3689, 0.1170, 0.2673},
                                    {0.4699, 0.4387, 0.7470},
                                    {0.1090, 0.8732, 0.5547},
                                    {0.0381, 0.5743, 0.8828}};
static constexpr double A6[4][6] = {{10, 3, 17, 3.5, 1.7, 8},
                                    {0.05, 10, 17, 0.1, 8, 14},
                                    {3, 3.5, 1.7, 10, 17, 8},
                                    {17, 8, 0.05, 10, 0.1, 14}};
static constexpr double P6[4][6] = {{0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886},
                                    {0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991},
                                    {0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650},
                                    {0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381}};

static double hartmann3_formula(const double* x, std::size_t) { return hartmann(x, A3, P3); }
double hartmann6_value(const double* x) { return hartmann(x, A6, P6); }
static double hartmann6_formula(const double* x, std::size_t) { return hartmann6_value(x); }

// HPOlib states f* = -3.8627795317627736 and -3.322368011391339 at rounded minimisers;
// the minimisers below were polished with scipy BFGS, so regret is never negative.
ProblemFactory hartmann3() {
    return make_factory({"hartmann3", "Hartmann, 3-D, [0,1]^3", hartmann3_formula, [](std::size_t) {
                             return Definition{repeat(0, 3), repeat(1, 3), -3.8627795341672506,
                                               {{0.11455098181062653, 0.5556489636413717, 0.8525470926931299}}};
                         }});
}

ProblemFactory hartmann6() {
    return make_factory({"hartmann6", "Hartmann, 6-D, [0,1]^6", hartmann6_formula, [](std::size_t) {
                             return Definition{repeat(0, 6), repeat(1, 6), -3.322368011415515,
                                               {{0.20168951397760904, 0.15001069019946628, 0.4768739709136298,
                                                 0.27533243023964377, 0.3116516154723292, 0.6573005311849274}}};
                         }});
}

}  // namespace bobench::synthetic
