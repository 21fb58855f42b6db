#include "surrogates/trees/classification_forest.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>

#include <boost/random/uniform_int_distribution.hpp>

#include "core/error.hpp"
#include "surrogates/trees/bootstrap.hpp"
#include "surrogates/trees/input_checks.hpp"

namespace bobench::surrogates {

namespace {

constexpr const char* kWho = "ClassificationForest";

// scikit-learn's FEATURE_THRESHOLD: feature values closer than this are not separated.
constexpr double kFeatureThreshold = 1e-7;

// scikit-learn's max_features="sqrt": floor(sqrt(D)), at least 1.
int resolve_features_per_split(int max_features, int dim) {
    if (max_features > 0) return std::min(max_features, dim);
    return std::max(1, static_cast<int>(std::floor(std::sqrt(static_cast<double>(dim)))));
}

}  // namespace

// Scratch space reused by every tree of one fit. Each examined feature sorts the node's
// points by value (O(n log n)); with only ~sqrt(D) features examined per node this is
// cheaper than keeping all D features presorted.
struct ClassificationForest::Workspace {
    const Eigen::MatrixXd& X;
    const Eigen::VectorXi& labels;
    std::vector<int> samples;                    // this tree's points, grouped by node
    std::vector<std::pair<double, int>> sorted;  // (value, point) of one feature in a node
    std::vector<int> features;                   // permuted by the feature draws
    struct Pending {
        int begin, end, depth, node;
    };
    std::vector<Pending> stack;

