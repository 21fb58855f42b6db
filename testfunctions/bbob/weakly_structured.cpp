// BBOB group 5, multi-modal functions with weak global structure: f20 Schwefel x sin(x),
// f21/f22 Gallagher's Gaussian 101-me and 21-hi peaks, f23 Katsuura, f24 Lunacek
// bi-Rastrigin. Construction and seeds as in COCO's f_schwefel.c (with
// transform_vars_x_hat.c, transform_vars_z_hat.c), f_gallagher.c, f_katsuura.c and
// f_lunacek_bi_rastrigin.c.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "testfunctions/bbob/families.hpp"

namespace bobench::bbob::detail {
namespace {

constexpr double kTwoPi = 2.0 * 3.14159265358979323846;

// Indices 0..n-1 ordered by increasing value (COCO's qsort of (value, index) pairs; the
// generator never repeats a value within one stream, so the order is unique).
std::vector<int> sorted_indices(const std::vector<double>& values) {
    std::vector<int> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return values[a] < values[b]; });
    return order;
}

// f20: x^ = 2 (1+-) x with random signs; z^_1 = x^_1, z^_i = x^_i + 0.25 (x^_{i-1} - 2|x*_{i-1}|);
// z = 100 (Lambda^10 (z^ - 2|x*|) + 2|x*|), x* = +-4.2096874637/2 with the same signs;
// f = 0.01 (418.9828872724339 - 1/d sum z_i sin(sqrt|z_i|) + penalty(z)) + f_opt,
// penalty(z) = sum over |z_i| > 500 of (|z_i| - 500)^2.
// COCO reports x_opt = +-4.2096874633/2 (note the different last digits), the point the
// documentation gives; f there is f_opt up to ~1e-9.
class Schwefel final : public Problem {
public:
    explicit Schwefel(const Spec& s)
        : flip_(static_cast<std::size_t>(s.dimension)),
          two_abs_xstar_(static_cast<std::size_t>(s.dimension)),
          lambda_(static_cast<std::size_t>(s.dimension)) {
        const int d = s.dimension;
        // COCO's transform_vars_conditioning: 10^(0.5 i / (d - 1)), not sqrt(10)^(i / (d - 1)) (ulps apart)
        for (int i = 0; i < d; ++i) lambda_[i] = std::pow(10.0, 0.5 * i / (d - 1.0));
        const std::vector<double> u = legacy::uniform(static_cast<std::size_t>(d), s.rseed);
        xopt.resize(d);
        for (int i = 0; i < d; ++i) {
            flip_[i] = u[i] - 0.5 < 0.0;
            two_abs_xstar_[i] = 2 * std::fabs(0.5 * 4.2096874637);
            xopt[i] = flip_[i] ? -0.5 * 4.2096874633 : 0.5 * 4.2096874633;
        }
        fopt = s.fopt;
    }
    double evaluate(const double* x) const override {
        const int d = static_cast<int>(lambda_.size());
        Workspace w(d);
        double* z = w[0];
        double previous_x_hat = 0.0;
        for (int i = 0; i < d; ++i) {
            const double x_hat = 2 * (flip_[i] ? -x[i] : x[i]);
            const double z_hat =
                i == 0 ? x_hat : x_hat + 0.25 * (previous_x_hat - two_abs_xstar_[i - 1]);
            previous_x_hat = x_hat;
            z[i] = 100 * (lambda_[i] * (z_hat - two_abs_xstar_[i]) + two_abs_xstar_[i]);
        }
        double penalty = 0.0, sum = 0.0;
        for (int i = 0; i < d; ++i) {
            const double excess = std::fabs(z[i]) - 500.0;
            if (excess > 0.0) penalty += excess * excess;
        }
        for (int i = 0; i < d; ++i) sum += z[i] * std::sin(std::sqrt(std::fabs(z[i])));
        return 0.01 * (penalty + 418.9828872724339 - sum / d) + fopt;
    }

private:
    std::vector<char> flip_;           // the random signs of x^ (and of x*)
    std::vector<double> two_abs_xstar_;  // 2 |x*_i|
    std::vector<double> lambda_;        // Lambda^10
};

