#pragma once
// A random sum-product network over (x, y) in the style of RAT-SPN (Peharz et al., "Random
// Sum-Product Networks: A Simple and Effective Approach to Probabilistic Deep Learning",
// UAI 2019): `repetitions` random region graphs, each splitting the variables into two
// random halves recursively `depth` times (or down to single variables); a leaf region
// holds `leaves` Gaussians over its variables, an inner region `sums` sum nodes over all
// products of its two children's nodes, and one root sum mixes the products of every
// repetition's top split. The network is complete and decomposable, so it is a normalised
// density and every marginal is one upward pass with the marginalised variables integrated
// out of the leaves.
//
// Leaves are Gaussians with a full covariance over their region's variables (multivariate
// Gaussian leaves, as SPFlow's MultivariateGaussian and Peharz et al.'s RAT-SPN offer
// besides factorised ones) or, with full_covariance = false, factorised ones. A full
// leaf that holds y and some inputs x_R makes y's conditional inside the leaf linear in
// x_R (Gaussian conditioning, as in gaussian_mixture.hpp); a factorised one leaves y's
// mean constant, so the conditional mean would depend on x only through the weights.
//
// Fitting is EM (Peharz, Gens, Pernkopf & Domingos, "On the Latent Variable Interpretation
// of Sum-Product Networks", TPAMI 2017): the E-step is one upward and one downward pass per
// row, the flows (posterior probabilities of each node being in the row's induced tree)
// give the sum weights' expected counts and the leaves' responsibilities. A Dirichlet
// pseudo-count on the weights and, on every leaf covariance S, the penalty
// -1/2 tr(Lambda S^-1) - 1/2 log|S| (gaussian_mixture.hpp's, Lambda = diag of r plus the
// data's variance / leaves^(2/|R|)) keep covariances positive definite and give the
// M-step S = (scatter + Lambda) / (n_l + 1); EM is a monotone ascent of log-likelihood +
// penalty.
//
// p(y | x): y lies in one leaf region per repetition and the network is linear in each of
// its leaves, so p(x, y) = sum_l c_l(x) N(x_R; mu_l,x, S_l,xx) N(y; m_l(x_R), v_l) over the
// leaves l of those regions (N(x_R ...) = 1 when the region is y alone), with c_l(x) N(...)
// / p(x) the flow of leaf l when y is marginalised: the conditional is a Gaussian mixture
// with one component per such leaf, m_l(x_R) = m_l + b_l^T (x_R - mu_l,x).
#include <vector>

#include "surrogates/mixtures/mixture_regression.hpp"

namespace bobench::surrogates::mixtures {

struct SpnOptions {
    int repetitions = 4;
    int depth = 1;   // region splits below the root
    int leaves = 3;  // Gaussians per leaf region
    int sums = 3;    // sum nodes per inner region
    bool full_covariance = true;  // leaves: full covariance over their region, or factorised
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
        int first, count;  // leaf: its index in leaves_ and variable count; product and sum: children in child_
    };
    // A Gaussian over the variables `vars` of its region, with what the passes need cached.
    struct Leaf {
        std::vector<int> vars;
        Eigen::VectorXd mean;
        Eigen::MatrixXd cov, scale;  // scale: the penalty's Lambda (diagonal)
        Eigen::MatrixXd inv_chol;    // L^-1 of cov = L L^T
        double log_norm = 0.0;       // -log((2 pi)^(k/2) |cov|^(1/2))
        // with y marginalised (leaves holding y, y last in vars): the inputs' Gaussian and
        // y's regression on them
        bool holds_y = false;
        Eigen::MatrixXd inv_chol_x;
        double log_norm_x = 0.0;
        Eigen::VectorXd regression;
        double conditional_var = 0.0;

        void prepare();  // the caches, from mean and cov
        double log_value(const double* z, bool marginalise_y) const;
    };

    SumProductNetwork() = default;
    int add(Kind kind, int first, int count);
    std::vector<int> build_region(std::vector<int> vars, int depth, bool top, const SpnOptions& o, Rng& rng);
    void initialise(const Eigen::MatrixXd& Z, const SpnOptions& o, Rng& rng);
    // Upward pass: log value of every node (y integrated out of the leaves when
    // marginalise_last) and, in share_, each sum child's share of its parent's value.
    void upward(const double* z, bool marginalise_last, std::vector<double>& value) const;
    // Downward pass after `upward`: flow of every node (root 1); when edge_flow is given,
    // adds each sum edge's flow to it (EM's expected counts).
    void downward(std::vector<double>& flow, std::vector<double>* edge_flow = nullptr) const;
    double penalty(const SpnOptions& o) const;

    int variables_ = 0;
    std::vector<Node> nodes_;    // children before parents, the root last
    std::vector<int> child_;     // children of products and sums
    std::vector<double> log_w_;  // per entry of child_: the sum weight (0 under a product)
    std::vector<Leaf> leaves_;
    std::vector<double> trace_;
    mutable std::vector<double> value_, flow_, share_;  // pass scratch
};

struct SpnRegressionOptions {
    int max_leaves = 4;         // leaves = sums = max_leaves (at most the rows), or by cross-validation:
    bool leaves_by_cv = false;  // 1 .. max_leaves by cross-validated log-likelihood (the thesis' rule)
    SpnOptions spn;             // leaves and sums are set by the regression
};

// As GaussianMixtureRegression: the largest size by default, because cross-validated
// log-likelihood mostly picks 1-2 leaves at N <= 40 and BO with them is no better than
// random search (README).
class SumProductNetworkRegression final : public SizedMixtureRegression {
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
