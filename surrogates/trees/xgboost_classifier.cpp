#include "surrogates/trees/xgboost_classifier.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/random/uniform_int_distribution.hpp>
#include <xgboost/c_api.h>

#include "core/error.hpp"
#include "core/text.hpp"
#include "surrogates/trees/input_checks.hpp"

namespace bobench::surrogates {

namespace {

constexpr const char* kWho = "XGBoostClassifier";

// Every XGBoost C call returns 0 on success; on failure the reason is in XGBGetLastError.
void check_xgb(int rc, const char* call) {
    if (rc != 0)
        throw std::runtime_error(std::string(kWho) + ": " + call + " failed: " + XGBGetLastError());
}

// Owns a DMatrixHandle for the duration of a fit.
class DMatrix {
public:
    DMatrix(const float* row_major, Eigen::Index rows, Eigen::Index cols) {
        check_xgb(XGDMatrixCreateFromMat_omp(row_major, static_cast<bst_ulong>(rows),
                                             static_cast<bst_ulong>(cols),
                                             std::numeric_limits<float>::quiet_NaN(), &handle_, 1),
                  "XGDMatrixCreateFromMat_omp");
    }
    ~DMatrix() { XGDMatrixFree(handle_); }
    DMatrix(const DMatrix&) = delete;
    DMatrix& operator=(const DMatrix&) = delete;
    DMatrixHandle get() const { return handle_; }

private:
    DMatrixHandle handle_ = nullptr;
};

}  // namespace

void XGBoostClassifier::BoosterFree::operator()(void* handle) const { XGBoosterFree(handle); }

std::string XGBoostClassifier::library_version() {
    int major = 0, minor = 0, patch = 0;
    XGBoostVersion(&major, &minor, &patch);
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

XGBoostClassifier::XGBoostClassifier(XGBoostClassifierOptions options)
    : options_(std::move(options)) {
    detail::require(kWho, options_.num_rounds >= 1, "num_rounds = " + std::to_string(options_.num_rounds) +
                                                        " is invalid; it must be >= 1");
    detail::require(kWho, options_.eta > 0.0 && std::isfinite(options_.eta),
                    "eta = " + format_double(options_.eta) + " is invalid; it must be a finite number > 0");
    detail::require(kWho, options_.max_depth >= 1, "max_depth = " + std::to_string(options_.max_depth) +
                                                       " is invalid; it must be >= 1");
    detail::require(kWho, options_.min_child_weight >= 0.0 && std::isfinite(options_.min_child_weight),
                    "min_child_weight = " + format_double(options_.min_child_weight) +
                        " is invalid; it must be a finite number >= 0");
    detail::require(kWho, options_.lambda >= 0.0 && std::isfinite(options_.lambda),
                    "lambda = " + format_double(options_.lambda) +
                        " is invalid; it must be a finite number >= 0");
    const std::string& tm = options_.tree_method;
    detail::require(kWho, tm == "exact" || tm == "approx" || tm == "hist" || tm == "auto",
                    "tree_method = '" + tm + "' is invalid; accepted: exact, approx, hist, auto");
}

void XGBoostClassifier::fit(const Eigen::MatrixXd& X, const Eigen::VectorXi& labels, Rng& rng) {
    detail::check_training_inputs(kWho, X, labels.size(), "labels");
    detail::check_binary_labels(kWho, labels);

    const Eigen::Index n_ones = labels.sum();
    if (n_ones == 0 || n_ones == labels.size()) {
        booster_.reset();
        constant_proba_ = n_ones == 0 ? 0.0 : 1.0;
        dim_ = static_cast<int>(X.cols());
        fitted_ = true;
        return;
    }

    const std::uint32_t seed =
        boost::random::uniform_int_distribution<std::uint32_t>(0, 2147483647u)(rng);

    // XGBoost trains on float32, row-major (a copy per fit; N x D is small).
    const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> Xf =
        X.cast<float>();
    const std::vector<float> yf(labels.data(), labels.data() + labels.size());
    DMatrix train(Xf.data(), X.rows(), X.cols());
    check_xgb(XGDMatrixSetFloatInfo(train.get(), "label", yf.data(),
                                    static_cast<bst_ulong>(yf.size())),
              "XGDMatrixSetFloatInfo(label)");

    BoosterHandle raw = nullptr;
    const DMatrixHandle cache[] = {train.get()};
    check_xgb(XGBoosterCreate(cache, 1, &raw), "XGBoosterCreate");
    std::unique_ptr<void, BoosterFree> booster(raw);

    const std::pair<const char*, std::string> params[] = {
        {"objective", "binary:logistic"},
        {"base_score", "0.5"},
        {"eta", format_double(options_.eta)},
        {"max_depth", std::to_string(options_.max_depth)},
        {"min_child_weight", format_double(options_.min_child_weight)},
        {"lambda", format_double(options_.lambda)},
        {"tree_method", options_.tree_method},
        {"nthread", "1"},
        {"seed", std::to_string(seed)},
        {"verbosity", "0"},
    };
    for (const auto& [name, value] : params)
        check_xgb(XGBoosterSetParam(booster.get(), name, value.c_str()), "XGBoosterSetParam");
    for (int round = 0; round < options_.num_rounds; ++round)
        check_xgb(XGBoosterUpdateOneIter(booster.get(), round, train.get()),
                  "XGBoosterUpdateOneIter");

    booster_ = std::move(booster);
    dim_ = static_cast<int>(X.cols());
    seed_ = seed;
    fitted_ = true;
}

void XGBoostClassifier::check_fitted(const char* who) const {
    if (!fitted_) throw UserError(std::string(kWho) + "::" + who + " called before fit");
}

void XGBoostClassifier::predict_into(const double* data, Eigen::Index rows,
                                     Eigen::Index row_stride_bytes,
                                     Eigen::Index col_stride_bytes, double* out) const {
    // __array_interface__ (version 3) of the caller's doubles: XGBoost reads them in place.
    const std::string array = "{\"data\": [" +
                              std::to_string(reinterpret_cast<std::uintptr_t>(data)) +
                              ", true], \"shape\": [" + std::to_string(rows) + ", " +
                              std::to_string(dim_) + "], \"strides\": [" +
                              std::to_string(row_stride_bytes) + ", " +
                              std::to_string(col_stride_bytes) +
                              "], \"typestr\": \"<f8\", \"version\": 3}";
    static constexpr const char* config =
        "{\"type\": 0, \"training\": false, \"iteration_begin\": 0, \"iteration_end\": 0, "
        "\"strict_shape\": false, \"missing\": NaN, \"cache_id\": 0}";
    const bst_ulong* shape = nullptr;
    bst_ulong n_dim = 0;
    const float* result = nullptr;
    check_xgb(XGBoosterPredictFromDense(booster_.get(), array.c_str(), config, nullptr, &shape,
                                        &n_dim, &result),
              "XGBoosterPredictFromDense");
    bst_ulong total = 1;
    for (bst_ulong k = 0; k < n_dim; ++k) total *= shape[k];
    if (total != static_cast<bst_ulong>(rows))
        throw std::runtime_error(std::string(kWho) + ": XGBoost returned " +
                                 std::to_string(total) + " predictions for " +
                                 std::to_string(rows) + " rows");
    for (Eigen::Index i = 0; i < rows; ++i) out[i] = result[i];
}

double XGBoostClassifier::predict_proba(const Eigen::VectorXd& x) const {
    check_fitted("predict_proba");
    detail::check_query_point(kWho, x, dim_);
    if (!booster_) return constant_proba_;
    double p = 0.0;
    const auto stride = static_cast<Eigen::Index>(sizeof(double));
    predict_into(x.data(), 1, stride * dim_, stride, &p);
    return p;
}

void XGBoostClassifier::predict_proba(const Eigen::MatrixXd& X, Eigen::VectorXd& proba) const {
    check_fitted("predict_proba");
    detail::check_query_matrix(kWho, X, dim_);
    if (!booster_) {
        proba.setConstant(X.rows(), constant_proba_);
        return;
    }
    proba.resize(X.rows());
    if (X.rows() == 0) return;
    const auto stride = static_cast<Eigen::Index>(sizeof(double));
    predict_into(X.data(), X.rows(), stride, stride * X.rows(), proba.data());  // column-major
}

}  // namespace bobench::surrogates
