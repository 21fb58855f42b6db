#include "core/space.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <sstream>

#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench {

Param Param::real(std::string name, double lo, double hi, bool log) {
    Param p;
    p.name = std::move(name);
    p.kind = ParamKind::Real;
    p.lo = lo;
    p.hi = hi;
    p.log = log;
    return p;
}

Param Param::integer(std::string name, long lo, long hi) {
    Param p;
    p.name = std::move(name);
    p.kind = ParamKind::Integer;
    p.lo = static_cast<double>(lo);
    p.hi = static_cast<double>(hi);
    return p;
}

Param Param::ordinal(std::string name, std::vector<double> values) {
    Param p;
    p.name = std::move(name);
    p.kind = ParamKind::Ordinal;
    p.values = std::move(values);
    return p;
}

Param Param::categorical(std::string name, std::vector<std::string> choices) {
    Param p;
    p.name = std::move(name);
    p.kind = ParamKind::Categorical;
    p.choices = std::move(choices);
    return p;
}

std::size_t Param::cardinality() const {
    switch (kind) {
        case ParamKind::Real: return 0;
        case ParamKind::Integer: return static_cast<std::size_t>(hi - lo) + 1;
        case ParamKind::Ordinal: return values.size();
        case ParamKind::Categorical: return choices.size();
    }
    return 0;
}

std::size_t Param::index_of(double value) const {
    switch (kind) {
        case ParamKind::Integer: return static_cast<std::size_t>(std::lround(value - lo));
        case ParamKind::Ordinal: {
            // nearest listed value: ordinal values come from tables and text files
            auto it = std::lower_bound(values.begin(), values.end(), value);
            if (it == values.end()) return values.size() - 1;
            std::size_t i = static_cast<std::size_t>(it - values.begin());
            if (i > 0 && value - values[i - 1] < *it - value) --i;
            return i;
        }
        case ParamKind::Categorical: return static_cast<std::size_t>(std::lround(value));
        case ParamKind::Real: break;
    }
    throw std::logic_error("index_of on a real parameter");
}

double Param::value_at(std::size_t index) const {
    switch (kind) {
        case ParamKind::Integer: return lo + static_cast<double>(index);
        case ParamKind::Ordinal: return values.at(index);
        case ParamKind::Categorical: return static_cast<double>(index);
        case ParamKind::Real: break;
    }
    throw std::logic_error("value_at on a real parameter");
}

std::string Param::format(double value) const {
    if (kind == ParamKind::Categorical) {
        std::size_t i = index_of(value);
        return i < choices.size() ? choices[i] : format_double(value);
    }
    return format_double(value);
}

Space::Space(std::vector<Param> params) : params_(std::move(params)) {
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const Param& p = params_[i];
        const std::string who = "parameter '" + p.name + "'";
        if (p.name.empty()) throw UserError("parameter " + std::to_string(i) + " has no name");
        for (std::size_t j = 0; j < i; ++j)
            if (params_[j].name == p.name) throw UserError(who + " is defined twice");
        switch (p.kind) {
            case ParamKind::Real:
                if (!(std::isfinite(p.lo) && std::isfinite(p.hi) && p.lo < p.hi))
                    throw UserError(who + ": empty domain [" + format_double(p.lo) + ", " +
                                    format_double(p.hi) + "]; need finite lo < hi");
                if (p.log && p.lo <= 0)
                    throw UserError(who + ": log scale needs lo > 0, got lo = " + format_double(p.lo));
                break;
            case ParamKind::Integer:
                if (!(p.lo <= p.hi) || p.lo != std::floor(p.lo) || p.hi != std::floor(p.hi))
                    throw UserError(who + ": integer bounds must be integers with lo <= hi, got [" +
                                    format_double(p.lo) + ", " + format_double(p.hi) + "]");
                break;
            case ParamKind::Ordinal:
                if (p.values.empty()) throw UserError(who + ": ordinal parameter has no values");
                for (std::size_t k = 1; k < p.values.size(); ++k)
                    if (!(p.values[k - 1] < p.values[k]))
                        throw UserError(who + ": ordinal values must be strictly increasing");
                break;
            case ParamKind::Categorical:
                if (p.choices.empty()) throw UserError(who + ": categorical parameter has no choices");
                break;
        }
    }
}

