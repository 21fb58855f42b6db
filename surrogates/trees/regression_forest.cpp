#include "surrogates/trees/regression_forest.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/trees/bootstrap.hpp"
#include "surrogates/trees/input_checks.hpp"

namespace bobench::surrogates {

namespace {

constexpr const char* kWho = "RegressionForest";

}  // namespace

// Scratch space reused by every tree of one fit. Growing a tree costs O(D n) per node:
// each feature keeps the node's points in sorted order (`order`), so a split scan is one
// pass and a split is a stable partition of every feature's segment.
struct RegressionForest::Workspace {
    const Eigen::MatrixXd& X;
    const Eigen::VectorXd& y;
    Eigen::Index n_rows;
    int dim;
    std::vector<int> presorted;  // dim blocks of n_rows indices, each sorted by its feature
    std::vector<int> order;      // dim blocks of m indices: this tree's points per feature
    std::vector<int> scratch;    // right-hand points during a partition
    std::vector<char> goes_left;
    std::vector<int> features;   // feature indices, shuffled when max_features < dim
    struct Pending {
        int begin, end, depth, node;
    };
    std::vector<Pending> stack;

    Workspace(const Eigen::MatrixXd& X_, const Eigen::VectorXd& y_)
        : X(X_), y(y_), n_rows(X_.rows()), dim(static_cast<int>(X_.cols())) {
        presorted.resize(static_cast<std::size_t>(n_rows) * dim);
        for (int f = 0; f < dim; ++f) {
            int* block = presorted.data() + static_cast<std::size_t>(f) * n_rows;
            std::iota(block, block + n_rows, 0);
            const double* col = X.col(f).data();
            std::stable_sort(block, block + n_rows,
                             [col](int a, int b) { return col[a] < col[b]; });
        }
        order.resize(presorted.size());
        scratch.resize(n_rows);
        goes_left.resize(n_rows);
        features.resize(dim);
        std::iota(features.begin(), features.end(), 0);
    }

    // The tree being grown: its weights and its m points (positive weight), per feature in
    // sorted order.
    const int* w = nullptr;
    int m = 0;
    int* segment(int f) { return order.data() + static_cast<std::size_t>(f) * m; }

    void start_tree(const Eigen::VectorXi& weights) {
        w = weights.data();
        m = 0;
        for (Eigen::Index i = 0; i < n_rows; ++i) m += (w[i] > 0);
        for (int f = 0; f < dim; ++f) {
            const int* src = presorted.data() + static_cast<std::size_t>(f) * n_rows;
            int* dst = segment(f);
            for (Eigen::Index k = 0; k < n_rows; ++k)
                if (w[src[k]] > 0) *dst++ = src[k];
        }
    }

    // Weighted sums of a node's responses, centred on its mean (centred sums keep the RSS
    // differences accurate when |mean| >> spread).
    struct NodeSums {
        double total_w = 0.0, mean = 0.0, sum_c = 0.0, sum_c2 = 0.0, y_min = 0.0, y_max = 0.0;
    };
    NodeSums sums(const Pending& node) {
        const int n = node.end - node.begin;
        const int* pts = segment(0) + node.begin;
        const double* yv = y.data();
        NodeSums s;
        double sum_wy = 0.0;
        s.y_min = s.y_max = yv[pts[0]];
        for (int k = 0; k < n; ++k) {
            const int p = pts[k];
            s.total_w += w[p];
            sum_wy += w[p] * yv[p];
            s.y_min = std::min(s.y_min, yv[p]);
            s.y_max = std::max(s.y_max, yv[p]);
        }
        s.mean = sum_wy / s.total_w;
        for (int k = 0; k < n; ++k) {
            const double c = yv[pts[k]] - s.mean;
            s.sum_c += w[pts[k]] * c;
            s.sum_c2 += w[pts[k]] * c * c;
        }
        return s;
    }

