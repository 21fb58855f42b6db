#include "optimizers/loop/history.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bobench {

void History::add(const Point& x, double value) {
    if (!std::isfinite(value)) return;
    points_.push_back(x);
    rows_.push_back(space_.encode(x, one_hot_));
    y_.push_back(value);
}

Eigen::MatrixXd History::encoded() const {
    Eigen::MatrixXd X(static_cast<Eigen::Index>(rows_.size()),
                      static_cast<Eigen::Index>(space_.encoded_size(one_hot_)));
    for (std::size_t i = 0; i < rows_.size(); ++i) X.row(static_cast<Eigen::Index>(i)) = rows_[i].transpose();
    return X;
}

std::size_t History::best() const { return static_cast<std::size_t>(std::min_element(y_.begin(), y_.end()) - y_.begin()); }

std::vector<std::size_t> History::best_k(std::size_t k) const {
    std::vector<std::size_t> order(y_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return y_[a] < y_[b]; });
    order.resize(std::min(k, order.size()));
    return order;
}

bool History::seen(const Point& x) const { return std::find(points_.begin(), points_.end(), x) != points_.end(); }

Point History::unseen_or_random(Point x, Rng& rng) const { return seen(x) ? unseen_sample(rng) : x; }

Point History::unseen_sample(Rng& rng) const {
    Point p = space_.sample(rng);
    for (int tries = 0; tries < 100 && seen(p); ++tries) p = space_.sample(rng);
    return p;
}

}  // namespace bobench
