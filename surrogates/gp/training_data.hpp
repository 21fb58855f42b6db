#pragma once
// Training-data hygiene shared by the GP models: validation, dropping failed
// evaluations, output standardisation.
#include <cstddef>
#include <string_view>

#include <Eigen/Core>

namespace bobench::surrogates {

struct CleanData {
    Eigen::MatrixXd X;          // N x D, only rows with a finite y
    Eigen::VectorXd y;          // N
    std::size_t dropped = 0;    // rows removed because y was NaN or infinite
};

// Checks shapes (X.cols() == dim, X.rows() == y.size()) and that X is finite, throwing
// UserError that names `who` and the culprit; drops rows whose y is not finite.
CleanData clean_training_data(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, int dim,
                              std::string_view who);

// y_std = (y - mean) / scale with the population standard deviation as scale. When the
// outputs are all equal (deviation 0 or round-off small against |mean|) the scale is 1,
// so nothing is divided by zero and the GP sees all-zero targets.
// With scale_outputs false the outputs are only centred (scale 1): RoBO's GPs run with
// normalize_output=False and george's constant mean mean(y) (robo/models/gaussian_process.py).
struct Standardization {
    double mean = 0.0;
    double scale = 1.0;

    static Standardization of(const Eigen::VectorXd& y, bool scale_outputs = true);
    Eigen::VectorXd apply(const Eigen::VectorXd& y) const {
        return (y.array() - mean) / scale;
    }
};

}  // namespace bobench::surrogates