    // The split of least RSS over n_try features (a random subset when n_try < dim): the
    // feature and the position of the last left point in its order; feature -1 if none.
    struct Split {
        int feature = -1, pos = -1;
    };
    Split best_split(const Pending& node, const NodeSums& s, int n_try, const RegressionForestOptions& o, Rng& rng) {
        const int n = node.end - node.begin;
        const double* yv = y.data();
        if (n_try < dim) {  // partial Fisher-Yates: the first n_try entries are the subset
            for (int i = 0; i < n_try; ++i) {
                boost::random::uniform_int_distribution<int> pick(i, dim - 1);
                std::swap(features[i], features[pick(rng)]);
            }
        }
        Split best;
        double best_loss = std::numeric_limits<double>::infinity();
        for (int fi = 0; fi < n_try; ++fi) {
            const int f = features[fi];
            const int* idx = segment(f) + node.begin;
            const double* col = X.col(f).data();
            double wl = 0.0, sl = 0.0;
            for (int k = 0; k + 1 < n; ++k) {
                const int p = idx[k];
                wl += w[p];
                sl += w[p] * (yv[p] - s.mean);
                if (!(col[idx[k + 1]] > col[p])) continue;  // equal values cannot be separated
                const int nl = k + 1, nr = n - nl;
                const double wr = s.total_w - wl;
                if (nl < o.min_samples_leaf || nr < o.min_samples_leaf || wl < o.min_weight_leaf ||
                    wr < o.min_weight_leaf)
                    continue;
                // RSS of the two children: sum_c2 - sl^2 / wl - sr^2 / wr.
                const double sr = s.sum_c - sl;
                const double loss = s.sum_c2 - (sl * sl / wl + sr * sr / wr);
                if (loss < best_loss) {
                    best_loss = loss;
                    best = {f, k};
                }
            }
        }
        return best;
    }

    // Unbiased variance with frequency weights (the sample of the tree's draws); 0 for a
    // single draw.
    double leaf_variance(const Pending& node, const NodeSums& s) {
        if (!(s.total_w > 1.0)) return 0.0;
        const int* pts = segment(0) + node.begin;
        double ss = 0.0;
        for (int k = 0; k < node.end - node.begin; ++k) {
            const double c = y[pts[k]] - s.mean;
            ss += w[pts[k]] * c * c;
        }
        return ss / (s.total_w - 1.0);
    }

    // Every feature's segment of the node reordered stably into left | right of the split.
    void partition(const Pending& node, const Split& split) {
        const int n = node.end - node.begin;
        const int* best_idx = segment(split.feature) + node.begin;
        for (int k = 0; k < n; ++k) goes_left[best_idx[k]] = (k <= split.pos);
        for (int f = 0; f < dim; ++f) {
            if (f == split.feature) continue;  // already ordered left | right
            int* idx = segment(f) + node.begin;
            int n_left = 0, n_right = 0;
            for (int k = 0; k < n; ++k) {
                const int p = idx[k];
                if (goes_left[p])
                    idx[n_left++] = p;
                else
                    scratch[n_right++] = p;
            }
            std::copy(scratch.begin(), scratch.begin() + n_right, idx + n_left);
        }
    }
};

RegressionForest::RegressionForest(RegressionForestOptions options) : options_(options) {
    const auto& o = options_;
    using detail::require_option;
    auto finite_non_negative = [](double v) { return v >= 0.0 && std::isfinite(v); };
    require_option(kWho, o.num_trees >= 1, "num_trees", std::to_string(o.num_trees), ">= 1");
    require_option(kWho, o.max_features >= 0, "max_features", std::to_string(o.max_features),
                   ">= 0 (0 means all features)");
    require_option(kWho, o.min_samples_split >= 2, "min_samples_split", std::to_string(o.min_samples_split), ">= 2");
    require_option(kWho, o.min_samples_leaf >= 1, "min_samples_leaf", std::to_string(o.min_samples_leaf), ">= 1");
    require_option(kWho, finite_non_negative(o.min_weight_split), "min_weight_split",
                   format_double(o.min_weight_split), "a finite number >= 0");
    require_option(kWho, finite_non_negative(o.min_weight_leaf), "min_weight_leaf", format_double(o.min_weight_leaf),
                   "a finite number >= 0");
    require_option(kWho, o.max_depth >= 0, "max_depth", std::to_string(o.max_depth), ">= 0 (0 means unlimited)");
    require_option(kWho, finite_non_negative(o.epsilon_purity), "epsilon_purity", format_double(o.epsilon_purity),
                   "a finite number >= 0");
}

Eigen::VectorXi RegressionForest::draw_bootstrap_weights(Eigen::Index n, Rng& rng) {
    return draw_bootstrap_counts(n, rng);
}

void RegressionForest::fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, Rng& rng) {
    detail::check_training_inputs(kWho, X, y.size(), "y");
    detail::check_finite(kWho, "y", y);
    std::vector<Eigen::VectorXi> weights;
    weights.reserve(options_.num_trees);
    for (int t = 0; t < options_.num_trees; ++t)
        weights.push_back(options_.bootstrap ? draw_bootstrap_weights(X.rows(), rng)
                                             : Eigen::VectorXi::Ones(X.rows()).eval());
    fit_weighted(X, y, weights, rng);
}

