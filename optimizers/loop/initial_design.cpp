#include "optimizers/loop/initial_design.hpp"

#include <bit>
#include <cstdint>

#include <boost/random/sobol.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"

namespace bobench::designs {

Kind parse_kind(const std::string& name) {
    if (name == "uniform") return Kind::Uniform;
    if (name == "lhs") return Kind::LatinHypercube;
    if (name == "sobol") return Kind::Sobol;
    throw UserError("unknown initial design '" + name + "'; expected one of uniform, lhs, sobol");
}

ParamSpec kind_param(const std::string& default_kind) {
    return ParamSpec::choice("init", default_kind, {"uniform", "lhs", "sobol"}, "initial design");
}

Eigen::MatrixXd uniform(std::size_t n, std::size_t dim, Rng& rng) {
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    Eigen::MatrixXd X(n, dim);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < dim; ++j) X(i, j) = u(rng);
    return X;
}

Eigen::MatrixXd latin_hypercube(std::size_t n, std::size_t dim, Rng& rng) {
    boost::random::uniform_real_distribution<double> u(0.0, 1.0);
    Eigen::MatrixXd X(n, dim);
    std::vector<std::size_t> perm(n);
    for (std::size_t j = 0; j < dim; ++j) {
        for (std::size_t i = 0; i < n; ++i) perm[i] = i;
        for (std::size_t i = n; i > 1; --i) {  // Fisher-Yates with a specified distribution
            boost::random::uniform_int_distribution<std::size_t> pick(0, i - 1);
            std::swap(perm[i - 1], perm[pick(rng)]);
        }
        for (std::size_t i = 0; i < n; ++i)
            X(i, j) = (static_cast<double>(perm[i]) + u(rng)) / static_cast<double>(n);
    }
    return X;
}

namespace {
// y = L x XOR shift over the 32 bits of x, most significant bit first; L is lower
// triangular with a unit diagonal, so the map is a bijection on each dyadic interval.
struct LinearScramble {
    std::uint32_t rows[32];  // rows[k]: which input bits feed output bit k (bit 31 - k)
    std::uint32_t shift;

    explicit LinearScramble(Rng& rng) {
        boost::random::uniform_int_distribution<std::uint32_t> bits(0, 0xffffffffu);
        for (int k = 0; k < 32; ++k) {
            // keep input bits at or above output bit k's significance, force the diagonal
            const std::uint32_t allowed = k == 31 ? 0xffffffffu : ~((1u << (31 - k)) - 1u);
            rows[k] = (bits(rng) & allowed) | (1u << (31 - k));
        }
        shift = bits(rng);
    }
    std::uint32_t operator()(std::uint32_t x) const {
        std::uint32_t y = 0;
        for (int k = 0; k < 32; ++k) y |= static_cast<std::uint32_t>(std::popcount(x & rows[k]) & 1) << (31 - k);
        return y ^ shift;
    }
};
}  // namespace

Eigen::MatrixXd scrambled_sobol(std::size_t n, std::size_t dim, Rng& rng) {
    using Engine = boost::random::sobol_engine<std::uint32_t, 32, boost::random::default_sobol_table>;
    if (dim > boost::random::default_sobol_table::max_dimension) throw UserError("Sobol design supports at most " +
                                                     std::to_string(boost::random::default_sobol_table::max_dimension) + " dimensions");
    std::vector<LinearScramble> scramble;
    for (std::size_t j = 0; j < dim; ++j) scramble.emplace_back(rng);
    Engine engine(static_cast<std::size_t>(dim));
    Eigen::MatrixXd X(n, dim);
    // Boost starts after the all-zero point, which belongs to every Sobol net: emit it first.
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < dim; ++j) {
            const std::uint32_t raw = i == 0 ? 0u : static_cast<std::uint32_t>(engine());
            X(i, j) = (static_cast<double>(scramble[j](raw)) + 0.5) * 0x1p-32;
        }
    return X;
}

Eigen::MatrixXd unit_design(Kind kind, std::size_t n, std::size_t dim, Rng& rng) {
    switch (kind) {
        case Kind::Uniform: return uniform(n, dim, rng);
        case Kind::LatinHypercube: return latin_hypercube(n, dim, rng);
        case Kind::Sobol: return scrambled_sobol(n, dim, rng);
    }
    return {};
}

std::vector<Point> initial_design(Kind kind, const Space& space, std::size_t n, Rng& rng) {
    const Eigen::MatrixXd U = unit_design(kind, n, space.size(), rng);
    std::vector<Point> points;
    points.reserve(n);
    for (std::size_t i = 0; i < n; ++i) points.push_back(space.decode(U.row(static_cast<Eigen::Index>(i)).transpose()));
    return points;
}

}  // namespace bobench::designs
