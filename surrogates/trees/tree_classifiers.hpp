#pragma once
// The random-forest (bore-rf) and XGBoost (bore-xgb) classifiers behind
// surrogates::Classifier, optionally calibrated on their training scores (Platt scaling or
// isotonic regression, surrogates/calibration/). Calibration is monotone: it changes the
// probabilities reported, not which candidate scores highest. Not differentiable.
#include <memory>
#include <string_view>

#include "surrogates/classifier.hpp"
#include "surrogates/trees/classification_forest.hpp"
#include "surrogates/trees/xgboost_classifier.hpp"

namespace bobench::surrogates {

enum class Calibration { None, Platt, Isotonic };
Calibration parse_calibration(std::string_view name);  // "none" | "platt" | "isotonic"; UserError otherwise

std::unique_ptr<Classifier> make_forest_classifier(ClassificationForestOptions options, Calibration calibration);
std::unique_ptr<Classifier> make_xgboost_classifier(XGBoostClassifierOptions options, Calibration calibration);

}  // namespace bobench::surrogates
