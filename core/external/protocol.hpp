#pragma once
// The JSON shapes of the external protocols (docs/PROTOCOL.md): the space as the optimizer's
// hello message and the problem's description give it, and points in both directions.
// Shared by the external optimizer, the external problem and the Python package (whose
// Problem.space is the same list). In core because optimizers and problems both use it.
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "core/space.hpp"

namespace bobench::external {

inline constexpr int protocol_version = 1;

// A message that breaks the protocol; what() says what was expected.
struct ProtocolError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// [{"name": "x0", "type": "real", "low": -5, "high": 10, "log": false},
//  {"name": "n", "type": "integer", "low": 1, "high": 8},
//  {"name": "lr", "type": "ordinal", "values": [0.001, 0.01]},
//  {"name": "act", "type": "categorical", "choices": ["relu", "tanh"]}]
nlohmann::json space_to_json(const Space& space);
// The inverse, for a problem that describes its space: ProtocolError naming the parameter
// that is not of that form, UserError (Space's checks) for an empty or unordered domain.
Space space_from_json(const nlohmann::json& params);

// A point as a JSON array in the space's order: numbers, and choice names for categoricals.
nlohmann::json point_to_json(const Space& space, const Point& x);
// The inverse; ProtocolError on a wrong arity, a wrong type, an unknown choice or a value
// outside the space, naming the parameter.
Point point_from_json(const Space& space, const nlohmann::json& x);

// The deepest a message may nest arrays and objects: the protocol's own need 3 ({"points":
// [[...]]}); a bound keeps a hostile reply from exhausting a worker thread's stack.
inline constexpr int max_nesting = 64;
// Parses one message; ProtocolError when it nests deeper than max_nesting, json's
// parse_error when it is not JSON.
nlohmann::json parse_message(const std::string& line);

}  // namespace bobench::external
