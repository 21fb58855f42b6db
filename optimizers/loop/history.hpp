#pragma once
// What a model-based optimizer has observed: the successful points (native and encoded)
// and their values, plus the small decisions every such optimizer shares.
#include <vector>

#include <Eigen/Core>

#include "core/space.hpp"

namespace bobench {

class History {
public:
    History(const Space& space, bool one_hot) : space_(space), one_hot_(one_hot) {}

    // Records a successful observation; non-finite values carry no information and are
    // ignored (the runner records them as failed evaluations).
    void add(const Point& x, double value);

    std::size_t size() const { return y_.size(); }
    const std::vector<Point>& points() const { return points_; }
    const std::vector<double>& values() const { return y_; }
    Eigen::MatrixXd encoded() const;  // size() x encoded width, rows as space.encode(x, one_hot)
    const Eigen::VectorXd& encoded_row(std::size_t i) const { return rows_[i]; }
    std::size_t best() const;  // index of the lowest value (size() > 0)
    // Indices of the k lowest values, best first.
    std::vector<std::size_t> best_k(std::size_t k) const;

    bool seen(const Point& x) const;
    // A point already evaluated teaches a deterministic objective nothing: returns x if
    // it is new, else a uniform sample not yet seen (discrete spaces make repeats common).
    Point unseen_or_random(Point x, Rng& rng) const;
    Point unseen_sample(Rng& rng) const;

private:
    const Space& space_;
    bool one_hot_;
    std::vector<Point> points_;
    std::vector<Eigen::VectorXd> rows_;
    std::vector<double> y_;
};

}  // namespace bobench
