#pragma once
// Space-filling initial designs, reusable by every model-based optimizer.
// Designs are drawn in the unit cube [0,1]^D and decoded into the space, so the same
// code serves real, integer, ordinal and categorical parameters.
#include <cstddef>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/params.hpp"
#include "core/space.hpp"

namespace bobench::designs {

enum class Kind { Uniform, LatinHypercube, Sobol };

Kind parse_kind(const std::string& name);  // "uniform" | "lhs" | "sobol"
// The `init` parameter optimizers declare to choose their design.
ParamSpec kind_param(const std::string& default_kind = "lhs");

// n points of [0,1]^dim as rows.
Eigen::MatrixXd uniform(std::size_t n, std::size_t dim, Rng& rng);
// One point per stratum [k/n, (k+1)/n) in every dimension, strata paired at random.
Eigen::MatrixXd latin_hypercube(std::size_t n, std::size_t dim, Rng& rng);
// The first n points of the Sobol sequence (Boost's direction numbers), scrambled by a
// random linear matrix scramble plus digital shift (Matousek 1998), which keeps the
// (t,m,s)-net structure and makes every point random-uniform.
Eigen::MatrixXd scrambled_sobol(std::size_t n, std::size_t dim, Rng& rng);

Eigen::MatrixXd unit_design(Kind kind, std::size_t n, std::size_t dim, Rng& rng);
std::vector<Point> initial_design(Kind kind, const Space& space, std::size_t n, Rng& rng);

}  // namespace bobench::designs
