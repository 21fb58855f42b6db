#include "acquisitions/maximizers/maximizer.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"

namespace bobench::acquisitions {

Box Box::unit(int dim) {
    if (dim < 1) throw UserError("Box::unit: dimension " + std::to_string(dim) + " must be >= 1");
    return {Eigen::VectorXd::Zero(dim), Eigen::VectorXd::Ones(dim)};
}

bool Box::contains(const Eigen::VectorXd& x) const {
    return x.size() == lower.size() && (x.array() >= lower.array()).all() &&
           (x.array() <= upper.array()).all();
}

void Box::validate(const char* who) const {
    const std::string name(who);
    if (lower.size() < 1 || lower.size() != upper.size())
        throw UserError(name + ": box bounds have sizes " + std::to_string(lower.size()) + " and " +
                        std::to_string(upper.size()) + "; they must be equal and >= 1");
    for (Eigen::Index i = 0; i < lower.size(); ++i)
        if (!std::isfinite(lower[i]) || !std::isfinite(upper[i]) || !(lower[i] <= upper[i]))
            throw UserError(name + ": box dimension " + std::to_string(i) + " is [" +
                            std::to_string(lower[i]) + ", " + std::to_string(upper[i]) +
                            "]; bounds must be finite with lower <= upper");
}

Objective make_objective(const Acquisition& acquisition) {
    return {[&acquisition](const Eigen::VectorXd& x, Eigen::VectorXd* grad) {
                return acquisition.value(x, grad);
            },
            acquisition.has_gradient(),
            [&acquisition](const Eigen::MatrixXd& X, Eigen::VectorXd& values) { acquisition.values(X, values); }};
}

namespace detail {

void validate_arguments(const char* who, const Objective& f, const Box& box,
                        const Eigen::MatrixXd& candidates) {
    box.validate(who);
    if (!f.fn) throw UserError(std::string(who) + ": the objective function is empty");
    if (candidates.size() == 0) return;
    if (candidates.cols() != box.dim())
        throw UserError(std::string(who) + ": candidates have " + std::to_string(candidates.cols()) +
                        " columns, expected the box dimension " + std::to_string(box.dim()));
    for (Eigen::Index r = 0; r < candidates.rows(); ++r)
        if (!box.contains(candidates.row(r).transpose()))
            throw UserError(std::string(who) + ": candidate row " + std::to_string(r) +
                            " lies outside the box");
}

void score_rows(const Objective& f, const Eigen::MatrixXd& X, Eigen::VectorXd& values) {
    if (f.batch) {
        f.batch(X, values);
        if (values.size() != X.rows())
            throw std::logic_error("Objective::batch returned " + std::to_string(values.size()) + " values for " +
                                   std::to_string(X.rows()) + " points");
        return;
    }
    values.resize(X.rows());
    Eigen::VectorXd x(X.cols());
    for (Eigen::Index k = 0; k < X.rows(); ++k) {
        x = X.row(k).transpose();
        values[k] = f.fn(x, nullptr);
    }
}

Eigen::VectorXd uniform_in(const Box& box, Rng& rng) {
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    Eigen::VectorXd x(box.dim());
    for (int i = 0; i < box.dim(); ++i)
        x[i] = box.lower[i] + u(rng) * (box.upper[i] - box.lower[i]);
    return x;
}

}  // namespace detail

}  // namespace bobench::acquisitions
