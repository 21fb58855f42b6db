#include "core/external/protocol.hpp"

#include <algorithm>
#include <cmath>
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

Space space_from_json(const json& params) {
    if (!params.is_array() || params.empty())
        throw ProtocolError("\"space\" must be a non-empty list of parameters, not " + params.dump());
    std::vector<Param> out;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const json& p = params[i];
        const std::string who = "parameter " + std::to_string(i + 1) + " (" + p.dump() + ")";
        if (!p.is_object() || !p.contains("name") || !p["name"].is_string() || !p.contains("type") ||
            !p["type"].is_string())
            throw ProtocolError(who + " needs a \"name\" and a \"type\" (strings)");
        const std::string name = p["name"], type = p["type"];
        auto number = [&](const char* key) {
            if (!p.contains(key) || !p[key].is_number())
                throw ProtocolError(who + ": a " + type + " parameter needs \"" + key + "\", a number");
            return p[key].get<double>();
        };
        auto list = [&](const char* key) -> const json& {
            if (!p.contains(key) || !p[key].is_array())
                throw ProtocolError(who + ": a " + type + " parameter needs \"" + key + "\", a list");
            return p[key];
        };
        if (type == "real") {
            if (p.contains("log") && !p["log"].is_boolean()) throw ProtocolError(who + ": \"log\" is true or false");
            out.push_back(Param::real(name, number("low"), number("high"), p.value("log", false)));
        } else if (type == "integer") {
            const double lo = number("low"), hi = number("high");
            // beyond 2^53 a double no longer holds every integer
            if (std::abs(lo) > 9007199254740992.0 || std::abs(hi) > 9007199254740992.0 || lo != std::floor(lo) ||
                hi != std::floor(hi))
                throw ProtocolError(who + ": integer bounds are whole numbers of at most 2^53");
            out.push_back(Param::integer(name, static_cast<long>(lo), static_cast<long>(hi)));
        } else if (type == "ordinal") {
            std::vector<double> values;
            for (const json& v : list("values")) {
                if (!v.is_number()) throw ProtocolError(who + ": ordinal values are numbers, not " + v.dump());
                values.push_back(v.get<double>());
            }
            out.push_back(Param::ordinal(name, std::move(values)));
        } else if (type == "categorical") {
            std::vector<std::string> choices;
            for (const json& v : list("choices")) {
                if (!v.is_string()) throw ProtocolError(who + ": categorical choices are strings, not " + v.dump());
                choices.push_back(v.get<std::string>());
            }
            out.push_back(Param::categorical(name, std::move(choices)));
        } else {
            throw ProtocolError(who + ": unknown type \"" + type + "\"; expected real, integer, ordinal or categorical");
        }
    }
    return Space(std::move(out));
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
