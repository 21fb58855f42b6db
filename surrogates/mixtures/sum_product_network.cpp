#include "surrogates/mixtures/sum_product_network.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"

namespace bobench::surrogates::mixtures {

using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {
const double log_2pi = std::log(2.0 * std::numbers::pi);

// L^-1 of the lower Cholesky factor of S (jitter added to S if needed) and log|S|.
MatrixXd inverse_factor(MatrixXd& S, double& log_det) {
    const MatrixXd L = cholesky_with_jitter(S);
    log_det = 2.0 * L.diagonal().array().log().sum();
    return L.triangularView<Eigen::Lower>().solve(MatrixXd::Identity(S.rows(), S.cols()));
}

// |L^-1 (z_vars - mean)|^2 over the first m variables, L^-1 lower triangular.
double mahalanobis(const MatrixXd& inv_chol, const VectorXd& mean, const std::vector<int>& vars, const double* z,
                   Eigen::Index m) {
    double total = 0.0;
    for (Eigen::Index i = 0; i < m; ++i) {
        double u = 0.0;
        for (Eigen::Index j = 0; j <= i; ++j) u += inv_chol(i, j) * (z[vars[static_cast<std::size_t>(j)]] - mean[j]);
        total += u * u;
    }
    return total;
}
}  // namespace

void SumProductNetwork::Leaf::prepare() {
    const auto k = static_cast<Eigen::Index>(vars.size());
    double log_det = 0.0;
    inv_chol = inverse_factor(cov, log_det);
    log_norm = -0.5 * (static_cast<double>(k) * log_2pi + log_det);
    if (!holds_y) return;
    const Eigen::Index kx = k - 1;  // y is the leaf's last variable
    if (kx == 0) {
        log_norm_x = 0.0;
        regression.resize(0);
        conditional_var = cov(0, 0);
        return;
    }
    MatrixXd Sxx = cov.topLeftCorner(kx, kx);
    inv_chol_x = inverse_factor(Sxx, log_det);
    log_norm_x = -0.5 * (static_cast<double>(kx) * log_2pi + log_det);
    const VectorXd sxy = cov.col(kx).head(kx);
    regression = inv_chol_x.transpose() * (inv_chol_x * sxy);
    // a positive Schur complement in exact arithmetic; guard against rounding
    conditional_var = std::max(cov(kx, kx) - sxy.dot(regression), 1e-12 * cov(kx, kx));
}

double SumProductNetwork::Leaf::log_value(const double* z, bool marginalise_y) const {
    const auto k = static_cast<Eigen::Index>(vars.size());
    if (marginalise_y && holds_y)
        return k == 1 ? 0.0 : log_norm_x - 0.5 * mahalanobis(inv_chol_x, mean, vars, z, k - 1);
    return log_norm - 0.5 * mahalanobis(inv_chol, mean, vars, z, k);
}

int SumProductNetwork::add(Kind kind, int first, int count) {
    nodes_.push_back({kind, first, count});
    return static_cast<int>(nodes_.size()) - 1;
}

std::vector<int> SumProductNetwork::build_region(std::vector<int> vars, int depth, bool top, const SpnOptions& o,
                                                 Rng& rng) {
    std::vector<int> ids;
    if (depth == 0 || vars.size() == 1) {
        std::sort(vars.begin(), vars.end());  // y, the last variable, comes last in its leaves
        for (int l = 0; l < o.leaves; ++l) {
            Leaf leaf;
            leaf.vars = vars;
            leaf.holds_y = vars.back() == variables_ - 1;
            leaves_.push_back(std::move(leaf));
            ids.push_back(add(Kind::Leaf, static_cast<int>(leaves_.size()) - 1, static_cast<int>(vars.size())));
        }
        return ids;
    }
    for (std::size_t i = vars.size() - 1; i > 0; --i) {  // a random split into two halves
        boost::random::uniform_int_distribution<std::size_t> pick(0, i);
        std::swap(vars[i], vars[pick(rng)]);
    }
    const auto half = static_cast<std::ptrdiff_t>(vars.size() / 2);
    const std::vector<int> left = build_region({vars.begin(), vars.begin() + half}, depth - 1, false, o, rng);
    const std::vector<int> right = build_region({vars.begin() + half, vars.end()}, depth - 1, false, o, rng);
    std::vector<int> products;
    for (int l : left)
        for (int r : right) {
            const int first = static_cast<int>(child_.size());
            child_.insert(child_.end(), {l, r});
            log_w_.insert(log_w_.end(), {0.0, 0.0});
            products.push_back(add(Kind::Product, first, 2));
        }
    if (top) return products;
    for (int s = 0; s < o.sums; ++s) {
        const int first = static_cast<int>(child_.size());
        child_.insert(child_.end(), products.begin(), products.end());
        log_w_.insert(log_w_.end(), products.size(), 0.0);
        ids.push_back(add(Kind::Sum, first, static_cast<int>(products.size())));
    }
    return ids;
}

void SumProductNetwork::initialise(const MatrixXd& Z, const SpnOptions& o, Rng& rng) {
    // leaves start at the values of random rows with the data's spread; weights random
    boost::random::uniform_int_distribution<Eigen::Index> row(0, Z.rows() - 1);
    boost::random::uniform_real_distribution<double> u(0.5, 1.5);
    const VectorXd spread = column_variances(Z);
    for (Leaf& leaf : leaves_) {
        const auto k = static_cast<Eigen::Index>(leaf.vars.size());
        const Eigen::Index r = row(rng);
        leaf.mean.resize(k);
        leaf.cov = MatrixXd::Zero(k, k);
        leaf.scale = MatrixXd::Zero(k, k);
        // the penalty's scale: gaussian_mixture.hpp's data-scaled Lambda with `leaves` components
        const double shrink = std::pow(static_cast<double>(o.leaves), 2.0 / static_cast<double>(k));
        for (Eigen::Index i = 0; i < k; ++i) {
            const int v = leaf.vars[static_cast<std::size_t>(i)];
            leaf.mean[i] = Z(r, v);
            leaf.cov(i, i) = std::max(spread[v], 1e-6);
            leaf.scale(i, i) = o.reg_var + spread[v] / shrink;
        }
        leaf.prepare();
    }
    for (const Node& n : nodes_) {
        if (n.kind != Kind::Sum) continue;
        double total = 0.0;
        for (int e = n.first; e < n.first + n.count; ++e) total += (log_w_[static_cast<std::size_t>(e)] = u(rng));
        for (int e = n.first; e < n.first + n.count; ++e)
            log_w_[static_cast<std::size_t>(e)] = std::log(log_w_[static_cast<std::size_t>(e)] / total);
    }
}

void SumProductNetwork::upward(const double* z, bool marginalise_last, std::vector<double>& value) const {
    value.resize(nodes_.size());
    share_.resize(child_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        double v = 0.0;
        if (n.kind == Kind::Leaf) {
            v = leaves_[static_cast<std::size_t>(n.first)].log_value(z, marginalise_last);
        } else if (n.kind == Kind::Product) {
            for (int e = n.first; e < n.first + n.count; ++e) v += value[static_cast<std::size_t>(child_[static_cast<std::size_t>(e)])];
        } else {
            // log-sum-exp that keeps each child's share w_c value_c / value for the downward pass;
            // shares below e^-700 of the largest are 0 (exp would underflow, slowly)
            const auto begin = static_cast<std::size_t>(n.first), end = begin + static_cast<std::size_t>(n.count);
            double top = -std::numeric_limits<double>::infinity();
            for (std::size_t e = begin; e < end; ++e) top = std::max(top, share_[e] = log_w_[e] + value[static_cast<std::size_t>(child_[e])]);
            if (std::isfinite(top)) {
                double total = 0.0;
                for (std::size_t e = begin; e < end; ++e) total += (share_[e] = share_[e] - top > -700.0 ? std::exp(share_[e] - top) : 0.0);
                for (std::size_t e = begin; e < end; ++e) share_[e] /= total;
                v = top + std::log(total);
            } else {
                std::fill(share_.begin() + n.first, share_.begin() + n.first + n.count, 0.0);
                v = top;
            }
        }
        value[i] = v;
    }
}

void SumProductNetwork::downward(std::vector<double>& flow, std::vector<double>* edge_flow) const {
    flow.assign(nodes_.size(), 0.0);
    flow.back() = 1.0;
    for (std::size_t i = nodes_.size(); i-- > 0;) {
        const Node& n = nodes_[i];
        if (n.kind == Kind::Leaf || flow[i] == 0.0) continue;
        for (int e = n.first; e < n.first + n.count; ++e) {
            const auto ee = static_cast<std::size_t>(e);
            // a sum passes its flow in proportion to the children's shares; a product passes all of it
            const double f = n.kind == Kind::Product ? flow[i] : flow[i] * share_[ee];
            flow[static_cast<std::size_t>(child_[ee])] += f;
            if (edge_flow && n.kind == Kind::Sum) (*edge_flow)[ee] += f;
        }
    }
}

double SumProductNetwork::penalty(const SpnOptions& o) const {
    double total = 0.0;
    for (const Leaf& leaf : leaves_) {
        // tr(Lambda S^-1) = sum_j Lambda_jj |column j of L^-1|^2;  log|S| = -2 sum log diag(L^-1)
        const VectorXd column_norms = leaf.inv_chol.colwise().squaredNorm().transpose();
        total += -0.5 * leaf.scale.diagonal().dot(column_norms) + leaf.inv_chol.diagonal().array().log().sum();
    }
    for (const Node& n : nodes_)
        if (n.kind == Kind::Sum)
            for (int e = n.first; e < n.first + n.count; ++e) total += o.weight_prior * log_w_[static_cast<std::size_t>(e)];
    return total;
}

SumProductNetwork SumProductNetwork::fit(const MatrixXd& Z, const SpnOptions& o, Rng& rng) {
    if (Z.rows() == 0) throw UserError("SumProductNetwork: no rows to fit");
    if (Z.cols() < 2) throw UserError("SumProductNetwork: rows need at least one input and the output");
    if (!Z.allFinite()) throw UserError("SumProductNetwork: the data hold NaN or infinite values");
    if (o.repetitions < 1 || o.depth < 0 || o.leaves < 1 || o.sums < 1 || o.max_iterations < 1)
        throw UserError("SumProductNetwork: repetitions, leaves, sums, max_iterations must be >= 1, depth >= 0");
    if (!(o.reg_var > 0.0) || !(o.weight_prior >= 0.0))
        throw UserError("SumProductNetwork: reg_var must be > 0 and weight_prior >= 0");

    SumProductNetwork s;
    s.variables_ = static_cast<int>(Z.cols());
    std::vector<int> all(static_cast<std::size_t>(Z.cols()));
    for (int v = 0; v < s.variables_; ++v) all[static_cast<std::size_t>(v)] = v;
    std::vector<int> top;
    for (int r = 0; r < o.repetitions; ++r) {
        const std::vector<int> ids = s.build_region(all, o.depth, true, o, rng);
        top.insert(top.end(), ids.begin(), ids.end());
    }
    const int first = static_cast<int>(s.child_.size());
    s.child_.insert(s.child_.end(), top.begin(), top.end());
    s.log_w_.insert(s.log_w_.end(), top.size(), 0.0);
    s.add(Kind::Sum, first, static_cast<int>(top.size()));
    s.initialise(Z, o, rng);

    const MatrixXd Zt = Z.transpose();  // rows as contiguous columns
    std::vector<double> count(s.child_.size()), s0(s.leaves_.size());
    std::vector<VectorXd> s1(s.leaves_.size());
    std::vector<MatrixXd> s2(s.leaves_.size());
    VectorXd zr;
    double previous = -std::numeric_limits<double>::infinity();
    for (int it = 0; it < o.max_iterations; ++it) {
        // E-step: expected counts of every sum edge, responsibilities of every leaf
        std::fill(count.begin(), count.end(), 0.0);
        for (std::size_t l = 0; l < s.leaves_.size(); ++l) {
            const auto k = static_cast<Eigen::Index>(s.leaves_[l].vars.size());
            s0[l] = 0.0;
            s1[l] = VectorXd::Zero(k);
            s2[l] = MatrixXd::Zero(k, k);
        }
        double log_likelihood = 0.0;
        for (Eigen::Index r = 0; r < Z.rows(); ++r) {
            const double* z = Zt.col(r).data();
            s.upward(z, false, s.value_);
            s.downward(s.flow_, &count);
            log_likelihood += s.value_.back();
            for (std::size_t i = 0; i < s.nodes_.size(); ++i) {
                const Node& n = s.nodes_[i];
                const double f = s.flow_[i];
                if (n.kind != Kind::Leaf || f == 0.0) continue;
                const auto l = static_cast<std::size_t>(n.first);
                const std::vector<int>& vars = s.leaves_[l].vars;
                zr.resize(static_cast<Eigen::Index>(vars.size()));
                for (std::size_t j = 0; j < vars.size(); ++j) zr[static_cast<Eigen::Index>(j)] = z[vars[j]];
                s0[l] += f;
                s1[l].noalias() += f * zr;
                s2[l].noalias() += f * zr * zr.transpose();
            }
        }
        const double objective = log_likelihood + s.penalty(o);
        s.trace_.push_back(objective);
        if (objective - previous < o.tolerance * static_cast<double>(Z.rows())) break;
        previous = objective;
        // M-step (MAP): weights from counts + pseudo-counts, leaves from their responsibilities
        for (const Node& n : s.nodes_) {
            if (n.kind != Kind::Sum) continue;
            double total = 0.0;
            for (int e = n.first; e < n.first + n.count; ++e) total += count[static_cast<std::size_t>(e)] + o.weight_prior;
            if (!(total > 0.0)) continue;  // no flow and no prior: keep the weights
            for (int e = n.first; e < n.first + n.count; ++e)
                s.log_w_[static_cast<std::size_t>(e)] = std::log((count[static_cast<std::size_t>(e)] + o.weight_prior) / total);
        }
        for (std::size_t l = 0; l < s.leaves_.size(); ++l) {
            Leaf& leaf = s.leaves_[l];
            if (s0[l] > 1e-12) leaf.mean = s1[l] / s0[l];  // no responsibility: any mean is optimal, keep it
            // scatter about the mean: s2 - s1 m^T - m s1^T + s0 m m^T
            MatrixXd scatter = s2[l] - s1[l] * leaf.mean.transpose() - leaf.mean * s1[l].transpose() +
                               s0[l] * leaf.mean * leaf.mean.transpose();
            if (!o.full_covariance) scatter = MatrixXd(scatter.diagonal().cwiseMax(0.0).asDiagonal());
            leaf.cov = (scatter + leaf.scale) / (s0[l] + 1.0);
            leaf.prepare();
        }
    }
    return s;
}

double SumProductNetwork::log_density(const VectorXd& z) const {
    upward(z.data(), false, value_);
    return value_.back();
}

double SumProductNetwork::conditional(const VectorXd& x, Components& out) const {
    VectorXd z(variables_);
    z.head(variables_ - 1) = x;
    z[variables_ - 1] = 0.0;  // never read: y is integrated out of the leaves
    upward(z.data(), true, value_);
    downward(flow_);
    out.clear();
    double total = 0.0;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        if (n.kind != Kind::Leaf || flow_[i] <= 0.0) continue;
        const Leaf& leaf = leaves_[static_cast<std::size_t>(n.first)];
        if (!leaf.holds_y) continue;
        const Eigen::Index kx = static_cast<Eigen::Index>(leaf.vars.size()) - 1;
        double mean = leaf.mean[kx];
        for (Eigen::Index j = 0; j < kx; ++j) mean += leaf.regression[j] * (x[leaf.vars[static_cast<std::size_t>(j)]] - leaf.mean[j]);
        out.push_back({flow_[i], mean, leaf.conditional_var});
        total += flow_[i];
    }
    for (WeightedPrediction& c : out) c.weight /= total;  // 1 up to rounding
    return value_.back();
}

SumProductNetworkRegression::SumProductNetworkRegression(const MixtureRegressionOptions& options,
                                                         const SpnRegressionOptions& spn)
    : SizedMixtureRegression(options, spn.leaves_by_cv), spn_(spn) {
    if (spn.max_leaves < 1) throw UserError("sum-product network regression: max_leaves must be >= 1");
}

std::size_t SumProductNetworkRegression::candidates(std::size_t n) const {
    return std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(spn_.max_leaves), n));
}

std::unique_ptr<JointDensity> SumProductNetworkRegression::fit_candidate(std::size_t c, const MatrixXd& Z,
                                                                         Rng& rng) const {
    SpnOptions o = spn_.spn;
    o.leaves = o.sums = static_cast<int>(c) + 1;
    return std::make_unique<SumProductNetwork>(SumProductNetwork::fit(Z, o, rng));
}

}  // namespace bobench::surrogates::mixtures
