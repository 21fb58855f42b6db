#include "acquisitions/maximizers/local_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <boost/random/normal_distribution.hpp>

#include "acquisitions/maximizers/best_point.hpp"

namespace bobench::acquisitions {

namespace {
double finite_or_worst(double v) { return std::isfinite(v) ? v : -std::numeric_limits<double>::infinity(); }

std::vector<Point> neighbours(const Space& space, const Point& p, Rng& rng, const LocalSearchOptions& o) {
    std::vector<Point> out;
    boost::random::normal_distribution<double> step(0.0, o.real_sd);
    const Eigen::VectorXd encoded = space.encode(p);
    for (std::size_t i = 0; i < space.size(); ++i) {
        const Param& param = space[i];
        if (param.kind == ParamKind::Real) {
            const auto j = static_cast<Eigen::Index>(i);
            for (int k = 0; k < o.neighbours_per_real; ++k) {
                Eigen::VectorXd e = encoded;
                e[j] = std::clamp(encoded[j] + step(rng), 0.0, 1.0);
                Point q = p;
                q[i] = space.decode(e)[i];
                out.push_back(std::move(q));
            }
            continue;
        }
        const std::size_t k = param.cardinality(), idx = param.index_of(p[i]);
        auto with = [&](std::size_t j) {
            Point q = p;
            q[i] = param.value_at(j);
            out.push_back(std::move(q));
        };
        if (param.kind == ParamKind::Categorical) {
            for (std::size_t j = 0; j < k; ++j)
                if (j != idx) with(j);
        } else {
            if (idx > 0) with(idx - 1);
            if (idx + 1 < k) with(idx + 1);
        }
    }
    return out;
}
}  // namespace

SpaceMaximum local_search(const Space& space, const std::function<double(const Point&)>& f,
                          const std::vector<Point>& starts, Rng& rng, const LocalSearchOptions& o) {
    long evaluations = 0;
    auto score = [&](const Point& p) {
        ++evaluations;
        return finite_or_worst(f(p));
    };
    // score the given starts and the random samples; keep the best n_starts
    std::vector<std::pair<double, Point>> pool;
    for (const Point& p : starts) pool.emplace_back(score(p), p);
    for (int i = 0; i < o.n_random; ++i) {
        Point p = space.sample(rng);
        const double v = score(p);
        pool.emplace_back(v, std::move(p));
    }
    std::stable_sort(pool.begin(), pool.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    pool.resize(std::min<std::size_t>(pool.size(), static_cast<std::size_t>(std::max(o.n_starts, 1))));

    BestPoint<Point> best;
    for (auto& [value, point] : pool) {
        Point current = point;
        double current_value = value;
        for (int step = 0; step < o.max_steps; ++step) {
            BestPoint<Point> move;
            for (const Point& q : neighbours(space, current, rng, o)) move.offer(q, score(q));
            if (move.empty() || !(move.value() > current_value)) break;
            current = move.pick(rng);
            current_value = move.value();
        }
        best.offer(current, current_value);
    }
    if (best.empty()) return {Point{}, best.value(), evaluations};  // nothing to start from
    return {best.pick(rng), best.value(), evaluations};
}

}  // namespace bobench::acquisitions
