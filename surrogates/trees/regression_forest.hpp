#pragma once
// Random forest regression with a predictive variance, as RoBO's `rf` model uses it
// (pyrfr `binary_rss_forest`, automl/random_forest_run, with RoBO's settings in robo/models/random_forest.py).
//
// Recipe (pyrfr defaults, as RoBO configures them):
//  - each tree sees a bootstrap sample of N draws with replacement, kept as per-point
//    frequency weights (points drawn 0 times are not in the tree);
//  - binary splits on one feature minimising the weighted residual sum of squares; every
//    feature is tried at every split unless max_features limits it;
//  - the split value is drawn uniformly between the two adjacent sorted feature values
//    that separate the children; points with x[f] <= split go left;
//  - a node is split while it holds >= 2 distinct points, total weight >= 2, its
//    responses span more than epsilon_purity and depth allows; both children need
//    >= 1 point and weight >= 1; depth is unlimited by default;
//  - a leaf stores the weighted mean and the unbiased frequency-weighted variance of its
//    responses (0 when its total weight is <= 1).
// predict() combines the trees by the law of total variance:
//    mean = average of leaf means,
//    var  = max(0, sample variance (n - 1) of leaf means + average of leaf variances).
//
// Not copied from pyrfr: differences that do not change the model's distribution are
// that the split value is drawn once for the winning split (pyrfr draws one per
// improvement), ties keep the first feature tried and the lowest position, and only
// exactly equal feature values are merged (pyrfr merges values closer than 1e-6).
#include <vector>

#include <Eigen/Core>

#include "core/rng.hpp"
#include "surrogates/model.hpp"
#include "surrogates/trees/tree_traversal.hpp"

namespace bobench::surrogates {

struct RegressionForestOptions {
    int num_trees = 30;             // RoBO's choice
    bool bootstrap = true;          // false: every tree sees every point with weight 1
    int max_features = 0;           // features tried per split; 0 (or >= D) means all
    int min_samples_split = 2;      // distinct points a node needs to be split
    double min_weight_split = 2.0;  // total weight a node needs to be split
    int min_samples_leaf = 1;       // distinct points each child needs
    double min_weight_leaf = 1.0;   // total weight each child needs
    int max_depth = 0;              // 0 means unlimited; the root has depth 0
    double epsilon_purity = 1e-10;  // a node whose responses span (max - min) no more
                                    // than this is a leaf
};

class RegressionForest final : public RegressionModel {
public:
    explicit RegressionForest(RegressionForestOptions options = {});

    // Draws one bootstrap sample per tree (all trees' weights first, in tree order), then
    // grows the trees in order. Throws UserError on empty, mismatched or non-finite data.
    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) override;

    // Grows one tree per entry of `tree_weights` (frequency weights, one per row of X;
    // each tree needs at least one positive weight). fit() is this with bootstrap counts;
    // it is public so callers and tests can choose the samples. rng is used only for the
    // split values and feature subsets.
    void fit_weighted(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                      const std::vector<Eigen::VectorXi>& tree_weights, Rng& rng);

    // Mean and law-of-total-variance variance at x (x.size() == D, finite). No allocation.
    Prediction predict(const Eigen::VectorXd& x) const override;

    // Row-wise predict for many candidates; mean and var are resized to X.rows(). Results
    // are bit-identical to the single-point predict. Allocates one scratch vector per call.
    void predict(const Eigen::MatrixXd& X, Eigen::VectorXd& mean, Eigen::VectorXd& var) const;

    // Leaf mean and leaf variance of one tree at x (for inspection and tests).
    Prediction tree_leaf(int tree, const Eigen::VectorXd& x) const;

    // N bootstrap draws with replacement from N points, as counts per point.
    static Eigen::VectorXi draw_bootstrap_weights(Eigen::Index n, Rng& rng);

    bool fitted() const { return !forest_.roots.empty(); }
    int num_trees() const { return static_cast<int>(forest_.roots.size()); }
    int num_features() const { return dim_; }
    int num_nodes(int tree) const;
    const RegressionForestOptions& options() const { return options_; }

private:
    struct Workspace;  // scratch arrays for growing trees (defined in the .cpp)
    struct Forest {
        std::vector<detail::TreeNode> nodes;  // all trees, one after the other
        std::vector<double> leaf_mean;        // by node index (meaningful at leaves)
        std::vector<double> leaf_var;
        std::vector<int> roots;               // index of each tree's root in nodes
    };

    void grow_tree(Workspace& ws, const Eigen::VectorXi& weights, Rng& rng,
                   Forest& forest) const;
    void check_fitted(const char* who) const;
    int find_leaf(int tree, const double* x, Eigen::Index stride) const {
        return detail::find_leaf(forest_.nodes.data(), forest_.roots[tree], x, stride);
    }

    RegressionForestOptions options_;
    Forest forest_;
    int dim_ = 0;
};

}  // namespace bobench::surrogates
