#pragma once
// Internal: one factory per COCO function group; each family file defines its functions.
// COCO builds a function as a stack of transforms around a raw function (shift, linear
// map, T_osz, T_asy, ...); the openings that most functions share are written once here
// (Shifted, ShiftedLinear) and each function adds its own steps in evaluate().
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "testfunctions/bbob/function.hpp"
#include "testfunctions/bbob/instance_generator.hpp"
#include "testfunctions/bbob/transforms.hpp"

namespace bobench::bbob::detail {

// What every function is built from: COCO's seed rseed = f + 10000 i (f4 -> 3, f18 -> 17)
// and f_opt. Functions that COCO seeds differently say so where they are built.
struct Spec {
    int function;
    int instance;
    int dimension;
    std::int64_t rseed;
    double fopt;

    // COCO's random optimum x_opt and a random rotation, drawn from rseed + offset.
    std::vector<double> random_xopt(std::int64_t offset = 0) const { return legacy::xopt(dimension, rseed + offset); }
    Matrix rotation(std::int64_t offset = 0) const { return legacy::rotation(dimension, rseed + offset); }
};

// COCO seeds a function's second rotation Q with rseed + 1e6.
constexpr std::int64_t kSecondSeed = 1000000;

// M = Q diag(base^{k/(d-1)}) R, Q from rseed + 1e6 and R from rseed: the linear map of
// f6, f13 and f23.
inline Matrix q_lambda_r(const Spec& s, double base) {
    return legacy::rotate_scale_rotate(s.rotation(kSecondSeed), legacy::geometric_scales(s.dimension, base),
                                       s.rotation());
}

// Row i of m multiplied by c(i): the Lambda R products COCO forms once at construction.
// Each caller computes c(i) in COCO's own expression, which keeps the last bit.
template <class RowScale>
Matrix scale_rows(Matrix m, RowScale c) {
    for (int i = 0; i < m.n; ++i) {
        const double ci = c(i);
        for (int j = 0; j < m.n; ++j) m(i, j) = ci * m(i, j);
    }
    return m;
}

// The column sums of m divided by divisor: COCO's x_opt = M^T 1 / divisor of the unshifted
// Rosenbrock-type functions f9 and f19.
inline std::vector<double> column_sums(const Matrix& m, double divisor) {
    std::vector<double> sums(static_cast<std::size_t>(m.n), 0.0);
    for (int j = 0; j < m.n; ++j) {
        double column_sum = 0.0;
        for (int i = 0; i < m.n; ++i) column_sum += m(i, j);
        sums[j] = column_sum / divisor;
    }
    return sums;
}

// The opening most BBOB functions share, COCO's transform_vars_shift: z = x - x_opt, with
// x_opt COCO's random optimum unless the function passes another one. Sets fopt and xopt.
class Shifted : public Problem {
protected:
    Shifted(const Spec& s, std::vector<double> shift) : shift_(std::move(shift)) {
        fopt = s.fopt;
        xopt = shift_;
    }
    explicit Shifted(const Spec& s) : Shifted(s, s.random_xopt()) {}

    int dimension() const { return static_cast<int>(shift_.size()); }

    // z = x - x_opt, written to w[0]; returns z.
    double* shift(const double* x, Workspace& w) const {
        subtract(x, shift_, w[0]);
        return w[0];
    }

    std::vector<double> shift_;
};

// Shifted, then COCO's transform_vars_affine: z = M (x - x_opt), M a rotation R or a
// product such as Q Lambda R. Each function stacks its own steps on z.
class ShiftedLinear : public Shifted {
protected:
    ShiftedLinear(const Spec& s, Matrix map) : Shifted(s), map_(std::move(map)) {}
    ShiftedLinear(const Spec& s, std::vector<double> shift, Matrix map)
        : Shifted(s, std::move(shift)), map_(std::move(map)) {}

    // z = M (x - x_opt), written to w[1] (w[0] holds x - x_opt); returns z.
    double* shift_and_map(const double* x, Workspace& w) const {
        detail::shift_and_map(x, shift_, map_, w[0], w[1]);
        return w[1];
    }

    Matrix map_;
};

// The factory of a family whose functions are built from the spec alone: Functions are
// functions First, First + 1, ... in order; nullptr for a number outside them.
template <int First, class... Functions>
std::unique_ptr<Problem> make_numbered(const Spec& spec) {
    std::unique_ptr<Problem> made;
    int number = First;
    ((spec.function == number++ ? (made = std::make_unique<Functions>(spec), true) : false) || ...);
    return made;
}

std::unique_ptr<Problem> make_separable(const Spec& spec);        // f1 - f5
std::unique_ptr<Problem> make_moderate(const Spec& spec);         // f6 - f9
std::unique_ptr<Problem> make_ill_conditioned(const Spec& spec);  // f10 - f14
std::unique_ptr<Problem> make_multimodal(const Spec& spec);       // f15 - f19
std::unique_ptr<Problem> make_weakly_structured(const Spec& spec);  // f20 - f24

}  // namespace bobench::bbob::detail
