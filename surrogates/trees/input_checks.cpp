#include "surrogates/trees/input_checks.hpp"

#include <cmath>
#include <charconv>
#include <string>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::surrogates::detail {

namespace {

[[noreturn]] void fail(std::string_view who, const std::string& what) {
    throw UserError(std::string(who) + ": " + what);
}

}  // namespace

void require(std::string_view who, bool ok, const std::string& what) {
    if (!ok) fail(who, what);
}

void require_option(std::string_view who, bool ok, std::string_view name, const std::string& value,
                    std::string_view rule) {
    if (!ok) fail(who, std::string(name) + " = " + value + " is invalid; it must be " + std::string(rule));
}

void check_training_inputs(std::string_view who, const Eigen::MatrixXd& X,
                           Eigen::Index n_targets, std::string_view targets_name) {
    if (X.rows() == 0)
        fail(who, "no training data (X has 0 rows); at least 1 row is required");
    if (X.cols() == 0)
        fail(who, "X has 0 columns; at least 1 feature is required");
    if (n_targets != X.rows())
        fail(who, std::string(targets_name) + " has " + std::to_string(n_targets) +
                      " entries but X has " + std::to_string(X.rows()) +
                      " rows; they must be equal");
    for (Eigen::Index j = 0; j < X.cols(); ++j)
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            if (!std::isfinite(X(i, j)))
                fail(who, "X(" + std::to_string(i) + "," + std::to_string(j) +
                              ") = " + format_double(X(i, j)) + " is not finite; inputs must be finite numbers");
}

void check_finite(std::string_view who, std::string_view name, const Eigen::VectorXd& v) {
    for (Eigen::Index i = 0; i < v.size(); ++i)
        if (!std::isfinite(v[i]))
            fail(who, std::string(name) + "(" + std::to_string(i) + ") = " + format_double(v[i]) +
                          " is not finite; values must be finite numbers");
}

void check_binary_labels(std::string_view who, const Eigen::VectorXi& labels) {
    for (Eigen::Index i = 0; i < labels.size(); ++i)
        if (labels[i] != 0 && labels[i] != 1)
            fail(who, "labels(" + std::to_string(i) + ") = " + std::to_string(labels[i]) +
                          " is not a binary label; accepted labels are 0 and 1");
}

void check_query_point(std::string_view who, const Eigen::VectorXd& x, Eigen::Index dim) {
    if (x.size() != dim)
        fail(who, "query point has " + std::to_string(x.size()) +
                      " entries but the model was fitted on " + std::to_string(dim) + " features");
    check_finite(who, "x", x);
}

void check_query_matrix(std::string_view who, const Eigen::MatrixXd& X, Eigen::Index dim) {
    if (X.cols() != dim)
        fail(who, "query matrix has " + std::to_string(X.cols()) +
                      " columns but the model was fitted on " + std::to_string(dim) + " features");
    for (Eigen::Index j = 0; j < X.cols(); ++j)
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            if (!std::isfinite(X(i, j)))
                fail(who, "X(" + std::to_string(i) + "," + std::to_string(j) + ") = " +
                              format_double(X(i, j)) + " is not finite; query points must be finite numbers");
}

}  // namespace bobench::surrogates::detail
