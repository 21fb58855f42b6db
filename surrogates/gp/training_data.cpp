#include "surrogates/gp/training_data.hpp"

#include <cmath>
#include <string>

#include "core/error.hpp"

namespace bobench::surrogates {

CleanData clean_training_data(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, int dim,
                              std::string_view who) {
    const std::string name(who);
    if (X.cols() != dim)
        throw UserError(name + ": X has " + std::to_string(X.cols()) +
                        " columns, expected the model dimension " + std::to_string(dim));
    if (X.rows() != y.size())
        throw UserError(name + ": X has " + std::to_string(X.rows()) + " rows but y has " +
                        std::to_string(y.size()) + " entries; they must match");
    CleanData out;
    Eigen::Index kept = 0;
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        if (!X.row(i).allFinite())
            throw UserError(name + ": row " + std::to_string(i) +
                            " of X is not finite; inputs must be finite points of [0,1]^D");
        if (std::isfinite(y[i])) ++kept;
    }
    out.dropped = static_cast<std::size_t>(y.size() - kept);
    out.X.resize(kept, dim);
    out.y.resize(kept);
    Eigen::Index r = 0;
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        if (!std::isfinite(y[i])) continue;
        out.X.row(r) = X.row(i);
        out.y[r] = y[i];
        ++r;
    }
    return out;
}

Standardization Standardization::of(const Eigen::VectorXd& y, bool scale_outputs) {
    Standardization s;
    if (y.size() == 0) return s;
    s.mean = y.mean();
    if (!scale_outputs) return s;
    const double sd = std::sqrt((y.array() - s.mean).square().mean());
    // Equal outputs give sd == 0 or a round-off residue of order eps * |mean|.
    s.scale = (sd > 1e-12 * std::abs(s.mean)) ? sd : 1.0;
    return s;
}

}  // namespace bobench::surrogates