    Workspace(const Eigen::MatrixXd& X_, const Eigen::VectorXi& labels_)
        : X(X_), labels(labels_) {
        samples.reserve(X.rows());
        sorted.resize(X.rows());
        features.resize(X.cols());
        std::iota(features.begin(), features.end(), 0);
    }
};

ClassificationForest::ClassificationForest(ClassificationForestOptions options)
    : options_(options) {
    const auto& o = options_;
    using detail::require_option;
    require_option(kWho, o.num_trees >= 1, "num_trees", std::to_string(o.num_trees), ">= 1");
    require_option(kWho, o.max_features >= 0, "max_features", std::to_string(o.max_features),
                   ">= 0 (0 means floor(sqrt(D)))");
    require_option(kWho, o.min_samples_split >= 2, "min_samples_split", std::to_string(o.min_samples_split), ">= 2");
    require_option(kWho, o.min_samples_leaf >= 1, "min_samples_leaf", std::to_string(o.min_samples_leaf), ">= 1");
    require_option(kWho, o.max_depth >= 0, "max_depth", std::to_string(o.max_depth), ">= 0 (0 means unlimited)");
}

void ClassificationForest::fit(const Eigen::MatrixXd& X, const Eigen::VectorXi& labels,
                               Rng& rng) {
    detail::check_training_inputs(kWho, X, labels.size(), "labels");
    detail::check_binary_labels(kWho, labels);

    const int dim = static_cast<int>(X.cols());
    const int per_split = resolve_features_per_split(options_.max_features, dim);

    std::vector<detail::TreeNode> nodes;
    std::vector<double> leaf_values;
    std::vector<int> roots;
    const Eigen::Index n_ones = labels.sum();
    if (n_ones == 0 || n_ones == labels.size()) {
        // One class only: no split can be learned; predict that class everywhere.
        constant_proba_ = n_ones == 0 ? 0.0 : 1.0;
    } else {
        Workspace ws(X, labels);
        roots.reserve(options_.num_trees);
        for (int t = 0; t < options_.num_trees; ++t) {
            const Eigen::VectorXi w = options_.bootstrap ? draw_bootstrap_counts(X.rows(), rng)
                                                         : Eigen::VectorXi::Ones(X.rows()).eval();
            roots.push_back(static_cast<int>(nodes.size()));
            grow_tree(ws, w, rng, nodes, leaf_values);
        }
        constant_proba_ = 0.0;
    }
    nodes_ = std::move(nodes);
    leaf_value_ = std::move(leaf_values);
    roots_ = std::move(roots);
    dim_ = dim;
    features_per_split_ = per_split;
    fitted_ = true;
}

void ClassificationForest::grow_tree(Workspace& ws, const Eigen::VectorXi& weights, Rng& rng,
                                     std::vector<detail::TreeNode>& nodes,
                                     std::vector<double>& leaf_values) const {
    const int dim = static_cast<int>(ws.X.cols());
    const int per_split = resolve_features_per_split(options_.max_features, dim);
    const int* w = weights.data();
    const int* label = ws.labels.data();

    ws.samples.clear();
    for (Eigen::Index i = 0; i < ws.X.rows(); ++i)
        if (w[i] > 0) ws.samples.push_back(static_cast<int>(i));

    // Every new node starts as a leaf pointing at itself; splitting overwrites it.
    auto add_node = [&]() {
        const int id = static_cast<int>(nodes.size());
        nodes.push_back(detail::leaf_node(id));
        leaf_values.push_back(0.0);
        return id;
    };
    ws.stack.clear();
    ws.stack.push_back({0, static_cast<int>(ws.samples.size()), 0, add_node()});

    while (!ws.stack.empty()) {
        const Workspace::Pending node = ws.stack.back();
        ws.stack.pop_back();
        const int n = node.end - node.begin;
        int* pts = ws.samples.data() + node.begin;

        double w_node[2] = {0.0, 0.0};
        for (int k = 0; k < n; ++k) w_node[label[pts[k]]] += w[pts[k]];
        const double w_total = w_node[0] + w_node[1];

        const bool splittable = n >= options_.min_samples_split &&
                                n >= 2 * options_.min_samples_leaf &&
                                (options_.max_depth == 0 || node.depth < options_.max_depth) &&
                                w_node[0] > 0.0 && w_node[1] > 0.0;

        int best_feature = -1;
        double best_threshold = 0.0;
        // Minimising the weighted gini of the children is maximising
        // sum over children c of (w_c0^2 + w_c1^2) / w_c.
        double best_score = -1.0;
        if (splittable) {
            int drawn = 0, n_nonconstant = 0;
            while (drawn < dim && (drawn < per_split || n_nonconstant == 0)) {
                boost::random::uniform_int_distribution<int> pick(drawn, dim - 1);
                std::swap(ws.features[drawn], ws.features[pick(rng)]);
                const int f = ws.features[drawn++];

                const double* col = ws.X.col(f).data();
                for (int k = 0; k < n; ++k) ws.sorted[k] = {col[pts[k]], pts[k]};
                std::sort(ws.sorted.begin(), ws.sorted.begin() + n);
                if (ws.sorted[n - 1].first <= ws.sorted[0].first + kFeatureThreshold) continue;
                ++n_nonconstant;

                double wl[2] = {0.0, 0.0};
                for (int k = 0; k + 1 < n; ++k) {
                    const int p = ws.sorted[k].second;
                    wl[label[p]] += w[p];
                    const double x_here = ws.sorted[k].first, x_next = ws.sorted[k + 1].first;
                    if (x_next <= x_here + kFeatureThreshold) continue;
                    const int nl = k + 1;
                    if (nl < options_.min_samples_leaf || n - nl < options_.min_samples_leaf)
                        continue;
                    const double wr0 = w_node[0] - wl[0], wr1 = w_node[1] - wl[1];
                    const double wl_sum = wl[0] + wl[1], wr_sum = wr0 + wr1;
                    const double score = (wl[0] * wl[0] + wl[1] * wl[1]) / wl_sum +
                                         (wr0 * wr0 + wr1 * wr1) / wr_sum;
                    if (score > best_score) {
                        best_score = score;
                        best_feature = f;
                        best_threshold = 0.5 * (x_here + x_next);
                        // Guard the midpoint against rounding up onto the right value.
                        if (best_threshold >= x_next) best_threshold = x_here;
                    }
                }
            }
        }

        if (best_feature < 0) {
            leaf_values[node.node] = w_node[1] / w_total;
            continue;
        }

        const double* col = ws.X.col(best_feature).data();
        const int n_left = static_cast<int>(
            std::partition(pts, pts + n, [&](int p) { return col[p] <= best_threshold; }) - pts);
        const int left = add_node();
        add_node();
        nodes[node.node] = detail::TreeNode{best_feature, left, best_threshold};
        ws.stack.push_back({node.begin + n_left, node.end, node.depth + 1, left + 1});
        ws.stack.push_back({node.begin, node.begin + n_left, node.depth + 1, left});
    }
}

void ClassificationForest::check_fitted(const char* who) const {
    if (!fitted_) throw UserError(std::string(kWho) + "::" + who + " called before fit");
}

double ClassificationForest::predict_proba(const Eigen::VectorXd& x) const {
    check_fitted("predict_proba");
    detail::check_query_point(kWho, x, dim_);
    if (roots_.empty()) return constant_proba_;
    double sum = 0.0;
    for (int t = 0; t < num_trees(); ++t)
        sum += leaf_value_[detail::find_leaf(nodes_.data(), roots_[t], x.data(), 1)];
    return sum / num_trees();
}

void ClassificationForest::predict_proba(const Eigen::MatrixXd& X, Eigen::VectorXd& proba) const {
    check_fitted("predict_proba");
    detail::check_query_matrix(kWho, X, dim_);
    if (roots_.empty()) {
        proba.setConstant(X.rows(), constant_proba_);
        return;
    }
    // Trees in the outer loop keep one tree's nodes in cache for all candidates, and
    // blocks of candidates walk it in lockstep. The sum per candidate runs over the trees
    // in the same order as the single-point version, so results are bit-identical.
    constexpr int kBlock = 8;
    const Eigen::Index m = X.rows();
    proba.setZero(m);
    int leaves[kBlock];
    for (int t = 0; t < num_trees(); ++t) {
        Eigen::Index i = 0;
        for (; i + kBlock <= m; i += kBlock) {
            detail::find_leaves<kBlock>(nodes_.data(), roots_[t], X.data(), m, i, leaves);
            for (int k = 0; k < kBlock; ++k) proba[i + k] += leaf_value_[leaves[k]];
        }
        for (; i < m; ++i)
            proba[i] += leaf_value_[detail::find_leaf(nodes_.data(), roots_[t], X.data() + i, m)];
    }
    proba /= static_cast<double>(num_trees());
}

int ClassificationForest::num_nodes(int tree) const {
    check_fitted("num_nodes");
    detail::require(kWho, tree >= 0 && tree < num_trees(),
                    "tree index " + std::to_string(tree) + " is out of range; the forest has " +
                        std::to_string(num_trees()) + " trees");
    const int end = tree + 1 < num_trees() ? roots_[tree + 1] : static_cast<int>(nodes_.size());
    return end - roots_[tree];
}

}  // namespace bobench::surrogates
