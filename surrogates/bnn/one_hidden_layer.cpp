#include "surrogates/bnn/one_hidden_layer.hpp"

#include <stdexcept>
#include <utility>

#include "surrogates/simd/lanes.hpp"
#include "surrogates/simd/vector_math.hpp"

namespace bobench::bnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

namespace lanes = simd::lanes;

constexpr Index chunk = 8;  // points per chunk: the eight partial sums

Index padded(Index n) { return (n + chunk - 1) / chunk * chunk; }

struct Pass {
    Index points, D, H;     // padded points, inputs, hidden units
    const double* X;        // points x D
    const double *W1, *b1, *w2;
    double* units;          // points x H
    double* r;              // points
    Activation activation;
};

// Partial sums of 8 points in K = 8 / W vectors of W lanes.
template <int W>
struct Partial {
    static constexpr int K = chunk / W;
    lanes::Value<W> s[K] = {};
    // ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) over the eight partial sums, whatever W is
    double total() const {
        double p[chunk];
        for (int k = 0; k < K; ++k) lanes::store<W>(p + k * W, s[k]);
        return ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
    }
};

template <int W>
[[gnu::always_inline]] inline lanes::Value<W> at(const double* p) {
    return lanes::load<W, lanes::Value<W>>(p);
}

// units(b, u) = b1_u + sum_j W1(u, j) X(b, j), V vectors of points at a time (independent
// chains, fewer loop steps per multiply)
template <int W, int V>
[[gnu::always_inline]] inline Index hidden_inputs_block(const Pass& p, Index u, Index b) {
    for (; b + V * W <= p.points; b += V * W) {
        lanes::Value<W> z[V];
        for (int v = 0; v < V; ++v) z[v] = p.b1[u] + lanes::Value<W>{};
        for (Index j = 0; j < p.D; ++j) {
            const double w = p.W1[u + j * p.H];
            for (int v = 0; v < V; ++v) z[v] = z[v] + w * at<W>(p.X + j * p.points + b + v * W);
        }
        for (int v = 0; v < V; ++v) lanes::store<W>(p.units + u * p.points + b + v * W, z[v]);
    }
    return b;
}

template <int W>
[[gnu::always_inline]] inline void hidden_inputs(const Pass& p) {
    for (Index u = 0; u < p.H; ++u) hidden_inputs_block<W, 1>(p, u, hidden_inputs_block<W, 4>(p, u, 0));
}

// r(b) = y_b - (b2 + sum_u w2_u a(b, u))
template <int W>
[[gnu::always_inline]] inline void residuals(const Pass& p, const double* y, double b2) {
    for (Index b = 0; b < p.points; b += W) {
        lanes::Value<W> f = b2 + lanes::Value<W>{};
        for (Index u = 0; u < p.H; ++u) f = f + p.w2[u] * at<W>(p.units + u * p.points + b);
        lanes::store<W>(p.r + b, at<W>(y + b) - f);
    }
}

// sum of e^2, then r <- weight e; returns (sum e^2, sum r)
template <int W>
[[gnu::always_inline]] inline std::pair<double, double> scale_residuals(const Pass& p, double weight) {
    Partial<W> squares, sum;
    for (Index b = 0; b < p.points; b += chunk)
        for (int k = 0; k < Partial<W>::K; ++k) {
            const lanes::Value<W> e = at<W>(p.r + b + k * W), r = weight * e;
            squares.s[k] = squares.s[k] + e * e;
            sum.s[k] = sum.s[k] + r;
            lanes::store<W>(p.r + b + k * W, r);
        }
    return {squares.total(), sum.total()};
}

// gW1(j + i) += sum_b delta_b X(b, j + i) for i < J (J independent chains); gW1 is column u of grad_W1
template <int W, int J>
[[gnu::always_inline]] inline void input_weight_gradients(const Pass& p, const double* delta, Index j, double* gW1) {
    Partial<W> s[J];
    for (Index b = 0; b < p.points; b += chunk)
        for (int k = 0; k < Partial<W>::K; ++k) {
            const lanes::Value<W> d = at<W>(delta + b + k * W);
            for (int i = 0; i < J; ++i) s[i].s[k] = s[i].s[k] + d * at<W>(p.X + (j + i) * p.points + b + k * W);
        }
    for (int i = 0; i < J; ++i) gW1[(j + i) * p.H] += s[i].total();
}

template <int W, Activation act>
[[gnu::always_inline]] inline lanes::Value<W> slope(lanes::Value<W> a) {
    if constexpr (act == Activation::Sigmoid) return a * (1.0 - a);
    if constexpr (act == Activation::Tanh) return 1.0 - a * a;
    if constexpr (act == Activation::Relu) return a > 0.0 ? 1.0 + lanes::Value<W>{} : lanes::Value<W>{};
}

