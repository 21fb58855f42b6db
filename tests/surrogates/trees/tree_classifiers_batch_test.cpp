// Classifier::probabilities (one call for many points, what BORE's DE uses) gives what
// probability() gives point by point, bit for bit, for XGBoost and the forest, calibrated
// or not.
#include <catch2/catch.hpp>

#include <string>

#include "core/rng.hpp"
#include "surrogates/trees/tree_classifiers.hpp"
#include "tests/support/numeric.hpp"
#include "tests/support/values.hpp"

using namespace bobench;
using namespace bobench::surrogates;
using bobench::testing::same_bits;

namespace {

void check_batch_equals_single(surrogates::Classifier& c, const std::string& what) {
    Rng data_rng(41);
    const Eigen::MatrixXd X = test::uniform_points(150, 4, data_rng);
    Eigen::VectorXd labels(150);
    for (int i = 0; i < 150; ++i) labels[i] = X(i, 0) * X(i, 1) + 0.3 * X(i, 3) > 0.35 ? 1.0 : 0.0;
    Rng rng(5);
    c.fit(X, labels, rng);
    // batch sizes around XGBoost's blocks of rows (64) and DE's populations
    for (const int n : {1, 2, 7, 20, 63, 64, 65, 129, 500}) {
        const Eigen::MatrixXd Q = test::uniform_points(n, 4, data_rng);
        Eigen::VectorXd pi;
        c.probabilities(Q, pi);
        REQUIRE(pi.size() == n);
        int differing = 0;
        for (int k = 0; k < n; ++k)
            if (!same_bits(pi[k], c.probability(Eigen::VectorXd(Q.row(k).transpose())))) ++differing;
        INFO(what << ", " << n << " points");
        CHECK(differing == 0);
        if (n >= 64) CHECK(pi.maxCoeff() - pi.minCoeff() > 0.3);  // the model is not flat
    }
}

}  // namespace

TEST_CASE("tree classifiers: batch probabilities equal single-point ones bit for bit", "[trees][xgboost][batch]") {
    for (const auto& [name, calibration] :
         {std::pair{"none", surrogates::Calibration::None}, {"platt", surrogates::Calibration::Platt},
          {"isotonic", surrogates::Calibration::Isotonic}}) {
        auto xgb = make_xgboost_classifier({}, calibration);
        check_batch_equals_single(*xgb, std::string("xgboost, calibration ") + name);
        auto forest = make_forest_classifier({}, calibration);
        check_batch_equals_single(*forest, std::string("forest, calibration ") + name);
    }
}
