// BBOB group 2, functions with low or moderate conditioning: f6 attractive sector, f7 step
// ellipsoid, f8 Rosenbrock, f9 rotated Rosenbrock. Construction and seeds as in COCO's
// f_attractive_sector.c, f_step_ellipsoid.c and f_rosenbrock.c.
#include <algorithm>
#include <cmath>

#include "testfunctions/bbob/families.hpp"

namespace bobench::bbob::detail {
namespace {

// Raw Rosenbrock sum 100 (z_i^2 - z_{i+1})^2 + (z_i - 1)^2 (f_rosenbrock_raw).
double rosenbrock(const double* z, int d) {
    double s1 = 0.0, s2 = 0.0;
    for (int i = 0; i < d - 1; ++i) {
        const double a = z[i] * z[i] - z[i + 1];
        s1 += a * a;
        const double b = z[i] - 1.0;
        s2 += b * b;
    }
    return 100.0 * s1 + s2;
}

// max(1, sqrt(d)/8): Rosenbrock's scaling so that the valley fits the domain.
double rosenbrock_factor(int d) { return std::max(1.0, std::sqrt(static_cast<double>(d)) / 8.0); }

// f6: z = Q Lambda^10 R (x - x_opt), s_i = 100 where z_i x_opt_i > 0 else 1,
// f = T_osz(sum (s_i z_i)^2)^0.9 + f_opt.
class AttractiveSector final : public ShiftedLinear {
public:
    explicit AttractiveSector(const Spec& s) : ShiftedLinear(s, q_lambda_r(s, std::sqrt(10.0))) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        const double* z = shift_and_map(x, w);
        double sum = 0.0;
        for (int i = 0; i < d; ++i) {
            if (shift_[i] * z[i] > 0.0)
                sum += 100.0 * 100.0 * z[i] * z[i];
            else
                sum += z[i] * z[i];
        }
        return std::pow(oscillate(sum), 0.9) + fopt;
    }
};

// f7: z^ = Lambda^10 R (x - x_opt); z~ = round(z^) where |z^| > 0.5, else round(10 z^)/10;
// z = Q z~; f = 0.1 max(|z^_1| / 1e4, sum 100^((i-1)/(d-1)) z_i^2) + f_pen(x) + f_opt.
class StepEllipsoid final : public ShiftedLinear {
public:
    // COCO multiplies (sqrt(10^((i-1)/(d-1))) R_ij) (x_j - x_opt_j); the map keeps that product.
    explicit StepEllipsoid(const Spec& s)
        : ShiftedLinear(s, scale_rows(s.rotation(),
                                      [&](int i) {
                                          return std::sqrt(std::pow(100.0 / 10., static_cast<double>(i) /
                                                                                     (s.dimension - 1)));
                                      })),
          q_(s.rotation(kSecondSeed)),
          weights_(ellipsoid_weights(s.dimension, 100.0)) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        const double penalty = boundary_penalty(x, d);
        double* z_hat = shift_and_map(x, w);
        const double z_hat_1 = z_hat[0];
        for (int i = 0; i < d; ++i) z_hat[i] = round_to_plateau(z_hat[i]);
        double* z = w[2];
        multiply(q_, z_hat, z);
        double sum = 0.0;
        for (int i = 0; i < d; ++i) sum += weights_[i] * z[i] * z[i];
        const double core = std::fabs(z_hat_1) * 1.0e-4 >= sum ? std::fabs(z_hat_1) * 1.0e-4 : sum;
        return 0.1 * core + penalty + fopt;
    }

private:
    // COCO rounds with floor(v + 0.5).
    static double round_to_plateau(double v) {
        if (std::fabs(v) > 0.5) return std::floor(v + 0.5);
        return std::floor(10.0 * v + 0.5) / 10.0;
    }

    Matrix q_;
    std::vector<double> weights_;
};

// f8: z = max(1, sqrt(d)/8) (x - x_opt) + 1, f = Rosenbrock(z) + f_opt. COCO shrinks the
// random x_opt by 0.75, and that shrunk point is the optimum.
class Rosenbrock final : public Shifted {
public:
    explicit Rosenbrock(const Spec& s) : Shifted(s, shrunk(s.random_xopt())), factor_(rosenbrock_factor(s.dimension)) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* z = w[0];
        for (int i = 0; i < d; ++i) z[i] = factor_ * (x[i] - shift_[i]) + 1.0;
        return rosenbrock(z, d) + fopt;
    }

private:
    static std::vector<double> shrunk(std::vector<double> point) {
        for (double& v : point) v *= 0.75;
        return point;
    }

    double factor_;
};

// f9: z = max(1, sqrt(d)/8) R x + 1/2, f = Rosenbrock(z) + f_opt. No shift: the optimum
// is x_opt = R^T 1 / (2 max(1, sqrt(d)/8)), computed as COCO does.
class RotatedRosenbrock final : public Problem {
public:
    explicit RotatedRosenbrock(const Spec& s) : m_(s.rotation()) {
        const double factor = rosenbrock_factor(s.dimension);
        xopt = column_sums(m_, 2. * factor);
        for (double& v : m_.a) v = factor * v;
        fopt = s.fopt;
    }
    double evaluate(const double* x) const override {
        const int d = m_.n;
        Workspace w(d);
        double* z = w[0];
        multiply(m_, x, z, 0.5);  // COCO's affine map starts each row at b_i = 0.5
        return rosenbrock(z, d) + fopt;
    }

private:
    Matrix m_;  // max(1, sqrt(d)/8) R
};

}  // namespace

std::unique_ptr<Problem> make_moderate(const Spec& spec) {
    return make_numbered<6, AttractiveSector, StepEllipsoid, Rosenbrock, RotatedRosenbrock>(spec);
}

}  // namespace bobench::bbob::detail
