#include "core/external/protocol.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "core/text.hpp"

namespace bobench::external {

using nlohmann::json;

json space_to_json(const Space& space) {
    json params = json::array();
    for (const Param& p : space.params()) {
        json j = {{"name", p.name}};
        switch (p.kind) {
            case ParamKind::Real: j.update({{"type", "real"}, {"low", p.lo}, {"high", p.hi}, {"log", p.log}}); break;
            case ParamKind::Integer:
                j.update({{"type", "integer"}, {"low", static_cast<long>(p.lo)}, {"high", static_cast<long>(p.hi)}});
                break;
            case ParamKind::Ordinal: j.update({{"type", "ordinal"}, {"values", p.values}}); break;
            case ParamKind::Categorical: j.update({{"type", "categorical"}, {"choices", p.choices}}); break;
        }
        params.push_back(std::move(j));
    }
    return params;
}

json point_to_json(const Space& space, const Point& x) {
    json j = json::array();
    for (std::size_t i = 0; i < space.size(); ++i) {
        const Param& p = space[i];
        if (p.kind == ParamKind::Categorical) j.push_back(p.choices[static_cast<std::size_t>(x[i])]);
        else if (p.kind == ParamKind::Integer) j.push_back(static_cast<long>(x[i]));
        else j.push_back(x[i]);
    }
    return j;
}

Point point_from_json(const Space& space, const json& x) {
    auto values = [&] {  // "2 values (x0, x1)", for messages only
        std::vector<std::string> names;
        for (const Param& p : space.params()) names.push_back(p.name);
        return std::to_string(space.size()) + " values (" + join(names, ", ") + ")";
    };
    if (!x.is_array()) throw ProtocolError("a point is a JSON array of " + values() + ", not " + x.dump());
    if (x.size() != space.size())
        throw ProtocolError("wrong arity: a point has " + values() + ", this one has " + std::to_string(x.size()));
    Point point(space.size());
    for (std::size_t i = 0; i < space.size(); ++i) {
        const Param& p = space[i];
        const json& v = x[i];
        if (p.kind == ParamKind::Categorical) {
            if (!v.is_string())
                throw ProtocolError(p.name + " is categorical: its value is one of the strings \"" +
                                    join(p.choices, "\", \"") + "\", not " + v.dump());
            const auto it = std::find(p.choices.begin(), p.choices.end(), v.get<std::string>());
            if (it == p.choices.end())
                throw ProtocolError(p.name + " = " + v.dump() + " is not one of the choices \"" + join(p.choices, "\", \"") + "\"");
            point[i] = static_cast<double>(it - p.choices.begin());
        } else {
            if (!v.is_number()) throw ProtocolError(p.name + " must be a number, not " + v.dump());
            point[i] = v.get<double>();
        }
    }
    if (const std::string why = space.why_not_contains(point); !why.empty())
        throw ProtocolError("the point is outside the space: " + why);
    return point;
}

nlohmann::json parse_message(const std::string& line) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (const char c : line) {  // brackets inside strings do not nest
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_nesting)
                throw ProtocolError("it nests arrays and objects deeper than " + std::to_string(max_nesting) + " levels");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    // A key given twice would silently keep its last value: refused, as an ambiguous reply.
    std::vector<std::set<std::string>> keys;  // of each object open at this point
    const auto unique_keys = [&keys](int, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::object_start) {
            keys.emplace_back();
        } else if (event == json::parse_event_t::object_end) {
            keys.pop_back();
        } else if (event == json::parse_event_t::key) {
            const std::string key = parsed.get<std::string>();
            if (!keys.back().insert(key).second)
                throw ProtocolError("the key \"" + (key.size() > 64 ? key.substr(0, 64) + "..." : key) +
                                    "\" appears twice in one object");
        }
        return true;
    };
    return json::parse(line, unique_keys);
}

}  // namespace bobench::external