void RegressionForest::fit_weighted(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                    const std::vector<Eigen::VectorXi>& tree_weights,
                                    Rng& rng) {
    detail::check_training_inputs(kWho, X, y.size(), "y");
    detail::check_finite(kWho, "y", y);
    detail::require(kWho, !tree_weights.empty(), "no tree weights given; at least one tree is required");
    for (std::size_t t = 0; t < tree_weights.size(); ++t) {
        const Eigen::VectorXi& w = tree_weights[t];
        detail::require(kWho, w.size() == X.rows(),
                        "weights of tree " + std::to_string(t) + " have " + std::to_string(w.size()) +
                            " entries but X has " + std::to_string(X.rows()) + " rows; they must be equal");
        for (Eigen::Index i = 0; i < w.size(); ++i)
            detail::require(kWho, w[i] >= 0, "weight " + std::to_string(i) + " of tree " + std::to_string(t) +
                                                 " is " + std::to_string(w[i]) + "; weights must be >= 0");
        detail::require(kWho, w.maxCoeff() > 0, "all weights of tree " + std::to_string(t) +
                                                    " are 0; each tree needs at least one positive weight");
    }

    // Build into locals so a failure leaves the previous fit untouched.
    Workspace ws(X, y);
    Forest forest;
    forest.roots.reserve(tree_weights.size());
    for (const Eigen::VectorXi& w : tree_weights) {
        forest.roots.push_back(static_cast<int>(forest.nodes.size()));
        grow_tree(ws, w, rng, forest);
    }
    forest_ = std::move(forest);
    dim_ = static_cast<int>(X.cols());
}

void RegressionForest::grow_tree(Workspace& ws, const Eigen::VectorXi& weights, Rng& rng,
                                 Forest& forest) const {
    const int dim = ws.dim;
    ws.start_tree(weights);
    const int n_try = (options_.max_features == 0 || options_.max_features >= dim)
                          ? dim
                          : options_.max_features;

    // Every new node starts as a leaf pointing at itself; splitting overwrites it.
    auto add_node = [&forest]() {
        const int id = static_cast<int>(forest.nodes.size());
        forest.nodes.push_back(detail::leaf_node(id));
        forest.leaf_mean.push_back(0.0);
        forest.leaf_var.push_back(0.0);
        return id;
    };
    ws.stack.clear();
    ws.stack.push_back({0, ws.m, 0, add_node()});

    while (!ws.stack.empty()) {
        const Workspace::Pending node = ws.stack.back();
        ws.stack.pop_back();
        const Workspace::NodeSums sums = ws.sums(node);
        const bool splittable = node.end - node.begin >= options_.min_samples_split &&
                                sums.total_w >= options_.min_weight_split &&
                                (options_.max_depth == 0 || node.depth < options_.max_depth) &&
                                sums.y_max - sums.y_min > options_.epsilon_purity;
        const Workspace::Split best =
            splittable ? ws.best_split(node, sums, n_try, options_, rng) : Workspace::Split{};
        if (best.feature < 0) {
            forest.leaf_mean[node.node] = sums.mean;
            forest.leaf_var[node.node] = ws.leaf_variance(node, sums);
            continue;
        }

        const int* best_idx = ws.segment(best.feature) + node.begin;
        const double* best_col = ws.X.col(best.feature).data();
        const double lo = best_col[best_idx[best.pos]], hi = best_col[best_idx[best.pos + 1]];
        // Uniform in [lo, hi): lo goes left (x <= split), hi goes right.
        const double split = boost::random::uniform_real_distribution<double>(lo, hi)(rng);
        ws.partition(node, best);

        const int left = add_node();
        add_node();
        forest.nodes[node.node] = detail::TreeNode{best.feature, left, split};
        const int mid = node.begin + best.pos + 1;
        ws.stack.push_back({mid, node.end, node.depth + 1, left + 1});
        ws.stack.push_back({node.begin, mid, node.depth + 1, left});
    }
}

