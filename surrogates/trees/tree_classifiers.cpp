#include "surrogates/trees/tree_classifiers.hpp"

#include <string>

#include "core/error.hpp"
#include "surrogates/calibration/isotonic_regression.hpp"
#include "surrogates/calibration/platt_scaling.hpp"

namespace bobench::surrogates {

Calibration parse_calibration(std::string_view name) {
    if (name == "none") return Calibration::None;
    if (name == "platt") return Calibration::Platt;
    if (name == "isotonic") return Calibration::Isotonic;
    throw UserError("calibration '" + std::string(name) + "' is not known; accepted: none, platt, isotonic");
}

namespace {

// Model: ClassificationForest or XGBoostClassifier (fit on 0/1 labels, predict_proba).
template <class Model, class Options>
class CalibratedTrees final : public Classifier {
public:
    CalibratedTrees(Options options, Calibration calibration) : model_(std::move(options)), calibration_(calibration) {}

    void fit(const Eigen::MatrixXd& X, const Eigen::VectorXd& labels, Rng& rng) override {
        const Eigen::VectorXi z = labels.cast<int>();
        model_.fit(X, z, rng);
        if (calibration_ == Calibration::None) return;
        Eigen::VectorXd scores;
        model_.predict_proba(X, scores);
        if (calibration_ == Calibration::Platt) platt_.fit(scores, z);
        else isotonic_.fit(scores, z);
    }

    double probability(const Eigen::VectorXd& x, Eigen::VectorXd*) const override {
        return calibrated(model_.predict_proba(x));
    }

    // The models' batch predictions have the single-point arithmetic per row (XGBoost's
    // in-place prediction sums each row's trees in the same order; the forest says so).
    void probabilities(const Eigen::MatrixXd& X, Eigen::VectorXd& pi) const override {
        model_.predict_proba(X, pi);
        if (calibration_ != Calibration::None)
            for (Eigen::Index k = 0; k < pi.size(); ++k) pi[k] = calibrated(pi[k]);
    }

private:
    double calibrated(double s) const {
        switch (calibration_) {
            case Calibration::Platt: return platt_.transform(s);
            case Calibration::Isotonic: return isotonic_.transform(s);
            default: return s;
        }
    }

    Model model_;
    Calibration calibration_;
    PlattScaling platt_;
    IsotonicRegression isotonic_;
};

}  // namespace

std::unique_ptr<Classifier> make_forest_classifier(ClassificationForestOptions options, Calibration calibration) {
    return std::make_unique<CalibratedTrees<ClassificationForest, ClassificationForestOptions>>(options, calibration);
}

std::unique_ptr<Classifier> make_xgboost_classifier(XGBoostClassifierOptions options, Calibration calibration) {
    return std::make_unique<CalibratedTrees<XGBoostClassifier, XGBoostClassifierOptions>>(std::move(options),
                                                                                           calibration);
}

}  // namespace bobench::surrogates
