// BBOB group 3, unimodal functions with high conditioning: f10 ellipsoid, f11 discus,
// f12 bent cigar, f13 sharp ridge, f14 different powers. Construction and seeds as in
// COCO's f_ellipsoid.c, f_discus.c, f_bent_cigar.c, f_sharp_ridge.c, f_different_powers.c.
#include <cmath>

#include "testfunctions/bbob/families.hpp"

namespace bobench::bbob::detail {
namespace {

// f10: z = T_osz(R (x - x_opt)), f = sum 1e6^((i-1)/(d-1)) z_i^2 + f_opt.
class RotatedEllipsoid final : public ShiftedLinear {
public:
    explicit RotatedEllipsoid(const Spec& s)
        : ShiftedLinear(s, s.rotation(kSecondSeed)), weights_(ellipsoid_weights(s.dimension, 1.0e6)) {}
    double evaluate(const double* x) const override {
        Workspace w(dimension());
        double* z = shift_and_map(x, w);
        oscillate(z, dimension());
        return ellipsoid(z, weights_) + fopt;
    }

private:
    std::vector<double> weights_;
};

// f11: z = T_osz(R (x - x_opt)), f = 1e6 z_1^2 + sum_{i>1} z_i^2 + f_opt.
class Discus final : public ShiftedLinear {
public:
    explicit Discus(const Spec& s) : ShiftedLinear(s, s.rotation(kSecondSeed)) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* z = shift_and_map(x, w);
        oscillate(z, d);
        double result = 1.0e6 * z[0] * z[0];
        for (int i = 1; i < d; ++i) result += z[i] * z[i];
        return result + fopt;
    }
};

// f12: z = R T_asy^0.5(R (x - x_opt)), f = z_1^2 + 1e6 sum_{i>1} z_i^2 + f_opt. COCO draws
// this x_opt from seed rseed + 1e6 (the rotation's seed), unlike the other functions.
class BentCigar final : public ShiftedLinear {
public:
    explicit BentCigar(const Spec& s)
        : ShiftedLinear(s, s.random_xopt(kSecondSeed), s.rotation(kSecondSeed)), asymmetric_(s.dimension, 0.5) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        double* b = shift_and_map(x, w);
        asymmetric_.apply(b);
        double* z = w[2];
        multiply(map_, b, z);
        double result = z[0] * z[0];
        for (int i = 1; i < d; ++i) result += 1.0e6 * z[i] * z[i];
        return result + fopt;
    }

private:
    Asymmetric asymmetric_;
};

// f13: z = Q Lambda^10 R (x - x_opt), f = z_1^2 + 100 sqrt(sum_{i>1} z_i^2) + f_opt.
class SharpRidge final : public ShiftedLinear {
public:
    explicit SharpRidge(const Spec& s) : ShiftedLinear(s, q_lambda_r(s, std::sqrt(10.0))) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        const double* z = shift_and_map(x, w);
        double ridge = 0.0;
        for (int i = 1; i < d; ++i) ridge += z[i] * z[i];
        return 100.0 * std::sqrt(ridge) + z[0] * z[0] + fopt;
    }
};

// f14: z = R (x - x_opt), f = sqrt(sum |z_i|^(2 + 4 (i-1)/(d-1))) + f_opt.
class DifferentPowers final : public ShiftedLinear {
public:
    explicit DifferentPowers(const Spec& s)
        : ShiftedLinear(s, s.rotation(kSecondSeed)), exponent_(static_cast<std::size_t>(s.dimension)) {
        const int d = s.dimension;
        for (int i = 0; i < d; ++i) exponent_[i] = 2.0 + (4.0 * i) / (d - 1.0);
    }
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        const double* z = shift_and_map(x, w);
        double sum = 0.0;
        for (int i = 0; i < d; ++i) sum += std::pow(std::fabs(z[i]), exponent_[i]);
        return std::sqrt(sum) + fopt;
    }

private:
    std::vector<double> exponent_;
};

}  // namespace

std::unique_ptr<Problem> make_ill_conditioned(const Spec& spec) {
    return make_numbered<10, RotatedEllipsoid, Discus, BentCigar, SharpRidge, DifferentPowers>(spec);
}

}  // namespace bobench::bbob::detail