void RegressionForest::check_fitted(const char* who) const {
    if (!fitted())
        throw UserError(std::string(kWho) + "::" + who + " called before fit");
}

Prediction RegressionForest::predict(const Eigen::VectorXd& x) const {
    check_fitted("predict");
    detail::check_query_point(kWho, x, dim_);
    // Welford's running mean/variance of the leaf means: stable when |mean| >> spread.
    double mean = 0.0, m2 = 0.0, leaf_var_sum = 0.0;
    const int n_trees = num_trees();
    for (int t = 0; t < n_trees; ++t) {
        const int leaf = find_leaf(t, x.data(), 1);
        const double leaf_mean = forest_.leaf_mean[leaf];
        const double delta = leaf_mean - mean;
        mean += delta / (t + 1);
        m2 += delta * (leaf_mean - mean);
        leaf_var_sum += forest_.leaf_var[leaf];
    }
    const double var_of_means = n_trees > 1 ? m2 / (n_trees - 1) : 0.0;
    return {mean, std::max(0.0, var_of_means + leaf_var_sum / n_trees)};
}

void RegressionForest::predict(const Eigen::MatrixXd& X, Eigen::VectorXd& mean,
                               Eigen::VectorXd& var) const {
    check_fitted("predict");
    detail::check_query_matrix(kWho, X, dim_);
    const Eigen::Index m = X.rows();
    const int n_trees = num_trees();
    // Trees in the outer loop keep one tree's nodes in cache for all candidates, and blocks
    // of candidates walk it in lockstep. Per candidate, the arithmetic is the single-point
    // predict's, in the same order, so results are bit-identical. `mean` accumulates the
    // running mean, `var` the sum of squared deviations (Welford); the leaf-variance sums
    // need a third array, allocated once per call.
    mean.setZero(m);
    var.setZero(m);
    Eigen::VectorXd leaf_var_sum = Eigen::VectorXd::Zero(m);
    auto accumulate = [&](int t, Eigen::Index i, int leaf) {
        const double leaf_mean = forest_.leaf_mean[leaf];
        const double delta = leaf_mean - mean[i];
        mean[i] += delta / (t + 1);
        var[i] += delta * (leaf_mean - mean[i]);
        leaf_var_sum[i] += forest_.leaf_var[leaf];
    };
    constexpr int kBlock = 8;
    int leaves[kBlock];
    for (int t = 0; t < n_trees; ++t) {
        const int root = forest_.roots[t];
        Eigen::Index i = 0;
        for (; i + kBlock <= m; i += kBlock) {
            detail::find_leaves<kBlock>(forest_.nodes.data(), root, X.data(), m, i, leaves);
            for (int k = 0; k < kBlock; ++k) accumulate(t, i + k, leaves[k]);
        }
        for (; i < m; ++i) accumulate(t, i, find_leaf(t, X.data() + i, m));
    }
    for (Eigen::Index i = 0; i < m; ++i) {
        const double var_of_means = n_trees > 1 ? var[i] / (n_trees - 1) : 0.0;
        var[i] = std::max(0.0, var_of_means + leaf_var_sum[i] / n_trees);
    }
}

Prediction RegressionForest::tree_leaf(int tree, const Eigen::VectorXd& x) const {
    check_fitted("tree_leaf");
    detail::require(kWho, tree >= 0 && tree < num_trees(),
                    "tree index " + std::to_string(tree) + " is out of range; the forest has trees 0.." +
                        std::to_string(num_trees() - 1));
    detail::check_query_point(kWho, x, dim_);
    const int leaf = find_leaf(tree, x.data(), 1);
    return {forest_.leaf_mean[leaf], forest_.leaf_var[leaf]};
}

int RegressionForest::num_nodes(int tree) const {
    check_fitted("num_nodes");
    detail::require(kWho, tree >= 0 && tree < num_trees(),
                    "tree index " + std::to_string(tree) + " is out of range; the forest has trees 0.." +
                        std::to_string(num_trees() - 1));
    const int end = tree + 1 < num_trees() ? forest_.roots[tree + 1]
                                           : static_cast<int>(forest_.nodes.size());
    return end - forest_.roots[tree];
}

}  // namespace bobench::surrogates
