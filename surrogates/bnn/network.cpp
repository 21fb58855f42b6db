#include "surrogates/bnn/network.hpp"

#include "core/error.hpp"
#include "surrogates/simd/matrix_product.hpp"
#include "surrogates/simd/vector_math.hpp"

namespace bobench::bnn {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;
// the vectorised kernels of the layers (surrogates/simd/)
using simd::logistic_in_place;
using simd::MatrixProduct;
using simd::multiply;
using simd::tanh_in_place;

Activation parse_activation(const std::string& name) {
    if (name == "tanh") return Activation::Tanh;
    if (name == "sigmoid") return Activation::Sigmoid;
    if (name == "relu") return Activation::Relu;
    throw UserError("unknown activation '" + name + "'; expected one of tanh, sigmoid, relu");
}

std::string activation_name(Activation a) {
    switch (a) {
        case Activation::Tanh: return "tanh";
        case Activation::Sigmoid: return "sigmoid";
        case Activation::Relu: return "relu";
    }
    return "?";
}

namespace {

// phi applied in place to data[0, n) (tanh and the logistic function: vector_math.hpp).
void activate(Activation a, double* data, Index n) {
    switch (a) {
        case Activation::Tanh: tanh_in_place(data, n); break;
        case Activation::Sigmoid: logistic_in_place(data, n); break;
        case Activation::Relu: {
            Eigen::Map<Eigen::ArrayXd> z(data, n);
            z = z.max(0.0);
            break;
        }
    }
}

// phi'(z) written through a = phi(z), multiplied into d in place.
template <typename D1, typename D2>
void multiply_slope(Activation a, const Eigen::ArrayBase<D1>& act, Eigen::ArrayBase<D2>&& d) {
    switch (a) {
        case Activation::Tanh: d *= 1.0 - act.square(); break;
        case Activation::Sigmoid: d *= act * (1.0 - act); break;
        case Activation::Relu: d *= (act > 0.0).template cast<double>(); break;
    }
}

// out = phi(W in + b) for a hidden layer over `points` inputs (the columns of in, L.in rows
// each; out L.out x points). Every caller goes through here, so that a point's activations are
// the same bits whether it is alone or among others.
void hidden_layer(const Network::Layer& L, Activation activation, const double* theta, const double* in,
                  Index points, double* out) {
    multiply({.rows = L.out, .cols = points, .depth = L.in, .a = theta + L.w_offset, .a_col = L.out, .b = in,
              .b_row = 1, .b_col = L.in, .c = out, .c_col = L.out, .start = MatrixProduct::Start::Bias,
              .bias = theta + L.b_offset});
    activate(activation, out, L.out * points);
}

}  // namespace

Network::Network(int input_dim, std::vector<int> hidden, Activation activation)
    : input_dim_(input_dim), activation_(activation) {
    if (input_dim < 1) throw UserError("Bayesian network: input dimension " + std::to_string(input_dim) + " must be >= 1");
    Index in = input_dim, offset = 0;
    hidden.push_back(1);  // the linear output
    for (std::size_t l = 0; l < hidden.size(); ++l) {
        if (hidden[l] < 1)
            throw UserError("Bayesian network: hidden layer " + std::to_string(l + 1) + " has " +
                            std::to_string(hidden[l]) + " units; need at least 1");
        const Index out = hidden[l];
        layers_.push_back({in, out, offset, offset + in * out});
        offset += in * out + out;
        in = out;
    }
    parameter_count_ = offset;
    activations_.resize(layers_.size() - 1);
    deltas_.resize(layers_.size() - 1);
}

const VectorXd& Network::forward(const VectorXd& theta, const MatrixXd& Xt) {
    const Index B = Xt.cols();
    const MatrixXd* in = &Xt;
    for (std::size_t l = 0; l + 1 < layers_.size(); ++l) {
        const Layer& L = layers_[l];
        MatrixXd& A = activations_[l];
        A.resize(L.out, B);
        hidden_layer(L, activation_, theta.data(), in->data(), B, A.data());
        in = &A;
    }
    // the linear output: f_b = b_L + w_L . a_b (one row: the scalar path)
    const Layer& L = layers_.back();
    output_.resize(B);
    multiply({.rows = 1, .cols = B, .depth = L.in, .a = theta.data() + L.w_offset, .a_col = 1, .b = in->data(),
              .b_row = 1, .b_col = L.in, .c = output_.data(), .c_col = 1, .start = MatrixProduct::Start::Bias,
              .bias = theta.data() + L.b_offset});
    input_ = &Xt;
    return output_;
}

namespace {

// grad_W += D in^T and grad_b += D 1 for a layer with deltas D (out x B) and inputs in (in x B).
void add_layer_gradient(const Network::Layer& L, const double* D, Index B, const MatrixXd& in, VectorXd& grad) {
    static const double one = 1.0;
    multiply({.rows = L.out, .cols = L.in, .depth = B, .a = D, .a_col = L.out, .b = in.data(),
              .b_row = L.in, .b_col = 1, .c = grad.data() + L.w_offset, .c_col = L.out,
              .start = MatrixProduct::Start::Accumulate});
    multiply({.rows = L.out, .cols = 1, .depth = B, .a = D, .a_col = L.out, .b = &one, .b_row = 0,
              .b_col = 0, .c = grad.data() + L.b_offset, .c_col = L.out, .start = MatrixProduct::Start::Accumulate});
}

}  // namespace

void Network::backward(const VectorXd& theta, const VectorXd& r, VectorXd& grad, MatrixXd* input_gradient) {
    const std::size_t hidden = layers_.size() - 1;
    const Layer& out = layers_.back();
    const MatrixXd& last = hidden ? activations_.back() : *input_;
    // the output layer: its "deltas" are r itself (one row)
    add_layer_gradient(out, r.data(), r.size(), last, grad);
    if (hidden == 0) {
        if (input_gradient) *input_gradient = Eigen::Map<const VectorXd>(theta.data() + out.w_offset, out.in) * r.transpose();
        return;
    }
    // delta of the last hidden layer: w_L r^T, times phi'
    const Eigen::Map<const VectorXd> w(theta.data() + out.w_offset, out.in);
    MatrixXd& top = deltas_[hidden - 1];
    top.resize(out.in, r.size());
    top.noalias() = w * r.transpose();  // one product per entry: no summation order
    for (std::size_t l = hidden; l-- > 0;) {
        const Layer& L = layers_[l];
        MatrixXd& D = deltas_[l];
        multiply_slope(activation_, activations_[l].array(), D.array());
        const MatrixXd& in = l ? activations_[l - 1] : *input_;
        add_layer_gradient(L, D.data(), D.cols(), in, grad);
        if (l > 0 || input_gradient) {
            // W^T D (the deltas below, or the input gradient), with W^T copied so that its
            // columns are contiguous for the lanes
            const Eigen::Map<const MatrixXd> W(theta.data() + L.w_offset, L.out, L.in);
            transposed_ = W.transpose();
            MatrixXd& below = l > 0 ? deltas_[l - 1] : *input_gradient;
            below.resize(L.in, D.cols());
            multiply({.rows = L.in, .cols = D.cols(), .depth = L.out, .a = transposed_.data(), .a_col = L.in,
                      .b = D.data(), .b_row = 1, .b_col = L.out, .c = below.data(), .c_col = L.in,
                      .start = MatrixProduct::Start::FirstTerm});
        }
    }
}

VectorXd Network::features_at(const Eigen::Ref<const VectorXd>& theta, const VectorXd& x, const MatrixXd* V, MatrixXd* G) const {
    const std::size_t hidden = layers_.size() - 1;
    std::vector<VectorXd> a(hidden + 1);
    a[0] = x;
    for (std::size_t l = 0; l < hidden; ++l) {
        const Layer& L = layers_[l];
        a[l + 1].resize(L.out);
        hidden_layer(L, activation_, theta.data(), a[l].data(), 1, a[l + 1].data());
    }
    if (V && G) {
        MatrixXd g = *V;
        for (std::size_t l = hidden; l-- > 0;) {
            const Layer& L = layers_[l];
            const Eigen::Map<const MatrixXd> W(theta.data() + L.w_offset, L.out, L.in);
            for (Eigen::Index k = 0; k < g.cols(); ++k) multiply_slope(activation_, a[l + 1].array(), g.col(k).array());
            g = W.transpose() * g;
        }
        *G = std::move(g);
    }
    return std::move(a.back());
}

double Network::value(const Eigen::Ref<const VectorXd>& theta, const VectorXd& x, VectorXd* dx) const {
    const Layer& L = layers_.back();
    const Eigen::Map<const VectorXd> w(theta.data() + L.w_offset, L.in);
    if (!dx) return features_at(theta, x).dot(w) + theta[L.b_offset];
    const MatrixXd V = w;
    MatrixXd G;
    const VectorXd phi = features_at(theta, x, &V, &G);
    *dx = G.col(0);
    return phi.dot(w) + theta[L.b_offset];
}

void Network::values_at(const Eigen::Ref<const VectorXd>& theta, const MatrixXd& Xt, VectorXd& out) const {
    const std::size_t hidden = layers_.size() - 1;
    const Index points = Xt.cols();
    MatrixXd buffers[2];
    const MatrixXd* in = &Xt;
    for (std::size_t l = 0; l < hidden; ++l) {
        const Layer& L = layers_[l];
        MatrixXd& A = buffers[l % 2];
        A.resize(L.out, points);
        hidden_layer(L, activation_, theta.data(), in->data(), points, A.data());
        in = &A;
    }
    const Layer& L = layers_.back();
    const Eigen::Map<const VectorXd> w(theta.data() + L.w_offset, L.in);
    out.resize(points);
    VectorXd phi(L.in);
    for (Index p = 0; p < points; ++p) {
        phi = in->col(p);  // a vector of its own, as value()'s, so that the dot product sums alike
        out[p] = phi.dot(w) + theta[L.b_offset];
    }
}

}  // namespace bobench::bnn