bool Space::all_real() const {
    return std::all_of(params_.begin(), params_.end(), [](const Param& p) { return !p.is_discrete(); });
}

bool Space::all_discrete() const {
    return std::all_of(params_.begin(), params_.end(), [](const Param& p) { return p.is_discrete(); });
}

namespace {
// A 64-bit unsigned integer as the nearest double, as the conversion rounds it: both halves
// are exact doubles and so is their scaled sum's one rounding. x86-64 converts only signed
// integers; the compiler's unsigned conversion branches on the top bit, a random bit here,
// and random search at d = 40 spent most of its time in those mispredicted branches.
double nearest_double(std::uint64_t u) {
    return static_cast<double>(static_cast<std::uint32_t>(u >> 32)) * 0x1p32 +
           static_cast<double>(static_cast<std::uint32_t>(u));
}

// boost::random::uniform_real_distribution<double>(lo, hi)(rng) bit for bit, for mt19937_64:
// Boost divides the engine's output by its range plus one, 2^64 as a double, the exact
// scaling by 2^-64 written here. Ranges wider than the largest double go to Boost.
double uniform_real(Rng& rng, double lo, double hi) {
    static_assert(std::is_same_v<Rng::result_type, std::uint64_t> && Rng::word_size == 64, "the scaling is by 2^-64");
    if (hi / 2 - lo / 2 > std::numeric_limits<double>::max() / 2)
        return boost::random::uniform_real_distribution<double>(lo, hi)(rng);
    for (;;) {
        const double r = nearest_double(rng()) * 0x1p-64 * (hi - lo) + lo;
        if (r < hi) return r;
    }
}
}  // namespace

Point Space::sample(Rng& rng) const {
    Point x(params_.size());
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const Param& p = params_[i];
        if (p.kind == ParamKind::Real) {
            if (p.log) x[i] = std::clamp(std::exp(uniform_real(rng, std::log(p.lo), std::log(p.hi))), p.lo, p.hi);
            else x[i] = uniform_real(rng, p.lo, p.hi);
        } else {
            boost::random::uniform_int_distribution<std::size_t> u(0, p.cardinality() - 1);
            x[i] = p.value_at(u(rng));
        }
    }
    return x;
}

std::size_t Space::encoded_size(bool one_hot) const {
    std::size_t n = 0;
    for (const Param& p : params_)
        n += (one_hot && p.kind == ParamKind::Categorical) ? p.cardinality() : 1;
    return n;
}

// Discrete values sit at the centres of equal cells of [0,1]: (index + 0.5) / k, so that
// decoding by floor(u * k) is uniform over the values when u is uniform.
void Space::encode_into(const Point& x, bool one_hot, double* out) const {
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const Param& p = params_[i];
        if (p.kind == ParamKind::Real) {
            *out++ = p.log ? (std::log(x[i]) - std::log(p.lo)) / (std::log(p.hi) - std::log(p.lo))
                           : (x[i] - p.lo) / (p.hi - p.lo);
            continue;
        }
        const std::size_t k = p.cardinality(), idx = p.index_of(x[i]);
        if (one_hot && p.kind == ParamKind::Categorical) {
            for (std::size_t c = 0; c < k; ++c) *out++ = (c == idx) ? 1.0 : 0.0;
        } else {
            *out++ = (static_cast<double>(idx) + 0.5) / static_cast<double>(k);
        }
    }
}

Eigen::VectorXd Space::encode(const Point& x, bool one_hot) const {
    Eigen::VectorXd u(encoded_size(one_hot));
    encode_into(x, one_hot, u.data());
    return u;
}

