#pragma once
// Checks of training and query data shared by the tree models and the calibrators.
// Each throws bobench::UserError naming the model (`who`), the offending value and what
// is accepted.
#include <string>
#include <string_view>

#include <Eigen/Core>

namespace bobench::surrogates::detail {

// UserError "who: what" unless `ok`.
void require(std::string_view who, bool ok, const std::string& what);

// An option of a model must satisfy `ok`; otherwise UserError "who: name = value is
// invalid; it must be <rule>".
void require_option(std::string_view who, bool ok, std::string_view name, const std::string& value,
                    std::string_view rule);

// X must have at least one row and one column, `n_targets` must equal X.rows(), and every
// entry of X must be finite.
void check_training_inputs(std::string_view who, const Eigen::MatrixXd& X,
                           Eigen::Index n_targets, std::string_view targets_name);

// Every entry of `v` must be finite; `name` is how the message refers to the vector.
void check_finite(std::string_view who, std::string_view name, const Eigen::VectorXd& v);

// Every label must be 0 or 1.
void check_binary_labels(std::string_view who, const Eigen::VectorXi& labels);

// A query point must have `dim` entries, all finite.
void check_query_point(std::string_view who, const Eigen::VectorXd& x, Eigen::Index dim);

// A query matrix must have `dim` columns and finite entries.
void check_query_matrix(std::string_view who, const Eigen::MatrixXd& X, Eigen::Index dim);

}  // namespace bobench::surrogates::detail