// grad_w2(u) += sum_b a(b, u) r_b; delta(b, u) = w2_u r_b phi'(b, u) (over a), grad_b1(u) += sum_b delta;
// then grad_W1(u, j) += sum_b delta(b, u) X(b, j)
template <int W, Activation act>
[[gnu::always_inline]] inline void hidden_gradient(const Pass& p, double* gW1, double* gb1, double* gw2) {
    for (Index u = 0; u < p.H; ++u) {
        double* units = p.units + u * p.points;
        Partial<W> sw, sb;
        for (Index b = 0; b < p.points; b += chunk)
            for (int k = 0; k < Partial<W>::K; ++k) {
                const lanes::Value<W> a = at<W>(units + b + k * W), r = at<W>(p.r + b + k * W);
                sw.s[k] = sw.s[k] + a * r;
                const lanes::Value<W> delta = p.w2[u] * r * slope<W, act>(a);
                sb.s[k] = sb.s[k] + delta;
                lanes::store<W>(units + b + k * W, delta);
            }
        gw2[u] += sw.total();
        gb1[u] += sb.total();
        Index j = 0;
        for (; j + 3 <= p.D; j += 3) input_weight_gradients<W, 3>(p, units, j, gW1 + u);
        for (; j < p.D; ++j) input_weight_gradients<W, 1>(p, units, j, gW1 + u);
    }
}

struct Gradient {
    double* W1;  // grad's parts
    double *b1, *w2, *b2;
};

// The whole pass; returns sum_b e_b^2.
template <int W>
[[gnu::always_inline]] inline double gradient(const Pass& p, const double* y, double b2, Index n, double weight,
                                              const Gradient& g) {
    hidden_inputs<W>(p);
    // the activations: vector_math's kernels, which take the same path (ForcedLanes included)
    if (p.activation == Activation::Tanh) simd::tanh_in_place(p.units, p.points * p.H);
    if (p.activation == Activation::Sigmoid) simd::logistic_in_place(p.units, p.points * p.H);
    if (p.activation == Activation::Relu)
        for (Index i = 0; i < p.points * p.H; ++i) p.units[i] = p.units[i] > 0 ? p.units[i] : 0.0;
    residuals<W>(p, y, b2);
    for (Index b = n; b < p.points; ++b) p.r[b] = 0;  // the padding points have no residual
    const auto [squares, sum] = scale_residuals<W>(p, weight);
    *g.b2 += sum;
    if (p.activation == Activation::Tanh) hidden_gradient<W, Activation::Tanh>(p, g.W1, g.b1, g.w2);
    if (p.activation == Activation::Sigmoid) hidden_gradient<W, Activation::Sigmoid>(p, g.W1, g.b1, g.w2);
    if (p.activation == Activation::Relu) hidden_gradient<W, Activation::Relu>(p, g.W1, g.b1, g.w2);
    return squares;
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx512f"))) double gradient_avx512(const Pass& p, const double* y, double b2, Index n,
                                                         double weight, const Gradient& g) {
    return gradient<8>(p, y, b2, n, weight, g);
}

__attribute__((target("avx2"))) double gradient_avx2(const Pass& p, const double* y, double b2, Index n, double weight,
                                                     const Gradient& g) {
    return gradient<4>(p, y, b2, n, weight, g);
}
#endif

}  // namespace

void PointsMajor::assign(const MatrixXd& Xt, const VectorXd& values) {
    n = Xt.cols();
    X.setZero(padded(n), Xt.rows());
    X.topRows(n) = Xt.transpose();
    y.setZero(X.rows());
    y.head(n) = values;
}

void PointsMajor::assign(const MatrixXd& Xt, const VectorXd& values, const std::vector<int>& rows) {
    n = static_cast<Index>(rows.size());
    X.setZero(padded(n), Xt.rows());
    y.setZero(X.rows());
    for (Index b = 0; b < n; ++b) {
        const Index row = rows[static_cast<std::size_t>(b)];
        X.row(b) = Xt.col(row).transpose();
        y[b] = values[row];
    }
}

double OneHiddenLayerGradient::operator()(const Network& net, const VectorXd& theta, const PointsMajor& data,
                                          double weight, VectorXd& grad) {
    if (net.layers().size() != 2) throw std::invalid_argument("OneHiddenLayerGradient: the network has not one hidden layer");
    const Network::Layer &hidden = net.layers()[0], &out = net.layers()[1];
    const Index points = data.X.rows();
    units_.resize(points * hidden.out);
    r_.resize(points);
    const Pass p{points, hidden.in, hidden.out, data.X.data(), theta.data() + hidden.w_offset,
                 theta.data() + hidden.b_offset, theta.data() + out.w_offset, units_.data(), r_.data(), net.activation()};
    const double b2 = theta[out.b_offset];
    const Gradient g{grad.data() + hidden.w_offset, grad.data() + hidden.b_offset, grad.data() + out.w_offset,
                     grad.data() + out.b_offset};
    const int widest = simd::lanes_in_use();
#if defined(__x86_64__) || defined(__i386__)
    if (widest >= 8) return gradient_avx512(p, data.y.data(), b2, data.n, weight, g);
    if (widest >= 4) return gradient_avx2(p, data.y.data(), b2, data.n, weight, g);
#endif
    if (widest >= 2) return gradient<2>(p, data.y.data(), b2, data.n, weight, g);
    return gradient<1>(p, data.y.data(), b2, data.n, weight, g);
}

}  // namespace bobench::bnn
