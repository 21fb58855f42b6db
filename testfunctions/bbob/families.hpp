#pragma once
// Internal: one factory per COCO function group; each family file defines its functions.
#include <cstdint>
#include <memory>

#include "testfunctions/bbob/function.hpp"
#include "testfunctions/bbob/instance_generator.hpp"

namespace bobench::bbob::detail {

// What every function is built from: COCO's seed rseed = f + 10000 i (f4 -> 3, f18 -> 17)
// and f_opt. Functions that COCO seeds differently say so where they are built.
struct Spec {
    int function;
    int instance;
    int dimension;
    std::int64_t rseed;
    double fopt;
};

// COCO seeds a function's second rotation Q with rseed + 1e6.
constexpr std::int64_t kSecondSeed = 1000000;

// M = Q diag(base^{k/(d-1)}) R, Q from rseed + 1e6 and R from rseed: the linear map of
// f6, f13 and f23.
inline Matrix q_lambda_r(const Spec& s, double base) {
    return legacy::rotate_scale_rotate(legacy::rotation(s.dimension, s.rseed + kSecondSeed),
                                       legacy::geometric_scales(s.dimension, base),
                                       legacy::rotation(s.dimension, s.rseed));
}

std::unique_ptr<Problem> make_separable(const Spec& spec);        // f1 - f5
std::unique_ptr<Problem> make_moderate(const Spec& spec);         // f6 - f9
std::unique_ptr<Problem> make_ill_conditioned(const Spec& spec);  // f10 - f14
std::unique_ptr<Problem> make_multimodal(const Spec& spec);       // f15 - f19
std::unique_ptr<Problem> make_weakly_structured(const Spec& spec);  // f20 - f24

}  // namespace bobench::bbob::detail
