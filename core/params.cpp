#include "core/params.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench {

Identifier Identifier::parse(std::string_view text) {
    const std::string t = trim(text);
    const auto colon = t.find(':');
    Identifier id;
    id.name = trim(std::string_view(t).substr(0, colon));
    const std::string usage = "expected NAME[:key=value[,key=value...]]";
    if (!is_utf8(t)) throw UserError("identifier '" + t + "' is not valid UTF-8 text");
    if (id.name.empty()) throw UserError("identifier '" + t + "' has no name; " + usage);
    if (colon == std::string::npos) return id;
    const std::string rest = t.substr(colon + 1);
    if (trim(rest).empty()) throw UserError("identifier '" + t + "' has ':' but no parameters; " + usage);
    for (const std::string& piece : split(rest, ',')) {
        const auto eq = piece.find('=');
        if (eq == std::string::npos) {
            if (id.args.empty() || piece.empty())
                throw UserError("identifier '" + t + "': '" + piece + "' is not key=value; " + usage);
            id.args.back().second += "," + piece;
            continue;
        }
        std::string key = trim(std::string_view(piece).substr(0, eq));
        std::string value = trim(std::string_view(piece).substr(eq + 1));
        if (key.empty()) throw UserError("identifier '" + t + "': empty key in '" + piece + "'; " + usage);
        for (const auto& [k, v] : id.args)
            if (k == key) throw UserError("identifier '" + t + "' sets '" + key + "' twice");
        id.args.emplace_back(std::move(key), std::move(value));
    }
    return id;
}

std::string Identifier::str() const {
    std::string s = name;
    for (std::size_t i = 0; i < args.size(); ++i) s += (i ? "," : ":") + args[i].first + "=" + args[i].second;
    return s;
}

ParamSpec ParamSpec::integer(std::string key, long def, std::string help, long min, long max) {
    ParamSpec p{std::move(key), Type::Integer, std::to_string(def), std::move(help), {}, 0, 0};
    p.min = static_cast<double>(min);
    p.max = static_cast<double>(max);
    return p;
}

ParamSpec ParamSpec::real(std::string key, double def, std::string help, double min, double max) {
    return ParamSpec{std::move(key), Type::Real, format_double(def), std::move(help), {}, min, max};
}

ParamSpec ParamSpec::positive(std::string key, double def, std::string help) {
    return real(std::move(key), def, std::move(help), 0).open_min();
}

ParamSpec ParamSpec::boolean(std::string key, bool def, std::string help) {
    ParamSpec p;
    p.key = std::move(key);
    p.type = Type::Boolean;
    p.default_value = def ? "true" : "false";
    p.help = std::move(help);
    return p;
}

ParamSpec ParamSpec::text(std::string key, std::string def, std::string help) {
    ParamSpec p;
    p.key = std::move(key);
    p.type = Type::Text;
    p.default_value = std::move(def);
    p.help = std::move(help);
    return p;
}

ParamSpec ParamSpec::choice(std::string key, std::string def, std::vector<std::string> choices, std::string help) {
    ParamSpec p;
    p.key = std::move(key);
    p.type = Type::Choice;
    p.default_value = std::move(def);
    p.choices = std::move(choices);
    p.help = std::move(help);
    return p;
}

static std::string range_text(const ParamSpec& p) {
    const bool integer = p.type == ParamSpec::Type::Integer;
    auto f = [&](double v) {
        if (!integer) return format_double(v);
        constexpr long most = std::numeric_limits<long>::max();  // not a double: 2^63 - 1 rounds up
        return std::to_string(v >= static_cast<double>(most) ? most : static_cast<long>(v));
    };
    const bool has_min = integer ? p.min > static_cast<double>(std::numeric_limits<int>::min()) : std::isfinite(p.min);
    const bool has_max = integer || std::isfinite(p.max);  // an integer's maximum is always there to say
    if (has_min && has_max)
        return std::string(" in ") + (p.min_open ? "(" : "[") + f(p.min) + ", " + f(p.max) + (p.max_open ? ")" : "]");
    if (has_min) return (p.min_open ? " > " : " >= ") + f(p.min);
    if (has_max) return (p.max_open ? " < " : " <= ") + f(p.max);
    return "";
}

std::string ParamSpec::accepted() const {
    switch (type) {
        case Type::Integer: return "an integer" + range_text(*this);
        case Type::Real: return (std::isfinite(min) || std::isfinite(max) ? "a number" : "a finite number") +
                                range_text(*this);
        case Type::Boolean: return "true or false";
        case Type::Text: return "any text";
        case Type::Choice: return "one of " + join(choices, ", ");
    }
    return "";
}

// Returns the normalised value or throws naming the key and the accepted values.
static std::string normalise(const std::string& owner, const ParamSpec& spec, const std::string& value) {
    auto bad = [&]() {
        return UserError(owner + ": parameter '" + spec.key + "' = '" + value + "' is not valid; expected " +
                         spec.accepted());
    };
    switch (spec.type) {
        case ParamSpec::Type::Integer: {
            long v;
            if (!parse_long(value, v) || static_cast<double>(v) < spec.min || static_cast<double>(v) > spec.max)
                throw bad();
            return std::to_string(v);
        }
        case ParamSpec::Type::Real: {
            double v;
            if (!parse_double(value, v) || !std::isfinite(v) || v < spec.min || v > spec.max ||
                (spec.min_open && v == spec.min) || (spec.max_open && v == spec.max))
                throw bad();
            return format_double(v);
        }
        case ParamSpec::Type::Boolean:
            if (value == "true" || value == "1" || value == "yes") return "true";
            if (value == "false" || value == "0" || value == "no") return "false";
            throw bad();
        case ParamSpec::Type::Text: return value;
        case ParamSpec::Type::Choice:
            if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end()) throw bad();
            return value;
    }
    return value;
}