// f21 (101 peaks) and f22 (21 peaks):
// f = T_osz(10 - max_i w_i exp(-1/(2d) (x - y_i)^T R^T C_i R (x - y_i)))^2 + f_pen(x) + f_opt.
// Peak 0 (w = 10) is the optimum x_opt = y_0; its conditioning is sqrt(1000) for f21 and
// 1000 for f22; the others have w_i spread evenly over [1.1, 9.1] and conditions
// 1000^(k / (peaks - 2)) for a random permutation k. Peak centres uniform in [-c, b - c]^d, y_0 shrunk
// by 0.8 (b, c = 10, 5 for f21 and 9.8, 4.9 for f22). C_i: diagonal with
// condition_i^(k_j / (d - 1) - 1/2) for a random permutation k. All from rseed and rseed + 1000 i as in COCO.
class Gallagher final : public Problem {
public:
    Gallagher(const Spec& s, int peaks)
        : peaks_(peaks),
          r_(s.rotation()),
          centre_(static_cast<std::size_t>(peaks) * s.dimension),
          scale_(static_cast<std::size_t>(peaks) * s.dimension),
          height_(static_cast<std::size_t>(peaks)) {
        const int d = s.dimension;
        const double max_condition = 1000.;
        const double first_condition = peaks == 101 ? std::sqrt(1000.) : 1000.;
        const double b = peaks == 101 ? 10. : 9.8;
        const double c = peaks == 101 ? 5. : 4.9;
        const double lowest = 1.1, highest = 9.1;

        const std::vector<int> condition_order =
            sorted_indices(legacy::uniform(static_cast<std::size_t>(peaks - 1), s.rseed));
        std::vector<double> condition(static_cast<std::size_t>(peaks));
        condition[0] = first_condition;
        height_[0] = 10;
        for (int i = 1; i < peaks; ++i) {
            condition[i] = std::pow(max_condition, static_cast<double>(condition_order[i - 1]) / (peaks - 2));
            height_[i] = static_cast<double>(i - 1) / (peaks - 2) * (highest - lowest) + lowest;
        }
        for (int i = 0; i < peaks; ++i) {
            const std::vector<int> axis_order =
                sorted_indices(legacy::uniform(static_cast<std::size_t>(d), s.rseed + 1000 * i));
            for (int j = 0; j < d; ++j)
                scale_[idx(i, j)] = std::pow(condition[i], static_cast<double>(axis_order[j]) / (d - 1) - 0.5);
        }
        const std::vector<double> u = legacy::uniform(static_cast<std::size_t>(d) * peaks, s.rseed);
        xopt.resize(d);
        for (int j = 0; j < d; ++j) xopt[j] = 0.8 * (b * u[j] - c);
        // Centres are stored already rotated (R y_i), since the evaluation rotates x.
        for (int i = 0; i < peaks; ++i)
            for (int j = 0; j < d; ++j) {
                double rotated = 0.;
                for (int k = 0; k < d; ++k) rotated += r_(j, k) * (b * u[static_cast<std::size_t>(i) * d + k] - c);
                if (i == 0) rotated *= 0.8;
                centre_[idx(i, j)] = rotated;
            }
        fopt = s.fopt;
    }
    double evaluate(const double* x) const override {
        const int d = r_.n;
        Workspace w(d);
        double* rx = w[0];
        const double penalty = boundary_penalty(x, d);
        multiply(r_, x, rx);
        const double factor = -0.5 / d;
        double best = 0.;
        for (int i = 0; i < peaks_; ++i) {
            const double* y = &centre_[idx(i, 0)];
            const double* c = &scale_[idx(i, 0)];
            double q = 0.;
            for (int j = 0; j < d; ++j) {
                const double t = rx[j] - y[j];
                q += c[j] * t * t;
            }
            const double value = height_[i] * std::exp(factor * q);
            best = best >= value ? best : value;
        }
        const double g = oscillate(10. - best);
        return g * g + penalty + fopt;
    }

private:
    std::size_t idx(int peak, int coordinate) const {
        return static_cast<std::size_t>(peak) * r_.n + coordinate;
    }

    int peaks_;
    Matrix r_;
    std::vector<double> centre_;  // peak-major: R y_i
    std::vector<double> scale_;   // peak-major: diagonal of C_i
    std::vector<double> height_;  // w_i
};

