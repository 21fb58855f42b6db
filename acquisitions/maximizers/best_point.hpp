#pragma once
// The best of a stream of scored points, as every acquisition maximiser keeps it.
// Non-finite values count as -inf. When several distinct points share the highest value,
// pick() draws one uniformly with the run's Rng, so plateaus (tree models, a saturated
// class probability) are not resolved towards the first point searched. The Rng is used
// only then: a search whose maximum is unique draws nothing, and re-scoring the same point
// (L-BFGS-B evaluates its start again) is no tie.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include <boost/random/uniform_int_distribution.hpp>

#include "core/rng.hpp"

namespace bobench::acquisitions {

template <class X>  // Eigen::VectorXd or Point
class BestPoint {
public:
    void offer(const X& p, double v) {
        if (!std::isfinite(v)) v = -std::numeric_limits<double>::infinity();
        if (tied_.empty() || v > value_) {
            value_ = v;
            tied_.resize(1);  // keeps the first slot's storage
            tied_[0] = p;
        } else if (v == value_) {
            tied_.push_back(p);
        }
    }

    bool empty() const { return tied_.empty(); }
    double value() const { return value_; }  // -inf when empty

    // The point of the highest value (empty() must be false); among distinct tied points
    // one drawn uniformly (in their lexicographic order, so the draw does not depend on
    // the order they were found in).
    const X& pick(Rng& rng) {
        if (tied_.size() > 1) {
            auto less = [](const X& a, const X& b) {
                return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
            };
            auto same = [](const X& a, const X& b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); };
            std::sort(tied_.begin(), tied_.end(), less);
            tied_.erase(std::unique(tied_.begin(), tied_.end(), same), tied_.end());
            if (tied_.size() > 1) {
                const auto k = boost::random::uniform_int_distribution<std::size_t>(0, tied_.size() - 1)(rng);
                std::swap(tied_[0], tied_[k]);
                tied_.resize(1);
            }
        }
        return tied_.front();
    }

private:
    double value_ = -std::numeric_limits<double>::infinity();
    std::vector<X> tied_;  // the points of value_, in the order offered
};

}  // namespace bobench::acquisitions
