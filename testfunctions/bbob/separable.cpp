// BBOB group 1, separable functions: f1 sphere, f2 ellipsoid, f3 Rastrigin, f4 Bueche-
// Rastrigin, f5 linear slope. Definitions: Hansen et al., "Real-parameter black-box
// optimization benchmarking 2009: noiseless functions definitions"; construction and
// seeds as in COCO's f_sphere.c, f_ellipsoid.c, f_rastrigin.c, f_bueche_rastrigin.c and
// f_linear_slope.c.
#include <cmath>

#include "testfunctions/bbob/families.hpp"

namespace bobench::bbob::detail {
namespace {

// f1: f = ||x - x_opt||^2 + f_opt.
class Sphere final : public Shifted {
public:
    explicit Sphere(const Spec& s) : Shifted(s) {}
    double evaluate(const double* x) const override {
        double result = 0.0;
        for (std::size_t i = 0; i < shift_.size(); ++i) {
            const double z = x[i] - shift_[i];
            result += z * z;
        }
        return result + fopt;
    }
};

// f2: z = T_osz(x - x_opt), f = sum 1e6^((i-1)/(d-1)) z_i^2 + f_opt.
class SeparableEllipsoid final : public Shifted {
public:
    explicit SeparableEllipsoid(const Spec& s) : Shifted(s), weights_(ellipsoid_weights(s.dimension, 1.0e6)) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* z = shift(x, w);
        oscillate(z, d);
        return ellipsoid(z, weights_) + fopt;
    }

private:
    std::vector<double> weights_;
};

// f3: z = Lambda^10 T_asy^0.2(T_osz(x - x_opt)), f = Rastrigin(z) + f_opt.
class SeparableRastrigin final : public Shifted {
public:
    explicit SeparableRastrigin(const Spec& s)
        : Shifted(s), asymmetric_(s.dimension, 0.2), lambda_(conditioning(s.dimension, 10.0)) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* z = shift(x, w);
        oscillate(z, d);
        asymmetric_.apply(z);
        scale(z, lambda_);
        return rastrigin(z, d) + fopt;
    }

private:
    Asymmetric asymmetric_;
    std::vector<double> lambda_;
};

// f4: z = s T_osz(x - x_opt) with s_i = sqrt(10)^((i-1)/(d-1)), times 10 on odd
// coordinates i (1-based) where the argument is positive; f = Rastrigin(z) + f_opt
// + 100 f_pen(x). COCO seeds it with 3 + 10000 i (it shares x_opt and f_opt with f3) and,
// as the legacy code (not the documentation) does, makes x_opt positive on those odd
// coordinates.
class BuecheRastrigin final : public Shifted {
public:
    explicit BuecheRastrigin(const Spec& s)
        : Shifted(s, positive_on_odd_coordinates(s.random_xopt())), factor_(static_cast<std::size_t>(s.dimension)) {
        const int d = s.dimension;
        for (int i = 0; i < d; ++i) factor_[i] = std::pow(std::sqrt(10.0), i / (d - 1.0));
    }
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* z = shift(x, w);
        oscillate(z, d);
        for (int i = 0; i < d; ++i) {
            const double f = (z[i] > 0.0 && i % 2 == 0) ? factor_[i] * 10.0 : factor_[i];
            z[i] = f * z[i];
        }
        return rastrigin(z, d) + fopt + 100.0 * boundary_penalty(x, d);
    }

private:
    static std::vector<double> positive_on_odd_coordinates(std::vector<double> point) {
        for (std::size_t i = 0; i < point.size(); i += 2) point[i] = std::fabs(point[i]);
        return point;
    }

    std::vector<double> factor_;
};

// f5: f = sum 5 |s_i| - s_i z_i + f_opt, s_i = sign(x_opt_i) 10^((i-1)/(d-1)), where
// z_i = x_i inside the domain and x_opt_i beyond it (x_opt_i x_i >= 25). The optimum is
// the corner x_opt = +-5, with the signs of COCO's usual random x_opt.
class LinearSlope final : public Problem {
public:
    explicit LinearSlope(const Spec& s) {
        const int d = s.dimension;
        const std::vector<double> random_point = s.random_xopt();
        xopt.resize(d);
        slope_.resize(d);
        offset_.resize(d);
        for (int i = 0; i < d; ++i) {
            xopt[i] = random_point[i] < 0.0 ? -5.0 : 5.0;
            const double magnitude = std::pow(std::sqrt(100.0), i / (d - 1.0));
            slope_[i] = xopt[i] > 0.0 ? magnitude : -magnitude;
            offset_[i] = 5.0 * std::fabs(slope_[i]);
        }
        fopt = s.fopt;
    }
    double evaluate(const double* x) const override {
        double result = 0.0;
        for (std::size_t i = 0; i < slope_.size(); ++i) {
            const double z = x[i] * xopt[i] < 25.0 ? x[i] : xopt[i];
            result += offset_[i] - slope_[i] * z;
        }
        return result + fopt;
    }

private:
    std::vector<double> slope_;
    std::vector<double> offset_;  // 5 |s_i|
};

}  // namespace

std::unique_ptr<Problem> make_separable(const Spec& spec) {
    return make_numbered<1, Sphere, SeparableEllipsoid, SeparableRastrigin, BuecheRastrigin, LinearSlope>(spec);
}

}  // namespace bobench::bbob::detail