// f23: z = Q Lambda^100 R (x - x_opt),
// f = 10/d^2 prod_i (1 + i sum_{j=1}^{32} |2^j z_i - round(2^j z_i)| / 2^j)^(10/d^1.2)
// - 10/d^2 + f_pen(x) + f_opt.
class Katsuura final : public ShiftedLinear {
public:
    explicit Katsuura(const Spec& s)
        : ShiftedLinear(s, q_lambda_r(s, std::sqrt(100.))),
          scale_(10. / (static_cast<double>(s.dimension) * s.dimension)),
          exponent_(10. / std::pow(static_cast<double>(s.dimension), 1.2)) {}
    double evaluate(const double* x) const override {
        const int d = dimension();
        Workspace w(d);
        const double* z = shift_and_map(x, w);
        double product = 1.0;
        for (int i = 0; i < d; ++i) {
            double sum = 0;
            double power = 1.0;  // 2^j, exact; dividing by it equals multiplying by 1/2^j
            double inverse = 1.0;
            for (int j = 1; j < 33; ++j) {
                power *= 2.0;
                inverse *= 0.5;
                const double t = power * z[i];
                sum += std::fabs(t - std::floor(t + 0.5)) * inverse;
            }
            // COCO raises each factor to the power, not their product (ulps apart)
            product *= std::pow(1.0 + (i + 1.0) * sum, exponent_);
        }
        const double core = scale_ * (-1. + product);
        return core + fopt + 1.0 * boundary_penalty(x, d);
    }

private:
    double scale_;      // 10 / d^2
    double exponent_;   // 10 / d^1.2
};

// f24: x^ = 2 sign(x*) x with x* = +-1.25 (random signs); z = Q Lambda^100 R (x^ - 2.5);
// f = min(sum (x^_i - 2.5)^2, d + s sum (x^_i - mu1)^2) + 10 (d - sum cos(2 pi z_i))
// + 1e4 f_pen(x) + f_opt, s = 1 - 1/(2 sqrt(d + 20) - 8.2), mu1 = -sqrt((2.5^2 - 1)/s).
// The optimum is x* (COCO's x_opt), where f = f_opt exactly.
class LunacekBiRastrigin final : public Problem {
public:
    explicit LunacekBiRastrigin(const Spec& s)
        : q_(s.rotation(kSecondSeed)),
          lambda_r_(scale_rows(s.rotation(),
                               [&](int i) { return std::pow(std::sqrt(100.), static_cast<double>(i) / (s.dimension - 1)); })),
          s_(1. - 0.5 / (std::sqrt(static_cast<double>(s.dimension + 20)) - 4.1)),
          mu1_(-std::sqrt((kMu0 * kMu0 - 1.) / s_)) {
        const int d = s.dimension;
        const std::vector<double> g = legacy::gaussian(static_cast<std::size_t>(d), s.rseed);
        xopt.resize(d);
        for (int i = 0; i < d; ++i) xopt[i] = g[i] < 0.0 ? -0.5 * kMu0 : 0.5 * kMu0;
        fopt = s.fopt;
    }
    double evaluate(const double* x) const override {
        const int d = q_.n;
        Workspace w(d);
        double* x_hat = w[0];
        double* a = w[1];
        double* z = w[2];
        const double penalty = boundary_penalty(x, d);
        double sum1 = 0., sum2 = 0., sum3 = 0.;
        for (int i = 0; i < d; ++i) {
            x_hat[i] = xopt[i] < 0. ? -(2. * x[i]) : 2. * x[i];
            a[i] = x_hat[i] - kMu0;
        }
        multiply(lambda_r_, a, z);
        multiply(q_, z, a);
        for (int i = 0; i < d; ++i) {
            sum1 += (x_hat[i] - kMu0) * (x_hat[i] - kMu0);
            sum2 += (x_hat[i] - mu1_) * (x_hat[i] - mu1_);
            sum3 += std::cos(kTwoPi * a[i]);
        }
        const double sphere2 = 1. * d + s_ * sum2;
        const double core = (sum1 <= sphere2 ? sum1 : sphere2) + 10. * (d - sum3) + 1e4 * penalty;
        return core + fopt;
    }

private:
    static constexpr double kMu0 = 2.5;
    Matrix q_;
    Matrix lambda_r_;  // Lambda^100 R, row i scaled by 10^((i-1)/(d-1))
    double s_;
    double mu1_;
};

}  // namespace

std::unique_ptr<Problem> make_weakly_structured(const Spec& spec) {
    switch (spec.function) {
        case 20: return std::make_unique<Schwefel>(spec);
        case 21: return std::make_unique<Gallagher>(spec, 101);
        case 22: return std::make_unique<Gallagher>(spec, 21);
        case 23: return std::make_unique<Katsuura>(spec);
        case 24: return std::make_unique<LunacekBiRastrigin>(spec);
        default: return nullptr;
    }
}

}  // namespace bobench::bbob::detail
