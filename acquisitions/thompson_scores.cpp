#include "acquisitions/thompson_scores.hpp"

#include <algorithm>
#include <cmath>

#include <boost/random/normal_distribution.hpp>

namespace bobench::acquisitions {

std::function<void(const Eigen::MatrixXd&, Eigen::VectorXd&, Rng&)> independent_thompson_scores(
    const surrogates::RegressionModel& model) {
    return [&model](const Eigen::MatrixXd& X, Eigen::VectorXd& scores, Rng& rng) {
        boost::random::normal_distribution<double> normal;
        scores.resize(X.cols());
        for (Eigen::Index i = 0; i < X.cols(); ++i) {
            const surrogates::Prediction p = model.predict(X.col(i));
            scores[i] = -(p.mean + std::sqrt(std::max(p.var, 0.0)) * normal(rng));
        }
    };
}

}  // namespace bobench::acquisitions
