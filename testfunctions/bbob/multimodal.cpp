// BBOB group 4, multi-modal functions with adequate global structure: f15 Rastrigin,
// f16 Weierstrass, f17/f18 Schaffers F7, f19 composite Griewank-Rosenbrock F8F2.
// Construction and seeds as in COCO's f_rastrigin.c, f_weierstrass.c, f_schaffers.c and
// f_griewank_rosenbrock.c.
#include <algorithm>
#include <cmath>

#include "testfunctions/bbob/families.hpp"

namespace bobench::bbob::detail {
namespace {

constexpr double kTwoPi = 2.0 * 3.14159265358979323846;

// f15: z = R Lambda^10 Q T_asy^0.2(T_osz(R (x - x_opt))), f = Rastrigin(z) + f_opt.
class RotatedRastrigin final : public ShiftedLinear {
public:
    explicit RotatedRastrigin(const Spec& s)
        : ShiftedLinear(s, s.rotation(kSecondSeed)),
          rlq_(legacy::rotate_scale_rotate(map_, legacy::geometric_scales(s.dimension, std::sqrt(10.0)),
                                           s.rotation())),
          asymmetric_(s.dimension, 0.2) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* b = shift_and_map(x, w);
        oscillate(b, d);
        asymmetric_.apply(b);
        double* z = w[2];
        multiply(rlq_, b, z);
        return rastrigin(z, d) + fopt;
    }

private:
    Matrix rlq_;  // R Lambda^10 Q
    Asymmetric asymmetric_;
};

// f16: z = R Lambda^(1/100) Q T_osz(R (x - x_opt)),
// f = 10 (1/d sum_i sum_{k=0}^{11} 2^-k cos(2 pi 3^k (z_i + 1/2)) - f0)^3 + 10/d f_pen(x)
// + f_opt, with f0 = sum_k 2^-k cos(pi 3^k).
class Weierstrass final : public ShiftedLinear {
public:
    static constexpr int kTerms = 12;

    explicit Weierstrass(const Spec& s)
        : ShiftedLinear(s, s.rotation(kSecondSeed)),
          rlq_(legacy::rotate_scale_rotate(map_, legacy::geometric_scales(s.dimension, 1.0 / std::sqrt(100.0)),
                                           s.rotation())),
          penalty_factor_(10.0 / s.dimension) {
        f0_ = 0.0;
        for (int k = 0; k < kTerms; ++k) {
            a_[k] = std::pow(0.5, k);
            b_[k] = std::pow(3., k);
            f0_ += a_[k] * std::cos(kTwoPi * b_[k] * 0.5);
        }
    }
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* b = shift_and_map(x, w);
        oscillate(b, d);
        double* z = w[2];
        multiply(rlq_, b, z);
        double sum = 0.0;
        for (int i = 0; i < d; ++i) {
            const double phase = kTwoPi * (z[i] + 0.5);
            for (int k = 0; k < kTerms; ++k) sum += std::cos(phase * b_[k]) * a_[k];
        }
        const double core = 10.0 * std::pow(sum / d - f0_, 3.0);
        return core + fopt + penalty_factor_ * boundary_penalty(x, d);
    }

private:
    Matrix rlq_;  // R Lambda^(1/100) Q
    double penalty_factor_;
    double a_[kTerms], b_[kTerms], f0_;
};

// f17 (condition 10) and f18 (condition 1000): z = Lambda^c Q T_asy^0.5(R (x - x_opt)),
// s_i = sqrt(z_i^2 + z_{i+1}^2),
// f = (1/(d-1) sum sqrt(s_i) (1 + sin^2(50 s_i^0.2)))^2 + 10 f_pen(x) + f_opt.
// COCO seeds f18 like f17 (17 + 10000 i), so both share x_opt, rotations and f_opt.
class Schaffers final : public ShiftedLinear {
public:
    Schaffers(const Spec& s, double condition)
        : ShiftedLinear(s, s.rotation(kSecondSeed)),
          lq_(scale_rows(s.rotation(),
                         [&](int i) { return std::pow(std::sqrt(condition), 1.0 * i / (s.dimension - 1.0)); })),
          asymmetric_(s.dimension, 0.5) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* b = shift_and_map(x, w);
        asymmetric_.apply(b);
        double* z = w[2];
        multiply(lq_, b, z);
        double sum = 0.0;
        for (int i = 0; i < d - 1; ++i) {
            const double s2 = z[i] * z[i] + z[i + 1] * z[i + 1];
            const double ripple = std::sin(50.0 * std::pow(s2, 0.1));
            sum += std::pow(s2, 0.25) * (1.0 + ripple * ripple);  // COCO: pow(sin(..), 2.0)
        }
        const double mean = sum / (d - 1.0);
        return mean * mean + fopt + 10.0 * boundary_penalty(x, d);
    }

private:
    Matrix lq_;  // Lambda^c Q
    Asymmetric asymmetric_;
};

// f19: z = max(1, sqrt(d)/8) R x + 1/2, s_i = 100 (z_i^2 - z_{i+1})^2 + (z_i - 1)^2,
// f = 10/(d-1) sum (s_i/4000 - cos(s_i)) + 10 + f_opt. No shift: the optimum is
// x_opt = R^T 1 / 2, computed as COCO does.
class GriewankRosenbrock final : public Problem {
public:
    explicit GriewankRosenbrock(const Spec& s) : m_(s.rotation()) {
        const double scales = std::max(1., std::sqrt(static_cast<double>(s.dimension)) / 8.);
        for (double& v : m_.a) v *= scales;
        xopt = column_sums(m_, 2. * scales);
        fopt = s.fopt;
    }
    double evaluate(const double* x) const override {
        const int d = m_.n;
        Workspace w(d);
        double* z = w[0];
        multiply(m_, x, z);
        for (int i = 0; i < d; ++i) z[i] += 0.5;  // after the product, unlike f9's offset
        double sum = 0.0;
        for (int i = 0; i < d - 1; ++i) {
            const double c1 = z[i] * z[i] - z[i + 1];
            const double c2 = 1.0 - z[i];
            const double s = 100.0 * c1 * c1 + c2 * c2;
            sum += s / 4000. - std::cos(s);
        }
        return 10. + 10. * sum / (d - 1) + fopt;
    }

private:
    Matrix m_;  // max(1, sqrt(d)/8) R
};

}  // namespace

std::unique_ptr<Problem> make_multimodal(const Spec& spec) {
    switch (spec.function) {
        case 15: return std::make_unique<RotatedRastrigin>(spec);
        case 16: return std::make_unique<Weierstrass>(spec);
        case 17: return std::make_unique<Schaffers>(spec, 10.0);
        case 18: return std::make_unique<Schaffers>(spec, 1000.0);
        case 19: return std::make_unique<GriewankRosenbrock>(spec);
        default: return nullptr;
    }
}

}  // namespace bobench::bbob::detail