Point Space::decode(const Eigen::Ref<const Eigen::VectorXd>& u, bool one_hot) const {
    if (static_cast<std::size_t>(u.size()) != encoded_size(one_hot))
        throw std::invalid_argument("Space::decode: vector of length " + std::to_string(u.size()) +
                                    ", expected " + std::to_string(encoded_size(one_hot)));
    Point x(params_.size());
    Eigen::Index j = 0;
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const Param& p = params_[i];
        if (p.kind == ParamKind::Real) {
            const double v = std::clamp(u[j++], 0.0, 1.0);
            x[i] = p.log ? std::exp(std::log(p.lo) + v * (std::log(p.hi) - std::log(p.lo)))
                         : p.lo + v * (p.hi - p.lo);
            x[i] = std::clamp(x[i], p.lo, p.hi);
            continue;
        }
        const std::size_t k = p.cardinality();
        std::size_t idx;
        if (one_hot && p.kind == ParamKind::Categorical) {
            Eigen::Index best = 0;
            u.segment(j, static_cast<Eigen::Index>(k)).maxCoeff(&best);
            idx = static_cast<std::size_t>(best);
            j += static_cast<Eigen::Index>(k);
        } else {
            const double v = std::clamp(u[j++], 0.0, 1.0);
            idx = std::min(k - 1, static_cast<std::size_t>(v * static_cast<double>(k)));
        }
        x[i] = p.value_at(idx);
    }
    return x;
}

// Whether v is a valid value of p (no strings: this runs once per evaluation).
static bool valid(const Param& p, double v) {
    if (!std::isfinite(v)) return false;
    switch (p.kind) {
        case ParamKind::Real: return v >= p.lo && v <= p.hi;
        case ParamKind::Integer: return v == std::floor(v) && v >= p.lo && v <= p.hi;
        case ParamKind::Ordinal: return std::binary_search(p.values.begin(), p.values.end(), v);
        case ParamKind::Categorical: return v == std::floor(v) && v >= 0 && v < static_cast<double>(p.choices.size());
    }
    return false;
}

bool Space::contains(const Point& x) const {
    if (x.size() != params_.size()) return false;
    for (std::size_t i = 0; i < params_.size(); ++i)
        if (!valid(params_[i], x[i])) return false;
    return true;
}

std::string Space::why_not_contains(const Point& x) const {
    if (x.size() != params_.size())
        return "point has " + std::to_string(x.size()) + " coordinates, the space has " +
               std::to_string(params_.size());
    for (std::size_t i = 0; i < params_.size(); ++i) {
        const Param& p = params_[i];
        const double v = x[i];
        if (valid(p, v)) continue;
        const std::string is = p.name + " = " + format_double(v);
        if (!std::isfinite(v)) return is + " is not a finite number";
        switch (p.kind) {
            case ParamKind::Real:
                return is + " is outside [" + format_double(p.lo) + ", " + format_double(p.hi) + "]";
            case ParamKind::Integer:
                return is + " is not an integer in [" + format_double(p.lo) + ", " + format_double(p.hi) + "]";
            case ParamKind::Ordinal: return is + " is not one of the values {" + join(p.values, ", ") + "}";
            case ParamKind::Categorical:
                return is + " is not a choice index in [0, " + std::to_string(p.choices.size() - 1) + "] (choices " +
                       join(p.choices, ", ") + ")";
        }
    }
    return {};
}


std::string Space::format(const Point& x) const {
    std::ostringstream s;
    for (std::size_t i = 0; i < params_.size() && i < x.size(); ++i)
        s << (i ? ", " : "") << params_[i].name << '=' << params_[i].format(x[i]);
    return s.str();
}

Space real_box(const std::vector<double>& lo, const std::vector<double>& hi) {
    std::vector<Param> params;
    for (std::size_t i = 0; i < lo.size(); ++i) params.push_back(Param::real(std::string("x").append(std::to_string(i)), lo[i], hi[i]));
    return Space(std::move(params));
}

}  // namespace bobench
