#pragma once
// A random sum-product network over (x, y) in the style of RAT-SPN (Peharz et al., "Random
// Sum-Product Networks: A Simple and Effective Approach to Probabilistic Deep Learning",
// UAI 2019): `repetitions` random region graphs, each splitting the variables into two
// random halves recursively `depth` times (or down to single variables); a leaf region
// holds `leaves` factorised Gaussians over its variables, an inner region `sums` sum nodes
// over all products of its two children's nodes, and one root sum mixes the products of
// every repetition's top split. The network is complete and decomposable, so it is a
// normalised density and every marginal is one upward pass with the marginalised leaf
// factors set to 1.
//
// Fitting is EM (Peharz, Gens, Pernkopf & Domingos, "On the Latent Variable Interpretation
// of Sum-Product Networks", TPAMI 2017): the E-step is one upward and one downward pass per
// row, the flows (posterior probabilities of each node being in the row's induced tree)
// give the sum weights' expected counts and the leaves' responsibilities. A Dirichlet
// pseudo-count on the weights and the penalty -r/(2 v) - 1/2 log v on every leaf variance
// (the univariate form of gaussian_mixture.hpp's) keep variances > 0; EM is a monotone
// ascent of log-likelihood + penalty.
//
// p(y | x): y's leaf factors sit in one leaf region per repetition and the network is
// linear in each of them, so p(x, y) = sum_l c_l(x) N(y; m_l, v_l) over the leaves l of
// those regions, with c_l(x) / p(x) the flow of leaf l when y is marginalised: the
// conditional is a Gaussian mixture with one component per such leaf.
#include <vector>

#include "surrogates/mixtures/mixture_regression.hpp"

namespace bobench::surrogates::mixtures {

struct SpnOptions {
    int repetitions = 4;
    int depth = 2;   // region splits below the root
    int leaves = 3;  // Gaussians per leaf region
    int sums = 3;    // sum nodes per inner region
    int max_iterations = 50;
    double tolerance = 1e-4;      // stop when an iteration gains less than tolerance * N
    double reg_var = 1e-3;        // r above
    double weight_prior = 1e-2;   // Dirichlet pseudo-count per sum weight
};

class SumProductNetwork final : public JointDensity {
public:
    // Draws the random structure and fits it by EM. Throws UserError for no rows,
    // non-finite data or options out of range.
    static SumProductNetwork fit(const Eigen::MatrixXd& Z, const SpnOptions& options, Rng& rng);

    double log_density(const Eigen::VectorXd& z) const override;
    double conditional(const Eigen::VectorXd& x, Components& out) const override;

    // Log-likelihood + penalty of the parameters before each M-step (non-decreasing).
    const std::vector<double>& objective_trace() const { return trace_; }
    std::size_t nodes() const { return nodes_.size(); }

private:
    enum class Kind { Leaf, Product, Sum };
    struct Node {
        Kind kind;
        int first, count;  // leaf: its variables in leaf_var_; product and sum: children in child_
    };

    SumProductNetwork() = default;
    int add(Kind kind, int first, int count);
    std::vector<int> build_region(std::vector<int> vars, int depth, bool top, const SpnOptions& o, Rng& rng);
    void initialise(const Eigen::MatrixXd& Z, Rng& rng);
    // Upward pass: log value of every node (the last variable's factors are 1 when
    // marginalise_last) and, in share_, each sum child's share of its parent's value.
    void upward(const double* z, bool marginalise_last, std::vector<double>& value) const;
    // Downward pass after `upward`: flow of every node (root 1); when edge_flow is given,
    // adds each sum edge's flow to it (EM's expected counts).
    void downward(std::vector<double>& flow, std::vector<double>* edge_flow = nullptr) const;
    double penalty(const SpnOptions& o) const;

    int variables_ = 0;
    std::vector<Node> nodes_;      // children before parents, the root last
    std::vector<int> child_;       // children of products and sums
    std::vector<double> log_w_;    // per entry of child_: the sum weight (0 under a product)
    std::vector<int> leaf_var_;    // per leaf factor: its variable
    std::vector<double> mean_, var_;  // per leaf factor
    std::vector<double> trace_;
    mutable std::vector<double> value_, flow_, share_;  // pass scratch
};

struct SpnRegressionOptions {
    int max_leaves = 4;  // candidates: leaves = sums = 1 .. max_leaves (at most the rows)
    SpnOptions spn;      // leaves and sums are set by cross-validation
};

class SumProductNetworkRegression final : public MixtureRegression {
public:
    SumProductNetworkRegression(const MixtureRegressionOptions& options, const SpnRegressionOptions& spn);
    int leaves() const { return static_cast<int>(chosen_candidate()) + 1; }

protected:
    std::size_t candidates(std::size_t n) const override;
    std::unique_ptr<JointDensity> fit_candidate(std::size_t c, const Eigen::MatrixXd& Z, Rng& rng) const override;

private:
    SpnRegressionOptions spn_;
};

}  // namespace bobench::surrogates::mixtures
