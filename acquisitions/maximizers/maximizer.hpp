#pragma once
// Maximisers of a function over a box: the acquisition optimisers of BO loops.
//
// The interface is deliberately general (any function object, any box) so discrete or
// mixed handling can be added around it later. Non-finite function values count as
// -inf: they are never preferred to a finite one.
#include <functional>
#include <limits>

#include <Eigen/Core>

#include "acquisitions/acquisition.hpp"
#include "core/rng.hpp"

namespace bobench::acquisitions {

struct Box {
    Eigen::VectorXd lower, upper;

    static Box unit(int dim);  // [0,1]^dim
    int dim() const { return static_cast<int>(lower.size()); }
    bool contains(const Eigen::VectorXd& x) const;
    // Throws UserError unless lower and upper have the same size >= 1, are finite and
    // lower <= upper; `who` names the caller in the message.
    void validate(const char* who) const;
};

// The function to maximise. When grad is non-null and has_gradient is true, fn also
// writes the gradient (resized to D).
//
// batch (optional): the values of many points in one call, X one point per row (n x D),
// values resized to n. It must give fn(X.row(k), nullptr) for every row, bit for bit: it
// exists for models whose per-call overhead dominates (XGBoost's C API, a sampled network's
// matrix-vector products), not to change results. Maximisers that score points
// independently of each other's values (DE's generations, random sampling) use it when
// set, through detail::score_rows; the others call fn.
//
// start_scores (optional, multi-start L-BFGS-B only): ranks the random points that pick the
// L-BFGS-B starts in place of fn (X one point per column, scores resized to its columns, the
// higher the better; it may draw from rng). The points so ranked are not candidates for the
// result: only what L-BFGS-B evaluates with fn is (AutoGluon's GP searcher ranks its random
// candidates by Thompson samples, then optimises EI from the best one).
struct Objective {
    std::function<double(const Eigen::VectorXd& x, Eigen::VectorXd* grad)> fn;
    bool has_gradient = false;
    std::function<void(const Eigen::MatrixXd& X, Eigen::VectorXd& values)> batch = {};
    std::function<void(const Eigen::MatrixXd& X, Eigen::VectorXd& scores, Rng& rng)> start_scores = {};
};

// Wraps an acquisition (held by reference: it must outlive the objective); its batch is
// Acquisition::values.
Objective make_objective(const Acquisition& acquisition);

struct MaximizeResult {
    Eigen::VectorXd x;
    double value = 0.0;     // -inf when no evaluation was finite
    long evaluations = 0;   // calls of the objective (gradient calls included)
};

class Maximizer {
public:
    virtual ~Maximizer() = default;
    // candidates: optional extra points (rows inside the box), e.g. the incumbent or
    // the previous proposal; every maximiser evaluates them and may start from them.
    virtual MaximizeResult maximize(const Objective& f, const Box& box, Rng& rng,
                                    const Eigen::MatrixXd& candidates = Eigen::MatrixXd()) const = 0;
};

namespace detail {
// Shared checks of maximize() arguments; throws UserError naming `who`.
void validate_arguments(const char* who, const Objective& f, const Box& box,
                        const Eigen::MatrixXd& candidates);
// NaN and +-inf values become -inf.
inline double sanitize(double v) {
    return (v == v && v < std::numeric_limits<double>::infinity())
               ? v
               : -std::numeric_limits<double>::infinity();
}
// A uniform draw in the box.
Eigen::VectorXd uniform_in(const Box& box, Rng& rng);
// values[k] = f at row k of X (raw, not sanitised): f.batch once when set, else f.fn row
// by row in order.
void score_rows(const Objective& f, const Eigen::MatrixXd& X, Eigen::VectorXd& values);
}  // namespace detail

}  // namespace bobench::acquisitions
