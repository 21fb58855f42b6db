#pragma once
// A dense regression MLP evaluated for a *given* flat parameter vector: the likelihood
// that samplers (NUTS, SGHMC) move through, the feature map of DNGO, IVBNN's main network
// and critic.
//
//   f(x; theta) = w_L^T phi(... phi(W_1 x + b_1) ...) + b_L     (one linear output)
//
// Layout of theta (the same as surrogates/mlp's classifier): layer by layer, W_l
// column-major (out x in), then b_l. The classifier in surrogates/mlp owns its parameters
// and evaluates one point at a time with fresh buffers; a sampler instead evaluates
// thousands of parameter vectors on the same N points, so this class works on a whole
// batch (points as columns: matrix-matrix products) and keeps its buffers between calls:
// after the first call at a given batch size, forward/backward allocate nothing. Hence a
// Network object is not for concurrent use; every model owns its own.
#include <string>
#include <vector>

#include <Eigen/Core>

namespace bobench::bnn {

enum class Activation { Tanh, Sigmoid, Relu };
// "tanh" | "sigmoid" | "relu"; UserError naming the accepted values otherwise.
Activation parse_activation(const std::string& name);
std::string activation_name(Activation a);

class Network {
public:
    struct Layer {
        Eigen::Index in, out, w_offset, b_offset;
    };

    // UserError when input_dim < 1 or a width < 1 (names the culprit).
    Network(int input_dim, std::vector<int> hidden, Activation activation);

    Eigen::Index parameter_count() const { return parameter_count_; }
    int input_dim() const { return input_dim_; }
    const std::vector<Layer>& layers() const { return layers_; }
    Activation activation() const { return activation_; }
    // Width of the last hidden layer (the features of DNGO / ELM), input_dim without hidden layers.
    Eigen::Index feature_count() const { return layers_.back().in; }

    // Outputs for the points in the columns of Xt (D x B). The activations are kept for
    // backward().
    const Eigen::VectorXd& forward(const Eigen::VectorXd& theta, const Eigen::MatrixXd& Xt);
    // After forward(theta, Xt): grad += sum_b r_b d f(x_b)/d theta (grad sized P); when
    // input_gradient is non-null, its column b is set to r_b d f(x_b)/d x (D x B; the
    // critic of surrogates/ivbnn/ differentiates its logit with respect to its input).
    void backward(const Eigen::VectorXd& theta, const Eigen::VectorXd& r, Eigen::VectorXd& grad,
                  Eigen::MatrixXd* input_gradient = nullptr);
    // Last hidden layer's activations (features x B) of the last forward().
    const Eigen::MatrixXd& features() const { return activations_.back(); }

    // One point (const; a few width-sized buffers per call): f(x) and, when dx is
    // non-null, d f / d x.
    double value(const Eigen::Ref<const Eigen::VectorXd>& theta, const Eigen::VectorXd& x, Eigen::VectorXd* dx = nullptr) const;
    // value(theta, column p of Xt) for every column p of Xt (D x points) into out, bit for bit;
    // the layers' products take all the points at once (a few width x points buffers a call).
    void values_at(const Eigen::Ref<const Eigen::VectorXd>& theta, const Eigen::MatrixXd& Xt,
                   Eigen::VectorXd& out) const;
    // Features phi(x) (last hidden activations) at one point; when V (features x k) and G
    // are given, also G = (d phi / d x)^T V (D x k), by back-propagating V's columns.
    Eigen::VectorXd features_at(const Eigen::Ref<const Eigen::VectorXd>& theta, const Eigen::VectorXd& x,
                                const Eigen::MatrixXd* V = nullptr, Eigen::MatrixXd* G = nullptr) const;

private:
    int input_dim_;
    Activation activation_;
    std::vector<Layer> layers_;
    Eigen::Index parameter_count_ = 0;
    // Workspace: activations_[l] is the input of layer l+1 (hidden layers only);
    // deltas_ the back-propagated errors.
    std::vector<Eigen::MatrixXd> activations_, deltas_;
    Eigen::MatrixXd transposed_;  // a layer's W^T during backward()
    Eigen::VectorXd output_;
    const Eigen::MatrixXd* input_ = nullptr;  // the Xt of the last forward()
};

}  // namespace bobench::bnn
