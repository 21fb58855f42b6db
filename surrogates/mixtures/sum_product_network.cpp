#include "surrogates/mixtures/sum_product_network.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"

namespace bobench::surrogates::mixtures {

using Eigen::MatrixXd;
using Eigen::VectorXd;

int SumProductNetwork::add(Kind kind, int first, int count) {
    nodes_.push_back({kind, first, count});
    return static_cast<int>(nodes_.size()) - 1;
}

std::vector<int> SumProductNetwork::build_region(std::vector<int> vars, int depth, bool top, const SpnOptions& o,
                                                 Rng& rng) {
    std::vector<int> ids;
    if (depth == 0 || vars.size() == 1) {
        for (int l = 0; l < o.leaves; ++l) {
            const int first = static_cast<int>(leaf_var_.size());
            for (int v : vars) leaf_var_.push_back(v);
            ids.push_back(add(Kind::Leaf, first, static_cast<int>(vars.size())));
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

void SumProductNetwork::initialise(const MatrixXd& Z, Rng& rng) {
    // leaves start at the values of random rows with the data's spread; weights random
    boost::random::uniform_int_distribution<Eigen::Index> row(0, Z.rows() - 1);
    boost::random::uniform_real_distribution<double> u(0.5, 1.5);
    const VectorXd spread = (Z.rowwise() - Z.colwise().mean()).colwise().squaredNorm() / static_cast<double>(Z.rows());
    mean_.resize(leaf_var_.size());
    var_.resize(leaf_var_.size());
    for (const Node& n : nodes_) {
        if (n.kind == Kind::Leaf) {
            const Eigen::Index r = row(rng);
            for (int f = n.first; f < n.first + n.count; ++f) {
                mean_[static_cast<std::size_t>(f)] = Z(r, leaf_var_[static_cast<std::size_t>(f)]);
                var_[static_cast<std::size_t>(f)] = std::max(spread[leaf_var_[static_cast<std::size_t>(f)]], 1e-6);
            }
        } else if (n.kind == Kind::Sum) {
            double total = 0.0;
            for (int e = n.first; e < n.first + n.count; ++e) total += (log_w_[static_cast<std::size_t>(e)] = u(rng));
            for (int e = n.first; e < n.first + n.count; ++e)
                log_w_[static_cast<std::size_t>(e)] = std::log(log_w_[static_cast<std::size_t>(e)] / total);
        }
    }
}

void SumProductNetwork::upward(const double* z, bool marginalise_last, std::vector<double>& value) const {
    value.resize(nodes_.size());
    share_.resize(child_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        double v = 0.0;
        if (n.kind == Kind::Leaf) {
            for (int f = n.first; f < n.first + n.count; ++f) {
                const auto ff = static_cast<std::size_t>(f);
                if (marginalise_last && leaf_var_[ff] == variables_ - 1) continue;
                v += normal_log_pdf(z[leaf_var_[ff]], mean_[ff], var_[ff]);
            }
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
    for (std::size_t f = 0; f < var_.size(); ++f) total += -0.5 * o.reg_var / var_[f] - 0.5 * std::log(var_[f]);
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
    s.initialise(Z, rng);

    const MatrixXd Zt = Z.transpose();  // rows as contiguous columns
    std::vector<double> count(s.child_.size()), s0(s.leaf_var_.size()), s1(s.leaf_var_.size()), s2(s.leaf_var_.size());
    double previous = -std::numeric_limits<double>::infinity();
    for (int it = 0; it < o.max_iterations; ++it) {
        // E-step: expected counts of every sum edge, responsibilities of every leaf
        std::fill(count.begin(), count.end(), 0.0);
        std::fill(s0.begin(), s0.end(), 0.0);
        std::fill(s1.begin(), s1.end(), 0.0);
        std::fill(s2.begin(), s2.end(), 0.0);
        double log_likelihood = 0.0;
        for (Eigen::Index r = 0; r < Z.rows(); ++r) {
            const double* z = Zt.col(r).data();
            s.upward(z, false, s.value_);
            s.downward(s.flow_, &count);
            log_likelihood += s.value_.back();
            for (std::size_t i = 0; i < s.nodes_.size(); ++i) {
                const Node& n = s.nodes_[i];
                if (n.kind == Kind::Leaf) {
                    for (int f = n.first; f < n.first + n.count; ++f) {
                        const auto ff = static_cast<std::size_t>(f);
                        const double v = z[s.leaf_var_[ff]];
                        s0[ff] += s.flow_[i];
                        s1[ff] += s.flow_[i] * v;
                        s2[ff] += s.flow_[i] * v * v;
                    }
                }
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
        for (std::size_t f = 0; f < s.mean_.size(); ++f) {
            if (s0[f] > 1e-12) s.mean_[f] = s1[f] / s0[f];  // no responsibility: any mean is optimal, keep it
            const double scatter = std::max(0.0, s2[f] - 2.0 * s.mean_[f] * s1[f] + s.mean_[f] * s.mean_[f] * s0[f]);
            s.var_[f] = (scatter + o.reg_var) / (s0[f] + 1.0);
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
    z[variables_ - 1] = 0.0;  // never read: y's factors are marginalised
    upward(z.data(), true, value_);
    downward(flow_);
    out.clear();
    double total = 0.0;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        if (n.kind != Kind::Leaf || flow_[i] <= 0.0) continue;
        for (int f = n.first; f < n.first + n.count; ++f) {
            const auto ff = static_cast<std::size_t>(f);
            if (leaf_var_[ff] != variables_ - 1) continue;
            out.push_back({flow_[i], mean_[ff], var_[ff]});
            total += flow_[i];
        }
    }
    for (WeightedPrediction& c : out) c.weight /= total;  // 1 up to rounding
    return value_.back();
}

SumProductNetworkRegression::SumProductNetworkRegression(const MixtureRegressionOptions& options,
                                                         const SpnRegressionOptions& spn)
    : MixtureRegression(options), spn_(spn) {
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
