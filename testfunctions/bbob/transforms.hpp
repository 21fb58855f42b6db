#pragma once
// The BBOB building blocks: variable transforms (shift, rotate, T_osz, T_asy, Lambda),
// objective transforms and the boundary penalty f_pen. Each works in place or from one
// caller-owned buffer to another, so a function is written as a chain of named steps
// without any vector copy or allocation per evaluation.
//
// Every formula keeps COCO's order of floating-point operations (code-experiments/src/
// transform_vars_*.c, transform_obj_*.c), so values agree with COCO to the last bit or
// within a few ulps where libm is involved.
#include <cmath>
#include <vector>

#include "testfunctions/bbob/instance_generator.hpp"

namespace bobench::bbob::detail {

// Per-call working memory: up to three vectors of d doubles. Up to kStackDimension
// coordinates they live in this object on the caller's stack, which costs nothing and is
// trivially thread-safe. Larger dimensions use a thread_local buffer that grows once per
// thread and is then reused, so no evaluation allocates except the first one of a thread
// at a new, larger dimension; thread_local keeps concurrent evaluations apart.
class Workspace {
public:
    static constexpr int kStackDimension = 64;
    static constexpr int kVectors = 3;

    explicit Workspace(int d) : d_(d) {
        if (d <= kStackDimension) {
            base_ = stack_;
        } else {
            thread_local std::vector<double> heap;
            const std::size_t need = static_cast<std::size_t>(kVectors) * static_cast<std::size_t>(d);
            if (heap.size() < need) heap.resize(need);
            base_ = heap.data();
        }
    }
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    double* operator[](int k) { return base_ + static_cast<std::size_t>(k) * d_; }

private:
    int d_;
    double* base_ = nullptr;
    double stack_[kVectors * kStackDimension];
};

// ---------------------------------------------------------------- variable transforms

// out = x - shift (transform_vars_shift).
inline void subtract(const double* x, const std::vector<double>& shift, double* out) {
    const int d = static_cast<int>(shift.size());
    for (int i = 0; i < d; ++i) out[i] = x[i] - shift[i];
}

// out = start + M x (transform_vars_affine with a constant offset b_i = start; COCO starts
// each row's sum at b_i). x and out must not overlap. Four rows are summed side by side:
// each row keeps its own left-to-right sum (same rounding as COCO) while the four
// independent chains keep the FPU busy.
inline void multiply(const Matrix& m, const double* x, double* out, double start = 0.0) {
    const int d = m.n;
    int i = 0;
    for (; i + 4 <= d; i += 4) {
        const double* r0 = m.row(i);
        const double* r1 = r0 + d;
        const double* r2 = r1 + d;
        const double* r3 = r2 + d;
        double s0 = start, s1 = start, s2 = start, s3 = start;
        for (int j = 0; j < d; ++j) {
            const double xj = x[j];
            s0 += xj * r0[j];
            s1 += xj * r1[j];
            s2 += xj * r2[j];
            s3 += xj * r3[j];
        }
        out[i] = s0;
        out[i + 1] = s1;
        out[i + 2] = s2;
        out[i + 3] = s3;
    }
    for (; i < d; ++i) {
        const double* r = m.row(i);
        double s = start;
        for (int j = 0; j < d; ++j) s += x[j] * r[j];
        out[i] = s;
    }
}

// out = M (x - shift), scratch holding x - shift: the "z = R (x - x_opt)" of most functions.
inline void shift_and_map(const double* x, const std::vector<double>& shift, const Matrix& m, double* scratch,
                          double* out) {
    subtract(x, shift, scratch);
    multiply(m, scratch, out);
}

// x_i *= c_i (diagonal scalings: Lambda^alpha, s_i, ...).
inline void scale(double* x, const std::vector<double>& c) {
    const int d = static_cast<int>(c.size());
    for (int i = 0; i < d; ++i) x[i] = c[i] * x[i];
}

// T_osz applied to one number (transform_vars_oscillate / transform_obj_oscillate):
// sign(x) exp(x^ + 0.049 (sin(c1 x^) + sin(c2 x^))), x^ = log|x|, c = (1, 0.79) for x > 0
// and (0.55, 0.31) for x < 0; T_osz(0) = 0. Evaluated as COCO does, pow(exp(10 (...)), 0.1).
inline double oscillate(double x) {
    constexpr double alpha = 0.1;
    if (x > 0.0) {
        const double t = std::log(x) / alpha;
        return std::pow(std::exp(t + 0.49 * (std::sin(t) + std::sin(0.79 * t))), alpha);
    }
    if (x < 0.0) {
        const double t = std::log(-x) / alpha;
        return -std::pow(std::exp(t + 0.49 * (std::sin(0.55 * t) + std::sin(0.31 * t))), alpha);
    }
    return x;
}

inline void oscillate(double* x, int d) {
    for (int i = 0; i < d; ++i) x[i] = oscillate(x[i]);
}

// T_asy^beta: x_i -> x_i^(1 + beta i/(d-1) sqrt(x_i)) for x_i > 0. Holds the precomputed
// beta i / (d - 1) (COCO's exact expression).
class Asymmetric {
public:
    Asymmetric() = default;
    Asymmetric(int d, double beta) : a_(static_cast<std::size_t>(d)) {
        for (int i = 0; i < d; ++i) a_[i] = (beta * i) / (d - 1.0);
    }
    void apply(double* x) const {
        const int d = static_cast<int>(a_.size());
        for (int i = 0; i < d; ++i)
            if (x[i] > 0.0) x[i] = std::pow(x[i], 1.0 + a_[i] * std::sqrt(x[i]));
    }

private:
    std::vector<double> a_;
};

// Lambda^alpha of transform_vars_conditioning: c_i = alpha^(0.5 i / (d - 1)).
inline std::vector<double> conditioning(int d, double alpha) {
    std::vector<double> c(static_cast<std::size_t>(d));
    for (int i = 0; i < d; ++i) c[i] = std::pow(alpha, 0.5 * i / (d - 1.0));
    return c;
}

// ---------------------------------------------------------------- objective pieces

// f_pen: sum of squared excursions outside [-5, 5]^d (transform_obj_penalize and the
// inline boundary handling of several BBOB functions, which compute the same numbers).
inline double boundary_penalty(const double* x, int d) {
    double penalty = 0.0;
    for (int i = 0; i < d; ++i) {
        const double excess = std::fabs(x[i]) - 5.0;
        if (excess > 0.0) penalty += excess * excess;
    }
    return penalty;
}

// Raw Rastrigin 10 (d - sum cos(2 pi z_i)) + sum z_i^2 (f_rastrigin_raw, also the core of
// Bueche-Rastrigin).
inline double rastrigin(const double* z, int d) {
    constexpr double two_pi = 2.0 * 3.14159265358979323846;
    double sum_cos = 0.0, sum_sq = 0.0;
    for (int i = 0; i < d; ++i) {
        sum_cos += std::cos(two_pi * z[i]);
        sum_sq += z[i] * z[i];
    }
    return 10.0 * (d - sum_cos) + sum_sq;
}

// Raw ellipsoid z_1^2 + sum_{i>1} c_i z_i^2 with c_i = 1e6^((i-1)/(d-1)) precomputed.
inline double ellipsoid(const double* z, const std::vector<double>& c) {
    const int d = static_cast<int>(c.size());
    double result = z[0] * z[0];
    for (int i = 1; i < d; ++i) result += c[i] * z[i] * z[i];
    return result;
}

// c_i = condition^((i-1)/(d-1)), the weights of the ellipsoid-type functions.
inline std::vector<double> ellipsoid_weights(int d, double condition) {
    std::vector<double> c(static_cast<std::size_t>(d));
    for (int i = 0; i < d; ++i) c[i] = std::pow(condition, 1.0 * i / (d - 1.0));
    return c;
}

}  // namespace bobench::bbob::detail