Args bind_args(const std::string& owner, const std::vector<ParamSpec>& specs, const Identifier& id) {
    Args args;
    for (const ParamSpec& s : specs) args.values_[s.key] = s.default_value;
    for (const auto& [key, value] : id.args) {
        auto it = std::find_if(specs.begin(), specs.end(), [&key = key](const ParamSpec& s) { return s.key == key; });
        if (it == specs.end()) {
            std::vector<std::string> keys;
            for (const ParamSpec& s : specs) keys.push_back(s.key);
            std::string msg = owner + ": unknown parameter '" + key + "'";
            if (const std::string near = closest(key, keys); !near.empty()) msg += " (did you mean '" + near + "'?)";
            msg += keys.empty() ? "; it takes no parameters" : "; accepted: " + join(keys, ", ");
            throw UserError(msg);
        }
        args.values_[key] = normalise(owner, *it, value);
    }
    for (const ParamSpec& s : specs) {
        if (!s.required) continue;
        if (std::none_of(id.args.begin(), id.args.end(), [&](const auto& kv) { return kv.first == s.key; }))
            throw UserError(owner + ": parameter '" + s.key + "' is required (" + s.accepted() + ")");
        // `command=` would otherwise pass here and fail only when the first run starts
        if (trim(args.values_[s.key]).empty())
            throw UserError(owner + ": parameter '" + s.key + "' is required and was given empty");
    }
    return args;
}

// "1-3,7" -> {"1","2","3","7"}; items that are not ranges pass through unchanged.
static std::vector<std::string> list_items(const std::string& owner, const std::string& key, const std::string& value) {
    std::vector<std::string> items;
    for (const std::string& item : split(value, ',')) {
        const auto dash = item.find('-', 1);  // a leading '-' is a sign
        long a, b;
        if (dash != std::string::npos && parse_long(item.substr(0, dash), a) && parse_long(item.substr(dash + 1), b)) {
            if (a > b) throw UserError(owner + ": parameter '" + key + "' range '" + item + "' is empty");
            // unsigned: b - a cannot overflow once a <= b
            if (static_cast<unsigned long>(b) - static_cast<unsigned long>(a) >= max_expansion)
                throw UserError(owner + ": parameter '" + key + "' range '" + item + "' is too long (at most " +
                                std::to_string(max_expansion) + " values)");
            for (long v = a; v <= b; ++v) items.push_back(std::to_string(v));
        } else {
            items.push_back(item);
        }
    }
    return items;
}

std::vector<Identifier> expand_lists(const Identifier& id, const std::vector<ParamSpec>& specs,
                                     std::vector<std::string>* suffix) {
    std::vector<Identifier> out{Identifier{id.name, {}}};
    std::vector<std::string> tags{""};
    for (const auto& [key, value] : id.args) {
        auto spec = std::find_if(specs.begin(), specs.end(), [&key = key](const ParamSpec& s) { return s.key == key; });
        const bool expandable = spec != specs.end() && spec->type == ParamSpec::Type::Integer;
        const std::vector<std::string> items =
            expandable ? list_items("'" + id.name + "'", key, value) : std::vector<std::string>{value};
        const bool expanded = expandable && (items.size() > 1 || value.find_first_of(",-", 1) != std::string::npos);
        if (out.size() * items.size() > max_expansion)  // both <= max_expansion: no overflow
            throw UserError("'" + id.str() + "' expands to more than " + std::to_string(max_expansion) +
                            " combinations; split it into smaller lists or ranges");
        std::vector<Identifier> next;
        std::vector<std::string> next_tags;
        for (std::size_t i = 0; i < out.size(); ++i)
            for (const std::string& item : items) {
                Identifier e = out[i];
                e.args.emplace_back(key, item);
                next.push_back(std::move(e));
                next_tags.push_back(expanded ? tags[i] + (tags[i].empty() ? "" : "-") + key + item : tags[i]);
            }
        out = std::move(next);
        tags = std::move(next_tags);
    }
    if (suffix) *suffix = std::move(tags);
    return out;
}

long parse_integer(const std::string& where, const std::string& text, long min, long max) {
    long v = 0;
    if (!parse_long(text, v) || v < min || v > max) refuse_integer(where, text, min, max);
    return v;
}

void refuse_integer(const std::string& where, const std::string& text, long min, long max) {
    throw UserError(where + " = '" + text + "' is not valid; expected " + ParamSpec::integer("", 0, "", min, max).accepted());
}

std::string canonical_id(const std::string& name, const std::vector<ParamSpec>& specs, const Args& args) {
    std::vector<std::string> parts;
    for (const auto& [key, value] : args.values()) {  // std::map: sorted keys
        auto it = std::find_if(specs.begin(), specs.end(), [&key = key](const ParamSpec& s) { return s.key == key; });
        if (it != specs.end() && (it->required || value != it->default_value)) parts.push_back(key + "=" + value);
    }
    return parts.empty() ? name : name + ":" + join(parts, ",");
}

const std::string& Args::raw(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw std::logic_error("Args: no parameter '" + key + "' was declared");
    return it->second;
}

long Args::integer(const std::string& key) const { return std::stol(raw(key)); }

double Args::real(const std::string& key) const {
    double v = 0;
    parse_double(raw(key), v);
    return v;
}

bool Args::boolean(const std::string& key) const { return raw(key) == "true"; }

const std::string& Args::text(const std::string& key) const { return raw(key); }

}  // namespace bobench
