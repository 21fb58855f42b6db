#pragma once
// The 24 noiseless functions of COCO's `bbob` suite, exact to COCO's C code
// (numbbo/coco, code-experiments/src/f_*.c, suite_bbob.c), for any instance number and any
// dimension 2 <= d <= 640, on the domain [-5, 5]^d.
//
//   bobench::bbob::Function f(15, 1, 10);   // Rastrigin (rotated), instance 1, d = 10
//   double y = f(x);                         // x: pointer to 10 doubles
//   f.fopt(), f.xopt(), f.group()
//
// A Function is immutable after construction and safe to share between threads; a call
// allocates nothing (see detail::Workspace). A NaN coordinate gives NaN, as in COCO.
//
// COCO builds its rotation matrices only up to d = 44 (fixed-size buffers); bobench uses
// the same generator up to d = 640 (kMaxDimension), so larger dimensions are the natural
// extension of COCO's definition rather than something COCO itself can produce.
#include <memory>
#include <vector>

namespace bobench::bbob {

namespace detail {
// One built (function, instance, dimension): the per-instance data and its evaluation.
struct Problem {
    virtual ~Problem() = default;
    // x has `dimension` coordinates, none of them NaN.
    virtual double evaluate(const double* x) const = 0;

    double fopt = 0.0;
    std::vector<double> xopt;  // COCO's best_parameter
};
}  // namespace detail

class Function {
public:
    // Throws bobench::UserError for function outside 1..24, instance outside
    // 1..kMaxInstance (200000) or dimension outside 2..kMaxDimension (640); Interrupted
    // when a stop is requested while its rotations are built (d^3 operations).
    Function(int function, int instance, int dimension);

    // Value at x (dimension() coordinates). Thread-safe, no heap allocation.
    double operator()(const double* x) const;
    // Same, checking the length first (throws bobench::UserError).
    double evaluate(const std::vector<double>& x) const;

    int function() const { return function_; }
    int instance() const { return instance_; }
    int dimension() const { return dimension_; }

    // Optimal value and COCO's optimal solution (its best_parameter). For every function
    // f(xopt()) equals fopt() up to rounding; see the notes in the family files for the
    // few where COCO's x_opt is not the shift of the definition (f5, f8, f9, f19, f20,
    // f21, f22, f24).
    double fopt() const { return problem_->fopt; }
    const std::vector<double>& xopt() const { return problem_->xopt; }

    // COCO's function group: 1 separable (f1-5), 2 low or moderate conditioning (f6-9),
    // 3 high conditioning and unimodal (f10-14), 4 multi-modal with adequate global
    // structure (f15-19), 5 multi-modal with weak global structure (f20-24).
    int group() const { return group(function_); }
    static int group(int function);

    // The function's name, e.g. "Rastrigin (rotated)". Throws for function outside 1..24.
    static const char* name(int function);

private:
    int function_;
    int instance_;
    int dimension_;
    std::shared_ptr<const detail::Problem> problem_;
};

}  // namespace bobench::bbob
