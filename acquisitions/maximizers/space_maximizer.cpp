#include "acquisitions/maximizers/space_maximizer.hpp"

#include <stdexcept>
#include <string>

#include "acquisitions/maximizers/best_point.hpp"
#include "acquisitions/maximizers/differential_evolution.hpp"
#include "acquisitions/maximizers/local_search.hpp"
#include "acquisitions/maximizers/multistart_lbfgsb.hpp"
#include "acquisitions/maximizers/random_sampling.hpp"
#include "core/error.hpp"

namespace bobench::acquisitions {

Method parse_method(std::string_view name) {
    if (name == "lbfgsb") return Method::Lbfgsb;
    if (name == "de") return Method::De;
    if (name == "random") return Method::Random;
    if (name == "local") return Method::Local;
    if (name == "sample") return Method::SpaceSampling;
    throw UserError("maximizer '" + std::string(name) + "' is not known; accepted: lbfgsb, de, random, local, sample");
}

SpaceMaximizer::SpaceMaximizer(const Space& space, SearchOptions options)
    : space_(space), options_(std::move(options)), cube_(Box::unit(static_cast<int>(space.size()))) {
    const SearchOptions& o = options_;
    if (o.random_samples < 1)
        throw UserError("maximizer: random_samples " + std::to_string(o.random_samples) + " must be >= 1");
    if (o.one_hot && !space.all_real() && o.method == Method::Lbfgsb)
        throw std::logic_error("SpaceMaximizer: lbfgsb cannot search a one-hot encoding of a space with discrete parameters");
    snap_ = o.method != Method::Lbfgsb && (!space.all_real() || o.snap_real_spaces);
    switch (o.method) {
        case Method::Lbfgsb: {
            MultiStartLbfgsbOptions m;
            m.n_random = o.random_samples;
            m.n_starts = o.lbfgsb_starts;
            box_ = std::make_unique<MultiStartLbfgsb>(m);
            break;
        }
        case Method::De: {
            DifferentialEvolutionOptions m;
            m.max_evaluations = o.de_evaluations;
            box_ = std::make_unique<DifferentialEvolution>(m);
            break;
        }
        case Method::Random: {
            RandomSamplingOptions m;
            m.n_samples = o.random_samples;
            m.local_fraction = o.local_fraction;
            m.local_sd_each = o.local_sd_each;
            box_ = std::make_unique<RandomSampling>(m);
            break;
        }
        default: break;
    }
}

Point SpaceMaximizer::maximize(const Objective& f, const std::vector<Point>& starts, Rng& rng) const {
    const bool one_hot = options_.one_hot;
    auto score = [&](const Point& p) { return f.fn(space_.encode(p, one_hot), nullptr); };
    if (options_.method == Method::Local) {
        LocalSearchOptions o;
        o.n_random = options_.random_samples;
        return local_search(space_, score, starts, rng, o).x;
    }
    if (options_.method == Method::SpaceSampling) {
        // all samples drawn first, then scored together (Objective::batch when f has one)
        // and offered in the order drawn: f draws nothing, so the result is that of
        // scoring each sample as it is drawn
        std::vector<Point> samples;
        samples.reserve(static_cast<std::size_t>(options_.random_samples));
        for (int i = 0; i < options_.random_samples; ++i) samples.push_back(space_.sample(rng));
        Eigen::VectorXd values;
        if (f.batch) {
            Eigen::MatrixXd encoded(options_.random_samples, space_.encode(samples.front(), one_hot).size());
            for (int i = 0; i < options_.random_samples; ++i)
                encoded.row(i) = space_.encode(samples[static_cast<std::size_t>(i)], one_hot).transpose();
            detail::score_rows(f, encoded, values);
        } else {
            values.resize(options_.random_samples);
            for (int i = 0; i < options_.random_samples; ++i) values[i] = score(samples[static_cast<std::size_t>(i)]);
        }
        BestPoint<Eigen::VectorXd> best;
        for (int i = 0; i < options_.random_samples; ++i) best.offer(space_.encode(samples[static_cast<std::size_t>(i)]), values[i]);
        return space_.decode(best.pick(rng));
    }
    Eigen::MatrixXd candidates;
    if (!starts.empty()) candidates = space_.encode(starts.front()).transpose();
    if (!snap_) return space_.decode(box_->maximize(f, cube_, rng, candidates).x);
    // the point a vector decodes to is what gets scored, and what is returned
    Objective snapped{[&](const Eigen::VectorXd& u, Eigen::VectorXd*) { return score(space_.decode(u)); }, false};
    if (f.batch)
        snapped.batch = [&](const Eigen::MatrixXd& U, Eigen::VectorXd& values) {
            Eigen::MatrixXd encoded;
            for (Eigen::Index k = 0; k < U.rows(); ++k) {
                const Eigen::VectorXd e = space_.encode(space_.decode(U.row(k).transpose()), one_hot);
                if (k == 0) encoded.resize(U.rows(), e.size());
                encoded.row(k) = e.transpose();
            }
            detail::score_rows(f, encoded, values);
        };
    const Eigen::VectorXd u = box_->maximize(snapped, cube_, rng, candidates).x;
    return space_.decode(space_.encode(space_.decode(u)));
}

}  // namespace bobench::acquisitions
